"""Invalid vectors (SPEC §10): each a valid row with exactly one rule broken, or a schema
that must be rejected. Yields (name, schema, row bytes or None, kind, path, description)."""

import struct

from .cases import FA, D, F, L, M, S
from .encode import encode_array, encode_row
from .values import from_json

BASE = S(F("id", "int32", False), F("name", "string"), F("tags", L("string")))
BASE_VALUES = {"id": 1, "name": "abc", "tags": ["x", "yy"]}
# Layout of BASE: bitmap 0..8, slots id 8, name 16, tags 24; name body 32..40; tags 40..88.
NAME_SLOT, TAGS_SLOT = 16, 24


def row(schema_doc, values):
    schema = from_json_type(schema_doc)
    return bytearray(encode_row(schema, from_json(schema, values, ""))[0])


def put64(buf, at, v):
    buf[at : at + 8] = struct.pack("<Q", v)
    return buf


def base():
    return row(BASE, BASE_VALUES)


def _gap():
    b = base()
    b[40:40] = bytes(8)  # an 8-byte hole before the tags array
    return put64(b, TAGS_SLOT, 48 << 32 | 48)


def _map_row(keys, values, key_nullable=False):
    kt = {"type": "list", "element": "int32", "element_nullable": key_nullable}
    kbuf = encode_array(from_json_type(kt), keys)[0]
    vbuf = encode_array(from_json_type(L("int32")), values)[0]
    body = struct.pack("<Q", len(kbuf)) + kbuf + vbuf
    out = bytearray(16) + body
    return put64(out, 8, 16 << 32 | len(body))


def from_json_type(t):
    from .schema import parse_type

    return parse_type(t, "")


MAP_SCHEMA = S(F("m", M("int32", "int32")))


def _deep(levels):
    t = "int32"
    for _ in range(levels):
        t = L(t)
    return S(F("deep", t))


def _shared_bodies(depth=20, refs=100):
    """A row whose list references share bodies: `refs` references to one inner list, at each
    of `depth` list levels (~16 KiB). Legal at level bounds, it would decode to refs**(depth-1)
    values; full rejects the second reference (rule e), and whole-row decoders and the Arrow
    export refuse it before allocating past one value per byte (SPEC §6.2)."""
    body = struct.pack("<QQq", 1, 0, 7)  # the innermost list<int32>: [7]
    bitmap = (refs + 63) // 64 * 8
    for _ in range(depth - 1):
        start = 8 + bitmap + 8 * refs
        slot = struct.pack("<Q", start << 32 | len(body))
        body = struct.pack("<Q", refs) + bytes(bitmap) + slot * refs + body
    out = bytearray(16) + body
    return put64(out, 8, 16 << 32 | len(body))


