"""The reference writer (SPEC §2–§3): Python values -> canonical bytes + annotations.

Every encode_* function returns (bytes, notes) for one self-contained region; notes are
(offset, length, meaning) relative to that region, and a parent shifts them when it
places the region as a body. Values are the Python forms of values.py. Slots and
elements are written by storage kind (types.py); the per-type parts are the tables below.
"""

import math
import struct

from . import variant
from .errors import FormatError
from .schema import describe
from .types import (
    ARRAY,
    BODY,
    FIXED,
    MAP,
    NONE,
    ROW,
    dispatch,
    element_width,
    null_reserve,
    pad8,
    row_body_span,
    storage_kind,
)
from .values import check_size, decimal_text, to_json

MAX_OFFSET = (1 << 31) - 1

# struct formats of the fixed-width types (§3): the low bytes of a slot / an element.
FIXED_FORMATS = dispatch(
    "encode.fixed_formats",
    [FIXED],
    {
        "bool": "<?",
        "int8": "<b",
        "int16": "<h",
        "int32": "<i",
        "date32": "<i",
        "interval_ym": "<i",
        "int64": "<q",
        "time": "<q",
        "timestamp": "<q",
        "duration": "<q",
        "decimal": "<q",
        "float32": "<f",
        "float64": "<d",
    },
)


