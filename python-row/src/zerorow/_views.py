"""The view classes (native, in _zerorow) completed with their Python-protocol methods.

Two families of views share these methods: the plain views of this module (BinaryRow,
BinaryArray, BinaryMap) and the resolved views of `evolution` (SPEC §13.4). The methods both
have are in ROW_METHODS / ARRAY_METHODS / MAP_METHODS, which `install` puts on a family's
classes together with the family's own; the native slots and methods they rest on are one
template per view kind (native/view_slots.h)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from . import _convert, _html, _zerorow
from .errors import error
from .levels import LevelLike, level_of
from .schema import Schema

# SPEC §1.1 names (the seed's RowData / ArrayData / MapData are deprecated aliases: zerorow's
# __getattr__, DEPRECATED_NAMES).
BinaryRow = _zerorow.BinaryRow
BinaryArray = _zerorow.BinaryArray
BinaryMap = _zerorow.BinaryMap
DEPRECATED_NAMES = {
    "RowData": "BinaryRow",
    "ArrayData": "BinaryArray",
    "MapData": "BinaryMap",
}

_OBJ, _RAW, _DEEP, _PAIRS = 0, 1, 2, 4


# ---- BinaryRow ---------------------------------------------------------------------------
def _row_schema(self: BinaryRow) -> Schema:
    """The schema of this row (for a nested row: its struct type as a schema)."""
    s = self._schema()
    return Schema._of_type(self._type()) if s is None else s


def _row_to_dict(self: BinaryRow) -> dict:
    """All fields as a dict; nested rows become dicts, lists lists, maps dicts. A row whose
    references share bodies (possible below level full) is refused as InvalidDataError before
    it produces more values than it has bytes (SPEC §6.2)."""
    return self._deep(_DEEP)


def _row_validate(self: BinaryRow, level: LevelLike = "full") -> None:
    """Validates the bytes of this row at `level` (SPEC §6.2) as a top-level row of its
    schema (a nested row too), as zerorow.validate(row.schema, row bytes, level) does;
    raises InvalidDataError / TruncatedError."""
    level = level_of(level)
    if level == "full":
        self._validate()
    elif level == "bounds":
        validate(self.schema, self.to_memoryview(), level)


def _row_get_raw(self: BinaryRow, key: int | str) -> Any:
    """A field with date/time/timestamp/duration as plain ints (days / µs)."""
    i = key if isinstance(key, int) else self._field_names().index(key)
    return self._get(i, _RAW)


def _row_keys(self: BinaryRow) -> list:
    return self._field_names()


def _row_get(self: BinaryRow, name: str, default: Any = None) -> Any:
    try:
        return self[name]
    except KeyError:
        return default


def _short_repr(self: Any) -> str:
    """`BinaryArray([1, 2, ...])`: the class name and the first values."""
    return f"{type(self).__name__}({_convert._short(self)})"


def numpy_protocol(to_numpy: Any) -> Any:
    """NumPy's `__array__` for an array view family: np.asarray(a) is what to_numpy() gives."""

    def __array__(self: Any, dtype: Any = None, copy: Any = None):
        out = to_numpy(self)
        if dtype is not None and out.dtype != dtype:
            return out.astype(dtype)
        if copy:
            return out.copy()
        return out

    return __array__


def mapping_eq(self: Any, other: Any) -> Any:
    """Equal, as Mapping promises, to any Mapping with the same items."""
    if isinstance(other, Mapping):
        if len(other) != len(self):
            return False
        for k, v in zip(self._keys(), self._values(), strict=False):
            if k not in other or other[k] != v:
                return False
        return True
    return NotImplemented


def install(cls: type, shared: dict, own: dict, abc: type | None = None) -> None:
    """Puts the shared methods of a view kind and a family's own on its class; registers it
    with the collections.abc class it implements."""
    for name, fn in {**shared, **own}.items():
        setattr(cls, name, fn)
    if abc is not None:
        abc.register(cls)


def _row_reduce(self: BinaryRow):
    """A row pickles to its schema and its bytes (a nested row to its struct type's)."""
    return (_rebuild_row, (self.schema, self.to_bytes()))


def _rebuild_row(schema: Schema, data: bytes) -> BinaryRow:
    return BinaryRow(schema, data)


# ---- BinaryArray --------------------------------------------------------------------------
def _array_to_list(self: BinaryArray) -> list:
    """The elements as a list; nested values converted deeply (rows -> dicts), under the
    decode budget of SPEC §6.2 (see BinaryRow.to_dict)."""
    return self._deep(_DEEP)


