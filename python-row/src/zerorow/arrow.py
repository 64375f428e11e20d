"""Rows <-> Apache Arrow (SPEC §12) and the Arrow PyCapsule protocol.

`RowBatch` (rows end to end in one buffer) exports `__arrow_c_array__`, `__arrow_c_stream__`
and `__arrow_c_schema__`, so `pyarrow.record_batch(b)`, `pyarrow.table(b)`, polars or DuckDB
take it directly. The columns are gathered from the rows and handed over through the Arrow C
Data Interface capsules; pyarrow (an optional dependency) builds them today.
"""

from __future__ import annotations

import array
import io
import struct
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from . import _zerorow
from ._columns import Column  # noqa: F401 - zerorow.arrow.Column, what RowBatch.column gives
from ._views import BinaryRow
from .errors import ZerorowError, error
from .levels import LevelLike, level_of
from .schema import DataType, Field, Schema

_ARROW_MODE = 1 | 2 | 4  # raw temporal ints, deep, maps as pairs
_VIEW_CHUNK = 16_384  # rows whose views iteration makes at once (RowBatch.__iter__)


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

    def __iter__(self) -> Iterator[BinaryRow]:
        for k in range(len(self)):
            yield self[k]

    def __reversed__(self) -> Iterator[BinaryRow]:
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
    """Rows of one schema in one buffer: the one batch class of python-row, used by
    `zerorow.arrow`, `zerorow.files`, `zerorow.spark`, `zerorow.flink` and the command line.

    Built either way:

    - `RowBatch(schema, data, offsets)`: row k is data[offsets[k]:offsets[k+1]] (n+1 int64
      offsets, the layout of an Arrow binary column);
    - `RowBatch(schema, data, starts, ends)` (or `starts=`, `ends=`): row k is
      data[starts[k]:ends[k]] (the former `zerorow.spark.RowBatch`). Rows that lie end to end
      (starts[k+1] == ends[k], as in any Arrow binary column whose null entries were left
      out) are kept as offsets over the same buffer; rows with gaps between them are copied
      end to end once.

    A sequence of BinaryRow views (zero-copy; a slice is a RowBatch over the same buffer;
    iteration and `views()` check the batch once, in one native pass, SPEC §6.2), vectorised
    columns (`column("customer.country")`), and an Arrow PyCapsule exporter
    (`pa.record_batch(b)`, `pl.DataFrame(b)`). `level` is the check of the views that
    indexing and iteration make ("bounds" by default).
    """

    # pyarrow's pandas metadata of the DataFrame the rows came from (zerorow.from_pandas),
    # which to_pandas() and write_file use; None for other rows.
    pandas_metadata: bytes | None = None

    def __init__(
        self,
        schema: Schema,
        data: Any,
        offsets: Any = None,
        ends: Any = None,
        level: LevelLike = "bounds",
        *,
        starts: Any = None,
    ) -> None:
        if ends is not None:
            if starts is not None and offsets is not None:
                raise TypeError(
                    "RowBatch takes offsets, or starts and ends, not both offsets and starts"
                )
            data, offsets = _end_to_end(
                data, offsets if starts is None else starts, ends
            )
        elif starts is not None or offsets is None:
            raise TypeError(
                "RowBatch needs offsets (RowBatch(schema, data, offsets)) or starts and ends "
                "(RowBatch(schema, data, starts, ends))"
            )
        self.schema = schema
        self.data = data
        # Offsets are kept as int64 in one buffer (a NumPy int64 array or array('q')), so
        # every export hands them to Arrow without converting 100k Python ints again.
        is_np = type(offsets).__module__ == "numpy" and offsets.dtype == "<i8"
        is_q = isinstance(offsets, array.array) and offsets.typecode == "q"
        self.offsets = offsets if is_np or is_q else array.array("q", offsets)
        self._mv = memoryview(data if data is not None else b"").cast("B")
        self.level = level_of(level)
        self._cols: dict = {}

    @classmethod
    def from_arrow_binary(
        cls, arr: Any, schema: Schema, level: LevelLike = "bounds"
    ) -> RowBatch:
        """The rows of a pyarrow binary / large_binary array, zero-copy over its data buffer
        (a sliced array too); a null entry is not a row and is left out."""
        data, offsets = binary_array_rows(arr)
        return cls(schema, data, offsets, level=level)

    @classmethod
    def from_rows(
        cls, rows: Iterable[BinaryRow] | RowBatch, schema: Schema | None = None
    ) -> RowBatch:
        """Rows of one schema in one buffer (a RowBatch is returned as it is). ResolvedRows
        (SPEC §13.4) are laid out by their reader schema first (cpp-row's WriteReaderRow), so
        the batch holds the reader's rows."""
        from .evolution import ResolvedRow

        if isinstance(rows, RowBatch):
            if schema is not None and rows.schema != schema:
                raise error(
                    "schema_mismatch", "", "rows of different schemas in one batch"
                )
            return rows
        rows = list(rows)
        for k, r in enumerate(rows):
            if not isinstance(r, (BinaryRow, ResolvedRow)):
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
                if not r._has_type(schema._native):
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
                out = RowBatch(
                    self.schema,
                    self.data,
                    self.offsets[start : stop + 1],
                    level=self.level,
                )
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
        try:
            return BinaryRow(
                self.schema, self._mv[self.offsets[k] : self.offsets[k + 1]], self.level
            )
        except ZerorowError as e:
            raise type(e)(f"row {k} of the batch: {e}", e.kind, e.path) from None

    def views(self, level: LevelLike | None = None, _first: int = 0) -> list[BinaryRow]:
        """Every row as a BinaryRow view, made in one native call: the batch is checked once,
        at `level` (SPEC §6.2: "bounds" the wrap rules of every row, "full" the whole rows,
        "none" only that each row lies inside the buffer), and its views are then made with
        no check of their own. A bad row raises before any view is made, naming the row."""
        offs = self._int64_offsets()
        return _zerorow.make_rows(
            self.schema,
            self.schema._native,
            self._mv,
            offs[:-1],
            offs[1:],
            self.level if level is None else level_of(level),
            _first,  # the batch's row number of row 0, for errors (a chunk of __iter__)
        )

    def __iter__(self) -> Iterator[BinaryRow]:
        # Views of up to 16,384 rows at a time (the view pool's size): a batch of millions of
        # rows is not held as a list of views at once; each chunk is checked as views() does.
        n = len(self)
        if n <= _VIEW_CHUNK:
            return iter(self.views())
        return (
            row
            for start in range(0, n, _VIEW_CHUNK)
            for row in self[start : start + _VIEW_CHUNK].views(self.level, start)
        )

    def rows(self) -> list[BinaryRow]:
        """Every row's view, as `views()` makes them (the former zerorow.spark name)."""
        return self.views()

    @property
    def starts(self) -> Any:
        """Row k's first byte in `data`, for every k (int64 NumPy array, no copy)."""
        return self._int64_offsets()[:-1]

    @property
    def ends(self) -> Any:
        """One past row k's last byte in `data`, for every k (int64 NumPy array, no copy)."""
        return self._int64_offsets()[1:]

    def _int64_offsets(self) -> Any:
        import numpy as np

        return np.frombuffer(self.offsets, dtype="<i8")

    def column(self, path: int | str) -> Any:
        """Field `path` of every row as a `zerorow.arrow.Column` ("order_id",
        "customer.country", "items.qty": dots step into structs and list elements; an int is
        a top-level ordinal). Primitive, string and binary fields are read for all rows at
        once by NumPy gathers (each reference checked, SPEC §6.2); any other field at the end
        of the path (a struct, list, map, decimal above 18 digits ...) is read row by row.
        `to_pylist()`, `to_numpy()` and `to_arrow()` give the values."""
        from ._columns import ValuesColumn, read_column

        if isinstance(path, int):
            path = self.schema.names[path]
        col = self._cols.get(path)
        if col is None:
            if path in self.schema.names and not _vectorised(
                self.schema.field(path).type
            ):
                col = ValuesColumn(
                    path, self.schema.field(path).type, self._values(path)
                )
            else:
                import numpy as np

                offs = self._int64_offsets()
                col = read_column(
                    np.frombuffer(self._mv, dtype=np.uint8),
                    offs[:-1],
                    offs[1:] - offs[:-1],
                    self.schema,
                    path,
                )
            self._cols[path] = col
        return col

    def _values(self, name: str) -> list:
        """A top-level field of every row as Python values, row by row (temporal values as
        their stored ints, maps as (key, value) pairs: the forms of the Arrow export)."""
        i = self.schema.index(name)
        get = _zerorow.get
        return [get(r, i, _ARROW_MODE) for r in self]

    def rows_bytes(self) -> tuple:
        """(data, int64 offsets starting at 0) of the rows end to end (no copy)."""
        offs = self._int64_offsets()
        if len(offs) and offs[0] != 0:
            return self._mv[int(offs[0]) : int(offs[-1])], offs - offs[0]
        end = int(offs[-1]) if len(offs) else 0
        return self._mv[:end], offs

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


