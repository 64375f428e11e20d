"""The reference's variant (SPEC §3.9) and defaults (§4.1, §4.2, §13.7): the canonical
builder, the JSON text rules, and the refusals, each able to fail."""

import datetime
import decimal
import json
import os
import sys
import uuid

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from zerorow_ref import jsontext, variant  # noqa: E402
from zerorow_ref.errors import FormatError  # noqa: E402
from zerorow_ref.resolve import resolve  # noqa: E402
from zerorow_ref.schema import canonical_json, fingerprint, parse_schema  # noqa: E402


def _types(text):
    """The primitive type name of a variant built from JSON text."""
    return variant.type_name(variant.from_json_text(text))


@pytest.mark.parametrize(
    "text,name",
    [
        ("127", "int8"),
        ("-129", "int16"),
        ("32768", "int32"),
        ("2147483648", "int64"),
        ("9223372036854775808", "decimal"),  # decimal16, scale 0
        ("1" * 39, "double"),
        ("1.50", "decimal"),
        ("1e3", "double"),
        ("1E-2", "double"),
        ("0." + "1" * 39, "double"),
        ('"x"', "string"),
        ("null", "null"),
        ("[]", "array"),
        ("{}", "object"),
    ],
)
def test_json_numbers_are_typed_as_spark_parse_json(text, name):
    assert _types(text) == name


@pytest.mark.parametrize(
    "text,value_hex",
    [
        ("1.50", "200296000000"),  # decimal4 scale 2
        ("-0.0", "200100000000"),  # decimal4 scale 1, the sign gone
        ("0.0000000001", "240a0100000000000000"),  # decimal8: the scale needs 10 digits
        ("12345678901234567890", "2800d20a1feb8ca954ab0000000000000000"),
        ('"short"', "1573686f7274"),
    ],
)
def test_scalars_from_json_text_are_spark_bytes(text, value_hex):
    """Spark 4.2.0's parse_json writes the same value bytes for these scalars."""
    assert variant.from_json_text(text).value.hex() == value_hex


def test_objects_are_canonical_whatever_the_key_order():
    a = variant.from_json_text('{"b":1,"a":{"c":[2],"b":3}}')
    b = variant.from_python({"a": {"b": 3, "c": [2]}, "b": 1})
    assert a == b
    assert a.metadata.hex() == "1103000102036162" + "63"
    assert variant.to_json(a) == '{"a":{"b":3,"c":[2]},"b":1}'


def test_empty_dictionary_has_sorted_strings():
    assert variant.from_python(1).metadata.hex() == "110000"


def test_large_objects_use_wider_sizes():
    v = variant.from_python({f"k{i:03d}": i for i in range(300)})
    assert (
        v.value[0] == (1 << 4 | 1 << 2 | 1) << 2 | 2
    )  # is_large, 2-byte ids and offsets
    assert v.metadata[0] == 0x11 | 1 << 6  # 2-byte dictionary offsets


@pytest.mark.parametrize(
    "text",
    ['{"a":1,"a":2}', "NaN", "[Infinity]", "{", '{"a":1} x'],
)
def test_bad_json_text_is_invalid_data(text):
    with pytest.raises(FormatError) as e:
        variant.from_json_text(text, "v")
    assert (e.value.kind, e.value.path) == ("invalid_data", "v")


def test_nesting_deeper_than_1000_is_refused_by_the_builder():
    deep = 1
    for _ in range(1000):
        deep = [deep]
    variant.from_python(deep)
    with pytest.raises(FormatError) as e:
        variant.from_python([deep])
    assert e.value.kind == "invalid_data"


@pytest.mark.parametrize(
    "value", [{1: "x"}, {1, 2}, 1 + 2j, datetime.time(1, tzinfo=datetime.UTC)]
)
def test_values_without_a_variant_type_are_schema_mismatch(value):
    with pytest.raises(FormatError) as e:
        variant.from_python(value)
    assert e.value.kind == "schema_mismatch"


def test_python_values_round_trip():
    value = {
        "d": datetime.date(2024, 1, 31),
        "t": datetime.time(13, 45, 0, 250000),
        "ts": datetime.datetime(2024, 1, 31, 13, 45, tzinfo=datetime.UTC),
        "ntz": datetime.datetime(2024, 1, 31, 13, 45),
        "b": b"\x00\xff",
        "u": uuid.UUID("0f8fad5b-d9cb-469f-a165-70867728950e"),
        "dec": decimal.Decimal("-1.50"),
        "l": [None, True, "x" * 100, 2.5],
    }
    assert variant.to_python(variant.from_python(value)) == value
    assert json.loads(variant.to_json(variant.from_python(value)))["b"] == "AP8="


@pytest.mark.parametrize(
    "x,single,text",
    [
        (0.1, False, "0.1"),
        (100.0, False, "100"),
        (1e21, False, "1e+21"),
        (1e-6, False, "0.000001"),
        (1e-7, False, "1e-7"),
        (123456789012345680000.0, False, "123456789012345680000"),
        (5e-324, False, "5e-324"),
        (-0.0, False, "-0.0"),
        (0.10000000149011612, True, "0.1"),
        (3.4028234663852886e38, True, "3.4028235e+38"),
    ],
)
def test_float_text_is_shortest_in_ecmascript_notation(x, single, text):
    assert jsontext.number(x, single) == text


def test_time_ntz_past_a_day_is_invalid():
    bad = variant.Variant(
        bytes.fromhex("110000"),
        bytes([17 << 2]) + (86_400_000_000).to_bytes(8, "little"),
    )
    with pytest.raises(FormatError):
        variant.to_json(bad, "v")


# ---- defaults -----------------------------------------------------------------------------


def _schema(*fields):
    return json.dumps({"type": "struct", "fields": list(fields)})


def test_defaults_are_canonical_last_and_out_of_the_fingerprint():
    loose = _schema(
        {
            "default": 1e-07,
            "aliases": ["old"],
            "nullable": False,
            "type": "float32",
            "name": "x",
        }
    )
    plain = _schema({"name": "x", "type": "float32", "nullable": False})
    schema = parse_schema(loose)
    assert canonical_json(schema) == (
        '{"type":"struct","fields":[{"name":"x","type":"float32","nullable":false,'
        '"aliases":["old"],"default":1e-7}]}'
    )
    assert fingerprint(schema) == fingerprint(parse_schema(plain))


def test_a_not_null_field_with_a_default_can_be_added():
    writer = parse_schema(_schema({"name": "id", "type": "int32", "nullable": False}))
    reader = parse_schema(
        _schema(
            {"name": "id", "type": "int32", "nullable": False},
            {"name": "count", "type": "int64", "nullable": False, "default": "0"},
        )
    )
    row = bytes.fromhex("0000000000000000" + "0700000000000000")
    assert resolve(writer, reader).read(row) == {"id": 7, "count": 0}
    without = parse_schema(
        _schema({"name": "count", "type": "int64", "nullable": False})
    )
    with pytest.raises(FormatError) as e:
        resolve(writer, without)
    assert (e.value.kind, e.value.path) == ("schema_mismatch", "count")
