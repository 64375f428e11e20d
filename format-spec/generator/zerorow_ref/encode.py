"""The reference writer (SPEC §2–§3): Python values -> canonical bytes + annotations.

Every encode_* function returns (bytes, notes) for one self-contained region; notes are
(offset, length, meaning) relative to that region, and a parent shifts them when it
places the region as a body. Values are the Python forms of values.py.
"""

import math
import struct

from .schema import FormatError, describe, element_width, is_big_decimal, is_fixed

MAX_OFFSET = (1 << 31) - 1
_FMT = {
    "bool": "<?",
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


def pad8(n):
    return (n + 7) & ~7


def bitmap_bytes(n):
    return ((n + 63) // 64) * 8


def fixed_bytes(t, v, width):
    """A fixed-width value in `width` bytes, low bytes first, the rest zero (SPEC §3)."""
    kind = t["type"]
    if kind in ("float32", "float64") and math.isnan(v):
        v = math.nan  # canonical quiet NaN (SPEC §2.6)
    raw = struct.pack(_FMT[kind], v)
    return raw + bytes(width - len(raw))


def big_decimal_bytes(v):
    """Minimal big-endian two's complement, as Java's BigInteger.toByteArray()."""
    n = (v if v >= 0 else ~v).bit_length() // 8 + 1
    return v.to_bytes(n, "big", signed=True)


def show(t, v):
    kind = t["type"]
    if kind in ("string",):
        return repr(v) if len(v) <= 40 else repr(v[:37]) + "..."
    if kind == "binary":
        return "0x" + (v.hex() if len(v) <= 20 else v[:20].hex() + "...")
    if kind == "decimal":
        from .values import to_json

        return to_json(t, v)
    if kind in ("float32", "float64"):
        from .values import to_json

        return str(to_json(t, v))
    return str(v).lower() if kind == "bool" else str(v)


def encode_row(t, value, path=""):
    fields = t["fields"]
    n = len(fields)
    nb = bitmap_bytes(n)
    buf = bytearray(nb + 8 * n)
    notes, nulls = [], []
    for i, f in enumerate(fields):
        fpath = f"{path}.{f['name']}" if path else f["name"]
        slot = nb + 8 * i
        v = value[f["name"]]
        label = f"slot {i} {fpath}: {describe(f['type'])}"
        if v is None:
            if not f["nullable"]:
                raise FormatError(
                    "invalid_data",
                    fpath,
                    "expected a value for a non-nullable field but found null",
                )
            nulls.append(i)
            if is_big_decimal(f["type"]):
                reserve = _append(buf, bytes(16), fpath)
                buf[slot : slot + 8] = struct.pack("<Q", reserve << 32)
                notes.append(
                    (
                        slot,
                        8,
                        f"{label} null, reference to its 16-byte reserve at {reserve:#x}",
                    )
                )
                notes.append(
                    (reserve, 16, f"reserve of {fpath}: null decimal, 16 zero bytes")
                )
            else:
                notes.append((slot, 8, f"{label} null"))
        elif is_fixed(f["type"]):
            buf[slot : slot + 8] = fixed_bytes(f["type"], v, 8)
            notes.append((slot, 8, f"{label} = {show(f['type'], v)}"))
        elif is_big_decimal(f["type"]):
            raw = big_decimal_bytes(v)
            offset = _append(buf, raw + bytes(16 - len(raw)), fpath)
            buf[slot : slot + 8] = struct.pack("<Q", offset << 32 | len(raw))
            notes.append(
                (slot, 8, f"{label} reference offset {offset:#x} size {len(raw)}")
            )
            notes.append(
                (
                    offset,
                    16,
                    f"body of {fpath}: {show(f['type'], v)} as {len(raw)} big-endian bytes in a 16-byte reserve",
                )
            )
        else:
            _put_body(buf, notes, slot, 8, f["type"], v, fpath, label)
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


def encode_array(t, values, path=""):
    et, w = t["element"], element_width(t["element"])
    n = len(values)
    nb = bitmap_bytes(n)
    start = 8 + nb
    buf = bytearray(start + pad8(n * w))
    buf[0:8] = struct.pack("<Q", n)
    notes, nulls = (
        [
            (
                0,
                8,
                f"count of {path or 'array'}: {n} x {describe(et)} ({w}-byte elements)",
            )
        ],
        [],
    )
    for i, v in enumerate(values):
        epath, at = f"{path}[{i}]", start + w * i
        label = f"element {epath}"
        if v is None:
            if not t["element_nullable"]:
                raise FormatError(
                    "invalid_data",
                    epath,
                    "expected a value for a non-nullable element but found null",
                )
            nulls.append(i)
            notes.append((at, w, f"{label} null"))
        elif is_fixed(et):
            buf[at : at + w] = fixed_bytes(et, v, w)
            notes.append((at, w, f"{label} = {show(et, v)}"))
        elif is_big_decimal(et):
            raw = big_decimal_bytes(v)
            offset = _append(buf, raw + bytes(pad8(len(raw)) - len(raw)), epath)
            buf[at : at + 8] = struct.pack("<Q", offset << 32 | len(raw))
            notes.append(
                (at, 8, f"{label} reference offset {offset:#x} size {len(raw)}")
            )
            notes.append(
                (
                    offset,
                    pad8(len(raw)),
                    f"body of {epath}: {show(et, v)} as {len(raw)} big-endian bytes",
                )
            )
        else:
            _put_body(buf, notes, at, w, et, v, epath, label)
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


def encode_body(t, v, path):
    kind = t["type"]
    if kind == "string":
        return v.encode("utf-8"), None
    if kind == "binary":
        return bytes(v), None
    if kind == "list":
        return encode_array(t, v, path)
    if kind == "map":
        return encode_map(t, v, path)
    return encode_row(t, v, path)


def _put_body(buf, notes, at, w, t, v, path, label):
    body, inner = encode_body(t, v, path)
    offset = _append(buf, body + bytes(pad8(len(body)) - len(body)), path)
    buf[at : at + w] = struct.pack("<Q", offset << 32 | len(body))
    notes.append((at, w, f"{label} reference offset {offset:#x} size {len(body)}"))
    if inner is None:
        padding = pad8(len(body)) - len(body)
        notes.append(
            (
                offset,
                max(pad8(len(body)), 0),
                f"body of {path}: {describe(t)} {show(t, v)}"
                + (f" + {padding} zero padding" if padding else ""),
            )
        )
    else:
        notes += [(o + offset, n, m) for o, n, m in inner]


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