def _vectorised(t: DataType) -> bool:
    """Whether RowBatch.column reads a top-level field of type `t` with NumPy gathers (the
    other types are read row by row)."""
    from ._columns import reads_vectorised

    return reads_vectorised(t)


def _end_to_end(data: Any, starts: Any, ends: Any) -> tuple[Any, Any]:
    """(data, n+1 int64 offsets) of the rows data[starts[k]:ends[k]]: the same buffer when
    each row starts where the one before it ends, else the rows copied end to end."""
    import numpy as np

    starts = np.ascontiguousarray(starts, dtype="<i8")
    ends = np.ascontiguousarray(ends, dtype="<i8")
    if starts.shape != ends.shape or starts.ndim != 1:
        raise ValueError(
            f"RowBatch: {starts.size} starts but {ends.size} ends (one of each per row)"
        )
    if not len(starts):
        return data, np.zeros(1, dtype="<i8")
    if (starts[1:] == ends[:-1]).all():
        offsets = np.empty(len(starts) + 1, dtype="<i8")
        offsets[0] = starts[0]
        offsets[1:] = ends
        return data, offsets
    sizes = ends - starts
    if (sizes < 0).any():
        k = int(np.flatnonzero(sizes < 0)[0])
        raise error(
            "truncated",
            f"<row {k}>",
            f"expected start <= end but found start {int(starts[k])}, end {int(ends[k])}",
        )
    mv = memoryview(data).cast("B")
    out = b"".join(mv[a:b] for a, b in zip(starts.tolist(), ends.tolist(), strict=True))
    offsets = np.zeros(len(starts) + 1, dtype="<i8")
    np.cumsum(sizes, out=offsets[1:])
    return out, offsets


