"""Rows <-> Apache Arrow (SPEC §12) and the Arrow PyCapsule protocol.

`RowBatch` (rows end to end in one buffer) exports `__arrow_c_array__`, `__arrow_c_stream__`
and `__arrow_c_schema__`, so `pyarrow.record_batch(b)`, `pyarrow.table(b)`, polars or DuckDB
take it directly. The columns are gathered from the rows and handed over through the Arrow C
Data Interface capsules; pyarrow (an optional dependency) builds them today.
"""

from __future__ import annotations

import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from . import _zerorow
from ._views import RowData
from .errors import ZerorowError, error
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
class SequenceMethods:
    """The methods collections.abc.Sequence mixes in, for RowBatch and RowFile. They do not
    inherit from Sequence on purpose: polars' DataFrame() takes any Sequence row by row,
    before it looks for the Arrow PyCapsule protocol, which is the zero-copy way in."""

    __slots__ = ()

    def __iter__(self) -> Iterator[RowData]:
        for k in range(len(self)):
            yield self[k]

    def __reversed__(self) -> Iterator[RowData]:
        for k in range(len(self) - 1, -1, -1):
            yield self[k]

    def __contains__(self, row: Any) -> bool:
        return any(r == row for r in self)

    def index(self, row: Any, start: int = 0, stop: int | None = None) -> int:
        n = len(self)
        for k in range(*slice(start, n if stop is None else stop).indices(n)):
            if self[k] == row:
                return k
        raise ValueError("row is not in the sequence")

    def count(self, row: Any) -> int:
        return sum(1 for r in self if r == row)


