"""The evolution cases (SPEC §13.6): one feature each, as
(name, writer schema, reader schema, writer values, expected).

`expected` is the reader's values when the pair resolves, or Refused(kind, path) when it
must be refused. Everything is written in the values.json / canonical JSON form, by hand,
so this file states what the spec says; the generator checks that the reference
resolution agrees before it writes a case."""

from collections import namedtuple

from .cases import FA, FOO, I64_MAX, I64_MIN, TS, D, F, L, M, S

Refused = namedtuple("Refused", "kind path")


INT8 = [-128, 127, 0, -1]
INT16 = [-32768, 32767, 0, -1]
INT32 = [-2147483648, 2147483647, 0, -1]
FLOAT32 = [1.5, "-0.0", 0, "NaN", "Infinity", "-Infinity", 3.4028235e38, 1e-45, 0.1]
# The same float32 values as float64 (every float32 is exactly a float64).
FLOAT32_AS_64 = [
    1.5,
    "-0.0",
    0,
    "NaN",
    "Infinity",
    "-Infinity",
    3.4028234663852886e38,
    1.401298464324817e-45,
    0.10000000149011612,
]
LONG_TEXT = "long value " * 40


def _strings(ints):
    return [str(v) for v in ints]


def _widening(name, wt, rt, wvals, rvals):
    """One widening of §13.3: a not-null slot per value, a nullable slot holding null, and
    the same values in a list (whose element width changes with the type)."""

    def schema(t):
        fields = [F(f"v{i}", t, False) for i in range(len(wvals))]
        return S(*fields, F("null", t), F("list", L(t)))

    def values(vals):
        return {
            **{f"v{i}": v for i, v in enumerate(vals)},
            "null": None,
            "list": [*vals, None],
        }

    return name, schema(wt), schema(rt), values(wvals), values(rvals)


def _refused(name, wt, rt, value):
    """A change of the value type of field `v` that §13.3 refuses."""
    writer = S(F("id", "int32", False), F("v", wt))
    reader = S(F("id", "int32", False), F("v", rt))
    return name, writer, reader, {"id": 1, "v": value}, Refused("schema_mismatch", "v")


FOO_VALUES = {
    "f1": 2147483647,
    "f2": [0, None, -2147483648],
    "f3": [["k", 1], ["", None]],
    "f4": [{"f1": "s", "f2": [I64_MAX]}, None, {"f1": None, "f2": []}],
}