def binary_array_rows(arr: Any) -> tuple[Any, Any]:
    """(data buffer, n+1 int64 offsets) of the non-null entries of a pyarrow binary or
    large_binary array (sliced arrays too), zero-copy over its data buffer; null entries
    are not rows and are left out (copied end to end only in the rare case that a null
    entry holds bytes)."""
    import numpy as np

    bufs = arr.buffers()
    n = len(arr)
    if not n:
        return b"", np.zeros(1, dtype="<i8")
    width = "<i8" if str(arr.type) in ("large_binary", "large_string") else "<i4"
    offs = np.frombuffer(
        bufs[1], dtype=width, count=n + 1, offset=arr.offset * np.dtype(width).itemsize
    ).astype("<i8")
    data = bufs[2] if bufs[2] is not None else b""
    if not arr.null_count:
        return data, offs
    keep = np.asarray(arr.is_valid())
    return _end_to_end(data, offs[:-1][keep], offs[1:][keep])


def to_arrow(rows: RowBatch | Iterable[BinaryRow], schema: Schema | None = None):
    """A pyarrow.RecordBatch of rows (one column per field). Resolved rows give the reader's
    Arrow schema (SPEC §12, §13.4)."""
    if not isinstance(rows, RowBatch):
        rows = RowBatch.from_rows(rows, schema)
    return rows.to_arrow()