def cases():
    b = base
    yield (
        "truncated_fixed_region",
        BASE,
        b()[:24],
        "truncated",
        "",
        "a 3-field row needs 32 bytes of bitmap and slots; the buffer has 24",
    )
    yield (
        "size_not_multiple_of_8",
        BASE,
        b() + bytes(4),
        "invalid_data",
        "",
        "row size 92 is not a multiple of 8",
    )
    yield (
        "offset_past_end",
        BASE,
        put64(b(), NAME_SLOT, 0x400 << 32 | 3),
        "invalid_data",
        "name",
        "string reference offset 1024 lies past the 88-byte row",
    )
    yield (
        "size_overflow",
        BASE,
        put64(b(), NAME_SLOT, 32 << 32 | 0xFFFFFFF8),
        "invalid_data",
        "name",
        "string size 0xfffffff8 is not below 2^31",
    )
    yield (
        "offset_inside_fixed_region",
        BASE,
        put64(b(), NAME_SLOT, 8 << 32 | 3),
        "invalid_data",
        "name",
        "string offset 8 points into the bitmap/slots (fixed region ends at 32)",
    )
    yield (
        "misaligned_offset",
        BASE,
        put64(b(), NAME_SLOT, 36 << 32 | 3),
        "invalid_data",
        "name",
        "string offset 36 is not a multiple of 8",
    )
    bad = b()
    bad[35] = 1
    yield (
        "nonzero_padding",
        BASE,
        bad,
        "invalid_data",
        "name",
        "padding byte after 'abc' is 0x01",
    )
    bad = b()
    bad[33] = 0xFF
    yield (
        "bad_utf8",
        BASE,
        bad,
        "invalid_data",
        "name",
        "string body 'a\\xffc' is not UTF-8",
    )
    yield (
        "array_count_too_large",
        BASE,
        put64(b(), 40, 1000),
        "invalid_data",
        "tags",
        "array count 1000 needs far more than the array's 48 bytes",
    )
    yield (
        "truncated_body",
        BASE,
        b()[:80],
        "invalid_data",
        "tags",
        "buffer cut to 80 bytes: the tags array (40+48) runs past the end",
    )
    bad = b()
    bad[0] |= 1
    put64(bad, 8, 0)
    yield (
        "null_in_non_nullable",
        BASE,
        bad,
        "invalid_data",
        "id",
        "bit 0 marks the non-nullable field id null",
    )
    bad = row(BASE, {"id": 1, "name": None, "tags": []})
    put64(bad, NAME_SLOT, 7)
    yield (
        "nonzero_null_slot",
        BASE,
        bad,
        "invalid_data",
        "name",
        "null field name has slot 7, not 0",
    )
    bad = row(S(F("flag", "bool")), {"flag": True})
    bad[8] = 2
    yield (
        "bool_not_0_or_1",
        S(F("flag", "bool")),
        bad,
        "invalid_data",
        "flag",
        "bool byte is 2",
    )
    bad = b()
    bad[0] |= 1 << 5
    yield (
        "bitmap_bit_past_count",
        BASE,
        bad,
        "invalid_data",
        "",
        "null bit 5 is set in a 3-field row",
    )
    bad = b()
    bad[12] = 1
    yield (
        "slot_high_bytes_nonzero",
        BASE,
        bad,
        "invalid_data",
        "id",
        "int32 slot has a non-zero byte 4",
    )
    yield (
        "gap_between_bodies",
        BASE,
        _gap(),
        "invalid_data",
        "tags",
        "tags starts at 48, leaving 8 unused bytes after name's body (cursor 40)",
    )
    yield (
        "trailing_bytes",
        BASE,
        b() + bytes(8),
        "invalid_data",
        "",
        "8 bytes after the last body",
    )
    dec = S(F("price", D(5, 2)))
    yield (
        "decimal_exceeds_precision",
        dec,
        put64(row(dec, {"price": "1.00"}), 8, 100000),
        "invalid_data",
        "price",
        "unscaled 100000 needs 6 digits; precision is 5",
    )
    tm = S(F("t", "time"))
    yield (
        "time_out_of_range",
        tm,
        put64(row(tm, {"t": "0"}), 8, 86_400_000_000),
        "invalid_data",
        "t",
        "time 86400000000 is not below one day",
    )
    yield (
        "map_count_mismatch",
        MAP_SCHEMA,
        _map_row([1, 2, 3], [10, 20]),
        "invalid_data",
        "m",
        "3 keys but 2 values",
    )
    yield (
        "null_map_key",
        MAP_SCHEMA,
        _map_row([1, None], [10, 20], key_nullable=True),
        "invalid_data",
        "m{keys}[1]",
        "the second key is null",
    )
    bad = _map_row([1], [10])
    put64(bad, 16, 4096)
    yield (
        "map_key_array_past_end",
        MAP_SCHEMA,
        bad,
        "invalid_data",
        "m",
        "key array size 4096 exceeds the map",
    )
    nested = S(F("inner", S(F("name", "string"))))
    bad = row(nested, {"inner": {"name": "hi"}})
    put64(bad, 16 + 8, 20 << 32 | 2)
    yield (
        "nested_misaligned_offset",
        nested,
        bad,
        "invalid_data",
        "inner.name",
        "inside the nested row, string offset 20 is not a multiple of 8",
    )
    i8 = S(F("a", L("int8")))
    bad = row(i8, {"a": [1, 2, 3]})
    bad[16 + 8 + 8 + 5] = 9
    yield (
        "array_element_padding_nonzero",
        i8,
        bad,
        "invalid_data",
        "a",
        "padding after 3 int8 elements is not zero",
    )
    big = S(F("d", D(38, 0)))
    bad = row(big, {"d": "5"})
    put64(bad, 8, 16 << 32 | 17)
    yield (
        "decimal_big_bad_length",
        big,
        bad,
        "invalid_data",
        "d",
        "decimal(38,0) body claims 17 bytes (max 16)",
    )
    yield (
        "shared_bodies_amplify",
        _deep(20),
        _shared_bodies(),
        "invalid_data",
        "deep" + "[0]" * 18 + "[1]",
        "100 references to one inner list at each of 20 list levels: the second reference "
        "repeats the first's body (offset != cursor); decoded whole it would be 100^19 values",
    )
    yield (
        "nesting_too_deep",
        _deep(64),
        None,
        "unsupported",
        "",
        "65 levels of nesting; the limit is 64",
    )
    yield (
        "unknown_type",
        S(F("x", "uint32")),
        None,
        "unsupported",
        "x",
        "uint32 is not a v1 type",
    )
    yield (
        "decimal_precision_39",
        S(F("x", D(39, 0))),
        None,
        "unsupported",
        "x",
        "decimal precision 39 > 38",
    )
    yield (
        "duplicate_field_name",
        S(F("x", "int32"), F("x", "int64")),
        None,
        "invalid_data",
        "x",
        "two fields named x",
    )
    yield from _alias_cases()
    from . import invalid_types  # the 1.2 rules; it builds rows with row() above

    yield from invalid_types.cases()


def _alias_cases():
    """The alias rules of SPEC §4.1, each broken once; the error is at the field that
    lists the offending alias."""
    yield (
        "alias_empty",
        S(FA("x", "int32", True, [""])),
        None,
        "invalid_data",
        "x",
        "field x lists an empty alias",
    )
    yield (
        "alias_listed_twice",
        S(FA("x", "int32", True, ["old", "old"])),
        None,
        "invalid_data",
        "x",
        "field x lists the alias old twice",
    )
    yield (
        "alias_is_a_field_name",
        S(F("inner", S(FA("a", "int32", True, ["b"]), F("b", "int32")))),
        None,
        "invalid_data",
        "inner.a",
        "inner.a lists the alias b, the name of the field after it",
    )
    yield (
        "alias_shared_by_two_fields",
        S(
            F(
                "items",
                L(S(FA("x", "int32", True, ["old"]), FA("y", "int32", True, ["old"]))),
            )
        ),
        None,
        "invalid_data",
        "items[].y",
        "x and y, the fields of the list's elements, both list the alias old",
    )
