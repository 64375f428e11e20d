"""values.json (SPEC §10) <-> Python values, and value equality for the checks.

Python values: None (null), bool, int (integers, date32, time, timestamp, duration,
interval_ym, and a decimal's unscaled value), float, str, bytes (binary, fixed_binary),
Interval, uuid.UUID, variant.Variant, list, list of (key, value) pairs for maps, dict for
structs.
"""

import decimal
import json
import math
import struct
import uuid
from collections import namedtuple

from . import variant
from .errors import FormatError
from .jsontext import f32
from .types import ARRAY, BODY, FIXED, MAP, NONE, ROW, dispatch

INT_BITS = {
    "int8": 8,
    "int16": 16,
    "int32": 32,
    "date32": 32,
    "interval_ym": 32,
    "int64": 64,
    "time": 64,
    "timestamp": 64,
    "duration": 64,
}
# The types values.json writes as a string of digits (SPEC §10: JSON numbers lose int64).
INT64_AS_TEXT = ("int64", "time", "timestamp", "duration")
_EXACT = decimal.Context(prec=100)  # wide enough that 38-digit decimals never round
SPECIAL_FLOATS = {
    "NaN": math.nan,
    "Infinity": math.inf,
    "-Infinity": -math.inf,
    "-0.0": -0.0,
}
ALL_KINDS = (FIXED, BODY, ARRAY, MAP, ROW, NONE)


class Interval(namedtuple("Interval", "months days microseconds")):
    """An interval value (SPEC §3.7): months, days, microseconds, each signed."""


# ---- values.json -> Python -------------------------------------------------------------


def from_json(t, j, path, strict=False):
    """The Python value of a values.json value of type t. `strict` (schema defaults,
    §13.7): a struct object gives exactly its fields, and a null stands only where the
    type allows one."""
    if j is None:
        return None
    return _FROM_JSON[t["type"]](t, j, path, strict)


def _null(t, j, path, strict):
    raise FormatError(
        "schema_mismatch", path, f"a null type holds no value, found {j!r}"
    )


def _bool(t, j, path, strict):
    return _expect(j, bool, path)


def _integer(t, j, path, strict):
    kind = t["type"]
    v = int(j) if kind in INT64_AS_TEXT and isinstance(j, str) else j
    if isinstance(v, bool) or not isinstance(v, int):
        raise FormatError(
            "schema_mismatch", path, f"expected an integer but found {j!r}"
        )
    return check_int(kind, v, path)


def check_int(kind, v, path):
    bits = INT_BITS[kind]
    if not -(1 << (bits - 1)) <= v < (1 << (bits - 1)):
        raise FormatError(
            "invalid_data", path, f"expected a {kind} value but found {v}"
        )
    if kind == "time" and not 0 <= v < 86_400_000_000:
        raise FormatError(
            "invalid_data", path, f"expected 0 <= time < 86400000000 but found {v}"
        )
    return v


def _float(t, j, path, strict):
    if isinstance(j, bool) or not isinstance(j, int | float | str):
        raise FormatError("schema_mismatch", path, f"expected a number but found {j!r}")
    if isinstance(j, str) and j not in SPECIAL_FLOATS:
        raise FormatError("schema_mismatch", path, f"expected a number but found {j!r}")
    v = SPECIAL_FLOATS[j] if isinstance(j, str) else float(j)
    if t["type"] == "float64":
        return v
    try:
        return f32(v)
    except OverflowError:
        raise FormatError(
            "invalid_data", path, f"expected a float32 value but found {j!r}"
        ) from None


def _string(t, j, path, strict):
    s = _expect(j, str, path)
    try:
        s.encode("utf-8")
    except UnicodeEncodeError as e:
        raise FormatError(
            "invalid_data", path, f"expected UTF-8 text but found {s[e.start]!r}"
        ) from None
    return s


def _hex(j, path):
    try:
        return bytes.fromhex(_expect(j, str, path))
    except ValueError:
        raise FormatError(
            "schema_mismatch", path, f"expected hex digits but found {j!r}"
        ) from None


def _binary(t, j, path, strict):
    return _hex(j, path)


def _fixed_binary(t, j, path, strict):
    v = _hex(j, path)
    return check_size(t, v, path)


def check_size(t, v, path):
    if len(v) != t["size"]:
        raise FormatError(
            "invalid_data", path, f"expected {t['size']} bytes but found {len(v)}"
        )
    return v


def _uuid(t, j, path, strict):
    text = _expect(j, str, path)
    try:
        return uuid.UUID(text)
    except ValueError:
        raise FormatError(
            "invalid_data", path, f"expected a UUID in text form but found {text!r}"
        ) from None


def _interval(t, j, path, strict):
    obj = _expect(j, dict, path)
    if set(obj) != {"months", "days", "microseconds"}:
        raise FormatError(
            "schema_mismatch",
            path,
            f"expected the keys months, days, microseconds but found {sorted(obj)}",
        )
    months = check_int("int32", _int_of(obj["months"], path, False), path)
    days = check_int("int32", _int_of(obj["days"], path, False), path)
    us = check_int("int64", _int_of(obj["microseconds"], path, True), path)
    return Interval(months, days, us)