def to_pandas(rows: RowBatch | Iterable[BinaryRow], schema: Schema | None = None):
    """Rows (a RowBatch, or any iterable of BinaryRows or ResolvedRows of one schema) as a
    pandas DataFrame, one column per field (see RowBatch.to_pandas)."""
    if not isinstance(rows, RowBatch):
        rows = RowBatch.from_rows(rows, schema)
    return rows.to_pandas()


def months_as_int32_schema(schema: Any) -> Any:
    """The Arrow schema months_as_int32 gives (the same object when it has no month_interval)."""
    pa = _pa()
    # pyarrow names no month_interval type (no factory, no Type_ constant): told by its name
    months = [str(f.type) == "month_interval" for f in schema]
    if not any(months):
        return schema
    fields = [
        f.with_type(pa.int32()) if m else f for f, m in zip(schema, months, strict=True)
    ]
    return pa.schema(fields, metadata=schema.metadata)


def months_as_int32(data: Any) -> Any:
    """A RecordBatch or Table whose top-level Arrow month_interval columns (interval_ym, SPEC
    §12.1) are int32 months, the Python value a row view gives. pyarrow can neither hand a
    month_interval array to Python nor cast it, so pandas, the CLI's table and its CSV, JSON
    Lines and Parquet writers (Parquet has INT32 for it, §12.3) get the months this way: each
    batch is re-imported through the C Data Interface as int32, whose buffers it shares."""
    pa = _pa()
    target = months_as_int32_schema(data.schema)
    if target is data.schema:
        return data

    def retyped(batch: Any) -> Any:
        _, array = batch.__arrow_c_array__()
        return pa.RecordBatch._import_from_c_capsule(target.__arrow_c_schema__(), array)

    if isinstance(data, pa.RecordBatch):
        return retyped(data)
    return pa.Table.from_batches([retyped(b) for b in data.to_batches()], schema=target)


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
    data: Any, schema: Schema | None = None, strict: bool = False, first_row: int = 0
) -> RowBatch:
    """Rows from a pyarrow RecordBatch, Table or RecordBatchReader, or any object exporting
    the Arrow PyCapsule protocol (polars, DuckDB, pandas through pyarrow).

    Every Arrow type is read by the one table of SPEC §12.2, in cpp-row: dictionary and
    run-end encoded columns as their values, view / large / fixed-size layouts, unsigned
    integers (uint64 as decimal(20, 0)), float16, date64 (whole days), every time unit (values
    finer than a microsecond floored, SPEC Appendix A rule 6, or refused with strict=True),
    decimal32/64/128/256 up to 38 digits, fixed_size_binary, the three interval types,
    arrow.uuid and parquet.variant; unions are refused. Without a schema the rows' schema is
    derived from the Arrow schema (`Schema.from_arrow`). With one, its fields take the
    columns of their names (other columns are left out), and a column's type must be the
    field's or widen to it (SPEC §13.3). Errors name the column path and the row, counted from
    `first_row` (the rows of earlier batches of the same file)."""
    if schema is not None and not isinstance(schema, Schema):
        raise TypeError(
            f"from_arrow's schema must be a zerorow.Schema, got {type(schema).__name__}"
        )
    from . import _arrow_in

    return _arrow_in.import_batches(data, schema, strict, first_row)


def read_parquet(
    path: Any, columns: Sequence[str] | None = None, strict: bool = False
) -> RowBatch:
    """Rows from a Parquet file, read by pyarrow and mapped by SPEC §12.3 through from_arrow:
    INT96 timestamps are read at microseconds (never a wrapped nanosecond value; one past
    int64 µs is invalid_data, checked against a read at milliseconds), UUID as
    uuid, ENUM as string; INTERVAL and VARIANT groups, which pyarrow cannot read, through a
    footer cpp-row patches (zerorow/arrow/parquet_footer.h); GEOMETRY, GEOGRAPHY, shredded
    variants and logical types the reader does not know are refused, naming them, and so is a
    schema form pyarrow cannot map (a map without its key). A zerorow-written file's
    `zerorow.schema` restores its zones and types."""
    source = ParquetSource(path, columns)
    return from_arrow(source.table(), source.zerorow_schema, strict)


