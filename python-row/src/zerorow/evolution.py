"""Schema evolution (SPEC §13): read rows written with another version of a schema.

    res = zerorow.resolve(writer_schema, reader_schema)   # once per pair; refusals raise here
    row = res.view(buffer)                                # a ResolvedRow: the reader's fields
    row.qty; row["name"]; row.to_dict()

The rules (matching by name and aliases, widenings, nullability) and the resolved reads are
cpp-row's (`zerorow::Resolve`, `ResolvedRow`); this module gives the views their Python
protocols, as `_views` does for BinaryRow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import _convert, _views, _zerorow
from ._views import install
from .schema import Schema

Resolution = _zerorow.Resolution
ResolvedRow = _zerorow.ResolvedRow
ResolvedArray = _zerorow.ResolvedArray
ResolvedMap = _zerorow.ResolvedMap


def resolve(writer: Schema, reader: Schema) -> Resolution:
    """Resolves the `writer` schema (how rows were written) to the `reader` schema (how they
    are to be read), by field name and aliases (SPEC §13.1-§13.3). A pair that cannot be read
    raises SchemaMismatchError at the reader's schema path (`orders[].qty`) naming both types;
    after that, every row valid for the writer schema reads without evolution errors."""
    for what, s in (("writer", writer), ("reader", reader)):
        if not isinstance(s, Schema):
            raise TypeError(
                f"resolve's {what} must be a zerorow.Schema, got {type(s).__name__}"
            )
    return Resolution(writer, reader)


# ---- Resolution --------------------------------------------------------------------------
# Resolution.view(row_or_buffer, level="bounds") is native (the per-row path): a ResolvedRow,
# or the plain BinaryRow when the resolution is the identity (SPEC §13.4).


def _resolution_repr(self: Resolution) -> str:
    kind = "identity" if self.is_identity else "evolved"
    return (
        f"Resolution({kind}: writer {self.writer.fingerprint_hex} -> reader "
        f"{self.reader.fingerprint_hex})"
    )


def _resolution_reduce(self: Resolution):
    return (resolve, (self.writer, self.reader))


for _name, _fn in {
    "__repr__": _resolution_repr,
    "__reduce__": _resolution_reduce,
}.items():
    setattr(Resolution, _name, _fn)


# ---- ResolvedRow -------------------------------------------------------------------------
def _row_schema(self: ResolvedRow) -> Schema:
    """The reader's schema of this row (for a nested row: its reader struct type)."""
    res = self._resolution()
    if res is not None:
        return res.reader
    return Schema._of_type(self._type())


def _row_resolution(self: ResolvedRow) -> Resolution | None:
    """The Resolution this row is read through (None for a nested row)."""
    return self._resolution()


def _row_writer_row(self: ResolvedRow) -> _views.BinaryRow:
    """The row as written: a BinaryRow of the writer schema over the same bytes."""
    res = self._resolution()
    if res is None:
        raise TypeError("writer_row() is for a top-level ResolvedRow")
    return _views.BinaryRow(res.writer, self.to_bytes())


def _row_to_reader_row(self: ResolvedRow) -> _views.BinaryRow:
    """The row laid out by the reader schema (a copy, by cpp-row's WriteReaderRow)."""
    return _views.BinaryRow(self.schema, self._relay())


def _row_validate(self: ResolvedRow) -> None:
    """Full validation of the writer's bytes against the writer schema (SPEC §6.3, §13.4)."""
    res = self._resolution()
    if res is None:
        raise TypeError("validate() is for a top-level ResolvedRow")
    _views.validate(res.writer, self.to_bytes(), "full")


def _row_eq(self: ResolvedRow, other: Any) -> Any:
    """Equal to a row (resolved or not) of the same reader layout holding the same values."""
    if isinstance(other, ResolvedRow):
        if not other._has_type(self.schema._native):
            return False
        if self._same_writer(other) and self.to_bytes() == other.to_bytes():
            return True
        return self.to_dict() == other.to_dict()
    if isinstance(other, _views.BinaryRow):
        return (
            other._has_type(self.schema._native) and self.to_dict() == other.to_dict()
        )
    return NotImplemented


def _row_reduce(self: ResolvedRow):
    """A top-level row pickles to (writer, reader, bytes) and is resolved again on load; a
    nested one to a BinaryRow of its reader type holding the values it reads."""
    res = self._resolution()
    if res is None:
        return (_views.BinaryRow, (self.schema, self._relay()))
    return (_rebuild_row, (res.writer, res.reader, self.to_bytes()))


def _rebuild_row(writer: Schema, reader: Schema, data: bytes) -> Any:
    return resolve(writer, reader).view(data)


# ---- ResolvedArray, ResolvedMap --------------------------------------------------------
def _array_eq(self: ResolvedArray, other: Any) -> Any:
    """Equal to any sequence view, list or tuple with the same elements."""
    if isinstance(
        other, (ResolvedArray, _views.BinaryArray, list, tuple)
    ) and not isinstance(other, (str, bytes)):
        return list(self) == list(other)
    return NotImplemented


install(
    ResolvedRow,
    _views.ROW_METHODS,
    {
        "schema": property(_row_schema),
        "resolution": property(_row_resolution),
        "writer_row": _row_writer_row,
        "to_reader_row": _row_to_reader_row,
        "validate": _row_validate,
        "__eq__": _row_eq,
        "__hash__": None,
        "__reduce__": _row_reduce,
    },
)
install(
    ResolvedArray,
    _views.ARRAY_METHODS,
    {
        "to_numpy": _convert.resolved_array_to_numpy,
        "__eq__": _array_eq,
        "__array__": _views.numpy_protocol(_convert.resolved_array_to_numpy),
    },
    Sequence,
)
install(ResolvedMap, _views.MAP_METHODS, {"__eq__": _views.mapping_eq}, Mapping)


__all__ = [
    "Resolution",
    "ResolvedArray",
    "ResolvedMap",
    "ResolvedRow",
    "resolve",
]
