"""The reference reader: validates at level `full` (SPEC §6.3, rules in spec order) and
returns Python values. Any violation raises FormatError(kind, path, message)."""

import struct

from .encode import bitmap_bytes, pad8
from .schema import FormatError, element_width, is_big_decimal, is_fixed

LIMIT = 1 << 31
_FMT = {
    "bool": "<B",
    "int8": "<b",
    "int16": "<h",
    "int32": "<i",
    "date32": "<i",
    "int64": "<q",
    "time": "<q",
    "timestamp": "<q",
    "duration": "<q",
    "decimal": "<q",
    "float32": "<f",
    "float64": "<d",
}


def read_top(schema, data):
    return read_row(schema, memoryview(bytes(data)), "", top=True)


def _u64(mv, at):
    return struct.unpack_from("<Q", mv, at)[0]


def _zero(mv, start, end, path, what):
    for k in range(start, end):
        if mv[k]:
            raise FormatError(
                "invalid_data",
                path,
                f"expected zero {what} at byte {k} but found {mv[k]:#04x}",
            )


def _check_region(mv, need, path, top, what):
    size = len(mv)
    if size < need:
        kind = "truncated" if top else "invalid_data"
        raise FormatError(
            kind, path, f"expected {what} of at least {need} bytes but found {size}"
        )
    if size % 8:
        raise FormatError(
            "invalid_data",
            path,
            f"expected {what} size to be a multiple of 8 but found {size}",
        )