def _parquet_file_options(pq: Any) -> dict[str, Any]:
    """INT96 as µs (SPEC §12.3), and Parquet's UUID/JSON logical types as Arrow extension
    types where this pyarrow has the option (19 on; PyFlink pins 16, where the column's
    logical type retypes it instead: _parquet_logical_types)."""
    import inspect

    options: dict[str, Any] = {"coerce_int96_timestamp_unit": "us"}
    if "arrow_extensions_enabled" in inspect.signature(pq.ParquetFile).parameters:
        options["arrow_extensions_enabled"] = True
    return options


class ParquetSource:
    """A Parquet file opened the way read_parquet reads it (SPEC §12.3), for readers that
    stream it (`zerorow convert`): `arrow_schema` is what from_arrow maps, `num_rows`,
    `zerorow_schema` the file's `zerorow.schema` (None without one), and `table()` /
    `batches(n)` give data of that schema."""

    def __init__(self, path: Any, columns: Sequence[str] | None = None) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        cols = list(columns) if columns is not None else None
        self._cols = cols
        name = "-" if isinstance(path, (bytes, bytearray, memoryview)) else path
        self._what = f"Parquet file '{name}'" + (f", columns {cols}" if cols else "")
        source, self._marks = _patched_parquet(path)
        try:
            f = pq.ParquetFile(source, **_parquet_file_options(pq))
        except (pa.ArrowException, OSError) as e:  # never bare: named, the cause kept
            if _parquet_framed(path):  # a Parquet file whose schema pyarrow cannot map
                raise error(
                    "unsupported",
                    "",
                    f"{self._what}: the reader cannot map its schema: {e}",
                ) from e
            raise error("invalid_data", "", f"{self._what}: {e}") from e
        self._file = f
        self._path = path
        names = cols if cols is not None else f.schema_arrow.names
        self._int96 = _int96_columns(f, names)
        self._retype = _parquet_logical_types(f, names)
        self.num_rows = f.metadata.num_rows
        self.zerorow_schema = None
        meta = f.schema_arrow.metadata or {}
        if b"zerorow.schema" in meta:
            written = Schema.from_json(meta[b"zerorow.schema"])
            if cols is None:
                self.zerorow_schema = written
            elif all(c in written.names for c in cols):
                self.zerorow_schema = Schema([written.field(c) for c in cols])
        whole = f.schema_arrow
        if cols is not None and all(c in whole.names for c in cols):
            whole = pa.schema([whole.field(c) for c in cols], whole.metadata)
        self.arrow_schema = self._schema(whole)

    def _schema(self, schema: Any) -> Any:
        import pyarrow as pa

        if self._marks:
            schema = _marked(schema, self._marks)
        for name, t in self._retype.items():
            i = schema.get_field_index(name)
            if i >= 0:
                schema = schema.set(i, schema.field(i).with_type(t))
        return pa.schema(list(schema), schema.metadata)

    def _fixed(self, data: Any) -> Any:
        """`data` (a Table or RecordBatch) with the types of §12.3 (same buffers)."""
        import pyarrow as pa

        if not self._marks and not self._retype:
            return data
        cols = list(data.columns)
        for name, t in self._retype.items():
            i = data.schema.get_field_index(name)
            c = cols[i]
            if isinstance(c, pa.ChunkedArray):
                cols[i] = pa.chunked_array([k.view(t) for k in c.chunks], t)
            else:
                cols[i] = c.view(t)
        return type(data).from_arrays(cols, schema=self._schema(data.schema))

    def _failed(self, e: Exception) -> Exception:
        import pyarrow as pa

        kind = (
            "unsupported"
            if isinstance(e, pa.ArrowNotImplementedError)
            else "invalid_data"
        )
        return error(kind, "", f"{self._what}: {e}")

    def table(self) -> Any:
        import pyarrow as pa

        try:
            data = self._file.read(columns=self._cols)
            if self._int96:
                in_ms = self._in_ms().read(columns=self._int96)
                _check_int96(data, in_ms, self._int96, 0)
            return self._fixed(data)
        except pa.ArrowException as e:
            raise self._failed(e) from e

    def batches(self, batch_rows: int) -> Iterator[Any]:
        import pyarrow as pa

        it = self._file.iter_batches(batch_size=batch_rows, columns=self._cols)
        in_ms = (
            self._in_ms().iter_batches(batch_size=batch_rows, columns=self._int96)
            if self._int96
            else None
        )
        first_row = 0
        while True:
            try:
                batch = next(it)
                if in_ms is not None:
                    _check_int96(batch, next(in_ms), self._int96, first_row)
            except StopIteration:
                return
            except pa.ArrowException as e:
                raise self._failed(e) from e
            first_row += batch.num_rows
            yield self._fixed(batch)

    def _in_ms(self) -> Any:
        """The file again, its INT96 columns read at milliseconds (for _check_int96)."""
        import pyarrow.parquet as pq

        source, _ = _patched_parquet(self._path)
        return pq.ParquetFile(source, coerce_int96_timestamp_unit="ms")