def _int_of(j, path, text):
    v = int(j) if text and isinstance(j, str) else j
    if isinstance(v, bool) or not isinstance(v, int):
        raise FormatError(
            "schema_mismatch", path, f"expected an integer but found {j!r}"
        )
    return v


def _decimal(t, j, path, strict):
    try:
        d = decimal.Decimal(_expect(j, str, path))
    except decimal.InvalidOperation:
        raise FormatError(
            "schema_mismatch", path, f"expected a decimal but found {j!r}"
        ) from None
    return decimal_unscaled(t, d, path)


def _variant(t, j, path, strict):
    """{"metadata": hex, "value": hex, "json": text}: the bytes, checked by §3.9; the
    JSON text is what reading them must give (compared as JSON values by `equal`)."""
    obj = _expect(j, dict, path)
    if not {"metadata", "value"} <= set(obj):
        raise FormatError(
            "schema_mismatch",
            path,
            f"expected metadata and value but found {sorted(obj)}",
        )
    v = variant.check(
        variant.Variant(_hex(obj["metadata"], path), _hex(obj["value"], path)), path
    )
    return ExpectedVariant(v.metadata, v.value, obj.get("json"))


class ExpectedVariant(variant.Variant):
    """A variant from values.json, with the JSON text reading it must give."""

    def __new__(cls, metadata, value, json_text):
        self = super().__new__(cls, metadata, value)
        self.json = json_text
        return self


def _list(t, j, path, strict):
    out = []
    for i, e in enumerate(_expect(j, list, path)):
        epath = f"{path}[{i}]"
        if e is None and strict and not t["element_nullable"]:
            raise FormatError("invalid_data", epath, "expected a value but found null")
        out.append(from_json(t["element"], e, epath, strict))
    return out


def _map(t, j, path, strict):
    out = []
    for i, pair in enumerate(_expect(j, list, path)):
        if not isinstance(pair, list) or len(pair) != 2:
            raise FormatError(
                "schema_mismatch",
                path,
                f"expected [key, value] pairs but found {pair!r}",
            )
        k, v = pair
        kpath, vpath = f"{path}{{keys}}[{i}]", f"{path}{{values}}[{i}]"
        if k is None and strict:
            raise FormatError("invalid_data", kpath, "expected a key but found null")
        if v is None and strict and not t["value_nullable"]:
            raise FormatError("invalid_data", vpath, "expected a value but found null")
        out.append(
            (
                from_json(t["key"], k, kpath, strict),
                from_json(t["value"], v, vpath, strict),
            )
        )
    return out


def _struct(t, j, path, strict):
    obj = _expect(j, dict, path)
    names = [f["name"] for f in t["fields"]]
    if strict and set(obj) != set(names):
        raise FormatError(
            "invalid_data", path, f"expected the fields {names} but found {list(obj)}"
        )
    out = {}
    for f in t["fields"]:
        fpath = _join(path, f["name"])
        v = obj.get(f["name"])
        if v is None and strict and not f["nullable"]:
            raise FormatError("invalid_data", fpath, "expected a value but found null")
        out[f["name"]] = from_json(f["type"], v, fpath, strict)
    return out


def decimal_unscaled(t, d, path):
    """The exact unscaled integer of d at the type's scale; rounding is an error (SPEC §3.5)."""
    if not d.is_finite():
        raise FormatError(
            "invalid_data", path, f"expected a finite decimal but found {d}"
        )
    scaled = d.scaleb(t["scale"], context=_EXACT)
    if scaled != scaled.to_integral_value():
        raise FormatError(
            "invalid_data",
            path,
            f"expected at most {t['scale']} fraction digits but found {d}",
        )
    v = int(scaled)
    if abs(v) >= 10 ** t["precision"]:
        raise FormatError(
            "invalid_data",
            path,
            f"expected |unscaled| < 10^{t['precision']} but found {v}",
        )
    return v


_FROM_JSON = dispatch(
    "values.from_json",
    ALL_KINDS,
    {
        "null": _null,
        "bool": _bool,
        "int8": _integer,
        "int16": _integer,
        "int32": _integer,
        "int64": _integer,
        "float32": _float,
        "float64": _float,
        "date32": _integer,
        "time": _integer,
        "timestamp": _integer,
        "duration": _integer,
        "interval_ym": _integer,
        "decimal": _decimal,
        "string": _string,
        "binary": _binary,
        "fixed_binary": _fixed_binary,
        "uuid": _uuid,
        "interval": _interval,
        "variant": _variant,
        "list": _list,
        "map": _map,
        "struct": _struct,
    },
)

# ---- Python -> values.json -------------------------------------------------------------


def to_json(t, v):
    """The values.json form of a Python value of type t."""
    return None if v is None else _TO_JSON[t["type"]](t, v)


