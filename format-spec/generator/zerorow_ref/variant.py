"""Variant (SPEC §3.9): the Parquet Variant binary encoding (metadata + value), its rules,
the canonical builder from Python values and from JSON text, JSON text and Python values
out, and notes for row.annotated.txt.

A variant is read into a tree of nodes, checking every rule of §3.9 on the way:
(tag, payload) with tag one of the primitive names of PRIMITIVES, "string" (short or
long), "object" ([(key, node)] in stored order) or "array" ([node]).
"""

import base64
import datetime
import decimal
import json
import math
import struct
import sys
import uuid
from collections import namedtuple

from . import jsontext
from .errors import FormatError

# Objects and arrays nest up to 1,000 levels (SPEC §7); reading and building recurse.
sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))

MAX_DEPTH = 1000
PRIMITIVE, SHORT_STRING, OBJECT, ARRAY = range(4)
# Primitive type id -> (name, size of the data after the header byte; None: u32 length).
PRIMITIVES = {
    0: ("null", 0),
    1: ("true", 0),
    2: ("false", 0),
    3: ("int8", 1),
    4: ("int16", 2),
    5: ("int32", 4),
    6: ("int64", 8),
    7: ("double", 8),
    8: ("decimal4", 5),
    9: ("decimal8", 9),
    10: ("decimal16", 17),
    11: ("date", 4),
    12: ("timestamp", 8),
    13: ("timestamp_ntz", 8),
    14: ("float", 4),
    15: ("binary", None),
    16: ("string", None),
    17: ("time_ntz", 8),
    18: ("timestamp_nanos", 8),
    19: ("timestamp_ntz_nanos", 8),
    20: ("uuid", 16),
}
IDS = {name: i for i, (name, _) in PRIMITIVES.items()}
_INT_FORMATS = {"int8": "<b", "int16": "<h", "int32": "<i", "int64": "<q"}
_DECIMAL_LIMITS = {"decimal4": 10**9, "decimal8": 10**18, "decimal16": 10**38}
_DAY_US = 86_400_000_000
_EXACT = decimal.Context(prec=100)


class Variant(namedtuple("Variant", "metadata value")):
    """A variant value: its two byte strings."""

    def to_json(self):
        return to_json(self)

    def to_python(self):
        return to_python(self)


class Float32(float):
    """A Python float that the builder writes as a variant `float` (id 14), not a double."""


# ---- reading ---------------------------------------------------------------------------


def split(body, path):
    """The zerorow body of a variant (u32 V, value, metadata) -> Variant, rule 1 of §3.9."""
    size = len(body)
    if size < 4:
        raise FormatError(
            "invalid_data",
            path,
            f"expected a variant of at least 4 bytes but found {size}",
        )
    v = struct.unpack_from("<I", body, 0)[0]
    if v < 1 or 4 + v > size:
        raise FormatError(
            "invalid_data",
            path,
            f"expected a variant value size 1 <= V <= {size - 4} but found {v}",
        )
    if size - 4 - v < 3:
        raise FormatError(
            "invalid_data",
            path,
            f"expected variant metadata of at least 3 bytes but found {size - 4 - v}",
        )
    return Variant(bytes(body[4 + v :]), bytes(body[4 : 4 + v]))


def body(var):
    """The zerorow body of a variant: u32 V, value, metadata (§3.9)."""
    return struct.pack("<I", len(var.value)) + var.value + var.metadata


def read(var, path):
    """The node tree of a variant, checking rules 2 and 3 of §3.9 (invalid_data at path)."""
    keys = read_metadata(var.metadata, path)
    node, _ = _read_value(var.value, 0, len(var.value), keys, 0, path)
    return node


def check(var, path):
    read(var, path)
    return var


