"""The golden cases (SPEC §10): one feature each, as (name, schema, values-as-JSON).

Values are written in the values.json form so this file reads like the vectors."""

I64_MIN, I64_MAX = str(-(1 << 63)), str((1 << 63) - 1)


def F(name, type_, nullable=True):
    return {"name": name, "type": type_, "nullable": nullable}


def FA(name, type_, nullable=True, aliases=()):
    """A field with the names it had before (SPEC §13.2)."""
    return {**F(name, type_, nullable), "aliases": list(aliases)}


def S(*fields):
    return {"type": "struct", "fields": list(fields)}


def L(element, nullable=True):
    return {"type": "list", "element": element, "element_nullable": nullable}


def M(key, value, nullable=True):
    return {"type": "map", "key": key, "value": value, "value_nullable": nullable}


def D(p, s):
    return {"type": "decimal", "precision": p, "scale": s}


def TS(tz=None):
    return {"type": "timestamp", "tz": tz} if tz else "timestamp"


def scalar_case(name, type_, values, nullable=False):
    fields = [F(f"v{i}", type_, nullable) for i in range(len(values))]
    return name, S(*fields), {f"v{i}": v for i, v in enumerate(values)}


BAR = S(F("f1", "string"), F("f2", L("int64")))
FOO = S(
    F("f1", "int32", False),
    F("f2", L("int32")),
    F("f3", M("string", "int32")),
    F("f4", L(BAR)),
)


def _deep_list(levels):
    t, v = "int32", 7
    for _ in range(levels):
        t, v = L(t), [v]
    return t, v


def _deep_struct(levels):
    t, v = S(F("leaf", "int64")), {"leaf": "42"}
    for i in range(levels):
        t, v = S(F(f"s{i}", t), F(f"n{i}", "int8")), {f"s{i}": v, f"n{i}": i}
    return t, v


WIDE_TYPES = [
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "float32",
    "float64",
    "string",
    "date32",
    "binary",
]
WIDE_VALUES = [True, -5, 300, 70000, "-9000000000", 0.5, 2.25, "wide", 18000, "beef"]


def _wide(n):
    fields, values = [], {}
    for i in range(n):
        k = i % len(WIDE_TYPES)
        fields.append(F(f"c{i:02d}", WIDE_TYPES[k]))
        values[f"c{i:02d}"] = None if i % 7 == 3 else WIDE_VALUES[k]
    return S(*fields), values