def matching():
    """§13.1–§13.2: fields matched by name and by alias."""
    person = S(F("id", "int64", False), F("name", "string"))
    person_aliased = S(
        FA("id", "int64", False, ["key"]),
        FA("name", "string", True, ["title", "label"]),
    )
    return [
        ("identical_schemas", FOO, FOO, FOO_VALUES, FOO_VALUES),
        (
            "identical_but_reader_has_aliases",
            person,
            person_aliased,
            {"id": I64_MIN, "name": "ann"},
            {"id": I64_MIN, "name": "ann"},
        ),
        (
            "field_added_nullable_reads_null",
            S(F("id", "int32", False), F("name", "string")),
            S(
                F("id", "int32", False),
                F("name", "string"),
                F("added_int", "int64"),
                F("added_list", L("string")),
                F("added_map", M("string", "int32")),
                F("added_struct", S(F("x", "int32", False))),
                F("added_big_decimal", D(38, 2)),
            ),
            {"id": -2147483648, "name": "n"},
            {
                "id": -2147483648,
                "name": "n",
                "added_int": None,
                "added_list": None,
                "added_map": None,
                "added_struct": None,
                "added_big_decimal": None,
            },
        ),
        (
            "field_added_not_null_refused",
            S(F("id", "int32", False)),
            S(F("id", "int32", False), F("added", "int32", False)),
            {"id": 1},
            Refused("schema_mismatch", "added"),
        ),
        (
            "field_removed_is_skipped",
            S(
                F("before", "string"),
                F("gone_text", "string"),
                F("gone_decimal", D(38, 0)),
                F("gone_list", L(S(F("x", "int64")))),
                F("kept", "int64", False),
                F("after", "string"),
            ),
            S(F("before", "string"), F("kept", "int64", False), F("after", "string")),
            {
                "before": "b",
                "gone_text": LONG_TEXT,
                "gone_decimal": None,
                "gone_list": [{"x": I64_MIN}, None],
                "kept": I64_MAX,
                "after": "after",
            },
            {"before": "b", "kept": I64_MAX, "after": "after"},
        ),
        (
            "fields_reordered",
            S(
                F("a", "int8", False),
                F("b", "string"),
                F("c", L("int32")),
                F("d", "float64"),
            ),
            S(
                F("d", "float64"),
                F("c", L("int32")),
                F("b", "string"),
                F("a", "int8", False),
            ),
            {"a": -128, "b": "bee", "c": [1, None, -2147483648], "d": "-0.0"},
            {"d": "-0.0", "c": [1, None, -2147483648], "b": "bee", "a": -128},
        ),
        (
            "field_renamed_via_alias",
            S(F("id", "int32", False), F("user_name", "string"), F("score", "float64")),
            S(
                FA("key", "int32", False, ["id"]),
                FA("name", "string", True, ["user_name"]),
                FA("points", "float64", True, ["score"]),
            ),
            {"id": 2147483647, "user_name": "zoë", "score": 0.5},
            {"key": 2147483647, "name": "zoë", "points": 0.5},
        ),
        (
            "alias_first_one_the_writer_has",
            S(F("a", "string"), F("b", "string")),
            S(FA("c", "string", True, ["gone", "b", "a"])),
            {"a": "from a", "b": "from b"},
            {"c": "from b"},
        ),
        (
            "name_wins_over_alias",
            S(F("a", "string"), F("b", "string")),
            S(FA("a", "string", True, ["b"])),
            {"a": "from a", "b": "from b"},
            {"a": "from a"},
        ),
        (
            "writer_aliases_are_ignored",
            S(F("id", "int32", False), FA("new", "int32", True, ["old"])),
            S(F("id", "int32", False), F("old", "int32")),
            {"id": 1, "new": 5},
            {"id": 1, "old": None},
        ),
        # The alias rules of §4.1 make it impossible for two reader fields to match one
        # writer field: such a reader schema is refused when it is loaded.
        (
            "two_reader_fields_claim_one_writer_field",
            S(F("old", "int32")),
            S(FA("x", "int32", True, ["old"]), FA("y", "int32", True, ["old"])),
            {"old": 1},
            Refused("invalid_data", "y"),
        ),
        (
            "reader_alias_names_another_reader_field",
            S(F("a", "int32")),
            S(F("a", "int32"), FA("b", "int32", True, ["a"])),
            {"a": 1},
            Refused("invalid_data", "b"),
        ),
    ]


def widenings():
    """Every row of the §13.3 table."""
    ts = ["0", "-1", "1700000000123456", I64_MIN, I64_MAX]
    text = ["", "hello", "héllo 🙂", "a\u0000b", LONG_TEXT]
    return [
        _widening("widen_int8_to_int16", "int8", "int16", INT8, INT8),
        _widening("widen_int8_to_int32", "int8", "int32", INT8, INT8),
        _widening("widen_int8_to_int64", "int8", "int64", INT8, _strings(INT8)),
        _widening("widen_int8_to_float32", "int8", "float32", INT8, INT8),
        _widening("widen_int8_to_float64", "int8", "float64", INT8, INT8),
        _widening("widen_int16_to_int32", "int16", "int32", INT16, INT16),
        _widening("widen_int16_to_int64", "int16", "int64", INT16, _strings(INT16)),
        _widening("widen_int16_to_float32", "int16", "float32", INT16, INT16),
        _widening("widen_int16_to_float64", "int16", "float64", INT16, INT16),
        _widening("widen_int32_to_int64", "int32", "int64", INT32, _strings(INT32)),
        _widening("widen_int32_to_float64", "int32", "float64", INT32, INT32),
        _widening(
            "widen_float32_to_float64", "float32", "float64", FLOAT32, FLOAT32_AS_64
        ),
        _widening(
            "widen_decimal_scale",
            D(9, 2),
            D(11, 4),
            ["9999999.99", "-9999999.99", "0.00", "-0.01"],
            ["9999999.9900", "-9999999.9900", "0.0000", "-0.0100"],
        ),
        _widening(
            "widen_decimal_precision",
            D(9, 2),
            D(15, 2),
            ["9999999.99", "-9999999.99", "0.00", "-0.01"],
            ["9999999.99", "-9999999.99", "0.00", "-0.01"],
        ),
        # p <= 18 is an int64 in the slot; p > 18 is a body (§3.5): the layouts differ.
        _widening(
            "widen_decimal_p18_to_p38",
            D(18, 4),
            D(38, 10),
            ["99999999999999.9999", "-99999999999999.9999", "0.0000", "0.0001"],
            [
                "99999999999999.9999000000",
                "-99999999999999.9999000000",
                "0.0000000000",
                "0.0001000000",
            ],
        ),
        _widening(
            "widen_decimal_p20_to_p38",
            D(20, 0),
            D(38, 18),
            ["99999999999999999999", "-99999999999999999999", "0", "1"],
            [
                "99999999999999999999.000000000000000000",
                "-99999999999999999999.000000000000000000",
                "0.000000000000000000",
                "1.000000000000000000",
            ],
        ),
        _widening(
            "widen_string_to_binary",
            "string",
            "binary",
            text,
            [
                "",
                "68656c6c6f",
                "68c3a96c6c6f20f09f9982",
                "610062",
                LONG_TEXT.encode().hex(),
            ],
        ),
        _widening(
            "widen_timestamp_zone_to_other_zone",
            TS("Europe/Paris"),
            TS("+05:30"),
            ts,
            ts,
        ),
    ]


