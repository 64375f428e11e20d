"""Invalid vectors of the 1.2 rules (SPEC §3.6–§3.9, §4.1 schema rules, §6.3, §13.7):
each a valid row with exactly one rule broken, or a schema that must be rejected. Same
form as invalid.py: (name, schema, row bytes or None, kind, path, description)."""

import struct

from .cases import D, F, L, M, S
from .type_cases import FB, FD, IV
from .types import pad8

V_SCHEMA = S(F("v", "variant"))


def _row(schema_doc, values):
    from .invalid import row  # invalid.py imports this module

    return row(schema_doc, values)


def put64(buf, at, v):
    buf[at : at + 8] = struct.pack("<Q", v)
    return buf


def vbody(value_hex, metadata_hex="110000", v=None):
    """The zerorow body of a variant: u32 V, value, metadata (§3.9)."""
    value, meta = bytes.fromhex(value_hex), bytes.fromhex(metadata_hex)
    return struct.pack("<I", len(value) if v is None else v) + value + meta


def variant_row(body, size=None):
    """A row of V_SCHEMA whose field v is `body` (padded with zeros), as given."""
    out = bytearray(16) + body + bytes(pad8(len(body)) - len(body))
    return put64(out, 8, 16 << 32 | (len(body) if size is None else size))


def _nested_arrays(levels):
    """`levels` arrays, each holding the next, around an int8: [[...[1]...]]."""
    value = bytes.fromhex("0c01")
    for _ in range(levels):
        size = len(value)
        width = 1 if size <= 0xFF else 2
        head = bytes([(width - 1) << 2 | 3])
        value = (
            head
            + b"\x01"
            + (0).to_bytes(width, "little")
            + size.to_bytes(width, "little")
            + value
        )
    return value.hex()


def row_cases():
    """Rows that break a rule of §3.6–§3.8 or §6.3 for the 1.2 types."""
    nulls = S(F("n", "null"), F("a", "int32"))
    bad = _row(nulls, {"n": None, "a": 1})
    bad[0] &= ~1
    yield (
        "null_type_bit_clear",
        nulls,
        bad,
        "invalid_data",
        "n",
        "field n of type null has its null bit clear",
    )
    bad = put64(_row(nulls, {"n": None, "a": 1}), 8, 1)
    yield (
        "null_type_slot_nonzero",
        nulls,
        bad,
        "invalid_data",
        "n",
        "null field n of type null has slot 1",
    )
    lst = S(F("l", L("null")))
    bad = _row(lst, {"l": [None, None]})
    bad[24] &= ~2
    yield (
        "null_list_element_bit_clear",
        lst,
        bad,
        "invalid_data",
        "l[1]",
        "element 1 of a list<null> is not null",
    )

    iv = S(F("a", "interval"), F("b", "int32"))
    without = bytearray(24)
    without[0] = 1
    put64(without, 16, 1)
    yield (
        "interval_null_without_reserve",
        iv,
        without,
        "invalid_data",
        "a",
        "null interval a has slot 0 and no 16-byte reserve (Spark keeps one, §3.7)",
    )
    bad = _row(iv, {"a": None, "b": 1})
    put64(bad, 8, 24 << 32)
    yield (
        "interval_null_slot_size_0",
        iv,
        bad,
        "invalid_data",
        "a",
        "null interval a's slot is (24 << 32) | 0, the decimal form; an interval's is | 16",
    )
    bad = _row(iv, {"a": None, "b": 1})
    bad[30] = 1
    yield (
        "interval_null_reserve_nonzero",
        iv,
        bad,
        "invalid_data",
        "a",
        "byte 6 of null interval a's reserve is 1",
    )
    bad = _row(iv, {"a": IV(1, 2, 0), "b": 1})
    put64(bad, 8, 24 << 32 | 12)
    yield (
        "interval_size_not_16",
        iv,
        bad,
        "invalid_data",
        "a",
        "interval a's reference size is 12, not 16",
    )
    arr = S(F("a", L("interval")))
    good = _row(arr, {"a": [IV(1, 2, 3)]})
    # [count 2][bitmap: element 1 null][ref][ref to a 16-byte reserve][body][reserve]
    body = bytearray(struct.pack("<QQ", 2, 2))
    body += struct.pack("<QQ", 32 << 32 | 16, 48 << 32 | 16)
    body += good[40:56] + bytes(16)
    bad = put64(bytearray(16) + body, 8, 16 << 32 | len(body))
    yield (
        "array_interval_null_with_reserve",
        arr,
        bad,
        "invalid_data",
        "a[1]",
        "a null interval element refers to a 16-byte reserve; in an array it is 8 zero bytes",
    )
    ym = S(F("m", "interval_ym"))
    bad = _row(ym, {"m": -1})
    bad[12] = 0xFF
    yield (
        "interval_ym_slot_high_bytes",
        ym,
        bad,
        "invalid_data",
        "m",
        "interval_ym -1 is sign-extended into the slot",
    )

    fb = S(F("f", FB(4)))
    bad = put64(_row(fb, {"f": "01020300"}), 8, 16 << 32 | 3)
    yield (
        "fixed_binary_wrong_size",
        fb,
        bad,
        "invalid_data",
        "f",
        "fixed_binary(4) reference size 3",
    )
    uid = S(F("u", "uuid"))
    bad = put64(
        _row(uid, {"u": "0f8fad5b-d9cb-469f-a165-708677289500"}), 8, 16 << 32 | 15
    )
    yield "uuid_wrong_size", uid, bad, "invalid_data", "u", "uuid reference size 15"
    lfb = S(F("l", L(FB(2))))
    bad = _row(lfb, {"l": ["0100"]})
    put64(bad, 32, 24 << 32 | 1)
    yield (
        "fixed_binary_element_wrong_size",
        lfb,
        bad,
        "invalid_data",
        "l[0]",
        "fixed_binary(2) element of size 1",
    )


