"""Canonical JSON text (SPEC §4.1): strings, numbers, and whole JSON values.

One writer for the three places that need exact text: the canonical schema JSON, the
defaults inside it (§13.7), and a variant's JSON text (§3.9).
"""

import math
import struct


def string(s):
    """A JSON string escaping only `"`, `\\` and characters below U+0020 (§4.1)."""
    out = ['"']
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ord(ch) < 0x20:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def f32(x):
    """Round a float to the nearest float32 (NaN stays NaN; past the range: OverflowError)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def shortest_digits(x, single=False):
    """(digits, n) with |x| = 0.digits * 10**n for a finite x != 0: the fewest digits that
    read back to x (as a float32 when `single`), of those the closest to x."""
    x = abs(x)
    if single:
        for count in range(1, 10):
            text = f"{x:.{count - 1}e}"  # correctly rounded to `count` digits
            try:
                if f32(float(text)) == x:
                    break
            except OverflowError:  # rounded up past the largest float32
                continue
    else:
        text = _repr_e(x)
    mantissa, exp = text.split("e")
    digits = mantissa.replace(".", "").rstrip("0") or "0"
    return digits, int(exp) + 1


def _repr_e(x):
    """Python's repr of a positive float (the shortest digits that read back, the closest
    of them) as d.ddde<x>."""
    mantissa, _, exp = repr(x).partition("e")
    whole, _, frac = mantissa.partition(".")
    all_digits = whole + frac
    significant = all_digits.lstrip("0")
    point = len(whole) - (len(all_digits) - len(significant)) + int(exp or 0)
    significant = significant.rstrip("0")
    return f"{significant[0]}.{significant[1:] or '0'}e{point - 1}"


def number(x, single=False):
    """A finite float as ECMAScript's Number::toString writes it (§4.1): the shortest
    digits, plain for exponents up to 21 and down to 1e-6, else d.ddde±x; -0.0 as `-0.0`."""
    if x == 0:
        return "-0.0" if math.copysign(1, x) < 0 else "0"
    sign = "-" if x < 0 else ""
    digits, n = shortest_digits(x, single)
    k = len(digits)
    if k <= n <= 21:
        body = digits + "0" * (n - k)
    elif 0 < n <= 21:
        body = f"{digits[:n]}.{digits[n:]}"
    elif -6 < n <= 0:
        body = "0." + "0" * -n + digits
    else:
        e = n - 1
        mantissa = digits if k == 1 else f"{digits[0]}.{digits[1:]}"
        body = f"{mantissa}e{'+' if e > 0 else '-'}{abs(e)}"
    return sign + body


def value(v):
    """Canonical text of a JSON value built from dict (keys in their order), list, str,
    int, float (finite), bool and None; no whitespace (§4.1)."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return number(v)
    if isinstance(v, str):
        return string(v)
    if isinstance(v, list):
        return "[" + ",".join(value(e) for e in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(f"{string(k)}:{value(e)}" for k, e in v.items()) + "}"
    raise TypeError(f"not a JSON value: {v!r}")