def refused_types():
    """The changes §13.3 refuses, each with a value that shows why."""
    return [
        _refused("int32_to_float32_refused", "int32", "float32", 16777217),
        _refused("int64_to_float32_refused", "int64", "float32", "16777217"),
        _refused("int64_to_float64_refused", "int64", "float64", "9007199254740993"),
        _refused("float64_to_float32_refused", "float64", "float32", 0.1),
        _refused("binary_to_string_refused", "binary", "string", "ff"),
        _refused("date32_to_timestamp_refused", "date32", TS("UTC"), 19723),
        _refused("timestamp_naive_to_zoned_refused", TS(), TS("UTC"), "0"),
        _refused("timestamp_zoned_to_naive_refused", TS("UTC"), TS(), "0"),
        _refused("time_to_duration_refused", "time", "duration", "43200000000"),
        _refused("duration_to_time_refused", "duration", "time", "1"),
        _refused("decimal_smaller_scale_refused", D(10, 4), D(10, 2), "1.2345"),
        _refused(
            "decimal_fewer_integer_digits_refused", D(10, 2), D(9, 2), "99999999.99"
        ),
        _refused(
            "decimal_more_scale_fewer_integer_digits_refused",
            D(10, 2),
            D(10, 3),
            "99999999.99",
        ),
        _refused("bool_to_int8_refused", "bool", "int8", True),
        # The path names the reader's field, matched through its alias.
        (
            "alias_matched_field_type_refused",
            S(F("old", "float64")),
            S(FA("new", "int32", True, ["old"])),
            {"old": 1.0},
            Refused("schema_mismatch", "new"),
        ),
        # The example of §13.1, deep in a list of structs.
        (
            "float64_to_int32_refused",
            S(F("orders", L(S(F("sku", "string"), F("qty", "float64"))))),
            S(F("orders", L(S(F("sku", "string"), F("qty", "int32"))))),
            {"orders": [{"sku": "a", "qty": 1.5}]},
            Refused("schema_mismatch", "orders[].qty"),
        ),
        (
            "int64_to_int32_refused",
            S(F("orders", L(S(F("items", M("string", S(F("qty", "int64")))))))),
            S(F("orders", L(S(F("items", M("string", S(F("qty", "int32")))))))),
            {"orders": [{"items": [["x", {"qty": I64_MAX}]]}]},
            Refused("schema_mismatch", "orders[].items{values}.qty"),
        ),
    ]