class RowBatch(SequenceMethods):
    """Rows of one schema laid end to end in one buffer; row k is data[offsets[k]:offsets[k+1]].

    A sequence of BinaryRow views (zero-copy; a slice is a RowBatch over the same buffer) and
    an Arrow PyCapsule exporter (`pa.record_batch(b)`, `pl.DataFrame(b)`, `pl.from_arrow(b)`).
    """

    # pyarrow's pandas metadata of the DataFrame the rows came from (zerorow.from_pandas),
    # which to_pandas() and write_file use; None for other rows.
    pandas_metadata: bytes | None = None

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
        cls, rows: Iterable[RowData], schema: Schema | None = None
    ) -> RowBatch:
        """Rows of one schema in one buffer. ResolvedRows (SPEC §13.4) are laid out by their
        reader schema first (cpp-row's WriteReaderRow), so the batch holds the reader's rows."""
        from .evolution import ResolvedRow

        rows = list(rows)
        for k, r in enumerate(rows):
            if not isinstance(r, (RowData, ResolvedRow)):
                raise TypeError(
                    f"expected zerorow.BinaryRow rows but item [{k}] is a {type(r).__name__}; "
                    "to convert objects use zerorow.encoder(cls).to_arrow_record_batch(objs)"
                )
        if schema is None:
            if not rows:
                raise ValueError("an empty batch needs a schema")
            schema = rows[0].schema
        parts, offsets, pos = [], [0], 0
        for r in rows:
            if isinstance(r, ResolvedRow):
                if not r._reader_is(schema._native):
                    raise error(
                        "schema_mismatch", "", "rows of different schemas in one batch"
                    )
                b = r._relay()
            else:
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

    def __getitem__(self, k: int | slice) -> Any:
        n = len(self)
        if isinstance(k, slice):
            start, stop, step = k.indices(n)
            if step == 1:  # zero-copy: the same buffer, a window of the offsets
                stop = max(start, stop)
                out = RowBatch(self.schema, self.data, self.offsets[start : stop + 1])
                out.pandas_metadata = self.pandas_metadata
                return out
            return RowBatch.from_rows(
                [self[i] for i in range(start, stop, step)], self.schema
            )
        try:
            k = k.__index__()
        except AttributeError:
            raise TypeError(
                f"RowBatch indices must be integers or slices, not {type(k).__name__}"
            ) from None
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError(f"row index out of range for a batch of {n} rows")
        return RowData(self.schema, self._mv[self.offsets[k] : self.offsets[k + 1]])

    def column(self, i: int | str) -> list:
        """Field i of every row (temporal values as ints, maps as pairs)."""
        if isinstance(i, str):
            i = self.schema.index(i)
        get = _zerorow.get
        return [get(r, i, _ARROW_MODE) for r in self]

    def _offsets_bytes(self) -> Any:
        """The n+1 int64 offsets as a buffer (no copy)."""
        return self.offsets

    def to_arrow(self):
        """A pyarrow.RecordBatch with one column per field (SPEC §12), via the C Data Interface."""
        return _pa().record_batch(self)

    def to_pandas(self, **kwargs: Any):
        """The rows as a pandas DataFrame: the frame they came from (zerorow.from_pandas) with
        its dtypes, categories and index, or, for other rows, one column per field with
        nullable int and bool fields as pandas' nullable dtypes (see RowFile.to_pandas)."""
        from ._pandas import to_pandas

        return to_pandas(
            _pa().table(self.to_arrow()), self.schema, self.pandas_metadata, **kwargs
        )

    def to_binary_array(self):
        """The rows as one Arrow large_binary array, zero-copy over this batch's buffer."""
        pa = _pa()
        offsets = self._offsets_bytes()
        if (
            len(offsets) and offsets[0] != 0
        ):  # a slice: offsets relative to its first row
            import numpy as np

            offsets = np.asarray(offsets, dtype="<i8")
            return pa.Array.from_buffers(
                pa.large_binary(),
                len(self),
                [
                    None,
                    pa.py_buffer(offsets - offsets[0]),
                    pa.py_buffer(self._mv[int(offsets[0]) : int(offsets[-1])]),
                ],
            )
        return pa.Array.from_buffers(
            pa.large_binary(),
            len(self),
            [None, pa.py_buffer(offsets), pa.py_buffer(self.data)],
        )

    # Arrow PyCapsule interface: the columns are gathered by cpp-row (zerorow::arrow_io::ExportRows)
    def __arrow_c_schema__(self):
        return _zerorow.arrow_schema_capsule(core_schema(self.schema))

    def __arrow_c_array__(self, requested_schema=None):
        if self._is_own(requested_schema):
            return _zerorow.arrow_export(
                core_schema(self.schema), self.data, self._offsets_bytes()
            )
        return self._cast_to(requested_schema).__arrow_c_array__()

    def __arrow_c_stream__(self, requested_schema=None):
        if self._is_own(requested_schema):
            return _zerorow.arrow_export_stream(
                core_schema(self.schema), self.data, self._offsets_bytes()
            )
        return self._cast_to(requested_schema).__arrow_c_stream__()

    def _is_own(self, requested_schema: Any) -> bool:
        return requested_schema is None or _zerorow.arrow_schema_equal(
            requested_schema, self.__arrow_c_schema__()
        )

    def _cast_to(self, requested_schema: Any):
        """The PyCapsule protocol's requested_schema: a schema that differs from the rows'
        own (SPEC §12) only in lossless variants (large / view strings and binaries, large
        lists, wider integers) is honoured with a cast in Arrow; anything else is refused."""
        from ._arrow_in import lossless_out

        pa = _pa()
        want = pa.Schema._import_from_c_capsule(requested_schema)
        batch = self.to_arrow()
        if want.names != batch.schema.names:
            raise error(
                "schema_mismatch",
                "",
                f"requested_schema has the columns {want.names}, the rows {batch.schema.names}",
            )
        for have, f in zip(batch.schema, want, strict=False):
            if not lossless_out(have.type, f.type):
                raise error(
                    "schema_mismatch",
                    f.name,
                    f"requested_schema asks for Arrow {f.type} but the rows give {have.type} "
                    "(SPEC §12): not a lossless variant; import without a schema and cast in Arrow",
                )
        cols = []
        for col, f in zip(batch.columns, want, strict=False):
            if f.type == col.type:
                cols.append(col)
            elif pa.types.is_string_view(f.type) or pa.types.is_binary_view(f.type):
                # pyarrow 21's cast to a view type exports arrays that crash their consumer:
                # build the view array from the values instead
                cols.append(pa.array(col.to_pylist(), type=f.type))
            else:
                cols.append(col.cast(f.type))
        return pa.RecordBatch.from_arrays(cols, schema=want)

    def __repr__(self) -> str:
        return f"RowBatch({len(self)} rows, {self.schema!r})"


