"""The golden cases of the 1.2 types (SPEC §3.6–§3.9) and of field defaults (§13.7): each
type alone, its extremes and nulls, nested in lists, maps and structs. Same form as
cases.py: (name, schema, values-as-JSON)."""

import datetime
import decimal
import uuid

from . import variant
from .cases import I64_MAX, I64_MIN, TS, D, F, L, M, S, scalar_case

I32_MIN, I32_MAX = -(1 << 31), (1 << 31) - 1
UTC = datetime.UTC


def FB(n):
    return {"type": "fixed_binary", "size": n}


def FD(name, type_, default, nullable=True):
    """A field with a default (SPEC §13.7), given in the values.json form."""
    return {**F(name, type_, nullable), "default": default}


def IV(months, days, us):
    """An interval in the values.json form (SPEC §10)."""
    return {"months": months, "days": days, "microseconds": str(us)}


def _json_form(v):
    return {
        "metadata": v.metadata.hex(),
        "value": v.value.hex(),
        "json": variant.to_json(v),
    }


def VP(obj):
    """The canonical variant of a Python value, in the values.json form."""
    return _json_form(variant.from_python(obj))


def VT(text):
    """The canonical variant of JSON text (as Spark's parse_json types numbers)."""
    return _json_form(variant.from_json_text(text))


def VR(metadata_hex, value_hex):
    """A variant given by its bytes: valid, not necessarily canonical."""
    return _json_form(
        variant.Variant(bytes.fromhex(metadata_hex), bytes.fromhex(value_hex))
    )


def _fields(type_, values, nullable=True):
    """One field per value, v0, v1, ...: a scalar case with nullable fields."""
    return S(*[F(f"v{i}", type_, nullable) for i in range(len(values))]), {
        f"v{i}": v for i, v in enumerate(values)
    }


UUIDS = [
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "0f8fad5b-d9cb-469f-a165-70867728950e",
    "01890a5d-ac96-774b-bcce-b302099a8057",
]


def null_cases():
    return [
        (
            "null_values",
            S(
                F("n0", "null"),
                F("a", "int32", False),
                F("n1", "null"),
                F("b", "string"),
            ),
            {"n0": None, "a": 5, "n1": None, "b": "x"},
        ),
        (
            "null_past_bit_63",
            S(
                *[
                    F(f"c{i:02d}", "null" if i in (0, 63, 64, 69) else "int8")
                    for i in range(70)
                ]
            ),
            {f"c{i:02d}": None if i in (0, 63, 64, 65, 69) else i for i in range(70)},
        ),
        (
            "array_null",
            S(F("a", L("null")), F("empty", L("null")), F("many", L("null"))),
            {"a": [None, None, None], "empty": [], "many": [None] * 65},
        ),
        (
            "null_in_map_and_struct",
            S(
                F("m", M("string", "null")),
                F("s", S(F("x", "null"), F("y", "int8"))),
                F("items", L(S(F("n", "null"), F("v", "int16")))),
            ),
            {
                "m": [["a", None], ["b", None]],
                "s": {"x": None, "y": -1},
                "items": [{"n": None, "v": 7}, None],
            },
        ),
    ]


