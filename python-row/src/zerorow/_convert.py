"""Pure-Python helpers of the native views: deep conversion, Mapping methods, repr, NumPy."""

from __future__ import annotations

from typing import Any

from . import _zerorow

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
    "time": "<i8",
    "timestamp": "<M8[us]",
    "duration": "<m8[us]",
}


def array_to_numpy(a: _zerorow.BinaryArray):
    """Zero-copy read-only NumPy view of a fixed-width array (null elements read as 0)."""
    import numpy as np

    exporter, offset, count, elem = a._values_info()
    tid = elem if isinstance(elem, str) else elem["type"]
    if tid == "decimal" and elem["precision"] <= 18:
        dtype = "<i8"  # unscaled values
    elif tid in _NUMPY_DTYPES and not isinstance(elem, dict):
        dtype = _NUMPY_DTYPES[tid]
    elif tid == "timestamp":
        dtype = "<M8[us]"  # instants in UTC
    else:
        raise TypeError(
            f"to_numpy() needs fixed-width elements, this array holds {tid}"
        )
    buf = memoryview(exporter).cast("B")
    out = np.frombuffer(buf, dtype=dtype, count=count, offset=offset)
    out.flags.writeable = False
    return out


def resolved_array_to_numpy(a: _zerorow.ResolvedArray):
    """NumPy array of a resolved fixed-width array in the reader's element type: a zero-copy,
    read-only view when the writer's elements need no widening (SPEC §13.3), else a widened
    copy (int8 -> int64, float32 -> float64, a decimal rescaled, ...). Null elements read as 0."""
    import numpy as np

    exporter, offset, count, writer_tid, _width, fixed, scale = a._writer_values_info()
    reader = a._elem_json()
    rtid = reader if isinstance(reader, str) else reader["type"]
    if not fixed or (rtid == "decimal" and reader["precision"] > 18):
        raise TypeError(
            f"to_numpy() needs fixed-width elements, this array holds {rtid}"
        )
    wdtype = "<i8" if writer_tid == "decimal" else _NUMPY_DTYPES[writer_tid]
    buf = memoryview(exporter).cast("B")
    view = np.frombuffer(buf, dtype=wdtype, count=count, offset=offset)
    if a._same_element_type():
        view.flags.writeable = False
        return view
    if rtid == "decimal":  # unscaled values at the reader's scale
        return view.astype("<i8") * (10 ** (reader["scale"] - scale))
    return view.astype(_NUMPY_DTYPES[rtid] if isinstance(reader, str) else "<M8[us]")


def _short(v: Any) -> str:
    if isinstance(v, (_zerorow.BinaryArray, _zerorow.ResolvedArray)):
        n = len(v)
        head = ", ".join(_short(v[i]) for i in range(min(n, 5)))
        return "[" + head + (f", ... ({n} items)]" if n > 5 else "]")
    if isinstance(v, (_zerorow.BinaryMap, _zerorow.ResolvedMap)):
        items = list(zip(v._keys(), v._values(), strict=False))
        head = ", ".join(f"{_short(k)}: {_short(x)}" for k, x in items[:5])
        return "{" + head + (f", ... ({len(items)} items)}}" if len(items) > 5 else "}")
    if isinstance(v, (_zerorow.BinaryRow, _zerorow.ResolvedRow)):
        return row_repr(v)
    return repr(v)


def row_repr(row: _zerorow.BinaryRow) -> str:
    parts = []
    for i, name in enumerate(row._field_names()):
        try:
            parts.append(f"{name}={_short(row[i])}")
        except Exception as e:  # a malformed field still lets the others print
            parts.append(f"{name}=<{type(e).__name__}>")
    return type(row).__name__ + "(" + ", ".join(parts) + ")"
