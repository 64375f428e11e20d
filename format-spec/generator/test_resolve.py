"""The reference's aliases (SPEC §4.1, §4.2, §13.2) and resolution (§13.1–§13.3), and the
`resolve` check of --check (§13.6): each can fail."""

import json
import os
import shutil
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
EVOLUTION = os.path.join(HERE, "..", "vectors", "evolution")
sys.path.insert(0, HERE)
import zerorow_vectors  # noqa: E402
from zerorow_ref.resolve import resolve  # noqa: E402
from zerorow_ref.schema import (  # noqa: E402
    FormatError,
    canonical_json,
    fingerprint,
    parse_schema,
)

PLAIN = '{"type":"struct","fields":[{"name":"a","type":"int32","nullable":true}]}'
ALIASED = (
    '{"type":"struct","fields":[{"name":"a","type":"int32","nullable":true,'
    '"aliases":["old","b\\"q"]}]}'
)


def _struct(*fields):
    return json.dumps({"type": "struct", "fields": list(fields)})


def _field(name, type_="int32", nullable=True, **extra):
    return {"name": name, "type": type_, "nullable": nullable, **extra}


def test_aliases_are_written_last_in_order_and_kept_out_of_the_fingerprint():
    loose = _struct(_field("a", aliases=["old", 'b"q']))
    assert canonical_json(parse_schema(loose)) == ALIASED
    assert canonical_json(parse_schema(loose), extras=False) == PLAIN
    assert fingerprint(parse_schema(ALIASED)) == fingerprint(parse_schema(PLAIN))


def test_an_empty_alias_list_is_no_aliases():
    assert canonical_json(parse_schema(_struct(_field("a", aliases=[])))) == PLAIN


def test_nested_aliases_round_trip():
    inner = {"type": "struct", "fields": [_field("x", aliases=["y"])]}
    text = _struct(
        _field("s", {"type": "list", "element": inner, "element_nullable": True})
    )
    schema = parse_schema(text)
    assert canonical_json(schema) == text.replace(" ", "")
    assert '"aliases"' not in canonical_json(schema, extras=False)


@pytest.mark.parametrize(
    "fields,path",
    [
        ([_field("a", aliases="old")], "a"),
        ([_field("a", aliases=[1])], "a"),
        ([_field("a", aliases=[""])], "a"),
        ([_field("a", aliases=["x", "x"])], "a"),
        ([_field("a", aliases=["a"])], "a"),
        ([_field("a", aliases=["b"]), _field("b")], "a"),
        ([_field("a", aliases=["o"]), _field("b", aliases=["o"])], "b"),
    ],
)
def test_alias_rules_are_invalid_data_at_the_field(fields, path):
    with pytest.raises(FormatError) as e:
        parse_schema(_struct(*fields))
    assert (e.value.kind, e.value.path) == ("invalid_data", path)


def test_same_fingerprint_is_the_identity():
    assert resolve(parse_schema(PLAIN), parse_schema(ALIASED)).identity
    renamed = parse_schema(_struct(_field("n", aliases=["a"])))
    assert not resolve(parse_schema(PLAIN), renamed).identity


def test_refusal_names_the_path_and_both_types():
    writer = parse_schema(
        _struct(
            _field(
                "m",
                {
                    "type": "map",
                    "key": "string",
                    "value": "int64",
                    "value_nullable": True,
                },
            )
        )
    )
    reader = parse_schema(
        _struct(
            _field(
                "m",
                {
                    "type": "map",
                    "key": "string",
                    "value": "int32",
                    "value_nullable": True,
                },
            )
        )
    )
    with pytest.raises(FormatError) as e:
        resolve(writer, reader)
    assert (
        str(e.value)
        == 'schema_mismatch at m{values}: writer type "int64" cannot be read as "int32"'
    )


def test_missing_not_null_field_names_the_names_looked_for():
    reader = parse_schema(_struct(_field("x", nullable=False, aliases=["old_x"])))
    with pytest.raises(FormatError) as e:
        resolve(parse_schema(PLAIN), reader)
    assert e.value.path == "x"
    assert (
        e.value.message
        == 'reader field is not nullable but the writer has no field named "x", "old_x"'
    )


def _copy(name, tmp_path):
    d = tmp_path / name
    shutil.copytree(os.path.join(EVOLUTION, name), d)
    return d


def test_check_fails_on_a_wrong_value(tmp_path):
    d = _copy("widen_float32_to_float64", tmp_path)
    values = json.loads((d / "values.json").read_text())
    values["v8"] = 0.1  # float32 0.1 read as float64 is 0.10000000149011612
    (d / "values.json").write_text(json.dumps(values))
    with pytest.raises(AssertionError, match="decoded"):
        zerorow_vectors._expect_resolve(str(d))


def test_check_fails_on_a_wrong_path(tmp_path):
    d = _copy("float64_to_int32_refused", tmp_path)
    expected = json.loads((d / "expected.json").read_text())
    (d / "expected.json").write_text(json.dumps({**expected, "path": "orders.qty"}))
    with pytest.raises(AssertionError, match="orders.qty"):
        zerorow_vectors._expect_resolve(str(d))


def test_check_fails_when_a_refused_pair_resolves(tmp_path):
    d = _copy("field_added_not_null_refused", tmp_path)
    shutil.copy(d / "writer.json", d / "reader.json")
    with pytest.raises(AssertionError, match="resolved"):
        zerorow_vectors._expect_resolve(str(d))


def test_check_fails_when_a_resolving_pair_is_refused(tmp_path):
    d = _copy("field_added_nullable_reads_null", tmp_path)
    reader = json.loads((d / "reader.json").read_text())
    reader["fields"][2]["nullable"] = False
    (d / "reader.json").write_text(json.dumps(reader))
    with pytest.raises(FormatError, match="added_int"):
        zerorow_vectors._expect_resolve(str(d))


def test_read_check_fails_when_the_fingerprint_covers_aliases(tmp_path):
    """field_aliases: a fingerprint over the JSON with its aliases is the wrong one."""
    d = tmp_path / "field_aliases"
    shutil.copytree(os.path.join(HERE, "..", "vectors", "field_aliases"), d)
    schema = parse_schema((d / "schema.json").read_text(encoding="utf-8"))
    lines = (d / "row.annotated.txt").read_text(encoding="utf-8").split("\n")
    with_aliases = canonical_json(schema).encode("utf-8")
    h = 0xCBF29CE484222325
    for b in with_aliases:
        h = ((h ^ b) * 0x100000001B3) % 2**64
    lines[0] = lines[0].replace(fingerprint(schema), f"{h:016x}")
    (d / "row.annotated.txt").write_text("\n".join(lines), encoding="utf-8")
    (tmp_path / "invalid").mkdir()
    (tmp_path / "evolution").mkdir()
    lines = zerorow_vectors.check_all(str(tmp_path))
    assert lines[0].startswith("FAIL read field_aliases: AssertionError: fingerprint")
