"""values.json (SPEC §10) <-> Python values, and value equality for the checks.

Python values: bool, int, float, str, bytes, int (unscaled decimal), list, list of
(key, value) pairs for maps, dict for structs, None for null.
"""

import decimal
import math
import struct

from .schema import FormatError

INT_RANGES = {
    "int8": 8,
    "int16": 16,
    "int32": 32,
    "date32": 32,
    "int64": 64,
    "time": 64,
    "timestamp": 64,
    "duration": 64,
}
_EXACT = decimal.Context(prec=100)  # wide enough that 38-digit decimals never round
SPECIAL_FLOATS = {
    "NaN": math.nan,
    "Infinity": math.inf,
    "-Infinity": -math.inf,
    "-0.0": -0.0,
}


def f32(x):
    """Round a float to the nearest float32 (NaN stays NaN)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def from_json(t, j, path):
    kind = t["type"]
    if j is None:
        return None
    if kind == "bool":
        return _expect(j, bool, path)
    if kind in INT_RANGES:
        v = (
            int(j)
            if kind in ("int64", "time", "timestamp", "duration") and isinstance(j, str)
            else j
        )
        if isinstance(v, bool) or not isinstance(v, int):
            raise FormatError(
                "schema_mismatch", path, f"expected an integer but found {j!r}"
            )
        bits = INT_RANGES[kind]
        if not -(1 << (bits - 1)) <= v < (1 << (bits - 1)):
            raise FormatError(
                "invalid_data", path, f"expected a {kind} value but found {v}"
            )
        if kind == "time" and not 0 <= v < 86_400_000_000:
            raise FormatError(
                "invalid_data", path, f"expected 0 <= time < 86400000000 but found {v}"
            )
        return v
    if kind in ("float32", "float64"):
        v = SPECIAL_FLOATS[j] if isinstance(j, str) else float(j)
        if kind == "float64":
            return v
        try:
            return f32(v)
        except OverflowError:
            raise FormatError(
                "invalid_data", path, f"expected a float32 value but found {j!r}"
            ) from None
    if kind == "string":
        return _expect(j, str, path)
    if kind == "binary":
        return bytes.fromhex(_expect(j, str, path))
    if kind == "decimal":
        return decimal_unscaled(t, decimal.Decimal(_expect(j, str, path)), path)
    if kind == "list":
        return [
            from_json(t["element"], e, f"{path}[{i}]")
            for i, e in enumerate(_expect(j, list, path))
        ]
    if kind == "map":
        return [
            (
                from_json(t["key"], k, f"{path}{{keys}}[{i}]"),
                from_json(t["value"], v, f"{path}{{values}}[{i}]"),
            )
            for i, (k, v) in enumerate(_expect(j, list, path))
        ]
    return {
        f["name"]: from_json(
            f["type"], _expect(j, dict, path).get(f["name"]), _join(path, f["name"])
        )
        for f in t["fields"]
    }


def decimal_unscaled(t, d, path):
    """The exact unscaled integer of d at the type's scale; rounding is an error (SPEC §3.5)."""
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


def to_json(t, v):
    kind = t["type"]
    if v is None:
        return None
    if kind in ("int64", "time", "timestamp", "duration"):
        return str(v)
    if kind in ("float32", "float64"):
        if math.isnan(v):
            return "NaN"
        if math.isinf(v):
            return "Infinity" if v > 0 else "-Infinity"
        if v == 0 and math.copysign(1, v) < 0:
            return "-0.0"
        return shortest_float(v, kind == "float32")
    if kind == "binary":
        return v.hex()
    if kind == "decimal":
        s = t["scale"]
        text = str(abs(v)).rjust(s + 1, "0")
        body = text if s == 0 else f"{text[:-s]}.{text[-s:]}"
        return ("-" if v < 0 else "") + body
    if kind == "list":
        return [to_json(t["element"], e) for e in v]
    if kind == "map":
        return [[to_json(t["key"], k), to_json(t["value"], x)] for k, x in v]
    if kind == "struct":
        return {f["name"]: to_json(f["type"], v[f["name"]]) for f in t["fields"]}
    return v


def shortest_float(v, single):
    """The shortest decimal text that parses back to v (as float32 when single)."""
    if not single:
        r = repr(v)
        return int(v) if r.endswith(".0") and abs(v) < 2**53 else v
    for digits in range(1, 18):
        text = f"{v:.{digits}g}"
        try:
            same = f32(float(text)) == v
        except OverflowError:  # rounded up past the largest float32
            continue
        if same:
            x = float(text)
            return int(x) if x == int(x) and abs(x) < 2**53 else x
    return v


def equal(t, a, b):
    """Value equality; floats compare by bits after canonical NaN (so -0.0 != 0.0)."""
    kind = t["type"]
    if a is None or b is None:
        return a is None and b is None
    if kind in ("float32", "float64"):
        fmt = "<f" if kind == "float32" else "<d"

        def canon(x):
            return struct.pack(fmt, math.nan if math.isnan(x) else x)

        return canon(a) == canon(b)
    if kind == "list":
        return len(a) == len(b) and all(
            equal(t["element"], x, y) for x, y in zip(a, b, strict=False)
        )
    if kind == "map":
        return len(a) == len(b) and all(
            equal(t["key"], ka, kb) and equal(t["value"], va, vb)
            for (ka, va), (kb, vb) in zip(a, b, strict=False)
        )
    if kind == "struct":
        return all(equal(f["type"], a[f["name"]], b[f["name"]]) for f in t["fields"])
    return a == b and type(a) is type(b)


def _expect(j, kind, path):
    if isinstance(j, bool) and kind is not bool or not isinstance(j, kind):
        raise FormatError(
            "schema_mismatch", path, f"expected {kind.__name__} but found {j!r}"
        )
    return j


def _join(path, name):
    return f"{path}.{name}" if path else name