def cases():
    out = [
        (
            "spec_example_row",
            S(F("id", "int32", False), F("name", "string"), F("score", "float64")),
            {"id": 7, "name": "zerorow", "score": None},
        ),
        scalar_case("bool_values", "bool", [True, False]),
        scalar_case("int8_edges", "int8", [-128, 127, 0, -1]),
        scalar_case("int16_edges", "int16", [-32768, 32767, 0, -1]),
        scalar_case("int32_edges", "int32", [-2147483648, 2147483647, 0, -1]),
        scalar_case(
            "int64_edges", "int64", [I64_MIN, I64_MAX, "0", "-1", "9007199254740993"]
        ),
        scalar_case(
            "float32_specials",
            "float32",
            [1.5, "-0.0", 0, "NaN", "Infinity", "-Infinity", 3.4028235e38, 1e-45, 0.1],
        ),
        scalar_case(
            "float64_specials",
            "float64",
            [
                1.5,
                "-0.0",
                0,
                "NaN",
                "Infinity",
                "-Infinity",
                1.7976931348623157e308,
                5e-324,
                0.1,
            ],
        ),
        scalar_case(
            "string_utf8",
            "string",
            [
                "",
                "hello",
                "héllo wörld",
                "日本語",
                "🙂 emoji",
                "a\u0000b",
                'tab\tquote"back\\slash',
            ],
        ),
        scalar_case(
            "string_padding_boundaries",
            "string",
            ["1234567", "12345678", "123456789", "x" * 16],
        ),
        scalar_case(
            "binary_values", "binary", ["", "00ff10", "0001020304050607", "ff" * 17]
        ),
        scalar_case("date32_values", "date32", [0, -1, 19723, -719162, 2932896]),
        scalar_case("time_values", "time", ["0", "43200000000", "86399999999"]),
        scalar_case(
            "timestamp_naive",
            "timestamp",
            ["0", "-1", "1700000000123456", I64_MIN, I64_MAX],
        ),
        scalar_case(
            "timestamp_utc", TS("UTC"), ["0", "1700000000123456", "-62135596800000000"]
        ),
        (
            "timestamp_zones",
            S(
                F("paris", TS("Europe/Paris")),
                F("kolkata", TS("+05:30")),
                F("naive", TS()),
            ),
            {
                "paris": "1700000000000000",
                "kolkata": "1700000000000000",
                "naive": "1700000000000000",
            },
        ),
        scalar_case("duration_values", "duration", ["0", "-86400000000", "1", I64_MAX]),
        scalar_case(
            "decimal_p9_s2", D(9, 2), ["1234567.89", "-0.01", "0.00", "9999999.99"]
        ),
        scalar_case(
            "decimal_p18_s6",
            D(18, 6),
            ["999999999999.999999", "-999999999999.999999", "1.500000"],
        ),
        scalar_case("decimal_p19_s0", D(19, 0), ["1234567890123456789", "-1", "0"]),
        scalar_case(
            "decimal_p38_s10",
            D(38, 10),
            [
                "9999999999999999999999999999.9999999999",
                "-9999999999999999999999999999.9999999999",
                "0.0000000000",
                "-0.0000000001",
                "12345.6789000000",
            ],
        ),
        (
            "decimal_big_null_reserve",
            S(F("a", D(20, 2)), F("b", D(20, 2)), F("c", "string")),
            {"a": None, "b": "-12.34", "c": "after"},
        ),
        (
            "nulls_mixed",
            S(
                F("a", "int32"),
                F("b", "string"),
                F("c", "int64"),
                F("d", "string"),
                F("e", L("int32")),
            ),
            {"a": None, "b": "x", "c": None, "d": None, "e": [1]},
        ),
        (
            "nulls_past_bit_63",
            S(*[F(f"n{i:03d}", "int32") for i in range(130)]),
            {
                f"n{i:03d}": (None if i in (0, 63, 64, 65, 127, 128, 129) else i)
                for i in range(130)
            },
        ),
        (
            "all_types_null",
            S(
                *[
                    F(f"t{i}", t)
                    for i, t in enumerate(
                        [
                            "bool",
                            "int8",
                            "int16",
                            "int32",
                            "int64",
                            "float32",
                            "float64",
                            "string",
                            "binary",
                            "date32",
                            "time",
                            TS(),
                            TS("UTC"),
                            "duration",
                            D(10, 2),
                            D(30, 5),
                            L("int32"),
                            M("string", "int32"),
                            S(F("x", "int32")),
                        ]
                    )
                ]
            ),
            {f"t{i}": None for i in range(19)},
        ),
        (
            "empty_collections",
            S(
                F("ints", L("int32")),
                F("strs", L("string")),
                F("m", M("string", "int64")),
                F("s", "string"),
            ),
            {"ints": [], "strs": [], "m": [], "s": ""},
        ),
        (
            "array_bool",
            S(F("a", L("bool"))),
            {"a": [True, False, None, True, True, False, True, False, True]},
        ),
        ("array_int8", S(F("a", L("int8"))), {"a": [-128, 0, 127, None, 1]}),
        ("array_int16", S(F("a", L("int16"))), {"a": [-32768, 32767, None]}),
        ("array_int32", S(F("a", L("int32", False))), {"a": [1, -2, 3]}),
        (
            "array_float32",
            S(F("a", L("float32"))),
            {"a": [1.5, "NaN", None, "-0.0", "Infinity"]},
        ),
        ("array_date32", S(F("a", L("date32"))), {"a": [0, 19723, None]}),
        ("array_int64", S(F("a", L("int64"))), {"a": [I64_MIN, None, I64_MAX]}),
        ("array_float64", S(F("a", L("float64"))), {"a": [0.25, None, "-Infinity"]}),
        (
            "array_timestamp_duration_time",
            S(F("ts", L(TS("UTC"))), F("d", L("duration")), F("t", L("time"))),
            {
                "ts": ["0", None, "1700000000000000"],
                "d": ["-1", "1"],
                "t": ["0", "86399999999"],
            },
        ),
        (
            "array_strings",
            S(F("a", L("string"))),
            {"a": ["", "one", None, "a longer string value", "ü"]},
        ),
        (
            "array_binary",
            S(F("a", L("binary"))),
            {"a": ["", "00", None, "0102030405060708090a"]},
        ),
        (
            "array_decimals",
            S(F("small", L(D(10, 3))), F("big", L(D(38, 4)))),
            {
                "small": ["1.500", None, "-9999999.999"],
                "big": ["12345678901234567890.1234", None, "0.0000", "-1.0000"],
            },
        ),
        ("large_array", S(F("a", L("int32", False))), {"a": list(range(-500, 500))}),
        (
            "array_nulls_past_bit_63",
            S(F("a", L("int64"))),
            {
                "a": [
                    None if i in (0, 63, 64, 130, 199) else str(i * 1000)
                    for i in range(200)
                ]
            },
        ),
        (
            "nested_struct",
            S(
                F("id", "int32", False),
                F(
                    "inner",
                    S(
                        F("name", "string"),
                        F("point", S(F("x", "float64"), F("y", "float64"))),
                    ),
                ),
            ),
            {"id": 7, "inner": {"name": "origin", "point": {"x": 0.5, "y": -1.5}}},
        ),
        (
            "list_of_struct",
            S(F("bars", L(BAR))),
            {
                "bars": [
                    {"f1": "a", "f2": ["1", "2"]},
                    None,
                    {"f1": None, "f2": []},
                    {"f1": "ccc", "f2": None},
                ]
            },
        ),
        (
            "map_string_to_list",
            S(F("m", M("string", L("int32")))),
            {"m": [["a", [1, 2, 3]], ["b", []], ["c", None], ["dé", [None, 5]]]},
        ),
        (
            "map_int_to_string",
            S(F("m", M("int32", "string", False))),
            {"m": [[3, "three"], [-1, "minus one"], [0, ""]]},
        ),
        (
            "map_struct_values",
            S(F("m", M("string", S(F("x", "int32"), F("y", "string"))))),
            {"m": [["k1", {"x": 1, "y": "one"}], ["k2", None]]},
        ),
        (
            "list_of_lists",
            S(F("a", L(L("int16")))),
            {"a": [[1, 2], [], None, [None, 3]]},
        ),
        (
            "list_of_maps",
            S(F("a", L(M("string", "bool")))),
            {"a": [[["t", True]], [], None]},
        ),
        (
            "deep_list_nesting",
            S(F("deep", _deep_list(20)[0])),
            {"deep": _deep_list(20)[1]},
        ),
        (
            "deep_struct_nesting",
            S(F("deep", _deep_struct(30)[0])),
            {"deep": _deep_struct(30)[1]},
        ),
        ("max_depth_64", S(F("deep", _deep_list(63)[0])), {"deep": _deep_list(63)[1]}),
        (
            "seed_foo_small",
            FOO,
            {
                "f1": 1,
                "f2": [0, 1, 2],
                "f3": [["k0", 0], ["k1", 1]],
                "f4": [{"f1": "s0", "f2": ["0"]}, {"f1": "s1", "f2": ["0", "1"]}],
            },
        ),
        ("wide_row_75_fields",) + _wide(75),
        (
            "empty_struct_field",
            S(F("e", S()), F("after", "int32")),
            {"e": {}, "after": 1},
        ),
        # Aliases are in schema.json but not in the fingerprint (§4.1, §4.2): the first
        # line of row.annotated.txt has the fingerprint of the schema without them.
        (
            "field_aliases",
            S(
                FA("id", "int32", False, ["key", "ident"]),
                F("name", "string"),
                F(
                    "items",
                    L(S(FA("qty", "int64", True, ["count"]), F("sku", "string"))),
                ),
                FA("note", "string", True, ['über "quoted"']),
            ),
            {
                "id": 7,
                "name": "n",
                "items": [{"qty": "3", "sku": "a"}, {"qty": None, "sku": "b"}],
                "note": None,
            },
        ),
        (
            "unicode_field_names",
            S(F("名前", "string"), F('naïve "q"', "int32")),
            {"名前": "値", 'naïve "q"': 1},
        ),
    ]
    from . import type_cases  # the 1.2 types; imported here as it builds on this module

    return out + type_cases.cases()