def read_metadata(m, path):
    """The dictionary of a metadata byte string (rule 2)."""

    def bad(why):
        return FormatError("invalid_data", path, f"variant metadata: {why}")

    if len(m) < 3:
        raise bad(f"expected at least 3 bytes but found {len(m)}")
    header = m[0]
    if header & 0x0F != 1:
        raise bad(f"expected version 1 but found {header & 0x0F}")
    if header & 0x20:
        raise bad(f"expected header bit 5 to be 0 but found header {header:#04x}")
    size = (header >> 6) + 1
    if 1 + 2 * size > len(m):
        raise bad(
            f"expected {1 + 2 * size} bytes for the dictionary size but found {len(m)}"
        )
    n = _uint(m, 1, size)
    start = 1 + size * (n + 2)
    if start > len(m):
        raise bad(
            f"expected {n + 1} offsets to need {start} <= {len(m)} bytes but found more"
        )
    offsets = [_uint(m, 1 + size * (i + 1), size) for i in range(n + 1)]
    if offsets[0] != 0:
        raise bad(f"expected the first dictionary offset 0 but found {offsets[0]}")
    keys, raw_keys = [], []
    for i in range(n):
        a, b = offsets[i], offsets[i + 1]
        if b < a:
            raise bad(
                f"expected non-decreasing offsets but offset {i + 1} is {b} < {a}"
            )
        if start + b > len(m):
            raise bad(f"expected offset {i + 1} <= {len(m) - start} but found {b}")
        raw = bytes(m[start + a : start + b])
        keys.append(_utf8(raw, path, f"variant metadata key {i}"))
        raw_keys.append(raw)
    if header & 0x10:
        for i in range(1, n):
            if raw_keys[i] <= raw_keys[i - 1]:
                raise bad(
                    f"sorted_strings is set but key {i} {keys[i]!r} does not follow "
                    f"{keys[i - 1]!r}"
                )
    return keys


def _read_value(v, at, end, keys, depth, path):
    """(node, end offset) of the value at `at`, which must lie within [at, end)."""

    def bad(why):
        return FormatError("invalid_data", path, f"variant value at byte {at}: {why}")

    if at >= end:
        raise bad(f"expected a value header before byte {end} but the value is empty")
    header = v[at]
    basic, head = header & 3, header >> 2
    if basic == SHORT_STRING:
        stop = at + 1 + head
        if stop > end:
            raise bad(
                f"expected a {head}-byte short string to end by {end} but it ends at {stop}"
            )
        return ("string", _utf8(bytes(v[at + 1 : stop]), path, "variant string")), stop
    if basic in (OBJECT, ARRAY):
        if depth + 1 > MAX_DEPTH:
            raise bad(
                f"expected at most {MAX_DEPTH} levels of objects and arrays but found more"
            )
        return _read_nested(v, at, end, keys, depth, path, basic, head)
    if head not in PRIMITIVES:
        raise bad(f"expected a primitive type id 0 to 20 but found {head}")
    name, size = PRIMITIVES[head]
    data = at + 1
    if size is None:
        if data + 4 > end:
            raise bad(f"expected a 4-byte {name} length before byte {end}")
        size = 4 + struct.unpack_from("<I", v, data)[0]
    if data + size > end:
        raise bad(
            f"expected {name} data to end by byte {end} but it ends at {data + size}"
        )
    return _primitive(name, bytes(v[data : data + size]), bad, path), data + size


