"""The decode budget (SPEC §6.2): whole-value decoders refuse a row whose references share
bodies before they produce more values than the row has bytes, and printing such a row stays
within the repr limits. Every call that could walk the shared bodies runs in a subprocess
with a timeout (conftest.run_guarded): a regression fails the test instead of hanging."""

import dataclasses
import os
from typing import List, Optional

import pytest
import zerorow
from conftest import VECTORS, run_guarded

CASE = os.path.join(VECTORS, "invalid", "shared_bodies_amplify")


def _deep_class(*more):
    ann = zerorow.int32
    for _ in range(20):
        ann = List[ann]
    return dataclasses.make_dataclass("Deep", [("deep", Optional[ann]), *more])


ENC = zerorow.encoder(_deep_class())
# a newer version of the class (a field added), to read the row through a resolution
ENC2 = zerorow.encoder(
    _deep_class(("note", Optional[str], dataclasses.field(default=None)))
)
RES = zerorow.resolve(ENC.schema, ENC2.schema)
DATA = open(os.path.join(CASE, "row.bin"), "rb").read()


def test_the_vector_is_the_case_of_the_issue():
    # 100 references to one inner list at each level, 20 lists deep, in ~16 KiB
    assert ENC.schema == zerorow.Schema.from_json(
        open(os.path.join(CASE, "schema.json")).read()
    )
    assert len(DATA) < 16 * 1024
    row = zerorow.BinaryRow(
        ENC.schema, DATA
    )  # legal at bounds: each access is in bounds
    inner = row.deep
    for _ in range(19):
        assert len(inner) in (100, 1)
        inner = inner[99] if len(inner) == 100 else inner
    assert inner[0] == 7


def _row(level):
    return f"import test_decode_budget as t, zerorow\nrow = zerorow.BinaryRow(t.ENC.schema, t.DATA, level={level!r})"


@pytest.mark.parametrize("level", ["bounds", "none"])
@pytest.mark.parametrize(
    "decode",
    [
        "row.to_dict()",
        "row.deep.to_list()",
        "row.deep[3].to_list()",
        "t.ENC.from_row(row)",
        'zerorow.RowBatch.from_rows([row]).column("deep")',
        "t.ENC2.from_row(t.RES.view(row))",
    ],
    ids=[
        "to_dict",
        "to_list",
        "nested to_list",
        "from_row",
        "RowBatch.column",
        "from_row resolved",
    ],
)
def test_whole_value_decoders_refuse_shared_bodies(level, decode):
    row = zerorow.BinaryRow(ENC.schema, DATA, level=level)
    # reading views element by element is bounded by the reads asked for
    assert len(list(row.deep[0][0])) == 100
    got = run_guarded(_row(level), decode)
    assert got.get("error") == "InvalidDataError", got
    assert got["path"].startswith("deep[") and "one per byte" in got["message"]


@pytest.mark.parametrize("level", ["bounds", "none"])
def test_encoder_decode_refuses_with_the_path(level):
    got = run_guarded(
        "import test_decode_budget as t", f"t.ENC.decode(t.DATA, level={level!r})"
    )
    assert got.get("error") == "InvalidDataError", got
    assert (
        got["message"].startswith("invalid_data at deep[")
        and "one per byte" in (got["message"])
    )


@pytest.mark.parametrize("level", ["bounds", "none"])
def test_printing_the_row_is_bounded(level):
    # repr / str / the HTML view print a few levels and values of any row (REPR_* limits in
    # zerorow._convert), however many values its shared bodies hold
    texts = run_guarded(
        _row(level) + "\nres = t.RES.view(row)",
        "[repr(row), str(row), repr(row.deep), repr(row.deep[0][0]), row._repr_html_(), "
        "repr(res), repr(res.deep)]",
    )["value"]
    html = texts.pop(
        4
    )  # MAX_DEPTH levels of MAX_ITEMS cells (zerorow._html): bounded, larger
    assert len(html) < 2_000_000 and "list (100 items)" in html
    for text in texts:
        assert len(text) < 5_000 and "(100 items)" in text, text[:300]
    assert texts[0] == texts[1] and texts[0].startswith(
        "BinaryRow(deep=[[[[... (100 items)]"
    )
    assert texts[4].startswith("ResolvedRow(deep=[[[[... (100 items)]")


def test_full_validation_rejects_it_where_the_vector_says():
    got = run_guarded(
        "import test_decode_budget as t", 't.ENC.decode(t.DATA, level="full")'
    )
    assert got.get("error") == "InvalidDataError", got
    assert got["path"] == "deep" + "[0]" * 18 + "[1]"


def test_valid_rows_stay_within_the_budget():
    # a valid row holds at most one value per byte: the tightest shapes decode
    @dataclasses.dataclass
    class Tight:
        flags: List[bool]
        small: List[zerorow.int8]
        words: List[str]
        nested: List[List[zerorow.int8]]

    enc = zerorow.encoder(Tight)
    obj = Tight(
        [True] * 1000, [1] * 999, ["", "a", "abcdefgh"] * 50, [[]] * 30 + [[1]] * 5
    )
    row = enc.to_row(obj)
    assert enc.from_row(row) == obj and enc.decode(row.to_bytes()) == obj
    assert row.to_dict()["words"][:3] == ["", "a", "abcdefgh"]