def _int96_columns(f: Any, names: Sequence[str]) -> list[str]:
    """The top-level columns among `names` that hold an INT96 leaf."""
    schema = f.schema
    tops = {
        schema.column(k).path.split(".")[0]
        for k in range(len(schema))
        if schema.column(k).physical_type == "INT96"
    }
    return [n for n in names if n in tops]


def _check_int96(data: Any, in_ms: Any, names: Sequence[str], first_row: int) -> None:
    """SPEC §12.3: an INT96 timestamp is read at µs, checked, never wrapped. Arrow's µs
    conversion wraps past int64 without a word, while an INT96's Julian day (an int32)
    always fits int64 ms: every value fits exactly when floor(µs / 1000) == ms. `data` holds
    the columns `names` read at µs, `in_ms` the same read at ms (tables or batches)."""
    for name in names:
        us, ms = data.column(name), in_ms.column(name)
        if hasattr(us, "combine_chunks"):
            us, ms = us.combine_chunks(), ms.combine_chunks()
        for (a, where), (b, _) in zip(
            _timestamp_leaves(us, name), _timestamp_leaves(ms, name), strict=True
        ):
            _compare_int96(a, b, where, first_row if where == name else None)


def _compare_int96(us: Any, ms: Any, where: str, first_row: int | None) -> None:
    import numpy as np
    import pyarrow as pa

    a = us.view(pa.int64()).fill_null(0).to_numpy()
    b = ms.view(pa.int64()).fill_null(0).to_numpy()
    bad = np.flatnonzero(np.floor_divide(a, 1000) != b)
    if bad.size:
        i = int(bad[0])
        at = (
            f"row {first_row + i}"
            if first_row is not None
            else f"value {i} of its flattened column"
        )
        raise error(
            "invalid_data",
            where,
            f"{at}: INT96 timestamp {int(b[i])} ms does not fit int64 microseconds "
            f"(read at µs it wraps to {int(a[i])}); SPEC §12.3 refuses it",
        )


def _timestamp_leaves(arr: Any, path: str) -> Iterator[tuple[Any, str]]:
    """(array, path) of every timestamp array inside arr, lists and maps flattened."""
    import pyarrow as pa

    t = arr.type
    if pa.types.is_timestamp(t):
        yield arr, path
    elif pa.types.is_map(t):
        yield from _timestamp_leaves(arr.keys, path + "{keys}")
        yield from _timestamp_leaves(arr.items, path + "{values}")
    elif pa.types.is_list(t) or pa.types.is_large_list(t):
        yield from _timestamp_leaves(arr.flatten(), path + "[]")
    elif pa.types.is_struct(t):
        for i in range(t.num_fields):
            yield from _timestamp_leaves(arr.field(i), f"{path}.{t.field(i).name}")


