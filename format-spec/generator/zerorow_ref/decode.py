"""The reference reader: validates at level `full` (SPEC §6.3, rules in spec order) and
returns Python values. Any violation raises FormatError(kind, path, message)."""

import struct
import uuid

from . import variant
from .encode import bitmap_bytes
from .errors import FormatError
from .schema import describe
from .types import (
    ARRAY,
    BODY,
    FIXED,
    MAP,
    NONE,
    ROW,
    body_size,
    dispatch,
    element_width,
    null_reserve,
    pad8,
    storage_kind,
)
from .values import Interval

LIMIT = 1 << 31


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
    kind = storage_kind(t)
    if is_null:
        return _read_null(mv, raw, t, nullable, cursor, path, in_row)
    if kind == NONE:
        raise FormatError(
            "invalid_data",
            path,
            "expected the null bit set (a value of type null is always null) but found it clear",
        )
    if kind == FIXED:
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
    reserve = null_reserve(t) if in_row else None
    span = reserve[0] if reserve else pad8(size)
    if size > span:
        raise FormatError(
            "invalid_data",
            path,
            f"expected a body of at most {span} bytes for {describe(t)} but found {size}",
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


def _read_null(mv, raw, t, nullable, cursor, path, in_row):
    """A null slot or element (§6.3 rule 3.1): zero, or in a row the reference to the 16
    zero bytes a decimal p > 18 or an interval keeps."""
    if not nullable:
        raise FormatError(
            "invalid_data",
            path,
            "expected a value (field is not nullable) but found null",
        )
    reserve = null_reserve(t) if in_row else None
    if reserve is None:
        if raw:
            raise FormatError(
                "invalid_data",
                path,
                f"expected a zero slot for null but found {raw:#x}",
            )
        return None, cursor
    size, slot_size = reserve
    want = cursor << 32 | slot_size
    if raw != want:
        raise FormatError(
            "invalid_data",
            path,
            f"expected null {describe(t)} slot {want:#x} (reserve at cursor) but found {raw:#x}",
        )
    if cursor + size > len(mv):
        raise FormatError(
            "invalid_data",
            path,
            f"expected offset+size <= {len(mv)} but found {cursor + size}",
        )
    _zero(mv, cursor, cursor + size, path, f"null {t['type']} reserve")
    return None, cursor + size


def _read_fixed(mv, at, w, t, path):
    fmt, check = FIXED_READS[t["type"]]
    width = struct.calcsize(fmt)
    _zero(mv, at + width, at + w, path, "unused slot bytes")
    v = struct.unpack_from(fmt, mv, at)[0]
    return check(t, v, path) if check else v


def _bool(t, v, path):
    if v > 1:
        raise FormatError("invalid_data", path, f"expected bool 0 or 1 but found {v}")
    return bool(v)


def _time(t, v, path):
    if not 0 <= v < 86_400_000_000:
        raise FormatError(
            "invalid_data", path, f"expected 0 <= time < 86400000000 but found {v}"
        )
    return v


def _precision(t, v, path):
    if abs(v) >= 10 ** t["precision"]:
        raise FormatError(
            "invalid_data",
            path,
            f"expected |unscaled| < 10^{t['precision']} but found {v}",
        )
    return v


# (struct format, value check) of each fixed-width type (§3, §6.3 rule 3.2).
FIXED_READS = dispatch(
    "decode.fixed",
    [FIXED],
    {
        "bool": ("<B", _bool),
        "int8": ("<b", None),
        "int16": ("<h", None),
        "int32": ("<i", None),
        "date32": ("<i", None),
        "interval_ym": ("<i", None),
        "int64": ("<q", None),
        "time": ("<q", _time),
        "timestamp": ("<q", None),
        "duration": ("<q", None),
        "decimal": ("<q", _precision),
        "float32": ("<f", None),
        "float64": ("<d", None),
    },
)


def _read_body(body, t, path):
    kind = storage_kind(t)
    if kind == ARRAY:
        return read_array(t, body, path)
    if kind == MAP:
        return read_map(t, body, path)
    if kind == ROW:
        return read_row(t, body, path)
    want = body_size(t)
    if want is not None and len(body) != want:
        raise FormatError(
            "invalid_data",
            path,
            f"expected a body of {want} bytes for {describe(t)} but found {len(body)}",
        )
    return BODY_READS[t["type"]](body, t, path)


def _string(body, t, path):
    try:
        return bytes(body).decode("utf-8")
    except UnicodeDecodeError as e:
        raise FormatError(
            "invalid_data",
            path,
            f"expected UTF-8 but found byte {body[e.start]:#04x} at {e.start}",
        ) from None


def _big_decimal(body, t, path):
    if not 1 <= len(body) <= 16:
        raise FormatError(
            "invalid_data",
            path,
            f"expected 1 to 16 decimal bytes but found {len(body)}",
        )
    return _precision(t, int.from_bytes(body, "big", signed=True), path)


# The value of each type stored as a body (§3, §6.3 rule 3.3 g); sizes checked above.
BODY_READS = dispatch(
    "decode.body",
    [BODY],
    {
        "string": _string,
        "binary": lambda body, t, path: bytes(body),
        "fixed_binary": lambda body, t, path: bytes(body),
        "uuid": lambda body, t, path: uuid.UUID(bytes=bytes(body)),
        "interval": lambda body, t, path: Interval(*struct.unpack("<iiq", body)),
        "decimal": _big_decimal,
        "variant": lambda body, t, path: variant.check(variant.split(body, path), path),
    },
)


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
