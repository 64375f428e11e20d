"""Evolution cases of SPEC 1.2 (§13.3 widenings of the new types, §13.7 defaults), in the
form of evolution_cases.py: (name, writer, reader, writer values, expected)."""

from .cases import FA, I64_MAX, I64_MIN, TS, D, F, L, M, S
from .evolution_cases import Refused, _refused, _widening
from .type_cases import FB, FD, IV, UUIDS, VP

I32_MIN, I32_MAX = -(1 << 31), (1 << 31) - 1
ID = F("id", "int32", False)


def widenings():
    """The rows §13.3 added in 1.2."""
    months = [I32_MIN, I32_MAX, 0, -1]
    micros = [I64_MIN, I64_MAX, "0", "-1"]
    return [
        (
            "widen_null_to_any_type",
            S(
                F("n", "null"),
                F("l", L("null")),
                F("m", M("string", "null")),
                F("s", "null"),
            ),
            S(
                F("n", "int32"),
                F("l", L("string")),
                F("m", M("string", S(F("x", "int8", False)))),
                F("s", S(F("a", L("interval")))),
            ),
            {"n": None, "l": [None, None], "m": [["k", None]], "s": None},
            {"n": None, "l": [None, None], "m": [["k", None]], "s": None},
        ),
        _widening(
            "widen_interval_ym_to_interval",
            "interval_ym",
            "interval",
            months,
            [IV(m, 0, 0) for m in months],
        ),
        _widening(
            "widen_duration_to_interval",
            "duration",
            "interval",
            micros,
            [IV(0, 0, us) for us in micros],
        ),
        _widening(
            "widen_fixed_binary_to_binary",
            FB(3),
            "binary",
            ["000000", "ffffff", "010203"],
            ["000000", "ffffff", "010203"],
        ),
        _widening(
            "widen_uuid_to_binary",
            "uuid",
            "binary",
            UUIDS,
            [u.replace("-", "") for u in UUIDS],
        ),
        _widening(
            "widen_uuid_to_fixed_binary_16",
            "uuid",
            FB(16),
            UUIDS,
            [u.replace("-", "") for u in UUIDS],
        ),
        (
            "map_key_uuid_widened_to_binary",
            S(F("m", M("uuid", "interval_ym"))),
            S(F("m", M("binary", "interval"))),
            {"m": [[UUIDS[2], 1], [UUIDS[3], None]]},
            {
                "m": [
                    [UUIDS[2].replace("-", ""), IV(1, 0, 0)],
                    [UUIDS[3].replace("-", ""), None],
                ]
            },
        ),
    ]


def refused():
    """The changes between the new types and their neighbours that §13.3 refuses."""
    return [
        _refused("int32_to_null_refused", "int32", "null", 1),
        _refused("struct_to_null_refused", S(F("x", "int8")), "null", {"x": 1}),
        _refused("binary_to_fixed_binary_refused", "binary", FB(2), "0102"),
        _refused("binary_to_uuid_refused", "binary", "uuid", UUIDS[2].replace("-", "")),
        _refused(
            "fixed_binary_16_to_uuid_refused", FB(16), "uuid", UUIDS[2].replace("-", "")
        ),
        _refused("fixed_binary_size_changed_refused", FB(3), FB(4), "010203"),
        _refused("fixed_binary_to_string_refused", FB(2), "string", "6869"),
        _refused("interval_to_duration_refused", "interval", "duration", IV(0, 1, 0)),
        _refused(
            "interval_to_interval_ym_refused", "interval", "interval_ym", IV(1, 0, 0)
        ),
        _refused("interval_ym_to_int32_refused", "interval_ym", "int32", 12),
        _refused("int32_to_interval_ym_refused", "int32", "interval_ym", 12),
        _refused("duration_to_interval_ym_refused", "duration", "interval_ym", "1"),
        _refused("string_to_variant_refused", "string", "variant", '{"a":1}'),
        _refused("variant_to_string_refused", "variant", "string", VP({"a": 1})),
        _refused("variant_to_binary_refused", "variant", "binary", VP(1)),
        (
            "null_to_not_null_refused",
            S(ID, F("n", "null")),
            S(ID, F("n", "int32", False)),
            {"id": 1, "n": None},
            Refused("schema_mismatch", "n"),
        ),
    ]