class _SplicedParquet(io.RawIOBase):
    """A Parquet file read with another footer: its bytes up to the footer, then `footer`, its
    length and the magic (the pages stay where the footer's offsets say they are)."""

    def __init__(self, path: str, keep: int, footer: bytes) -> None:
        super().__init__()
        self._file = open(path, "rb")  # noqa: SIM115 (closed with this object)
        self._keep = keep
        self._tail = footer + struct.pack("<I", len(footer)) + b"PAR1"
        self._size = keep + len(self._tail)
        self._pos = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._pos

    def seek(self, offset: int, whence: int = 0) -> int:
        base = {0: 0, 1: self._pos, 2: self._size}[whence]
        self._pos = max(0, base + offset)
        return self._pos

    def readinto(self, b: Any) -> int:
        view = memoryview(b).cast("B")
        n = 0
        while n < len(view) and self._pos < self._size:
            if self._pos < self._keep:
                self._file.seek(self._pos)
                got = self._file.readinto(
                    view[n : n + min(len(view) - n, self._keep - self._pos)]
                )
                if not got:
                    break
            else:
                at = self._pos - self._keep
                got = min(len(view) - n, len(self._tail) - at)
                view[n : n + got] = self._tail[at : at + got]
            n += got
            self._pos += got
        return n

    def close(self) -> None:
        self._file.close()
        super().close()


def _patched_parquet(path: Any) -> tuple[Any, list]:
    """(what pyarrow reads, the marks): the path itself, or the file with the footer cpp-row's
    PatchParquetFooter gives where the schema has a form pyarrow cannot read (INTERVAL,
    VARIANT groups). `path` may be the file's bytes (stdin)."""
    if isinstance(path, (bytes, bytearray, memoryview)):
        return _patched_parquet_bytes(bytes(path))
    try:
        with open(path, "rb") as fh:
            size = fh.seek(0, 2)
            if size < 12:
                return str(path), []
            fh.seek(size - 8)
            tail = fh.read(8)
            (length,) = struct.unpack("<I", tail[:4])
            if tail[4:] != b"PAR1" or length > size - 12:
                return str(path), []
            fh.seek(size - 8 - length)
            footer, marks = _zerorow.parquet_footer_patch(fh.read(length))
    except (OSError, TypeError, ValueError):
        return str(
            path
        ), []  # not a local file, or a footer the Parquet reader will refuse
    except Exception:  # noqa: BLE001 - a broken footer: pyarrow names what is wrong
        return str(path), []
    if not marks:
        return str(path), []
    return _SplicedParquet(str(path), size - 8 - length, footer), marks


def _marked(schema: Any, marks: list) -> Any:
    """`schema` with the fields of a patched footer's marks (found by their field ids) given the
    Arrow metadata cpp-row's import maps: parquet.variant for a variant group, the Parquet
    INTERVAL key for an interval; a shredded variant is refused, naming its path. A mark of a
    column in `schema` that no field carries (pyarrow gave no field id there) is refused too:
    the column would otherwise read as its storage (fixed_binary(12), a struct)."""
    import pyarrow as pa

    by_id = {str(m[0]).encode(): m for m in marks}
    applied = set()

    def mark(field: Any) -> Any:
        t = field.type
        kids = [t.field(k) for k in range(t.num_fields)] if t.num_fields else []
        new = [mark(k) for k in kids]
        if any(a is not b for a, b in zip(new, kids, strict=True)):
            if pa.types.is_struct(t):
                t = pa.struct(new)
            elif pa.types.is_map(t):
                entries = new[0].type
                t = pa.map_(entries.field(0), entries.field(1), t.keys_sorted)
            elif pa.types.is_large_list(t):
                t = pa.large_list(new[0])
            elif pa.types.is_fixed_size_list(t):
                t = pa.list_(new[0], t.list_size)
            else:
                t = pa.list_(new[0])
            field = field.with_type(t)
        meta = dict(field.metadata or {})
        m = by_id.get(meta.get(b"PARQUET:field_id"))
        if m is None:
            return field
        field_id, kind, original, where = m
        applied.add(field_id)
        if kind == "shredded_variant":
            raise error(
                "unsupported",
                where,
                f"Parquet column '{where}' is a VARIANT group other than {{ metadata; value; }} "
                "(a shredded variant, typed_value): SPEC §12.3 refuses it",
            )
        del meta[b"PARQUET:field_id"]
        if original is not None:
            meta[b"PARQUET:field_id"] = str(original).encode()
        if kind == "variant":
            meta[b"ARROW:extension:name"] = b"parquet.variant"
            meta[b"ARROW:extension:metadata"] = b""
        else:
            meta[_zerorow.PARQUET_LOGICAL_TYPE_KEY.encode()] = b"INTERVAL"
        return field.with_metadata(meta)

    out = pa.schema([mark(f) for f in schema], schema.metadata)
    for field_id, kind, _, where in marks:
        in_schema = any(where == n or where.startswith(n + ".") for n in schema.names)
        if field_id not in applied and (in_schema or where.startswith("...")):
            what = "INTERVAL" if kind == "interval" else "a VARIANT group"
            raise error(
                "unsupported",
                where,
                f"Parquet column '{where}' is {what}, which the reader finds by the field id "
                "of a patched footer, and pyarrow gave that column no field id",
            )
    return out