def _primitive(name, d, bad, path):
    if name in ("null", "true", "false"):
        return ("null", None) if name == "null" else ("boolean", name == "true")
    if name in _INT_FORMATS:
        return (name, struct.unpack(_INT_FORMATS[name], d)[0])
    if name == "double":
        return (name, struct.unpack("<d", d)[0])
    if name == "float":
        return (name, struct.unpack("<f", d)[0])
    if name in _DECIMAL_LIMITS:
        scale, unscaled = d[0], int.from_bytes(d[1:], "little", signed=True)
        if scale > 38:
            raise bad(f"expected a decimal scale <= 38 but found {scale}")
        if abs(unscaled) >= _DECIMAL_LIMITS[name]:
            raise bad(
                f"expected a {name} unscaled value below {_DECIMAL_LIMITS[name]} in absolute "
                f"value but found {unscaled}"
            )
        return ("decimal", (unscaled, scale, name))
    if name == "date":
        return (name, struct.unpack("<i", d)[0])
    if name == "time_ntz":
        t = struct.unpack("<q", d)[0]
        if not 0 <= t < _DAY_US:
            raise bad(f"expected 0 <= time_ntz < {_DAY_US} but found {t}")
        return (name, t)
    if name.startswith("timestamp"):
        return (name, struct.unpack("<q", d)[0])
    if name == "binary":
        return (name, d[4:])
    if name == "string":
        return (name, _utf8(d[4:], path, "variant string"))
    return (name, uuid.UUID(bytes=d))


def _read_nested(v, at, end, keys, depth, path, basic, head):
    def bad(why):
        return FormatError("invalid_data", path, f"variant value at byte {at}: {why}")

    what = "object" if basic == OBJECT else "array"
    offset_size = (head & 3) + 1
    id_size = ((head >> 2) & 3) + 1 if basic == OBJECT else 0
    large = head >> (4 if basic == OBJECT else 2) & 1
    count_size = 4 if large else 1
    if at + 1 + count_size > end:
        raise bad(f"expected the {what}'s element count before byte {end}")
    n = _uint(v, at + 1, count_size)
    ids_at = at + 1 + count_size
    offsets_at = ids_at + n * id_size
    data = offsets_at + (n + 1) * offset_size
    if data > end:
        raise bad(
            f"expected the {what}'s {n} elements to need {data} <= {end} bytes but found more"
        )
    offsets = [
        _uint(v, offsets_at + i * offset_size, offset_size) for i in range(n + 1)
    ]
    stop = data + offsets[n]
    if stop > end:
        raise bad(
            f"expected the {what}'s last offset to end by byte {end} but it ends at {stop}"
        )
    items, previous = [], None
    for i in range(n):
        if offsets[i] >= offsets[n]:
            raise bad(
                f"expected element {i}'s offset below {offsets[n]} but found {offsets[i]}"
            )
        node, _ = _read_value(v, data + offsets[i], stop, keys, depth + 1, path)
        if basic == ARRAY:
            items.append(node)
            continue
        field_id = _uint(v, ids_at + i * id_size, id_size)
        if field_id >= len(keys):
            raise bad(
                f"expected field id < {len(keys)} (the dictionary size) but found {field_id}"
            )
        key = keys[field_id].encode("utf-8")
        if previous is not None and key <= previous:
            raise bad(
                f"expected keys in increasing byte order without repeats but "
                f"{keys[field_id]!r} follows {previous.decode('utf-8')!r}"
            )
        previous = key
        items.append((keys[field_id], node))
    return (what, items), stop


def _uint(b, at, size):
    return int.from_bytes(b[at : at + size], "little")


def _utf8(raw, path, what):
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise FormatError(
            "invalid_data",
            path,
            f"{what}: expected UTF-8 but found byte {raw[e.start]:#04x}",
        ) from None


def type_name(var):
    """The type of the top-level value: a primitive name of §3.9, "string", "object" or
    "array"."""
    return read(var, "")[0]


# ---- JSON text and Python values out -----------------------------------------------------


def to_json(var, path=""):
    """The JSON text of a variant (§3.9)."""
    return _json(read(var, path))