def variant_cases():
    """Variant bodies that break one rule of §3.9 each (field v, or an element)."""
    v = V_SCHEMA
    rules = [
        (
            "variant_size_below_4",
            variant_row(b"\x01\x00\x00"),
            "a 3-byte variant body (rule 1: size >= 4)",
        ),
        (
            "variant_value_size_zero",
            variant_row(vbody("", "110000", 0)),
            "V = 0 (rule 1: V >= 1)",
        ),
        (
            "variant_value_past_body",
            variant_row(vbody("0c01", "110000", 10)),
            "V = 10 in a 9-byte body",
        ),
        (
            "variant_metadata_too_short",
            variant_row(vbody("0c01", "1100")),
            "2 bytes of metadata (M >= 3)",
        ),
        (
            "variant_metadata_version_2",
            variant_row(vbody("0c01", "120000")),
            "metadata header 0x12: version 2",
        ),
        (
            "variant_metadata_header_bit5",
            variant_row(vbody("0c01", "310000")),
            "metadata header bit 5 set",
        ),
        (
            "variant_metadata_first_offset_nonzero",
            variant_row(vbody("0c01", "1101010261")),
            "dictionary offsets [1, 2]",
        ),
        (
            "variant_metadata_offsets_decreasing",
            variant_row(vbody("0c01", "0102000201" + "6162")),
            "dictionary offsets [0, 2, 1]",
        ),
        (
            "variant_metadata_offset_past_end",
            variant_row(vbody("0c01", "110100056162")),
            "dictionary offset 5 past the 2 key bytes",
        ),
        (
            "variant_metadata_key_not_utf8",
            variant_row(vbody("0c01", "11010001ff")),
            "dictionary key 0xff is not UTF-8",
        ),
        (
            "variant_metadata_unsorted_with_flag",
            variant_row(vbody("0c01", "1102000102" + "6261")),
            "sorted_strings set over the keys 'b', 'a'",
        ),
        (
            "variant_unknown_primitive_type",
            variant_row(vbody("54")),
            "primitive type id 21",
        ),
        (
            "variant_value_truncated",
            variant_row(vbody("18010203")),
            "an int64 with 3 data bytes",
        ),
        (
            "variant_string_not_utf8",
            variant_row(vbody("4001000000ff")),
            "a long string 0xff",
        ),
        (
            "variant_short_string_not_utf8",
            variant_row(vbody("05ff")),
            "a short string 0xff",
        ),
        (
            "variant_decimal_scale_39",
            variant_row(vbody("202701000000")),
            "decimal4 with scale 39",
        ),
        (
            "variant_decimal4_out_of_range",
            variant_row(vbody("2000" + (10**9).to_bytes(4, "little").hex())),
            "decimal4 unscaled 10^9",
        ),
        (
            "variant_decimal8_out_of_range",
            variant_row(
                vbody("2402" + (-(10**18)).to_bytes(8, "little", signed=True).hex())
            ),
            "decimal8 unscaled -10^18",
        ),
        (
            "variant_time_out_of_range",
            variant_row(vbody("44" + (86_400_000_000).to_bytes(8, "little").hex())),
            "time_ntz 86400000000 (24:00)",
        ),
        (
            "variant_field_id_out_of_range",
            variant_row(vbody("0201" + "01" + "0002" + "0c01", "1101000161")),
            "field id 1 with a 1-key dictionary",
        ),
        (
            "variant_object_keys_unsorted",
            variant_row(
                vbody("0202" + "0100" + "000204" + "0c010c02", "1102000102" + "6162")
            ),
            "object field ids [1, 0]: keys 'b', 'a'",
        ),
        (
            "variant_object_duplicate_keys",
            variant_row(
                vbody("0202" + "0001" + "000204" + "0c010c02", "0102000102" + "6161")
            ),
            "object keys 'a', 'a' (two dictionary entries of the same text)",
        ),
        (
            "variant_array_offset_past_end",
            variant_row(vbody("0301" + "0005" + "0c01")),
            "an array's last offset 5 past its 2 data bytes",
        ),
        (
            "variant_element_offset_past_last",
            variant_row(vbody("0302" + "000302" + "0c01")),
            "element 1's offset 3 is not below the last offset 2",
        ),
        (
            "variant_too_deep",
            variant_row(vbody(_nested_arrays(1001))),
            "1,001 levels of arrays (the limit is 1,000, §7)",
        ),
    ]
    for name, data, description in rules:
        yield name, v, data, "invalid_data", "v", description
    lst = S(F("l", L("variant")))
    bad = _row(lst, {"l": [None, {"metadata": "110000", "value": "0c01"}]})
    bad[54] = 0x12  # the metadata header of element 1: version 2
    yield (
        "variant_element_bad_metadata",
        lst,
        bad,
        "invalid_data",
        "l[1]",
        "element 1's metadata has version 2",
    )