SCALAR_DEFAULTS = [
    ("bool", "bool", True),
    ("int8", "int8", -128),
    ("int16", "int16", 32767),
    ("int32", "int32", I32_MIN),
    ("int64", "int64", I64_MAX),
    ("float32", "float32", 0.1),
    ("float64", "float64", "-Infinity"),
    ("date32", "date32", -1),
    ("time", "time", "86399999999"),
    ("timestamp", TS("Europe/Paris"), "1700000000000000"),
    ("timestamp_naive", "timestamp", "0"),
    ("duration", "duration", I64_MIN),
    ("decimal", D(9, 2), "-0.01"),
    ("decimal_big", D(38, 0), "9" * 38),
]
BYTES_DEFAULTS = [
    ("string", "string", "EUR"),
    ("string_empty", "string", ""),
    ("binary", "binary", "00ff"),
    ("fixed_binary", FB(3), "abcdef"),
    ("uuid", "uuid", UUIDS[3]),
]
INTERVAL_DEFAULTS = [
    ("interval_ym", "interval_ym", -13),
    ("interval", "interval", IV(1, -2, I64_MIN)),
]
VARIANT_DEFAULTS = [
    ("variant", "variant", VP({"currency": "EUR", "rates": [1.5, None]})),
    ("variant_null", "variant", VP(None)),
]
COLLECTION_DEFAULTS = [
    ("list", L("string", False), ["a", ""]),
    ("list_empty", L("int64"), []),
    ("map", M("string", "interval_ym"), [["year", 12], ["none", None]]),
    # A nested field's own default plays no part inside a struct default (§13.7): b
    # reads null, as the struct default says.
    ("struct", S(F("a", "int8"), FD("b", "int8", 9)), {"a": 1, "b": None}),
]


def _defaults_added(name, defaults):
    """Not-null reader fields the writer does not have, each reading its default."""
    reader = S(ID, *[FD(n, t, d, nullable=False) for n, t, d in defaults])
    values = {"id": 7, **{n: d for n, _, d in defaults}}
    return name, S(ID), reader, {"id": 7}, values


def defaults():
    """§13.7: a default of every type, and the rules of when it is read."""
    item_w = S(F("sku", "string"))
    item_r = S(
        F("sku", "string"), FD("qty", "int32", 1, False), FD("id", "uuid", UUIDS[0])
    )
    value_w = S(F("x", "int8", False))
    value_r = S(F("x", "int8", False), FD("unit", "string", "kg", False))
    c_w = S(F("x", "int32", False))
    c_r = S(F("x", "int32", False), FD("added", "interval", IV(0, 1, 0), False))
    return [
        _defaults_added("default_of_every_scalar_type", SCALAR_DEFAULTS),
        _defaults_added("default_of_every_bytes_type", BYTES_DEFAULTS),
        _defaults_added("default_of_every_interval_type", INTERVAL_DEFAULTS),
        _defaults_added("default_of_variant", VARIANT_DEFAULTS),
        _defaults_added("default_of_list_map_struct", COLLECTION_DEFAULTS),
        (
            "default_at_depth_in_list_elements",
            S(F("items", L(item_w))),
            S(F("items", L(item_r))),
            {"items": [{"sku": "a"}, None, {"sku": None}]},
            {
                "items": [
                    {"sku": "a", "qty": 1, "id": UUIDS[0]},
                    None,
                    {"sku": None, "qty": 1, "id": UUIDS[0]},
                ]
            },
        ),
        (
            "default_at_depth_in_map_values",
            S(F("m", M("string", value_w))),
            S(F("m", M("string", value_r))),
            {"m": [["a", {"x": 1}], ["b", None]]},
            {"m": [["a", {"x": 1, "unit": "kg"}], ["b", None]]},
        ),
        (
            "default_at_depth_3",
            S(F("a", S(F("b", S(F("c", c_w)))))),
            S(F("a", S(F("b", S(F("c", c_r)))))),
            {"a": {"b": {"c": {"x": -1}}}},
            {"a": {"b": {"c": {"x": -1, "added": IV(0, 1, 0)}}}},
        ),
        (
            "default_not_read_when_the_writer_has_the_field",
            S(ID, F("x", "int32"), F("y", "string")),
            S(ID, FD("x", "int32", 5), FD("y", "string", "dflt")),
            {"id": 1, "x": None, "y": "written"},
            {"id": 1, "x": None, "y": "written"},
        ),
        (
            "default_not_read_for_a_field_matched_by_alias",
            S(ID, F("old", "int64")),
            S(ID, {**FA("new", "int64", True, ["old"]), "default": "5"}),
            {"id": 1, "old": "-1"},
            {"id": 1, "new": "-1"},
        ),
        (
            "writer_defaults_are_ignored",
            S(ID, FD("gone", "int32", 3), FD("kept", "string", "w")),
            S(ID, F("kept", "string"), F("added", "int32")),
            {"id": 1, "gone": 4, "kept": None},
            {"id": 1, "kept": None, "added": None},
        ),
        (
            "default_in_map_key_struct_refused",
            S(F("m", M(S(F("a", "int32", False)), "string"))),
            S(
                F(
                    "m",
                    M(S(F("a", "int32", False), FD("b", "int32", 0, False)), "string"),
                )
            ),
            {"m": [[{"a": 1}, "one"]]},
            Refused("schema_mismatch", "m{keys}"),
        ),
    ]


def cases():
    return widenings() + refused() + defaults()