def _json(node):
    tag, p = node
    if tag == "object":
        return "{" + ",".join(f"{jsontext.string(k)}:{_json(e)}" for k, e in p) + "}"
    if tag == "array":
        return "[" + ",".join(_json(e) for e in p) + "]"
    if tag == "null":
        return "null"
    if tag == "boolean":
        return "true" if p else "false"
    if tag in _INT_FORMATS:
        return str(p)
    if tag in ("double", "float"):
        if math.isnan(p):
            return '"NaN"'
        if math.isinf(p):
            return '"Infinity"' if p > 0 else '"-Infinity"'
        return jsontext.number(p, single=tag == "float")
    if tag == "decimal":
        return decimal_text(p[0], p[1])
    if tag == "date":
        return f'"{date_text(p)}"'
    if tag == "time_ntz":
        return f'"{time_text(p)}"'
    if tag.startswith("timestamp"):
        return f'"{timestamp_text(p, tag)}"'
    if tag == "binary":
        return f'"{base64.b64encode(p).decode("ascii")}"'
    if tag == "string":
        return jsontext.string(p)
    return f'"{p}"'  # uuid: lowercase text


def decimal_text(unscaled, scale):
    """Plain digits with exactly `scale` fraction digits: 150, 2 -> 1.50."""
    digits = str(abs(unscaled)).rjust(scale + 1, "0")
    text = digits if scale == 0 else f"{digits[:-scale]}.{digits[-scale:]}"
    return ("-" if unscaled < 0 else "") + text


def _civil(days):
    """(year, month, day) of a day count since 1970-01-01, proleptic Gregorian, any year."""
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return yoe + era * 400 + (m <= 2), m, d


def _year(y):
    """ISO 8601 years as Java's LocalDate writes them: 0000-9999 as four digits, others
    with a sign and at least four digits."""
    if 0 <= y <= 9999:
        return f"{y:04d}"
    return ("+" if y > 0 else "-") + f"{abs(y):04d}"


def date_text(days):
    y, m, d = _civil(days)
    return f"{_year(y)}-{m:02d}-{d:02d}"


def time_text(us):
    s, frac = divmod(us, 1_000_000)
    return f"{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}.{frac:06d}"


def timestamp_text(v, tag):
    """Six fraction digits (nine for the nanosecond types), `Z` when adjusted to UTC."""
    unit = 1_000_000_000 if tag.endswith("nanos") else 1_000_000
    days, rest = divmod(v, 86_400 * unit)
    s, frac = divmod(rest, unit)
    digits = 9 if unit == 1_000_000_000 else 6
    zone = "" if "ntz" in tag else "Z"
    clock = f"{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}.{frac:0{digits}d}"
    return f"{date_text(days)}T{clock}{zone}"


def to_python(var, path=""):
    """dict, list, str, int, float, Decimal, bool, None, date, time, datetime (aware in
    UTC when zoned), bytes, UUID (§3.9); nanoseconds floored to µs (Appendix A rule 6)."""
    return _python(read(var, path), path)


def _python(node, path):
    tag, p = node
    if tag == "object":
        return {k: _python(e, path) for k, e in p}
    if tag == "array":
        return [_python(e, path) for e in p]
    if tag == "decimal":
        return decimal.Decimal(p[0]).scaleb(-p[1], context=_EXACT)
    try:
        if tag == "date":
            return datetime.date(1970, 1, 1) + datetime.timedelta(days=p)
        if tag == "time_ntz":
            return (datetime.datetime.min + datetime.timedelta(microseconds=p)).time()
        if tag.startswith("timestamp"):
            us = p // 1000 if tag.endswith("nanos") else p
            naive = datetime.datetime(1970, 1, 1) + datetime.timedelta(microseconds=us)
            return naive if "ntz" in tag else naive.replace(tzinfo=datetime.UTC)
    except OverflowError:
        raise FormatError(
            "unsupported", path, f"variant {tag} {p} is outside Python's datetime range"
        ) from None
    return p


# ---- the canonical builder -----------------------------------------------------------------


def from_python(obj, path=""):
    """The canonical variant of a Python value (§3.9)."""
    keys = sorted(_keys(obj, path, 0), key=lambda k: k.encode("utf-8"))
    ids = {k: i for i, k in enumerate(keys)}
    return Variant(_metadata(keys), _value(obj, ids, path))