def interval_cases():
    return [
        scalar_case(
            "interval_ym_values", "interval_ym", [I32_MIN, I32_MAX, 0, -1, 14, -25]
        ),
        (
            "array_interval_ym",
            S(F("a", L("interval_ym"))),
            {"a": [1, None, -13, 1200, I32_MIN]},
        ),
        (
            "map_interval_ym_keys",
            S(F("m", M("interval_ym", "string", False))),
            {"m": [[12, "a year"], [-1, "minus a month"], [0, ""]]},
        ),
        scalar_case(
            "interval_values",
            "interval",
            [
                IV(0, 0, 0),
                IV(I32_MIN, I32_MIN, I64_MIN),
                IV(I32_MAX, I32_MAX, I64_MAX),
                IV(1, -1, 86_400_000_000),
                IV(-14, 3, -1),
            ],
        ),
        # The worked example of SPEC §11: a null interval keeps its 16-byte reserve.
        (
            "interval_null_reserve",
            S(F("a", "interval"), F("b", "interval"), F("c", "string")),
            {"a": None, "b": IV(14, 3, 43_200_000_000), "c": "after"},
        ),
        (
            "interval_and_decimal_reserves",
            S(
                F("d", D(38, 2)),
                F("i", "interval"),
                F("j", "interval"),
                F("e", D(20, 0)),
                F("s", "string"),
            ),
            {"d": None, "i": None, "j": IV(0, 0, 1), "e": None, "s": "z"},
        ),
        (
            "array_interval",
            S(F("a", L("interval"))),
            {"a": [IV(1, 2, 3), None, IV(-1, -2, -3), None]},
        ),
        (
            "interval_nested_null_reserve",
            S(F("items", L(S(F("id", "int32", False), F("every", "interval"))))),
            {
                "items": [
                    {"id": 1, "every": None},
                    {"id": 2, "every": IV(0, 7, 0)},
                    None,
                ]
            },
        ),
        (
            "map_interval_values",
            S(F("m", M("string", "interval"))),
            {
                "m": [
                    ["weekly", IV(0, 7, 0)],
                    ["none", None],
                    ["monthly", IV(1, 0, 0)],
                ]
            },
        ),
    ]


def binary_cases():
    return [
        (
            "fixed_binary_sizes",
            S(
                F("b1", FB(1), False),
                F("b7", FB(7), False),
                F("b8", FB(8), False),
                F("b9", FB(9), False),
                F("b16", FB(16), False),
                F("b33", FB(33), False),
            ),
            {
                "b1": "ff",
                "b7": "00010203040506",
                "b8": "0001020304050607",
                "b9": "000102030405060708",
                "b16": "00" * 16,
                "b33": "ab" * 33,
            },
        ),
        (
            "fixed_binary_nulls_and_lists",
            S(F("n", FB(4)), F("l", L(FB(3))), F("ll", L(L(FB(2), False)))),
            {
                "n": None,
                "l": ["000102", None, "ffffff"],
                "ll": [["0000", "ffff"], [], None],
            },
        ),
        (
            "fixed_binary_large",
            S(F("big", FB(1000), False), F("after", "int8")),
            {"big": bytes(i % 256 for i in range(1000)).hex(), "after": 1},
        ),
        (
            "map_fixed_binary_keys",
            S(F("m", M(FB(4), FB(2)))),
            {"m": [["deadbeef", "0102"], ["00000000", None]]},
        ),
        scalar_case("uuid_values", "uuid", UUIDS),
        (
            "uuid_in_list_map_struct",
            S(
                F("ids", L("uuid")),
                F("m", M("uuid", "int32")),
                F("s", S(F("id", "uuid", False), F("n", "uuid"))),
            ),
            {
                "ids": [UUIDS[2], None, UUIDS[3]],
                "m": [[UUIDS[0], 0], [UUIDS[1], None]],
                "s": {"id": UUIDS[3], "n": None},
            },
        ),
        (
            "uuid_and_fixed_binary_16",
            S(F("u", "uuid"), F("f", FB(16)), F("b", "binary")),
            {
                "u": UUIDS[2],
                "f": UUIDS[2].replace("-", ""),
                "b": UUIDS[2].replace("-", ""),
            },
        ),
    ]


def _nested(levels):
    obj = 1
    for _ in range(levels):
        obj = [obj]
    return obj


