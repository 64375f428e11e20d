"""Rows <-> Apache Arrow (SPEC §12) and the Arrow PyCapsule protocol.

`RowBatch` (rows end to end in one buffer) exports `__arrow_c_array__`, `__arrow_c_stream__`
and `__arrow_c_schema__`, so `pyarrow.record_batch(b)`, `pyarrow.table(b)`, polars or DuckDB
take it directly. The columns are gathered from the rows and handed over through the Arrow C
Data Interface capsules; pyarrow (an optional dependency) builds them today.
"""

from __future__ import annotations

import array
from typing import Any, Iterable, Iterator, Optional, Sequence, Union

from . import _zerorow
from ._views import RowData
from .errors import error
from .schema import DataType, Field, Schema

_ARROW_MODE = 1 | 2 | 4  # raw temporal ints, deep, maps as pairs


def _pa():
    import pyarrow as pa

    return pa


# ---- types (SPEC §12): cpp-row's ExportSchema / ImportSchema, through capsules -----------
def schema_to_arrow(schema: Schema):
    """The pyarrow.Schema of a struct batch of rows (one column per field), by cpp-row."""
    return _pa().Schema._import_from_c_capsule(
        _zerorow.arrow_schema_capsule(core_schema(schema))
    )


def type_to_arrow(t: DataType):
    """The pyarrow type of a zerorow type, by cpp-row."""
    return schema_to_arrow(Schema([Field("x", t)])).field(0).type


def arrow_to_schema(arrow_schema) -> Schema:
    """The zerorow schema of a pyarrow.Schema (SPEC §12 reader alternatives accepted), by cpp-row."""
    return Schema.from_json(
        _zerorow.arrow_import_schema(arrow_schema.__arrow_c_schema__())
    )


def arrow_to_type(at) -> DataType:
    """The zerorow type of a pyarrow type, by cpp-row."""
    pa = _pa()
    return arrow_to_schema(pa.schema([pa.field("x", at)])).field(0).type


# ---- RowBatch ---------------------------------------------------------------------------
class RowBatch:
    """Rows of one schema laid end to end in one buffer; row k is data[offsets[k]:offsets[k+1]].

    A Sequence of RowData views (zero-copy) and an Arrow PyCapsule exporter.
    """

    def __init__(self, schema: Schema, data: Any, offsets: Sequence[int]) -> None:
        self.schema = schema
        self.data = data
        # Offsets are kept as int64 in one buffer (a NumPy int64 array or array('q')), so
        # every export hands them to Arrow without converting 100k Python ints again.
        is_np = type(offsets).__module__ == "numpy" and offsets.dtype == "<i8"
        is_q = isinstance(offsets, array.array) and offsets.typecode == "q"
        self.offsets = offsets if is_np or is_q else array.array("q", offsets)
        self._mv = memoryview(data).cast("B")

    @classmethod
    def from_rows(
        cls, rows: Iterable[RowData], schema: Optional[Schema] = None
    ) -> RowBatch:
        rows = list(rows)
        if schema is None:
            if not rows:
                raise ValueError("an empty batch needs a schema")
            schema = rows[0].schema
        parts, offsets, pos = [], [0], 0
        for r in rows:
            if r.schema != schema:
                raise error(
                    "schema_mismatch", "", "rows of different schemas in one batch"
                )
            b = r.to_bytes()
            parts.append(b)
            pos += len(b)
            offsets.append(pos)
        return cls(schema, b"".join(parts), offsets)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __getitem__(self, k: int) -> RowData:
        n = len(self)
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError("row index out of range")
        return RowData(self.schema, self._mv[self.offsets[k] : self.offsets[k + 1]])

    def __iter__(self) -> Iterator[RowData]:
        for k in range(len(self)):
            yield self[k]

    def column(self, i: Union[int, str]) -> list:
        """Field i of every row (temporal values as ints, maps as pairs)."""
        if isinstance(i, str):
            i = self.schema.index(i)
        get = _zerorow.get
        return [get(r, i, _ARROW_MODE) for r in self]

    def _offsets_bytes(self) -> Any:
        """The n+1 int64 offsets as a buffer (no copy)."""
        return self.offsets

        if not isinstance(self.offsets, list):
            return self.offsets  # int64 ndarray: exported through the buffer protocol
        return array.array("q", self.offsets).tobytes()

    def to_arrow(self):
        """A pyarrow.RecordBatch with one column per field (SPEC §12), via the C Data Interface."""
        return _pa().record_batch(self)

    def to_binary_array(self):
        """The rows as one Arrow large_binary array, zero-copy over this batch's buffer."""
        pa = _pa()
        return pa.Array.from_buffers(
            pa.large_binary(),
            len(self),
            [None, pa.py_buffer(self._offsets_bytes()), pa.py_buffer(self.data)],
        )

    # Arrow PyCapsule interface: the columns are gathered by cpp-row (zerorow::arrow::ExportRows)
    def __arrow_c_schema__(self):
        return _zerorow.arrow_schema_capsule(core_schema(self.schema))

    def __arrow_c_array__(self, requested_schema=None):
        self._check_requested(requested_schema)
        return _zerorow.arrow_export(
            core_schema(self.schema), self.data, self._offsets_bytes()
        )

    def __arrow_c_stream__(self, requested_schema=None):
        self._check_requested(requested_schema)
        return _zerorow.arrow_export_stream(
            core_schema(self.schema), self.data, self._offsets_bytes()
        )

    def _check_requested(self, requested_schema: Any) -> None:
        """The PyCapsule protocol's requested_schema: honoured when it is the batch's own
        Arrow schema (SPEC §12), else rejected: zerorow exports its types and does not cast."""
        if requested_schema is None:
            return
        own = self.__arrow_c_schema__()
        if not _zerorow.arrow_schema_equal(requested_schema, own):
            raise error(
                "schema_mismatch",
                "",
                "requested_schema differs from the rows' Arrow schema (SPEC §12): zerorow "
                "exports its own types and does not cast; import without a schema and cast "
                "in Arrow",
            )

    def __repr__(self) -> str:
        return f"RowBatch({len(self)} rows, {self.schema!r})"