def from_json_text(text, path=""):
    """The canonical variant of JSON text, numbers typed as Spark's parse_json (§3.9)."""

    def pairs(items):
        seen = set()
        for k, _ in items:
            if k in seen:
                raise FormatError(
                    "invalid_data", path, f"duplicate key {k!r} in JSON text"
                )
            seen.add(k)
        return dict(items)

    def constant(name):
        raise FormatError("invalid_data", path, f"{name} is not JSON")

    try:
        obj = json.loads(
            text,
            object_pairs_hook=pairs,
            parse_int=_json_integer,
            parse_float=_json_fraction,
            parse_constant=constant,
        )
    except ValueError as e:
        raise FormatError("invalid_data", path, f"not JSON text: {e}") from None
    return from_python(obj, path)


def _json_integer(text):
    """No fraction or exponent: an integer when it fits 38 digits (the builder picks
    int8 ... int64, else decimal16), else a double."""
    return int(text) if len(text.lstrip("-")) <= 38 else float(text)


def _json_fraction(text):
    """With an exponent a double; with a fraction the decimal of its digits when it holds
    them (precision <= 38), else a double."""
    if "e" in text or "E" in text:
        return float(text)
    d = decimal.Decimal(text)
    return d if _precision(d) <= 38 else float(text)


def _precision(d):
    """Digits a decimal type needs for d: max(digits of the unscaled value, scale)."""
    _, digits, exp = d.as_tuple()
    scale = max(-exp, 0)
    unscaled = abs(int(d.scaleb(scale, context=_EXACT)))
    return max(len(str(unscaled)), scale)


def _keys(obj, path, depth):
    if isinstance(obj, dict | list | tuple) and depth + 1 > MAX_DEPTH:
        raise FormatError(
            "invalid_data",
            path,
            f"expected at most {MAX_DEPTH} levels of objects and arrays",
        )
    out = set()
    if isinstance(obj, dict):
        for k, e in obj.items():
            if not isinstance(k, str):
                raise FormatError(
                    "schema_mismatch",
                    path,
                    f"variant object keys are strings, found {k!r}",
                )
            out.add(k)
            out |= _keys(e, path, depth + 1)
    elif isinstance(obj, list | tuple):
        for e in obj:
            out |= _keys(e, path, depth + 1)
    return out


def _size(n):
    """The fewest bytes (1 to 4) of an unsigned little-endian integer that holds n."""
    return 1 if n <= 0xFF else 2 if n <= 0xFFFF else 3 if n <= 0xFFFFFF else 4


def _metadata(keys):
    raw = [k.encode("utf-8") for k in keys]
    offsets = [0]
    for r in raw:
        offsets.append(offsets[-1] + len(r))
    size = _size(max(len(keys), offsets[-1]))
    header = 0x01 | 0x10 | (size - 1) << 6  # version 1, sorted_strings
    out = bytes([header]) + len(keys).to_bytes(size, "little")
    out += b"".join(o.to_bytes(size, "little") for o in offsets)
    return out + b"".join(raw)


def _head(type_id):
    return bytes([type_id << 2 | PRIMITIVE])


