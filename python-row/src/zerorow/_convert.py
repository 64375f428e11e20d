"""Pure-Python helpers of the native views: deep conversion, Mapping methods, repr, NumPy."""

from __future__ import annotations

from typing import Any

from . import _zerorow
from .errors import error

RAW, DEEP, PAIRS = 1, 2, 4  # modes of _zerorow.get


def deep_map(m: _zerorow.BinaryMap, mode: int) -> Any:
    keys = m._keys()._get
    values = m._values()._get
    n = len(m)
    if mode & PAIRS:
        return [(keys(i, mode), values(i, mode)) for i in range(n)]
    return {_hashable(keys(i, mode)): values(i, mode) for i in range(n)}


def _hashable(k: Any) -> Any:
    if isinstance(k, list):
        return tuple(_hashable(x) for x in k)
    if isinstance(k, dict):
        return tuple((a, _hashable(b)) for a, b in k.items())
    return k


_NUMPY_DTYPES = {
    "bool": "?",
    "int8": "<i1",
    "int16": "<i2",
    "int32": "<i4",
    "int64": "<i8",
    "float32": "<f4",
    "float64": "<f8",
    "date32": "<i4",
    "interval_ym": "<i4",  # months
    "time": "<i8",
    "timestamp": "<M8[us]",
    "duration": "<m8[us]",
}


def array_to_numpy(a: _zerorow.BinaryArray):
    """Zero-copy read-only NumPy view of a fixed-width array (null elements read as 0)."""
    import numpy as np

    exporter, offset, count, elem = a._values_info()
    tid = elem.id
    if tid == "decimal" and elem.precision <= 18:
        dtype = "<i8"  # unscaled values
    elif tid in _NUMPY_DTYPES and not (tid == "timestamp" and elem.tz):
        dtype = _NUMPY_DTYPES[tid]
    elif tid == "timestamp":
        dtype = "<M8[us]"  # instants in UTC
    else:
        raise TypeError(
            f"to_numpy() needs fixed-width elements, this array holds {tid}"
        )
    out = _values(np, exporter, dtype, count, offset)
    out.flags.writeable = False
    return out


def _values(np: Any, exporter: Any, dtype: str, count: int, offset: int) -> Any:
    """The array's values as a NumPy view of the row's bytes, after checking that they lie
    inside them: a damaged row read at `bounds` or `none` may point its array anywhere, and
    an error must name the numbers rather than NumPy's ValueError (SPEC §6.2)."""
    buf = memoryview(exporter).cast("B")
    size = np.dtype(dtype).itemsize
    if offset < 0 or count < 0 or offset + count * size > len(buf):
        raise error(
            "invalid_data",
            "",
            f"expected the array's {count} values of {size} bytes at byte {offset} to lie"
            f" within the row's {len(buf)} bytes",
        )
    return np.frombuffer(buf, dtype=dtype, count=count, offset=offset)


def resolved_array_to_numpy(a: _zerorow.ResolvedArray):
    """NumPy array of a resolved fixed-width array in the reader's element type: a zero-copy,
    read-only view when the writer's elements need no widening (SPEC §13.3), else a widened
    copy (int8 -> int64, float32 -> float64, a decimal rescaled, ...). Null elements read as 0."""
    import numpy as np

    exporter, offset, count, writer_tid, _width, fixed, scale = a._writer_values_info()
    reader = a._elem_type()
    rtid = reader.id
    reader_fixed = rtid in _NUMPY_DTYPES or rtid in ("decimal", "timestamp")
    if not fixed or not reader_fixed or (rtid == "decimal" and reader.precision > 18):
        raise TypeError(
            f"to_numpy() needs fixed-width elements, this array holds {rtid}"
        )
    if writer_tid == "null":  # SPEC §3.6: every element is null, and nulls read as 0
        return np.zeros(
            count,
            dtype="<i8"
            if rtid == "decimal"
            else (_NUMPY_DTYPES[rtid] if not reader.tz else "<M8[us]"),
        )
    wdtype = "<i8" if writer_tid == "decimal" else _NUMPY_DTYPES[writer_tid]
    view = _values(np, exporter, wdtype, count, offset)
    if a._same_element_type():
        view.flags.writeable = False
        return view
    if rtid == "decimal":  # unscaled values at the reader's scale
        return view.astype("<i8") * (10 ** (reader.scale - scale))
    return view.astype(_NUMPY_DTYPES[rtid] if not reader.tz else "<M8[us]")