def bitmap_bytes(n):
    return ((n + 63) // 64) * 8


def fixed_bytes(t, v, width):
    """A fixed-width value in `width` bytes, low bytes first, the rest zero (SPEC §3)."""
    kind = t["type"]
    if kind in ("float32", "float64") and math.isnan(v):
        v = math.nan  # canonical quiet NaN (SPEC §2.6)
    raw = struct.pack(FIXED_FORMATS[kind], v)
    return raw + bytes(width - len(raw))


def big_decimal_bytes(v):
    """Minimal big-endian two's complement, as Java's BigInteger.toByteArray()."""
    n = (v if v >= 0 else ~v).bit_length() // 8 + 1
    return v.to_bytes(n, "big", signed=True)


# ---- bodies ------------------------------------------------------------------------------


def _fixed_binary(t, v, path):
    return check_size(t, bytes(v), path)


BODY_ENCODERS = dispatch(
    "encode.body",
    [BODY],
    {
        "string": lambda t, v, path: v.encode("utf-8"),
        "binary": lambda t, v, path: bytes(v),
        "fixed_binary": _fixed_binary,
        "uuid": lambda t, v, path: v.bytes,  # RFC 9562 byte order (§3.8)
        "interval": lambda t, v, path: struct.pack("<iiq", *v),
        "decimal": lambda t, v, path: big_decimal_bytes(v),
        "variant": lambda t, v, path: variant.body(v),
    },
)


def _short(text, limit=40):
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _show_float(t, v):
    return str(to_json(t, v))


SHOW = dispatch(
    "encode.show",
    [FIXED, BODY, NONE],
    {
        "null": lambda t, v: "null",
        "bool": lambda t, v: str(v).lower(),
        **dict.fromkeys(
            [
                "int8",
                "int16",
                "int32",
                "int64",
                "date32",
                "time",
                "timestamp",
                "duration",
            ],
            lambda t, v: str(v),
        ),
        "interval_ym": lambda t, v: f"{v} months",
        "float32": _show_float,
        "float64": _show_float,
        "decimal": decimal_text,
        "string": lambda t, v: repr(v) if len(v) <= 40 else repr(v[:37]) + "...",
        "binary": lambda t, v: (
            "0x" + (v.hex() if len(v) <= 20 else v[:20].hex() + "...")
        ),
        "fixed_binary": lambda t, v: (
            "0x" + (v.hex() if len(v) <= 20 else v[:20].hex() + "...")
        ),
        "uuid": lambda t, v: str(v),
        "interval": lambda t, v: (
            f"{v.months} months, {v.days} days, {v.microseconds} µs"
        ),
        "variant": lambda t, v: _short(variant.to_json(v)),
    },
)


def show(t, v):
    return SHOW[t["type"]](t, v)


def _body_notes(t, v, body, span, path, in_row):
    """Notes of a leaf body (kind BODY) placed at offset 0, `span` bytes with padding."""
    kind = t["type"]
    if kind == "variant":
        notes = variant.notes(v)
        if span > len(body):
            notes.append(
                (
                    len(body),
                    span - len(body),
                    f"padding of {path}: {span - len(body)} zero bytes",
                )
            )
        return [
            (o, n, m if m.startswith("padding") else f"{path} {m}")
            if o
            else (o, n, f"body of {path}: {m}")
            for o, n, m in notes
        ]
    if kind == "decimal":
        where = " in a 16-byte reserve" if in_row else ""
        what = f"{show(t, v)} as {len(body)} big-endian bytes{where}"
        return [(0, span, f"body of {path}: {what}")]
    padding = span - len(body)
    text = f"body of {path}: {describe(t)} {show(t, v)}"
    return [(0, span, text + (f" + {padding} zero padding" if padding else ""))]


def encode_body(t, v, path, in_row=False):
    """(bytes of the body, padded; notes; the reference's size) for a value stored by
    reference."""
    kind = storage_kind(t)
    if kind in NESTED:
        data, notes = NESTED[kind](t, v, path)
        return data, notes, len(data)
    body = BODY_ENCODERS[t["type"]](t, v, path)
    span = row_body_span(t, len(body)) if in_row else pad8(len(body))
    return (
        body + bytes(span - len(body)),
        _body_notes(t, v, body, span, path, in_row),
        len(body),
    )


# ---- rows, arrays, maps -------------------------------------------------------------------


def encode_row(t, value, path=""):
    fields = t["fields"]
    n = len(fields)
    nb = bitmap_bytes(n)
    buf = bytearray(nb + 8 * n)
    notes, nulls = [], []
    for i, f in enumerate(fields):
        fpath = f"{path}.{f['name']}" if path else f["name"]
        slot = nb + 8 * i
        label = f"slot {i} {fpath}: {describe(f['type'])}"
        v = value[f["name"]]
        if v is None or storage_kind(f["type"]) == NONE:
            _null(f["type"], v, f["nullable"], fpath, "field")
            nulls.append(i)
            _null_slot(buf, notes, slot, f["type"], fpath, label)
        else:
            _put(buf, notes, slot, 8, f["type"], v, fpath, label, in_row=True)
    for i in nulls:
        buf[i // 8] |= 1 << (i % 8)
    if nb:
        notes.append(
            (
                0,
                nb,
                "null bitmap: " + (f"null ordinals {nulls}" if nulls else "no nulls"),
            )
        )
    return bytes(buf), notes


def _null(t, v, nullable, path, what):
    if v is not None:
        raise FormatError(
            "schema_mismatch",
            path,
            f"a {what} of type null holds no value, found {v!r}",
        )
    if not nullable:
        raise FormatError(
            "invalid_data",
            path,
            f"expected a value for a non-nullable {what} but found null",
        )


def _null_slot(buf, notes, slot, t, path, label):
    """A null field: slot 0, or a reference to the 16 zero bytes it keeps (§3.5, §3.7)."""
    reserve = null_reserve(t)
    if reserve is None:
        notes.append((slot, 8, f"{label} null"))
        return
    size, slot_size = reserve
    at = _append(buf, bytes(size), path)
    buf[slot : slot + 8] = struct.pack("<Q", at << 32 | slot_size)
    what = "decimal" if t["type"] == "decimal" else t["type"]
    tail = f" size {slot_size}" if slot_size else ""
    notes.append(
        (slot, 8, f"{label} null, reference to its 16-byte reserve at {at:#x}{tail}")
    )
    notes.append((at, size, f"reserve of {path}: null {what}, 16 zero bytes"))


def _put(buf, notes, at, w, t, v, path, label, in_row):
    """A non-null value in its slot (w = 8) or element (natural width w)."""
    if storage_kind(t) == FIXED:
        buf[at : at + w] = fixed_bytes(t, v, w)
        notes.append((at, w, f"{label} = {show(t, v)}"))
        return
    body, inner, size = encode_body(t, v, path, in_row)
    offset = _append(buf, body, path)
    buf[at : at + w] = struct.pack("<Q", offset << 32 | size)
    notes.append((at, w, f"{label} reference offset {offset:#x} size {size}"))
    notes += [(o + offset, n, m) for o, n, m in inner]


def encode_array(t, values, path=""):
    et, w = t["element"], element_width(t["element"])
    n = len(values)
    nb = bitmap_bytes(n)
    start = 8 + nb
    buf = bytearray(start + pad8(n * w))
    buf[0:8] = struct.pack("<Q", n)
    notes = [
        (0, 8, f"count of {path or 'array'}: {n} x {describe(et)} ({w}-byte elements)")
    ]
    nulls = []
    for i, v in enumerate(values):
        epath, at = f"{path}[{i}]", start + w * i
        label = f"element {epath}"
        if v is None or storage_kind(et) == NONE:
            _null(et, v, t["element_nullable"], epath, "element")
            nulls.append(i)
            notes.append((at, w, f"{label} null"))
        else:
            _put(buf, notes, at, w, et, v, epath, label, in_row=False)
    for i in nulls:
        buf[8 + i // 8] |= 1 << (i % 8)
    if nb:
        notes.append(
            (
                8,
                nb,
                "null bitmap: " + (f"null elements {nulls}" if nulls else "no nulls"),
            )
        )
    if pad8(n * w) != n * w:
        notes.append((start + n * w, pad8(n * w) - n * w, "element padding"))
    return bytes(buf), notes


def encode_map(t, entries, path=""):
    ktype = {"type": "list", "element": t["key"], "element_nullable": False}
    vtype = {
        "type": "list",
        "element": t["value"],
        "element_nullable": t["value_nullable"],
    }
    kbuf, knotes = encode_array(ktype, [k for k, _ in entries], f"{path}{{keys}}")
    vbuf, vnotes = encode_array(vtype, [v for _, v in entries], f"{path}{{values}}")
    notes = [(0, 8, f"key array size of {path or 'map'}: {len(kbuf)} bytes")]
    notes += [(o + 8, n, m) for o, n, m in knotes]
    notes += [(o + 8 + len(kbuf), n, m) for o, n, m in vnotes]
    return struct.pack("<Q", len(kbuf)) + kbuf + vbuf, notes


NESTED = {ARRAY: encode_array, MAP: encode_map, ROW: encode_row}


def _append(buf, data, path):
    offset = len(buf)
    if offset + len(data) > MAX_OFFSET:
        raise FormatError(
            "invalid_data",
            path,
            f"expected a row of at most {MAX_OFFSET} bytes but found {offset + len(data)}",
        )
    buf += data
    return offset


def annotate(data, notes):
    """row.annotated.txt: one line per item, `offset | hex | meaning` (SPEC §10)."""
    lines = []
    for offset, length, meaning in sorted(
        notes, key=lambda n: (n[0], -n[1] if n[1] else 0)
    ):
        chunk = data[offset : offset + length]
        first = True
        for k in range(0, max(len(chunk), 1), 8):
            part = chunk[k : k + 8]
            lines.append(
                f"{offset + k:#06x} | {part.hex(' '):<23} | {meaning if first else '(continued)'}"
            )
            first = False
    lines.append(f"{len(data):#06x} | {'':<23} | end of row ({len(data)} bytes)")
    return "\n".join(lines) + "\n"