def schema_cases():
    """Schemas that break a 1.2 rule of §4.1 (§3.6, §3.8, §13.7)."""
    items = L(S(FD("qty", "int32", "many", False)))
    cases = [
        (
            "null_field_not_nullable",
            S(F("x", "null", False)),
            "invalid_data",
            "x",
            "a not-null field of type null",
        ),
        (
            "null_list_elements_not_nullable",
            S(F("l", L("null", False))),
            "invalid_data",
            "l[]",
            "list<null not null>",
        ),
        (
            "null_map_values_not_nullable",
            S(F("m", M("string", "null", False))),
            "invalid_data",
            "m{values}",
            "map values of type null declared not null",
        ),
        (
            "null_type_map_key",
            S(F("m", M("null", "int32"))),
            "invalid_data",
            "m{keys}",
            "a map keyed by null",
        ),
        (
            "null_inside_struct_map_key",
            S(F("m", M(S(F("id", "int32"), F("a", "null")), "int32"))),
            "invalid_data",
            "m{keys}.a",
            "a struct map key with a field of type null",
        ),
        (
            "fixed_binary_size_0",
            S(F("f", FB(0))),
            "unsupported",
            "f",
            "fixed_binary(0)",
        ),
        (
            "fixed_binary_size_too_large",
            S(F("f", FB((1 << 31) - 7))),
            "unsupported",
            "f",
            "fixed_binary(2^31 - 7)",
        ),
        (
            "fixed_binary_size_missing",
            S(F("f", {"type": "fixed_binary"})),
            "invalid_data",
            "f",
            "no size key",
        ),
        (
            "default_null_value",
            S(FD("x", "int32", None)),
            "invalid_data",
            "x",
            "a default of null",
        ),
        (
            "default_on_null_type",
            S(FD("n", "null", 0)),
            "invalid_data",
            "n",
            "a default on a field of type null",
        ),
        (
            "default_int8_out_of_range",
            S(FD("x", "int8", 200)),
            "invalid_data",
            "x",
            "int8 default 200",
        ),
        (
            "default_wrong_json_type",
            S(FD("x", "int32", "7")),
            "invalid_data",
            "x",
            'int32 default "7" (a string)',
        ),
        (
            "default_float32_overflow",
            S(FD("x", "float32", 1e39)),
            "invalid_data",
            "x",
            "float32 default 1e39",
        ),
        (
            "default_time_out_of_range",
            S(FD("t", "time", "86400000000")),
            "invalid_data",
            "t",
            "time default 24:00",
        ),
        (
            "default_decimal_needs_rounding",
            S(FD("d", D(5, 2), "1.234")),
            "invalid_data",
            "d",
            "decimal(5,2) default 1.234",
        ),
        (
            "default_fixed_binary_wrong_size",
            S(FD("f", FB(2), "010203")),
            "invalid_data",
            "f",
            "3 bytes for fixed_binary(2)",
        ),
        (
            "default_uuid_bad_text",
            S(FD("u", "uuid", "not-a-uuid")),
            "invalid_data",
            "u",
            "uuid default 'not-a-uuid'",
        ),
        (
            "default_interval_days_out_of_range",
            S(FD("i", "interval", IV(0, 1 << 31, 0))),
            "invalid_data",
            "i",
            "interval default with 2^31 days",
        ),
        (
            "default_variant_invalid",
            S(
                FD(
                    "v",
                    "variant",
                    {"metadata": "120000", "value": "00", "json": "null"},
                )
            ),
            "invalid_data",
            "v",
            "variant default whose metadata has version 2",
        ),
        (
            "default_struct_missing_field",
            S(FD("s", S(F("x", "int32"), F("y", "int32")), {"x": 1})),
            "invalid_data",
            "s",
            "struct default without field y",
        ),
        (
            "default_struct_unknown_field",
            S(FD("s", S(F("x", "int32")), {"x": 1, "z": 2})),
            "invalid_data",
            "s",
            "struct default with a field z the struct does not have",
        ),
        (
            "default_struct_null_in_not_null_field",
            S(FD("s", S(F("x", "int32", False)), {"x": None})),
            "invalid_data",
            "s",
            "struct default with null for not-null field x",
        ),
        (
            "default_list_null_element_not_nullable",
            S(FD("l", L("int32", False), [1, None])),
            "invalid_data",
            "l",
            "list default with a null element where elements are not null",
        ),
        (
            "default_map_null_key",
            S(FD("m", M("string", "int32"), [[None, 1]])),
            "invalid_data",
            "m",
            "map default with a null key",
        ),
        (
            "default_at_depth_invalid",
            S(F("items", items)),
            "invalid_data",
            "items[].qty",
            'int32 default "many" on a field of a list element struct',
        ),
    ]
    for name, schema, kind, path, description in cases:
        yield name, schema, None, kind, path, description
    # JSON text with a lone surrogate: valid JSON, but no UTF-8 string (§13.7)
    text = '{"type":"struct","fields":[{"name":"s","type":"string","nullable":true,"default":"\\ud800"}]}'
    yield (
        "default_string_lone_surrogate",
        text,
        None,
        "invalid_data",
        "s",
        "string default U+D800 (a lone surrogate)",
    )


def cases():
    yield from row_cases()
    yield from variant_cases()
    yield from schema_cases()