# The repr of a row, array or map prints at most this much (as the HTML view does, _html.py):
# a row that passes `bounds` may share bodies and so hold exponentially many values (SPEC
# §6.2), and printing one must still return at once.
REPR_DEPTH = 4  # nesting levels unfolded; deeper lists / maps / rows print a summary
REPR_ITEMS = 5  # elements or entries of one list or map
REPR_VALUES = 100  # values printed in all; the rest is "..."
REPR_TEXT = 200  # characters of a string, bytes of a binary value


class _Budget:
    """What is left to print of one repr."""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values = REPR_VALUES


_ARRAYS = (_zerorow.BinaryArray, _zerorow.ResolvedArray)
_MAPS = (_zerorow.BinaryMap, _zerorow.ResolvedMap)
_ROWS = (_zerorow.BinaryRow, _zerorow.ResolvedRow)


def _items(n: int, item: Any, depth: int, budget: _Budget) -> list[str]:
    """The first REPR_ITEMS of n items, each `item(i, depth, budget)`, while the budget lasts."""
    out = []
    for i in range(min(n, REPR_ITEMS)):
        if budget.values <= 0:
            break
        try:
            out.append(item(i, depth, budget))
        except Exception as e:  # a malformed value still lets the others print
            out.append(f"<{type(e).__name__}>")
    if len(out) < n:
        out.append(f"... ({n} items)")
    return out


def _short(v: Any, depth: int = 0, budget: _Budget | None = None) -> str:
    budget = _Budget() if budget is None else budget
    budget.values -= 1
    if isinstance(v, _ARRAYS):
        n = len(v)
        if depth >= REPR_DEPTH and n:
            return f"[... ({n} items)]"
        return (
            "["
            + ", ".join(
                _items(n, lambda i, d, b: _short(v[i], d + 1, b), depth, budget)
            )
            + "]"
        )
    if isinstance(v, _MAPS):
        keys, values = v._keys(), v._values()
        n = len(keys)
        if depth >= REPR_DEPTH and n:
            return f"{{... ({n} items)}}"

        def entry(i: int, d: int, b: _Budget) -> str:
            return f"{_short(keys[i], d + 1, b)}: {_short(values[i], d + 1, b)}"

        return "{" + ", ".join(_items(n, entry, depth, budget)) + "}"
    if isinstance(v, _ROWS):
        return row_repr(v, depth, budget)
    if isinstance(v, (str, bytes)) and len(v) > REPR_TEXT:
        unit = "chars" if isinstance(v, str) else "bytes"
        return f"{v[:REPR_TEXT]!r}... ({len(v)} {unit})"
    return repr(v)


def row_repr(row: Any, depth: int = 0, budget: _Budget | None = None) -> str:
    """`BinaryRow(name=value, ...)`, within the limits above."""
    budget = _Budget() if budget is None else budget
    names = row._field_names()
    if depth >= REPR_DEPTH and names:
        return type(row).__name__ + "(...)"
    parts = []
    for i, name in enumerate(names):
        if budget.values <= 0:
            parts.append("...")
            break
        try:
            parts.append(f"{name}={_short(row[i], depth + 1, budget)}")
        except Exception as e:  # a malformed field still lets the others print
            parts.append(f"{name}=<{type(e).__name__}>")
    return type(row).__name__ + "(" + ", ".join(parts) + ")"