def _value(obj, ids, path):
    if obj is None:
        return _head(0)
    if obj is True or obj is False:
        return _head(1 if obj else 2)
    if isinstance(obj, int):
        return _integer(obj, path)
    if isinstance(obj, Float32):
        return _head(14) + struct.pack("<f", math.nan if math.isnan(obj) else obj)
    if isinstance(obj, float):
        return _head(7) + struct.pack("<d", math.nan if math.isnan(obj) else obj)
    if isinstance(obj, decimal.Decimal):
        return _decimal(obj, path)
    if isinstance(obj, str):
        raw = obj.encode("utf-8")
        if len(raw) <= 63:
            return bytes([len(raw) << 2 | SHORT_STRING]) + raw
        return _head(16) + struct.pack("<I", len(raw)) + raw
    if isinstance(obj, bytes | bytearray):
        return _head(15) + struct.pack("<I", len(obj)) + bytes(obj)
    if isinstance(obj, uuid.UUID):
        return _head(20) + obj.bytes
    if isinstance(obj, datetime.datetime):
        return _timestamp(obj)
    if isinstance(obj, datetime.date):
        return _head(11) + struct.pack("<i", (obj - datetime.date(1970, 1, 1)).days)
    if isinstance(obj, datetime.time):
        if obj.tzinfo is not None:
            raise FormatError(
                "schema_mismatch", path, f"a time has no zone, found {obj!r}"
            )
        us = (
            (obj.hour * 60 + obj.minute) * 60 + obj.second
        ) * 1_000_000 + obj.microsecond
        return _head(17) + struct.pack("<q", us)
    if isinstance(obj, dict):
        return _object(obj, ids, path)
    if isinstance(obj, list | tuple):
        return _nested(ARRAY, [_value(e, ids, path) for e in obj], [])
    raise FormatError(
        "schema_mismatch", path, f"no variant type for {type(obj).__name__}"
    )


def _integer(v, path):
    for type_id, fmt, bits in (
        (3, "<b", 8),
        (4, "<h", 16),
        (5, "<i", 32),
        (6, "<q", 64),
    ):
        if -(1 << (bits - 1)) <= v < 1 << (bits - 1):
            return _head(type_id) + struct.pack(fmt, v)
    if abs(v) < 10**38:
        return _head(10) + bytes([0]) + v.to_bytes(16, "little", signed=True)
    raise FormatError(
        "invalid_data", path, f"expected an integer of at most 38 digits but found {v}"
    )


def _decimal(d, path):
    if not d.is_finite():
        raise FormatError(
            "invalid_data", path, f"expected a finite decimal but found {d}"
        )
    scale = max(-d.as_tuple().exponent, 0)
    unscaled = int(d.scaleb(scale, context=_EXACT))
    precision = _precision(d)
    if precision > 38:
        raise FormatError(
            "invalid_data",
            path,
            f"expected a decimal of at most 38 digits but found {d}",
        )
    type_id, width = (
        (8, 4) if precision <= 9 else (9, 8) if precision <= 18 else (10, 16)
    )
    return (
        _head(type_id)
        + bytes([scale])
        + unscaled.to_bytes(width, "little", signed=True)
    )