def to_arrow(rows: RowBatch | Iterable[RowData], schema: Schema | None = None):
    """A pyarrow.RecordBatch of rows (one column per field). Resolved rows give the reader's
    Arrow schema (SPEC §12, §13.4)."""
    if not isinstance(rows, RowBatch):
        rows = RowBatch.from_rows(rows, schema)
    return rows.to_arrow()


def to_pandas(rows: RowBatch | Iterable[RowData], schema: Schema | None = None):
    """Rows (a RowBatch, or any iterable of BinaryRows or ResolvedRows of one schema) as a
    pandas DataFrame, one column per field (see RowBatch.to_pandas)."""
    if not isinstance(rows, RowBatch):
        rows = RowBatch.from_rows(rows, schema)
    return rows.to_pandas()


def core_schema(schema: Schema):
    """The compiled schema (cpp-row's Schema inside) that the Arrow bridge takes."""
    return schema._native


def _batch(schema: Schema, data: Any, offs: Any) -> RowBatch:
    """A RowBatch over what the native import returns (NumPy arrays, no copy)."""
    return RowBatch(schema, data, offs)


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


def from_arrow(
    data: Any, schema: Schema | None = None, strict: bool = False
) -> RowBatch:
    """Rows from a pyarrow RecordBatch, Table or RecordBatchReader, or any object exporting
    the Arrow PyCapsule protocol (polars, DuckDB, pandas through pyarrow).

    With a schema, columns are matched to its fields by name (any order; other columns are
    left out) and the Arrow variants people get are accepted: large / view strings and
    binaries, dictionary-encoded strings, large / view lists, lossless integer and float
    widenings, other timestamp / duration / time units. Values finer than a microsecond are
    floored (SPEC Appendix A rule 6), or refused with strict=True. Anything lossy is refused
    with the column and both types. Without a schema, it is derived from the Arrow schema
    (SPEC §12 read backwards, after the same widenings)."""
    if schema is not None and not isinstance(schema, Schema):
        raise TypeError(
            f"from_arrow's schema must be a zerorow.Schema, got {type(schema).__name__}"
        )
    direct = _direct_import(data, schema)
    if direct is not None:
        return direct
    from . import _arrow_in

    return _arrow_in.import_batches(data, schema, strict)


def _direct_import(data: Any, schema: Schema | None) -> RowBatch | None:
    """The fast path, without pyarrow: an exporter whose Arrow schema is exactly the one of
    `schema` (SPEC §12) goes straight to cpp-row's ImportRows."""
    if schema is None:
        return None
    if not hasattr(data, "__arrow_c_array__"):
        return None
    sc, ac = data.__arrow_c_array__()
    own = _zerorow.arrow_schema_capsule(core_schema(schema))
    if not _zerorow.arrow_schema_equal(sc, own):
        return None  # the capsules are released; the general path exports again
    try:
        return _batch(schema, *_zerorow.arrow_import(core_schema(schema), sc, ac))
    except ZerorowError as e:  # the row first, as every Arrow import names it
        from ._arrow_in import _renamed, _row_numbered

        raise _row_numbered(_renamed(e), schema.names, 0) from None