def to_arrow(rows: Union[RowBatch, Iterable[RowData]], schema: Optional[Schema] = None):
    """A pyarrow.RecordBatch of rows (one column per field)."""
    if not isinstance(rows, RowBatch):
        rows = RowBatch.from_rows(rows, schema)
    return rows.to_arrow()


def core_schema(schema: Schema):
    """The compiled schema (cpp-row's Schema inside) that the Arrow bridge takes."""
    return schema._native


def _batch(schema: Schema, data: bytes, offs: bytes) -> RowBatch:
    a = array.array("q")
    a.frombytes(offs)
    return RowBatch(schema, data, a)


def objects_to_batch(enc, objs: list):
    """Objects -> rows -> Arrow in one native call (rows and export as RowBatch.to_arrow())."""
    return _pa().record_batch(_Exported(_zerorow.encode_arrow(enc._native, objs)))


class _Exported:
    """Capsules already made, handed over once through the PyCapsule protocol."""

    __slots__ = ("_capsules",)

    def __init__(self, capsules: tuple) -> None:
        self._capsules = capsules

    def __arrow_c_array__(self, requested_schema=None):
        return self._capsules


def from_arrow(data: Any, schema: Optional[Schema] = None) -> RowBatch:
    """Rows from a RecordBatch, Table or any object exporting the Arrow PyCapsule protocol.

    Columns are matched to the schema's fields (SPEC §12; other timestamp units converted
    exactly or failing); without a schema it is derived from the Arrow schema.
    """
    if hasattr(data, "__arrow_c_array__"):
        sc, ac = data.__arrow_c_array__()
        if schema is None:
            schema = Schema.from_json(_zerorow.arrow_import_schema(sc))
        return _batch(schema, *_zerorow.arrow_import(core_schema(schema), sc, ac))
    if hasattr(data, "__arrow_c_stream__"):
        if schema is None:
            if not hasattr(data, "__arrow_c_schema__"):
                raise TypeError(
                    "from_arrow needs a schema for a stream that does not export __arrow_c_schema__"
                )
            schema = Schema.from_json(
                _zerorow.arrow_import_schema(data.__arrow_c_schema__())
            )
        return _batch(
            schema,
            *_zerorow.arrow_import_stream(
                core_schema(schema), data.__arrow_c_stream__()
            ),
        )
    raise TypeError(
        f"from_arrow needs an object exporting the Arrow PyCapsule protocol, got {type(data).__name__}"
    )