def _patched_parquet_bytes(data: bytes) -> tuple[Any, list]:
    """_patched_parquet of a file held in memory."""
    import pyarrow as pa

    if len(data) < 12 or data[-4:] != b"PAR1":
        return pa.BufferReader(data), []
    (length,) = struct.unpack("<I", data[-8:-4])
    if length > len(data) - 12:
        return pa.BufferReader(data), []
    keep = len(data) - 8 - length
    try:
        footer, marks = _zerorow.parquet_footer_patch(data[keep : len(data) - 8])
    except Exception:  # noqa: BLE001 - a broken footer: pyarrow names what is wrong
        return pa.BufferReader(data), []
    if not marks:
        return pa.BufferReader(data), []
    tail = footer + struct.pack("<I", len(footer)) + b"PAR1"
    return pa.BufferReader(data[:keep] + tail), marks


def _parquet_framed(path: Any) -> bool:
    """True when the file starts and ends with Parquet's magic bytes."""
    if isinstance(path, (bytes, bytearray, memoryview)):
        return bytes(path[:4]) == b"PAR1" and bytes(path[-4:]) == b"PAR1"
    try:
        with open(path, "rb") as fh:
            head = fh.read(4)
            fh.seek(-4, 2)
            return head == b"PAR1" and fh.read(4) == b"PAR1"
    except OSError:
        return False


def _parquet_logical_types(f: Any, names: Sequence[str]) -> dict:
    """SPEC §12.3 for the Parquet logical types pyarrow reads as another type: {column: the
    Arrow type it is read as} (a top-level ENUM is a string, pyarrow gives binary); GEOMETRY,
    GEOGRAPHY and an unknown logical type are refused, and so is an UNKNOWN (null) column of a
    physical type other than INT32 (pyarrow reads it as nulls whatever it holds)."""
    import pyarrow as pa

    out = {}
    for k in range(len(f.schema)):
        leaf = f.schema.column(k)
        top = leaf.path.split(".")[0]
        if top not in names:
            continue
        logical = str(leaf.logical_type)
        if (
            logical.startswith(("Geometry", "Geography"))
            or leaf.logical_type.type == "UNDEFINED"
        ):
            raise error(
                "unsupported",
                top,
                f"Parquet logical type {logical} of '{leaf.path}' has no zerorow type (SPEC §12.3)",
            )
        if logical == "Null" and leaf.physical_type != "INT32":
            raise error(
                "unsupported",
                top,
                f"Parquet column '{leaf.path}' of logical type UNKNOWN has the physical type "
                f"{leaf.physical_type}: the reader cannot tell that it holds only nulls",
            )
        if logical == "Enum" and leaf.path == top:
            out[top] = pa.string()
    return out