def variant_cases():
    floats = [
        1.5,
        -0.0,
        float("nan"),
        float("inf"),
        float("-inf"),
        5e-324,
        1.7976931348623157e308,
    ]
    return [
        # The worked example of SPEC §11: an object holding an int8 and an array.
        (
            "spec_example_variant",
            S(F("v", "variant")),
            {"v": VP({"b": [True, "x"], "a": 1})},
        ),
        (
            "variant_null_and_booleans",
            S(
                F("json_null", "variant"),
                F("t", "variant"),
                F("f", "variant"),
                F("n", "variant"),
            ),
            {"json_null": VP(None), "t": VP(True), "f": VP(False), "n": None},
        ),
        (
            "variant_integers",
            *_fields(
                "variant",
                [VP(v) for v in (0, -128, 127, -32768, 32767, I32_MIN, I32_MAX)]
                + [VP(-(1 << 63)), VP((1 << 63) - 1), VP(1 << 63)],
            ),
        ),
        (
            "variant_floats",
            *_fields(
                "variant",
                [VP(v) for v in floats]
                + [VP(0.1), VP(variant.Float32(0.1)), VP(variant.Float32(-2.5e-8))],
            ),
        ),
        (
            "variant_decimals",
            *_fields(
                "variant",
                [
                    VP(decimal.Decimal(t))
                    for t in (
                        "1.50",
                        "-999999999",
                        "0.0000000001",
                        "123456789012345678",
                        "-12345678901234567890.123",
                        "9" * 38,
                        "-0.00",
                        "0." + "0" * 37 + "1",
                    )
                ],
            ),
        ),
        (
            "variant_dates_times",
            *_fields(
                "variant",
                [
                    VP(datetime.date(2024, 1, 31)),
                    VP(datetime.date(1900, 1, 1)),
                    VP(datetime.time(13, 45, 0, 250000)),
                    VP(datetime.time(0, 0)),
                    VP(datetime.datetime(2024, 1, 31, 13, 45, 0, 250000, tzinfo=UTC)),
                    VP(datetime.datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)),
                    VP(datetime.datetime(2024, 1, 31, 13, 45)),
                    VP(datetime.datetime(1, 1, 1)),
                ],
            ),
        ),
        # Nanosecond timestamps (ids 18, 19) and dates past year 9999: no builder writes
        # them from a Python value, readers read them; bytes by hand.
        (
            "variant_nanos_and_far_dates",
            *_fields(
                "variant",
                [
                    VR(
                        "110000",
                        "48" + (1_706_708_700_250_000_001).to_bytes(8, "little").hex(),
                    ),
                    VR("110000", "48" + (-1).to_bytes(8, "little", signed=True).hex()),
                    VR(
                        "110000",
                        "4c" + (1_706_708_700_000_000_000).to_bytes(8, "little").hex(),
                    ),
                    VR("110000", "2c" + (2_932_897).to_bytes(4, "little").hex()),
                    VR(
                        "110000",
                        "2c" + (-719_529).to_bytes(4, "little", signed=True).hex(),
                    ),
                    VR(
                        "110000",
                        "30" + (-(1 << 63)).to_bytes(8, "little", signed=True).hex(),
                    ),
                ],
            ),
        ),
        (
            "variant_strings",
            *_fields(
                "variant",
                [
                    VP(""),
                    VP("hello"),
                    VP("x" * 63),
                    VP("y" * 64),
                    VP("日本語 🙂"),
                    VP('tab\t"quote" back\\slash \u0000 \u001f é'),
                ],
            ),
        ),
        (
            "variant_binary_uuid",
            *_fields(
                "variant",
                [
                    VP(b""),
                    VP(bytes(range(256))),
                    VP(uuid.UUID(UUIDS[2])),
                    VP(uuid.UUID(UUIDS[1])),
                ],
            ),
        ),
        (
            "variant_objects",
            *_fields(
                "variant",
                [
                    VP({}),
                    VP({"b": 1, "a": 2}),
                    VP({"é": 1, "a": 2, "Z": 3, "": 4}),
                    VP({"outer": {"inner": {"x": [1, 2]}, "x": None}, "x": "top"}),
                ],
            ),
        ),
        (
            "variant_arrays",
            *_fields(
                "variant",
                [
                    VP([]),
                    VP([1, "two", 3.0, None, True, []]),
                    VP([[1], [2, [3]], {}]),
                    VP([{"id": 1, "tags": ["a"]}, {"id": 2, "tags": []}]),
                ],
            ),
        ),
        (
            "variant_deep_nesting",
            S(F("deep", "variant", False)),
            {"deep": VP(_nested(variant.MAX_DEPTH))},
        ),
        (
            "variant_large_forms",
            S(F("obj", "variant"), F("arr", "variant"), F("text", "variant")),
            {
                "obj": VP({f"key{i:03d}": i for i in range(300)}),
                "arr": VP(list(range(300))),
                "text": VP({"long": "z" * 300, "after": 1}),
            },
        ),
        (
            "variant_non_canonical",
            *_fields(
                "variant",
                [
                    # Spark 4.2.0's parse_json('{"b":1,"a":2}'): keys in first-seen order,
                    # sorted_strings clear, values in document order
                    VR("01020001026261", "020201000200040c010c02"),
                    # Spark's parse_json('{"zeta":[1,2.5,"x"],"alpha":{"zeta":null}}')
                    VR(
                        "01020004097a657461616c706861",
                        "0202010010001603030002080a0c012001190000000578020100000100",
                    ),
                    # 4-byte metadata offsets and an unused key
                    VR(
                        "d1"
                        + "02000000"
                        + "00000000"
                        + "01000000"
                        + "02000000"
                        + "6162",
                        "0c07",
                    ),
                    # an array with is_large and 3-byte offsets
                    VR(
                        "110000",
                        "1b02000000" + "000000" + "020000" + "040000" + "0c010c02",
                    ),
                    # an object with 4-byte field ids and offsets
                    VR(
                        "1101000161",
                        "3e01" + "00000000" + "00000000" + "02000000" + "0c05",
                    ),
                    # a short text in the long string form; an int64 holding 1
                    VR("110000", "40" + "02000000" + "6869"),
                    VR("110000", "18" + "0100000000000000"),
                    # decimal16 holding 1.5
                    VR("110000", "2801" + (15).to_bytes(16, "little").hex()),
                ],
            ),
        ),
        (
            "variant_in_list_map_struct",
            S(
                F("l", L("variant")),
                F("m", M("string", "variant", False)),
                F("s", S(F("v", "variant", False), F("w", "variant"))),
            ),
            {
                "l": [VP(1), None, VP({"a": [None]})],
                "m": [["x", VP("text")], ["y", VP(None)]],
                "s": {"v": VP([True, False]), "w": None},
            },
        ),
        (
            "variant_from_json_text",
            *_fields(
                "variant",
                [
                    VT(t)
                    for t in (
                        "0",
                        "-128",
                        "128",
                        "32768",
                        "2147483648",
                        "9223372036854775807",
                        "9223372036854775808",
                        "1" * 39,
                        "1.50",
                        "-0.0",
                        "1e3",
                        "1E-2",
                        "0.1",
                        "123456789.123456789",
                        "0." + "1" * 39,
                        ' { "z" : [ 1 , { "y" : null } ] , "a" : "\\u00e9\\n" } ',
                    )
                ],
            ),
        ),
    ]


