"""The view classes (native, in _zerorow) completed with their Python-protocol methods."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Iterator, Union

from . import _convert, _zerorow
from .errors import error
from .schema import Schema

RowData = _zerorow.RowData
BinaryRow = RowData
ArrayData = _zerorow.ArrayData
BinaryArray = ArrayData
MapData = _zerorow.MapData
BinaryMap = MapData

_OBJ, _RAW, _DEEP, _PAIRS = 0, 1, 2, 4


# ---- RowData ---------------------------------------------------------------------------
def _row_schema(self: RowData) -> Schema:
    """The schema of this row (for a nested row: its struct type as a schema)."""
    s = self._schema()
    if s is None:
        from .schema import _build

        s = Schema(_build(_strip(self._type_json())))
    return s


def _strip(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {
            k: (_strip(v) if k != "fields" else [_strip(f) for f in v])
            for k, v in obj.items()
            if k != "_tzinfo"
        }
    return obj


def _row_to_dict(self: RowData) -> dict:
    """All fields as a dict; nested rows become dicts, lists lists, maps dicts."""
    return _convert.deep_row(self, _DEEP)


def _row_validate(self: RowData) -> None:
    """Full validation of this row (SPEC §6.3); raises InvalidDataError / TruncatedError."""
    self._validate()


def _row_get_raw(self: RowData, key: Union[int, str]) -> Any:
    """A field with date/time/timestamp/duration as plain ints (days / µs)."""
    i = key if isinstance(key, int) else self._field_names().index(key)
    return self._get(i, _RAW)


def _row_keys(self: RowData) -> list:
    return self._field_names()


def _row_get(self: RowData, name: str, default: Any = None) -> Any:
    try:
        return self[name]
    except KeyError:
        return default


def _row_getstate(self: RowData):
    raise TypeError("RowData is a view; pickle row.to_bytes() and row.schema instead")


for _name, _fn in {
    "schema": property(_row_schema),
    "to_dict": _row_to_dict,
    "validate": _row_validate,
    "get_raw": _row_get_raw,
    "keys": _row_keys,
    "get": _row_get,
    "__repr__": _convert.row_repr,
    "__reduce__": _row_getstate,
}.items():
    setattr(RowData, _name, _fn)


# ---- ArrayData --------------------------------------------------------------------------
def _array_to_list(self: ArrayData) -> list:
    """The elements as a list; nested values converted deeply (rows -> dicts)."""
    return [self._get(i, _DEEP) for i in range(len(self))]


def _array_index(self: ArrayData, value: Any, start: int = 0, stop: Any = None) -> int:
    n = len(self)
    stop = n if stop is None else stop
    for i in range(*slice(start, stop).indices(n)):
        if self[i] == value:
            return i
    raise ValueError(f"{value!r} is not in the array")


def _array_count(self: ArrayData, value: Any) -> int:
    return sum(1 for v in self if v == value)


def _array_contains(self: ArrayData, value: Any) -> bool:
    return any(v == value for v in self)


def _array_reversed(self: ArrayData) -> Iterator:
    for i in range(len(self) - 1, -1, -1):
        yield self[i]


def _array_repr(self: ArrayData) -> str:
    return "ArrayData(" + _convert._short(self) + ")"


for _name, _fn in {
    "to_list": _array_to_list,
    "to_numpy": _convert.array_to_numpy,
    "index": _array_index,
    "count": _array_count,
    "__contains__": _array_contains,
    "__reversed__": _array_reversed,
    "__repr__": _array_repr,
    "__hash__": None,
}.items():
    setattr(ArrayData, _name, _fn)
Sequence.register(ArrayData)


# ---- MapData ----------------------------------------------------------------------------
def _map_getitem(self: MapData, key: Any) -> Any:
    i = self._find(key)
    if i is None:
        raise KeyError(key)
    if i is not NotImplemented:
        return self._values()[i]
    keys = self._keys()
    for i in range(len(keys)):
        if keys[i] == key:
            return self._values()[i]
    raise KeyError(key)


def _map_iter(self: MapData) -> Iterator:
    return iter(self._keys())


def _map_contains(self: MapData, key: Any) -> bool:
    i = self._find(key)
    if i is not NotImplemented:
        return i is not None
    return any(k == key for k in self._keys())


def _map_keys(self: MapData) -> ArrayData:
    """The key array (a Sequence view, in entry order)."""
    return self._keys()


def _map_values(self: MapData) -> ArrayData:
    """The value array (a Sequence view, in entry order)."""
    return self._values()


def _map_items(self: MapData) -> list:
    return list(zip(self._keys(), self._values()))


def _map_get(self: MapData, key: Any, default: Any = None) -> Any:
    try:
        return _map_getitem(self, key)
    except KeyError:
        return default


def _map_to_dict(self: MapData) -> dict:
    return _convert.deep_map(self, _DEEP)


def _map_repr(self: MapData) -> str:
    return "MapData(" + _convert._short(self) + ")"


for _name, _fn in {
    "__getitem__": _map_getitem,
    "__iter__": _map_iter,
    "__contains__": _map_contains,
    "keys": _map_keys,
    "values": _map_values,
    "items": _map_items,
    "get": _map_get,
    "to_dict": _map_to_dict,
    "__repr__": _map_repr,
    "__hash__": None,
}.items():
    setattr(MapData, _name, _fn)
Mapping.register(MapData)


def validate(schema: Schema, buffer: Any, level: str = "full") -> None:
    """Validates one row of `schema` in `buffer` at `level` ("none", "bounds", "full", SPEC §6.2).

    Raises InvalidDataError / TruncatedError naming the field path and the numbers.
    """
    if isinstance(buffer, RowData):
        buffer = buffer.to_memoryview()
    if level == "full":
        _zerorow.validate(schema._native, buffer)
    elif level in ("bounds", "none"):
        if level == "bounds":
            RowData(schema, buffer)
    else:
        raise ValueError(f"level must be 'none', 'bounds' or 'full', not {level!r}")


__all__ = [
    "ArrayData",
    "BinaryArray",
    "BinaryMap",
    "BinaryRow",
    "MapData",
    "RowData",
    "validate",
    "error",
]
