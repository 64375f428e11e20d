"""`_repr_html_` of rows, arrays, maps, row batches and row files (what a notebook shows)."""

import html
import re
from dataclasses import dataclass

import zerorow


@dataclass
class Point:
    x: zerorow.int32
    label: str | None


@dataclass
class Shape:
    name: str
    points: list[Point]
    weights: list[float]
    attrs: dict[str, str | None]
    note: str | None
    blob: bytes | None


ENC = zerorow.encoder(Shape)


def shape(i: int = 0, n: int = 3) -> Shape:
    return Shape(
        name=f"shape-{i}",
        points=[Point(k, None if k == 1 else f"p{k}") for k in range(n)],
        weights=[k / 2 for k in range(25)],
        attrs={"color": "red", "fill": None},
        note=None,
        blob=b"\x01\x02",
    )


def text(markup: str) -> str:
    """The visible text of some HTML (tags dropped, entities decoded)."""
    return html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", markup))


def test_row_shows_fields_nulls_and_folds_nested_values():
    out = ENC.to_row(shape())._repr_html_()
    for name in ("name", "points", "weights", "attrs", "note", "blob"):
        assert f"<th>{name}</th>" in out
    assert (
        '<span class="zr-null">null</span>' in out
    )  # note, points[1].label, attrs["fill"]
    assert "<details><summary>list (3 items)</summary>" in out
    assert "<summary>struct (2 fields)</summary>" in out
    assert "<summary>map (2 entries)</summary>" in out
    assert "0x0102" in text(out)


def test_long_list_is_cut_with_its_count():
    out = ENC.to_row(shape())._repr_html_()
    assert "… (25 items, 10 shown)" in text(out)
    assert "<th>9</th>" in out and "<th>10</th>" not in out.split("list (25 items)")[1]


def test_long_text_is_cut_and_escaped():
    s = shape()
    s.name = "<b>" + "x" * 200
    out = ENC.to_row(s)._repr_html_()
    assert "&lt;b&gt;" in out and "<b>xxx" not in out
    assert "… (203 chars)" in text(out)


def test_array_and_map_views():
    row = ENC.to_row(shape())
    arr = row.weights._repr_html_()
    assert "BinaryArray (25 items)" in arr and "… (25 items, 10 shown)" in text(arr)
    m = row.attrs._repr_html_()
    assert "BinaryMap (2 entries)" in m
    assert "color" in m and "red" in m and "zr-null" in m


def test_deep_nesting_stops_unfolding():
    @dataclass
    class L3:
        v: list[list[list[list[list[int]]]]]

    enc = zerorow.encoder(L3)
    out = enc.to_row(L3([[[[[1, 2]]]]]))._repr_html_()
    assert out.count("<details>") == 4  # MAX_DEPTH levels, then the summary only
    assert '<span class="zr-more">list (2 items)</span>' in out


def test_batch_and_file_show_the_first_rows(tmp_path):
    rows = [ENC.to_row(shape(i)) for i in range(12)]
    batch = zerorow.arrow.RowBatch.from_rows(rows)
    out = batch._repr_html_()
    assert "RowBatch: 12 rows" in out
    assert "shape-9" in out and "shape-10" not in out
    assert "… (12 rows, 10 shown)" in text(out)
    assert (
        "list&lt;struct&lt;x: int32 not null, label: string&gt;&gt;" in out
    )  # types in header
    path = tmp_path / "shapes.zrow"
    zerorow.write_file(str(path), rows, ENC.schema)
    with zerorow.open_file(str(path)) as f:
        out = f._repr_html_()
    assert "RowFile: 12 rows" in out and "shape-0" in out


def test_a_malformed_field_shows_its_error_and_the_rest_still_shows():
    good = bytearray(ENC.to_row(shape()).to_bytes())
    slot = 8 + 8 * ENC.schema.index("points")
    good[slot + 4 : slot + 8] = (len(good) + 800).to_bytes(
        4, "little"
    )  # offset past the end
    row = zerorow.BinaryRow(ENC.schema, bytes(good))
    out = row._repr_html_()
    assert 'class="zr-err">InvalidDataError: invalid_data at points' in out
    assert "shape-0" in out