NEW_TYPES = ["null", "interval_ym", "interval", FB(5), "uuid", "variant"]


def mixed_cases():
    row = S(
        F("n", "null"),
        F("ym", "interval_ym"),
        F("iv", "interval"),
        F("fb", FB(3)),
        F("id", "uuid"),
        F("v", "variant"),
    )
    return [
        (
            "new_types_all_null",
            S(*[F(f"t{i}", t) for i, t in enumerate(NEW_TYPES)]),
            {f"t{i}": None for i in range(len(NEW_TYPES))},
        ),
        (
            "new_types_in_struct_in_list",
            S(F("rows", L(row))),
            {
                "rows": [
                    {
                        "n": None,
                        "ym": -3,
                        "iv": IV(1, 2, 3),
                        "fb": "010203",
                        "id": UUIDS[2],
                        "v": VP({"k": [1.5]}),
                    },
                    {
                        "n": None,
                        "ym": None,
                        "iv": None,
                        "fb": None,
                        "id": None,
                        "v": None,
                    },
                    None,
                ]
            },
        ),
        (
            "map_new_type_values",
            S(
                F("m1", M("uuid", "interval")),
                F("m2", M("interval_ym", "variant")),
                F("m3", M(FB(2), L("uuid"))),
            ),
            {
                "m1": [[UUIDS[0], IV(0, 1, 0)], [UUIDS[1], None]],
                "m2": [[1, VP("one")], [-1, None]],
                "m3": [["0a0b", [UUIDS[3], None]], ["ffff", []]],
            },
        ),
        (
            "list_of_lists_new_types",
            S(
                F("a", L(L("interval"))),
                F("b", L(L("uuid", False))),
                F("c", L(L("null"))),
            ),
            {
                "a": [[IV(1, 0, 0), None], [], None],
                "b": [[UUIDS[0], UUIDS[1]]],
                "c": [[None], []],
            },
        ),
    ]