def _float_json(t, v):
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "Infinity" if v > 0 else "-Infinity"
    if v == 0 and math.copysign(1, v) < 0:
        return "-0.0"
    return shortest_float(v, t["type"] == "float32")


def decimal_text(t, v):
    s = t["scale"]
    text = str(abs(v)).rjust(s + 1, "0")
    body = text if s == 0 else f"{text[:-s]}.{text[-s:]}"
    return ("-" if v < 0 else "") + body


def _same(t, v):
    return v


_TO_JSON = dispatch(
    "values.to_json",
    ALL_KINDS,
    {
        "null": _same,
        "bool": _same,
        "int8": _same,
        "int16": _same,
        "int32": _same,
        "int64": lambda t, v: str(v),
        "float32": _float_json,
        "float64": _float_json,
        "date32": _same,
        "time": lambda t, v: str(v),
        "timestamp": lambda t, v: str(v),
        "duration": lambda t, v: str(v),
        "interval_ym": _same,
        "decimal": decimal_text,
        "string": _same,
        "binary": lambda t, v: v.hex(),
        "fixed_binary": lambda t, v: v.hex(),
        "uuid": lambda t, v: str(v),
        "interval": lambda t, v: {
            "months": v.months,
            "days": v.days,
            "microseconds": str(v.microseconds),
        },
        "variant": lambda t, v: {
            "metadata": v.metadata.hex(),
            "value": v.value.hex(),
            "json": variant.to_json(v),
        },
        "list": lambda t, v: [to_json(t["element"], e) for e in v],
        "map": lambda t, v: [
            [to_json(t["key"], k), to_json(t["value"], x)] for k, x in v
        ],
        "struct": lambda t, v: {
            f["name"]: to_json(f["type"], v[f["name"]]) for f in t["fields"]
        },
    },
)


def shortest_float(v, single):
    """The shortest decimal that parses back to v (as float32 when single), as a JSON
    number: an int when it is whole and below 2**53."""
    if single:
        for digits in range(1, 18):
            text = f"{v:.{digits}g}"
            try:
                same = f32(float(text)) == v
            except OverflowError:  # rounded up past the largest float32
                continue
            if same:
                v = float(text)
                break
    return int(v) if v == int(v) and abs(v) < 2**53 else v


# ---- equality ------------------------------------------------------------------------------


def equal(t, a, b):
    """Value equality; floats compare by bits after canonical NaN (so -0.0 != 0.0); a
    variant compares by bytes, and with the JSON text values.json gives, if any."""
    if a is None or b is None:
        return a is None and b is None
    return _EQUAL[t["type"]](t, a, b)


def _float_equal(t, a, b):
    fmt = "<f" if t["type"] == "float32" else "<d"

    def canon(x):
        return struct.pack(fmt, math.nan if math.isnan(x) else x)

    return canon(a) == canon(b)


def _exact(t, a, b):
    return a == b and type(a) is type(b)


def _bytes_equal(t, a, b):
    return bytes(a) == bytes(b)


def _variant_equal(t, a, b):
    if (a.metadata, a.value) != (b.metadata, b.value):
        return False
    for x in (a, b):
        text = getattr(x, "json", None)
        if text is not None and not json_values_equal(text, variant.to_json(x)):
            return False
    return True


def json_values_equal(x, y):
    """Two JSON texts hold the same value: numbers by exact decimal value (SPEC §10)."""

    def load(text):
        return json.loads(text, parse_float=decimal.Decimal, parse_int=decimal.Decimal)

    return load(x) == load(y)


def _list_equal(t, a, b):
    return len(a) == len(b) and all(
        equal(t["element"], x, y) for x, y in zip(a, b, strict=False)
    )


def _map_equal(t, a, b):
    return len(a) == len(b) and all(
        equal(t["key"], ka, kb) and equal(t["value"], va, vb)
        for (ka, va), (kb, vb) in zip(a, b, strict=False)
    )


def _struct_equal(t, a, b):
    return all(equal(f["type"], a[f["name"]], b[f["name"]]) for f in t["fields"])


_EQUAL = dispatch(
    "values.equal",
    ALL_KINDS,
    {
        "null": _exact,
        "bool": _exact,
        "int8": _exact,
        "int16": _exact,
        "int32": _exact,
        "int64": _exact,
        "float32": _float_equal,
        "float64": _float_equal,
        "date32": _exact,
        "time": _exact,
        "timestamp": _exact,
        "duration": _exact,
        "interval_ym": _exact,
        "decimal": _exact,
        "string": _exact,
        "binary": _bytes_equal,
        "fixed_binary": _bytes_equal,
        "uuid": _exact,
        "interval": lambda t, a, b: tuple(a) == tuple(b),
        "variant": _variant_equal,
        "list": _list_equal,
        "map": _map_equal,
        "struct": _struct_equal,
    },
)


def _expect(j, kind, path):
    if isinstance(j, bool) and kind is not bool or not isinstance(j, kind):
        raise FormatError(
            "schema_mismatch", path, f"expected {kind.__name__} but found {j!r}"
        )
    return j


def _join(path, name):
    return f"{path}.{name}" if path else name