def _bitmap_tail(mv, base, n, path):
    for i in range(n, bitmap_bytes(n) * 8):
        if mv[base + i // 8] >> (i % 8) & 1:
            raise FormatError(
                "invalid_data",
                path,
                f"expected null bitmap bit {i} (>= count {n}) to be 0 but found 1",
            )


def read_row(t, mv, path, top=False):
    fields = t["fields"]
    n = len(fields)
    nb = bitmap_bytes(n)
    fixed = nb + 8 * n
    _check_region(mv, fixed, path, top, "row")
    _bitmap_tail(mv, 0, n, path)
    out, cursor = {}, fixed
    for i, f in enumerate(fields):
        fpath = f"{path}.{f['name']}" if path else f["name"]
        is_null = mv[i // 8] >> (i % 8) & 1
        v, cursor = _read_slot(
            mv,
            nb + 8 * i,
            8,
            f["type"],
            f["nullable"],
            is_null,
            cursor,
            fixed,
            fpath,
            True,
        )
        out[f["name"]] = v
    if cursor != len(mv):
        raise FormatError(
            "invalid_data",
            path,
            f"expected row size {cursor} (end of last value) but found {len(mv)}",
        )
    return out


def _read_slot(mv, at, w, t, nullable, is_null, cursor, fixed, path, in_row):
    """One slot (w=8) or element (natural w): returns (value, new cursor)."""
    raw = _u64(mv, at) if w == 8 else int.from_bytes(mv[at : at + w], "little")
    if is_null:
        if not nullable:
            raise FormatError(
                "invalid_data",
                path,
                "expected a value (field is not nullable) but found null",
            )
        if in_row and is_big_decimal(t):
            if raw != cursor << 32:
                raise FormatError(
                    "invalid_data",
                    path,
                    f"expected null decimal slot {cursor << 32:#x} (reserve at cursor) but found {raw:#x}",
                )
            if cursor + 16 > len(mv):
                raise FormatError(
                    "invalid_data",
                    path,
                    f"expected offset+size <= {len(mv)} but found {cursor + 16}",
                )
            _zero(mv, cursor, cursor + 16, path, "null decimal reserve")
            return None, cursor + 16
        if raw:
            raise FormatError(
                "invalid_data",
                path,
                f"expected a zero slot for null but found {raw:#x}",
            )
        return None, cursor
    if is_fixed(t):
        return _read_fixed(mv, at, w, t, path), cursor
    offset, size = raw >> 32, raw & 0xFFFFFFFF
    if offset >= LIMIT or size >= LIMIT:
        raise FormatError(
            "invalid_data",
            path,
            f"expected offset and size < 2^31 but found offset {offset} size {size}",
        )
    if offset % 8:
        raise FormatError(
            "invalid_data",
            path,
            f"expected an offset that is a multiple of 8 but found {offset}",
        )
    if offset < fixed:
        raise FormatError(
            "invalid_data",
            path,
            f"expected offset >= {fixed} (end of the fixed region) but found {offset}",
        )
    span = 16 if in_row and is_big_decimal(t) else pad8(size)
    if size > span:
        raise FormatError(
            "invalid_data", path, f"expected 1 to 16 decimal bytes but found {size}"
        )
    if offset + span > len(mv):
        raise FormatError(
            "invalid_data",
            path,
            f"expected offset+size <= {len(mv)} but found {offset + span}",
        )
    if offset != cursor:
        raise FormatError(
            "invalid_data",
            path,
            f"expected offset {cursor} (end of the previous value) but found {offset}",
        )
    _zero(mv, offset + size, offset + span, path, "padding")
    return _read_body(mv[offset : offset + size], t, path), offset + span


def _read_fixed(mv, at, w, t, path):
    kind = t["type"]
    fmt = _FMT[kind]
    width = struct.calcsize(fmt)
    _zero(mv, at + width, at + w, path, "unused slot bytes")
    v = struct.unpack_from(fmt, mv, at)[0]
    if kind == "bool":
        if v > 1:
            raise FormatError(
                "invalid_data", path, f"expected bool 0 or 1 but found {v}"
            )
        return bool(v)
    if kind == "time" and not 0 <= v < 86_400_000_000:
        raise FormatError(
            "invalid_data", path, f"expected 0 <= time < 86400000000 but found {v}"
        )
    if kind == "decimal" and abs(v) >= 10 ** t["precision"]:
        raise FormatError(
            "invalid_data",
            path,
            f"expected |unscaled| < 10^{t['precision']} but found {v}",
        )
    return v


def _read_body(body, t, path):
    kind = t["type"]
    if kind == "string":
        try:
            return bytes(body).decode("utf-8")
        except UnicodeDecodeError as e:
            raise FormatError(
                "invalid_data",
                path,
                f"expected UTF-8 but found byte {body[e.start]:#04x} at {e.start}",
            ) from None
    if kind == "binary":
        return bytes(body)
    if kind == "decimal":
        if not 1 <= len(body) <= 16:
            raise FormatError(
                "invalid_data",
                path,
                f"expected 1 to 16 decimal bytes but found {len(body)}",
            )
        v = int.from_bytes(body, "big", signed=True)
        if abs(v) >= 10 ** t["precision"]:
            raise FormatError(
                "invalid_data",
                path,
                f"expected |unscaled| < 10^{t['precision']} but found {v}",
            )
        return v
    if kind == "list":
        return read_array(t, body, path)
    if kind == "map":
        return read_map(t, body, path)
    return read_row(t, body, path)


def read_array(t, mv, path, top=False):
    if len(mv) < 8:
        _check_region(mv, 8, path, top, "array")
    n = _u64(mv, 0)
    et, w = t["element"], element_width(t["element"])
    if n >= LIMIT:
        raise FormatError(
            "invalid_data", path, f"expected array count < 2^31 but found {n}"
        )
    nb = bitmap_bytes(n)
    fixed = 8 + nb + pad8(n * w)
    if fixed > len(mv):
        kind = "truncated" if top else "invalid_data"
        raise FormatError(
            kind,
            path,
            f"expected array of count {n} to need {fixed} bytes <= size {len(mv)} but found more",
        )
    _check_region(mv, fixed, path, top, "array")
    _bitmap_tail(mv, 8, n, path)
    _zero(mv, 8 + nb + n * w, fixed, path, "element padding")
    out, cursor = [], fixed
    for i in range(n):
        is_null = mv[8 + i // 8] >> (i % 8) & 1
        v, cursor = _read_slot(
            mv,
            8 + nb + w * i,
            w,
            et,
            t["element_nullable"],
            is_null,
            cursor,
            fixed,
            f"{path}[{i}]",
            False,
        )
        out.append(v)
    if cursor != len(mv):
        raise FormatError(
            "invalid_data",
            path,
            f"expected array size {cursor} (end of last value) but found {len(mv)}",
        )
    return out


def read_map(t, mv, path):
    if len(mv) < 8:
        raise FormatError(
            "invalid_data",
            path,
            f"expected map of at least 8 bytes but found {len(mv)}",
        )
    k = _u64(mv, 0)
    if k % 8 or 8 + k > len(mv):
        raise FormatError(
            "invalid_data",
            path,
            f"expected key array size (multiple of 8) <= {len(mv) - 8} but found {k}",
        )
    keys = read_array(
        {"type": "list", "element": t["key"], "element_nullable": False},
        mv[8 : 8 + k],
        f"{path}{{keys}}",
    )
    values = read_array(
        {
            "type": "list",
            "element": t["value"],
            "element_nullable": t["value_nullable"],
        },
        mv[8 + k :],
        f"{path}{{values}}",
    )
    if len(keys) != len(values):
        raise FormatError(
            "invalid_data",
            path,
            f"expected {len(keys)} values (one per key) but found {len(values)}",
        )
    return list(zip(keys, values, strict=False))