def default_cases():
    """Defaults are in schema.json (written canonically, §4.1) but not in the fingerprint
    (§4.2); rows are unchanged by them."""
    every = [
        FD("bool", "bool", True),
        FD("int8", "int8", -128),
        FD("int16", "int16", 32767),
        FD("int32", "int32", 0, False),
        FD("int64", "int64", I64_MIN),
        FD("float32", "float32", 1e-7),
        FD("float64", "float64", 0.1),
        FD("float64_big", "float64", 1e21),
        FD("float64_whole", "float64", 100.0),
        FD("float64_nan", "float64", "NaN"),
        FD("float64_neg_zero", "float64", "-0.0"),
        FD("string", "string", 'EUR "€"\n'),
        FD("binary", "binary", "00ff"),
        FD("date32", "date32", 19723),
        FD("time", "time", "43200000000"),
        FD("timestamp", TS("UTC"), "1700000000000000"),
        FD("duration", "duration", "-1"),
        FD("decimal", D(9, 2), "1.50"),
        FD("decimal_big", D(38, 10), "-12345678901234567890.1234567890"),
        FD("interval_ym", "interval_ym", 12),
        FD("interval", "interval", IV(1, 2, 3)),
        FD("fixed_binary", FB(3), "abcdef"),
        FD("uuid", "uuid", UUIDS[2]),
        FD("variant", "variant", VP({"a": [1, "x"], "b": 0.5})),
        FD("list", L("int32"), [1, None, 3]),
        FD("map", M("string", "int64"), [["k", "1"]]),
        FD("struct", S(F("x", "int32", False), F("y", "string")), {"x": 1, "y": None}),
    ]
    values = {f["name"]: None for f in every}
    values["int32"] = 7
    return [
        ("field_defaults", S(*every), values),
        (
            "field_defaults_at_depth",
            S(
                F("items", L(S(FD("qty", "int32", 1, False), F("sku", "string")))),
                F(
                    "m",
                    M(
                        "string",
                        S(FD("tags", L("string"), ["new"]), FD("seen", "bool", False)),
                    ),
                ),
                FD("s", S(F("a", "int8"), FD("b", "int8", 5)), {"a": 1, "b": None}),
            ),
            {
                "items": [{"qty": 3, "sku": "a"}],
                "m": [["k", {"tags": [], "seen": True}]],
                "s": {"a": None, "b": 2},
            },
        ),
    ]


def cases():
    return (
        null_cases()
        + interval_cases()
        + binary_cases()
        + variant_cases()
        + mixed_cases()
        + (default_cases())
    )