def _array_index(
    self: BinaryArray, value: Any, start: int = 0, stop: Any = None
) -> int:
    n = len(self)
    stop = n if stop is None else stop
    for i in range(*slice(start, stop).indices(n)):
        if self[i] == value:
            return i
    raise ValueError(f"{value!r} is not in the array")


def _array_count(self: BinaryArray, value: Any) -> int:
    return sum(1 for v in self if v == value)


def _array_contains(self: BinaryArray, value: Any) -> bool:
    return any(v == value for v in self)


def _array_reversed(self: BinaryArray) -> Iterator:
    for i in range(len(self) - 1, -1, -1):
        yield self[i]


def _array_to_pandas(self: BinaryArray):
    """The elements as pandas: a list of structs as a DataFrame (one column per field),
    any other list as a Series (nullable ints and bools in pandas' nullable dtypes)."""
    from ._pandas import array_to_pandas

    return array_to_pandas(self)


# ---- BinaryMap ----------------------------------------------------------------------------
def _map_getitem(self: BinaryMap, key: Any) -> Any:
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


def _map_iter(self: BinaryMap) -> Iterator:
    return iter(self._keys())


def _map_contains(self: BinaryMap, key: Any) -> bool:
    i = self._find(key)
    if i is not NotImplemented:
        return i is not None
    return any(k == key for k in self._keys())


def _map_keys(self: BinaryMap) -> BinaryArray:
    """The key array (a Sequence view, in entry order)."""
    return self._keys()


def _map_values(self: BinaryMap) -> BinaryArray:
    """The value array (a Sequence view, in entry order)."""
    return self._values()


def _map_items(self: BinaryMap) -> list:
    return list(zip(self._keys(), self._values(), strict=False))


def _map_get(self: BinaryMap, key: Any, default: Any = None) -> Any:
    try:
        return _map_getitem(self, key)
    except KeyError:
        return default


def _map_to_dict(self: BinaryMap) -> dict:
    """The entries as a dict, converted deeply under the decode budget of SPEC §6.2."""
    return self._deep(_DEEP)


# ---- the two families' shared methods, and the plain family --------------------------
ROW_METHODS = {
    "to_dict": _row_to_dict,
    "get_raw": _row_get_raw,
    "keys": _row_keys,
    "get": _row_get,
    "__repr__": _convert.row_repr,
    "_repr_html_": _html.row_html,
}
ARRAY_METHODS = {
    "to_list": _array_to_list,
    "to_pandas": _array_to_pandas,
    "index": _array_index,
    "count": _array_count,
    "__contains__": _array_contains,
    "__reversed__": _array_reversed,
    "__repr__": _short_repr,
    "__hash__": None,
    "_repr_html_": _html.array_html,
}
MAP_METHODS = {
    "__getitem__": _map_getitem,
    "__iter__": _map_iter,
    "__contains__": _map_contains,
    "keys": _map_keys,
    "values": _map_values,
    "items": _map_items,
    "get": _map_get,
    "to_dict": _map_to_dict,
    "__repr__": _short_repr,
    "__hash__": None,
    "_repr_html_": _html.map_html,
}

_native_map_eq = BinaryMap.__eq__


def _map_eq(self: BinaryMap, other: Any) -> Any:
    """Equal to another map view of the same type and bytes, or, as Mapping promises, to any
    Mapping with the same items."""
    if isinstance(other, BinaryMap):
        return _native_map_eq(self, other)
    return mapping_eq(self, other)


install(
    BinaryRow,
    ROW_METHODS,
    {
        "schema": property(_row_schema),
        "validate": _row_validate,
        "__reduce__": _row_reduce,
    },
)
install(
    BinaryArray,
    ARRAY_METHODS,
    {
        "to_numpy": _convert.array_to_numpy,
        "__array__": numpy_protocol(_convert.array_to_numpy),
    },
    Sequence,
)
install(BinaryMap, MAP_METHODS, {"__eq__": _map_eq}, Mapping)


def validate(schema: Schema, buffer: Any, level: LevelLike = "full") -> None:
    """Validates one row of `schema` in `buffer` at `level` (SPEC §6.2): "none" checks
    nothing, "bounds" the wrap rules (what every access then relies on), "full" the whole row.

    Raises InvalidDataError / TruncatedError naming the field path and the numbers.
    """
    level = level_of(level)
    if isinstance(buffer, BinaryRow):
        buffer = buffer.to_memoryview()
    if level == "full":
        _zerorow.validate(schema._native, buffer)
    elif level == "bounds":
        BinaryRow(schema, buffer)


__all__ = [
    "BinaryArray",
    "BinaryMap",
    "BinaryRow",
    "validate",
    "error",
]
