"""RowBatch: rows of one schema end to end in one buffer (SPEC §5), the one batch class of
zerorow.arrow, zerorow.files, zerorow.spark and zerorow.flink.

A RowBatch exports `__arrow_c_array__`, `__arrow_c_stream__` and `__arrow_c_schema__`, so
`pyarrow.record_batch(b)`, `pyarrow.table(b)`, polars or DuckDB take it directly. The columns
are gathered from the rows and handed over through the Arrow C Data Interface capsules;
pyarrow (an optional dependency) builds them today.
"""

from __future__ import annotations

import array
from collections.abc import Iterable, Iterator
from typing import Any

from . import _zerorow
from ._arrow_types import _pa, core_schema, lossless_out
from ._views import BinaryRow
from .errors import ZerorowError, error
from .levels import LevelLike, level_of
from .schema import DataType, Schema

_ARROW_MODE = 1 | 2 | 4  # raw temporal ints, deep, maps as pairs
_VIEW_CHUNK = 16_384  # rows whose views iteration makes at once (RowBatch.__iter__)


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