def nullability():
    """§13.1: nullability widens, never narrows, even when no row holds a null."""
    return [
        (
            "nullable_field_to_not_null_refused",
            S(F("v", "int32")),
            S(F("v", "int32", False)),
            {"v": 1},
            Refused("schema_mismatch", "v"),
        ),
        (
            "nullable_list_element_to_not_null_refused",
            S(F("list", L("int32"))),
            S(F("list", L("int32", False))),
            {"list": [1, 2]},
            Refused("schema_mismatch", "list[]"),
        ),
        (
            "nullable_map_value_to_not_null_refused",
            S(F("m", M("string", "int32"))),
            S(F("m", M("string", "int32", False))),
            {"m": [["a", 1]]},
            Refused("schema_mismatch", "m{values}"),
        ),
        (
            "not_null_to_nullable_allowed",
            S(
                F("v", "int32", False),
                F("list", L("int64", False), False),
                F("m", M("string", "string", False), False),
            ),
            S(F("v", "int32"), F("list", L("int64")), F("m", M("string", "string"))),
            {"v": -1, "list": [I64_MIN, "0"], "m": [["k", ""], ["", "v"]]},
            {"v": -1, "list": [I64_MIN, "0"], "m": [["k", ""], ["", "v"]]},
        ),
    ]


def kinds():
    """§13.1: a list matches a list, a map a map, a struct a struct."""
    lst, mp, st = L("int32"), M("int32", "int32"), S(F("x", "int32"))
    return [
        (
            name,
            S(F("c", wt)),
            S(F("c", rt)),
            {"c": value},
            Refused("schema_mismatch", "c"),
        )
        for name, wt, rt, value in [
            ("list_to_map_refused", lst, mp, [1]),
            ("map_to_list_refused", mp, lst, [[1, 2]]),
            ("list_to_struct_refused", lst, st, [1]),
            ("struct_to_list_refused", st, lst, {"x": 1}),
        ]
    ]


def map_keys():
    """§13.1: keys widen, but a struct key keeps its fields, names and order."""
    key = S(F("a", "int32", False), F("b", "string"))
    entries = [[{"a": -2147483648, "b": "x"}, 1], [{"a": 0, "b": None}, 2]]
    return [
        (
            "map_key_widened",
            S(F("m", M("int16", "string")), F("tags", M("string", "int32"))),
            S(F("m", M("int64", "string")), F("tags", M("binary", "int32"))),
            {
                "m": [[-32768, "min"], [32767, "max"], [0, ""]],
                "tags": [["é", 1], ["", 2]],
            },
            {
                "m": [["-32768", "min"], ["32767", "max"], ["0", ""]],
                "tags": [["c3a9", 1], ["", 2]],
            },
        ),
        (
            "map_struct_key_field_widened",
            S(F("m", M(key, "int32"))),
            S(F("m", M(S(F("a", "int64", False), F("b", "binary")), "int32"))),
            {"m": entries},
            {"m": [[{"a": "-2147483648", "b": "78"}, 1], [{"a": "0", "b": None}, 2]]},
        ),
        (
            "map_struct_key_field_dropped_refused",
            S(F("m", M(key, "int32"))),
            S(F("m", M(S(F("a", "int32", False)), "int32"))),
            {"m": entries},
            Refused("schema_mismatch", "m{keys}"),
        ),
        (
            "map_struct_key_fields_reordered_refused",
            S(F("m", M(key, "int32"))),
            S(F("m", M(S(F("b", "string"), F("a", "int32", False)), "int32"))),
            {"m": entries},
            Refused("schema_mismatch", "m{keys}"),
        ),
    ]


def _depth3(c_fields):
    return S(
        F(
            "a",
            S(
                F("b", S(F("c", S(*c_fields)), F("b_keep", "int8"))),
                F("a_keep", "string"),
            ),
        )
    )