def _timestamp(dt):
    if dt.tzinfo is None:
        delta = dt - datetime.datetime(1970, 1, 1)
        type_id = 13
    else:
        delta = dt - datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)
        type_id = 12
    us = (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds
    return _head(type_id) + struct.pack("<q", us)


def _object(obj, ids, path):
    items = sorted(obj.items(), key=lambda kv: kv[0].encode("utf-8"))
    return _nested(
        OBJECT, [_value(e, ids, path) for _, e in items], [ids[k] for k, _ in items]
    )


def _nested(basic, values, field_ids):
    """An object or array with its values in field-id order, the smallest sizes (§3.9)."""
    offsets = [0]
    for v in values:
        offsets.append(offsets[-1] + len(v))
    n, offset_size = len(values), _size(offsets[-1])
    large = n > 255
    if basic == OBJECT:
        id_size = _size(max(field_ids, default=0))
        head = large << 4 | (id_size - 1) << 2 | (offset_size - 1)
        ids = b"".join(i.to_bytes(id_size, "little") for i in field_ids)
    else:
        head, ids = large << 2 | (offset_size - 1), b""
    out = bytes([head << 2 | basic]) + n.to_bytes(4 if large else 1, "little") + ids
    out += b"".join(o.to_bytes(offset_size, "little") for o in offsets)
    return out + b"".join(values)


# ---- notes for row.annotated.txt -------------------------------------------------------------

_NOTE_LIMIT = 48  # items annotated one by one; the rest of a large variant is one note


def notes(var):
    """(offset, length, meaning) of a variant's parts, relative to its zerorow body."""
    v, m = var.value, var.metadata
    out = [(0, 4, f"variant value size V = {len(v)}")]
    keys = read_metadata(m, "")
    _value_notes(v, 0, keys, out, "value")
    end = max(o + n for o, n, _ in out)
    if end < 4 + len(v):
        out.append((end, 4 + len(v) - end, "(rest of the value, not annotated)"))
    base = 4 + len(v)
    header = m[0]
    size = (header >> 6) + 1
    n = len(keys)
    flags = ", sorted_strings" if header & 0x10 else ""
    out.append(
        (
            base,
            1,
            f"metadata header {header:#04x}: version 1{flags}, offset size {size}",
        )
    )
    out.append((base + 1, size, f"dictionary size {n}"))
    offsets_at = base + 1 + size
    offsets = [_uint(m, 1 + size * (i + 1), size) for i in range(n + 1)]
    out.append((offsets_at, size * (n + 1), f"dictionary offsets {offsets}"))
    keys_at = offsets_at + size * (n + 1)
    if base + len(m) > keys_at:
        shown = ", ".join(repr(k) for k in keys[:8]) + (", ..." if n > 8 else "")
        out.append((keys_at, base + len(m) - keys_at, f"dictionary keys {shown}"))
    return out


def _value_notes(v, at, keys, out, label):
    """Notes of the value at `at` (offsets relative to the value; +4 in the body)."""
    header = v[at]
    basic, head = header & 3, header >> 2
    if len(out) > _NOTE_LIMIT:
        return
    if basic == SHORT_STRING:
        text = bytes(v[at + 1 : at + 1 + head]).decode("utf-8")
        out.append((4 + at, 1 + head, f"{label}: short string {text!r}"))
        return
    if basic == PRIMITIVE:
        node, stop = _read_value(v, at, len(v), keys, 0, "")
        shown = _json(node)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        name = PRIMITIVES[head][0]
        text = (
            "null"
            if name == "null"
            else f"boolean {shown}"
            if node[0] == "boolean"
            else f"{name} {shown}"
        )
        out.append((4 + at, stop - at, f"{label}: {text}"))
        return
    what = "object" if basic == OBJECT else "array"
    offset_size = (head & 3) + 1
    id_size = ((head >> 2) & 3) + 1 if basic == OBJECT else 0
    large = head >> (4 if basic == OBJECT else 2) & 1
    count_size = 4 if large else 1
    n = _uint(v, at + 1, count_size)
    sizes = f"offset size {offset_size}" + (f", id size {id_size}" if id_size else "")
    out.append(
        (
            4 + at,
            1 + count_size,
            f"{label}: {what} header {header:#04x} ({sizes}), {n} elements",
        )
    )
    ids_at = at + 1 + count_size
    ids = [_uint(v, ids_at + i * id_size, id_size) for i in range(n)]
    if n and id_size:
        shown = ids if n <= 8 else ids[:8] + ["..."]
        out.append((4 + ids_at, n * id_size, f"{label}: field ids {shown}"))
    offsets_at = ids_at + n * id_size
    offsets = [
        _uint(v, offsets_at + i * offset_size, offset_size) for i in range(n + 1)
    ]
    shown = offsets if n < 8 else offsets[:8] + ["..."]
    out.append((4 + offsets_at, (n + 1) * offset_size, f"{label}: offsets {shown}"))
    data = offsets_at + (n + 1) * offset_size
    order = sorted(range(n), key=lambda i: offsets[i])  # notes follow the bytes
    for i in order:
        name = f"{label}.{keys[ids[i]]}" if basic == OBJECT else f"{label}[{i}]"
        _value_notes(v, data + offsets[i], keys, out, name)