def nested():
    """Structs evolved inside lists, map values and three levels down; nulls everywhere."""
    item_w = S(
        F("sku", "string"),
        F("qty", "int16", False),
        F("note", "string"),
        F("price", D(9, 2)),
    )
    item_r = S(
        F("price", D(12, 4)),
        FA("code", "string", True, ["sku"]),
        F("qty", "int64", False),
        F("added", "bool"),
    )
    value_w = S(F("x", "int8", False), F("y", "string"))
    value_r = S(F("y", "binary"), F("x", "float32", False), F("z", "int32"))
    c_writer = [F("x", "int32", False), F("old", "string"), F("gone", "float64")]
    c_reader = [
        FA("new", "string", True, ["old"]),
        F("x", "int64", False),
        F("added", L("int8")),
    ]
    depth3_values = {
        "a": {
            "b": {"c": {"x": -2147483648, "old": "deep", "gone": 2.5}, "b_keep": -1},
            "a_keep": "k",
        }
    }
    return [
        (
            "struct_evolved_inside_list",
            S(F("items", L(item_w)), F("empty", L(item_w)), F("none", L(item_w))),
            S(F("items", L(item_r)), F("empty", L(item_r)), F("none", L(item_r))),
            {
                "items": [
                    {"sku": "a", "qty": 32767, "note": LONG_TEXT, "price": "1.50"},
                    None,
                    {"sku": None, "qty": -32768, "note": None, "price": None},
                ],
                "empty": [],
                "none": None,
            },
            {
                "items": [
                    {"price": "1.5000", "code": "a", "qty": "32767", "added": None},
                    None,
                    {"price": None, "code": None, "qty": "-32768", "added": None},
                ],
                "empty": [],
                "none": None,
            },
        ),
        (
            "struct_evolved_inside_map_values",
            S(F("m", M("string", value_w))),
            S(F("m", M("string", value_r))),
            {
                "m": [
                    ["k1", {"x": -128, "y": "why"}],
                    ["k2", None],
                    ["", {"x": 127, "y": None}],
                ]
            },
            {
                "m": [
                    ["k1", {"y": "776879", "x": -128, "z": None}],
                    ["k2", None],
                    ["", {"y": None, "x": 127, "z": None}],
                ]
            },
        ),
        (
            "evolution_at_depth_3",
            _depth3(c_writer),
            _depth3(c_reader),
            depth3_values,
            {
                "a": {
                    "b": {
                        "c": {"new": "deep", "x": "-2147483648", "added": None},
                        "b_keep": -1,
                    },
                    "a_keep": "k",
                }
            },
        ),
        (
            "not_null_field_added_at_depth_3_refused",
            _depth3(c_writer),
            _depth3([*c_writer, F("must", "int32", False)]),
            depth3_values,
            Refused("schema_mismatch", "a.b.c.must"),
        ),
        nulls_at_every_level(),
    ]


def nulls_at_every_level():
    """One evolved row with a null at every level: field, struct, list, element, map
    value, a field inside an element, a dropped field and an absent one."""
    inner_w = S(F("v", "int8"))
    inner_r = S(F("v", "int64"), F("extra", "string"))
    writer = S(
        F("id", "int32", False),
        F("null_struct", inner_w),
        F("s", S(F("v", "int8"), F("w", "string"), F("inner", inner_w))),
        F("items", L(S(F("v", "int8"), F("tags", L("string"))))),
        F("m", M("string", L("int16"))),
        F("gone", "string"),
    )
    reader = S(
        F("id", "int64", False),
        F("null_struct", inner_r),
        F(
            "s",
            S(
                F("inner", inner_r),
                F("w", "binary"),
                F("v", "float32"),
                F("extra", "int32"),
            ),
        ),
        F("items", L(S(F("tags", L("binary")), F("v", "int32")))),
        F("m", M("string", L("int64"))),
        F("extra", L("string")),
    )
    return (
        "nulls_at_every_level",
        writer,
        reader,
        {
            "id": 7,
            "null_struct": None,
            "s": {"v": None, "w": None, "inner": None},
            "items": [None, {"v": None, "tags": None}, {"v": 1, "tags": [None, "t"]}],
            "m": [["null", None], ["elems", [None, 7]], ["empty", []]],
            "gone": None,
        },
        {
            "id": "7",
            "null_struct": None,
            "s": {"inner": None, "w": None, "v": None, "extra": None},
            "items": [None, {"tags": None, "v": None}, {"tags": [None, "74"], "v": 1}],
            "m": [["null", None], ["elems", [None, "7"]], ["empty", []]],
            "extra": None,
        },
    )


def cases():
    from . import evolution_types  # the 1.2 cases; built from this module's helpers

    return (
        matching()
        + widenings()
        + refused_types()
        + nullability()
        + kinds()
        + map_keys()
        + nested()
        + evolution_types.cases()
    )
