"""Row files (SPEC §5): Arrow IPC files with one non-null binary column `row` whose field
metadata carries the format version, the schema's canonical JSON and its fingerprint."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator
from typing import Any

from ._views import RowData
from .arrow import SequenceMethods
from .errors import ZerorowError, error
from .levels import LevelLike, level_of
from .schema import FORMAT_VERSION, Schema

BATCH_ROWS = 65536


def _rows_bytes(items: Iterable[Any], schema: Schema) -> Iterator[bytes]:
    from . import _zerorow
    from .encoder import at_index

    for k, x in enumerate(items):
        if isinstance(x, RowData):
            if x.schema != schema:
                raise error(
                    "schema_mismatch",
                    f"[{k}]",
                    f"expected a row of schema {schema.fingerprint_hex} but found one of "
                    f"{x.schema.fingerprint_hex}",
                )
            yield x.to_bytes()
        elif isinstance(x, (bytes, bytearray, memoryview)):
            yield bytes(x)
        else:
            with at_index(k):
                yield _zerorow.encode(schema._native, x)


def write_file(path: str, rows_or_objs: Iterable[Any], schema: Schema) -> int:
    """Writes rows (RowData, row bytes, or objects to encode) to an Arrow IPC row file; returns
    the count. An error names the index of the failing item (`[2].x: ...`)."""
    import pyarrow as pa

    if not isinstance(schema, Schema):
        raise TypeError(
            f"write_file needs a zerorow.Schema, got {type(schema).__name__}"
        )
    meta = {
        "zerorow.version": str(FORMAT_VERSION),
        "zerorow.schema": schema.to_json(),
        "zerorow.fingerprint": schema.fingerprint_hex,
    }
    aschema = pa.schema(
        [pa.field("row", pa.large_binary(), nullable=False, metadata=meta)]
    )
    n = 0
    with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_file(sink, aschema) as w:
        batch: list = []
        for b in _rows_bytes(rows_or_objs, schema):
            batch.append(b)
            if len(batch) == BATCH_ROWS:
                w.write_batch(
                    pa.record_batch(
                        [pa.array(batch, pa.large_binary())], schema=aschema
                    )
                )
                n += len(batch)
                batch = []
        if batch or n == 0:
            w.write_batch(
                pa.record_batch([pa.array(batch, pa.large_binary())], schema=aschema)
            )
            n += len(batch)
    return n


class _Mapped:
    """What the slices of one opened file share: the mapping and the per-batch views."""

    __slots__ = ("path", "source", "views", "starts", "closed")

    def __init__(self, path: str) -> None:
        self.path = path
        self.closed = False


def _arrow_error(path: str, where: str, e: Exception) -> ZerorowError:
    """A damaged or cut file, as pyarrow reports it, as a zerorow error naming the file."""
    text = str(e)
    kind = (
        "truncated"
        if "too small" in text or "truncat" in text.lower()
        else "invalid_data"
    )
    return error(kind, "", f"row file {path!r}{where}: {type(e).__name__}: {text}")


class RowFile(SequenceMethods):
    """A memory-mapped row file: a sequence of rows (len, indexes, negative indexes, slices
    that are row files again, zero-copy), to_arrow(), and the Arrow PyCapsule stream protocol
    (`pa.table(f)`, `pl.DataFrame(f)`, DuckDB), batch by batch. Use after close() raises
    ValueError."""

    def __init__(
        self, path: str, schema: Schema | None = None, level: LevelLike = "bounds"
    ) -> None:
        import pyarrow as pa

        level = level_of(level)
        m = _Mapped(str(path))
        try:
            m.source = pa.memory_map(str(path), "r")
            reader = pa.ipc.open_file(m.source)
        except (pa.ArrowInvalid, pa.ArrowIOError) as e:
            if isinstance(e, FileNotFoundError):
                raise
            raise _arrow_error(str(path), "", e) from e
        self.schema = self._check_metadata(str(path), reader.schema, schema)
        batches = []
        for i in range(reader.num_record_batches):
            try:
                col = reader.get_batch(i).column(0)
                col.validate(
                    full=True
                )  # offsets inside the data: the views below trust them
            except (pa.ArrowInvalid, pa.ArrowIOError) as e:
                raise _arrow_error(str(path), f", batch {i}", e) from e
            if col.null_count:
                raise error(
                    "invalid_data",
                    "",
                    f"row file {str(path)!r}, batch {i}: the row column has null entries",
                )
            batches.append(col)
        m.views = [self._batch_view(b) for b in batches]
        m.starts = [0]
        for b in batches:
            m.starts.append(m.starts[-1] + len(b))
        self._m = m
        self._range = range(m.starts[-1])
        # SPEC §6.2: full validates every row once, then rows are read as bounds.
        self._row_level = "none" if level == "none" else "bounds"
        if level == "full":
            from ._views import validate

            for k in self._range:
                try:
                    validate(self.schema, self._row_bytes(k), "full")
                except ZerorowError as e:
                    raise type(e)(
                        f"row file {str(path)!r}, row {k}: {e}", e.kind, e.path
                    ) from e

    @staticmethod
    def _check_metadata(path: str, fields: Any, schema: Schema | None) -> Schema:
        import pyarrow as pa

        if fields.names != ["row"] or not (
            pa.types.is_binary(fields.field(0).type)
            or pa.types.is_large_binary(fields.field(0).type)
        ):
            raise error(
                "invalid_data",
                "",
                f"row file {path!r}: a row file has one binary column named 'row', found {fields}",
            )
        meta = {
            k.decode(): v.decode() for k, v in (fields.field(0).metadata or {}).items()
        }
        for key in ("zerorow.version", "zerorow.schema", "zerorow.fingerprint"):
            if key not in meta:
                raise error(
                    "invalid_data",
                    "",
                    f"row file {path!r}: row column metadata lacks {key}",
                )
        if meta["zerorow.version"].split(".")[0] != "1":
            raise error(
                "unsupported",
                "",
                f"row file {path!r}: format version {meta['zerorow.version']} (this reader: 1)",
            )
        own = Schema.from_json(meta["zerorow.schema"])
        actual = own.fingerprint_hex  # of the schema, aliases left out (SPEC §4.2)
        if actual != meta["zerorow.fingerprint"]:
            raise error(
                "invalid_data",
                "",
                f"row file {path!r}: expected zerorow.fingerprint {actual} (of zerorow.schema) "
                f"but found {meta['zerorow.fingerprint']}",
            )
        if schema is not None and schema.fingerprint != own.fingerprint:
            raise error(
                "schema_mismatch",
                "",
                f"row file {path!r}: expected schema {schema.fingerprint_hex} but the file has "
                f"{own.fingerprint_hex}",
            )
        return own

    @staticmethod
    def _batch_view(col) -> tuple:
        import numpy as np
        import pyarrow as pa

        bufs = col.buffers()
        width = "<i8" if pa.types.is_large_binary(col.type) else "<i4"
        offsets = np.frombuffer(bufs[1], dtype=width, count=len(col) + 1 + col.offset)[
            col.offset :
        ]
        data = memoryview(bufs[2]) if bufs[2] is not None else memoryview(b"")
        return offsets, data

    def _open(self) -> _Mapped:
        if self._m.closed:
            raise ValueError(f"I/O operation on closed row file {self._m.path!r}")
        return self._m

    def _row_bytes(self, k: int) -> memoryview:
        """The bytes of row k of the whole file."""
        m = self._open()
        b = bisect.bisect_right(m.starts, k) - 1
        offsets, data = m.views[b]
        j = k - m.starts[b]
        return data[int(offsets[j]) : int(offsets[j + 1])]

    def __len__(self) -> int:
        self._open()
        return len(self._range)

    def __getitem__(self, k: int | slice) -> Any:
        self._open()
        if isinstance(k, slice):
            out = object.__new__(RowFile)
            out.schema, out._m, out._row_level = self.schema, self._m, self._row_level
            out._range = self._range[k]
            return out
        try:
            pos = self._range[k]
        except IndexError:
            raise IndexError(
                f"row index {k} out of range for a row file of {len(self._range)} rows"
            ) from None
        except TypeError:
            raise TypeError(
                f"row file indices must be integers or slices, not {type(k).__name__}"
            ) from None
        return RowData(self.schema, self._row_bytes(pos), self._row_level)

    def _batches(self) -> Iterator[Any]:
        """The rows as RowBatches, one per Arrow batch of the file (zero-copy over the map)."""
        from .arrow import RowBatch

        m = self._open()
        r = self._range
        if r.step != 1:
            if len(r):
                yield RowBatch.from_rows(list(self), self.schema)
            return
        for b, (offsets, data) in enumerate(m.views):
            lo, hi = max(r.start, m.starts[b]), min(r.stop, m.starts[b + 1])
            if lo < hi:
                o = offsets[lo - m.starts[b] : hi - m.starts[b] + 1]
                yield RowBatch(self.schema, data, o.astype("<i8"))

    def to_arrow(self):
        """The rows decoded to a pyarrow.Table with one column per field (SPEC §12)."""
        import pyarrow as pa

        # Each Arrow batch of the file is exported straight from the mapped buffer: only the
        # offsets are widened to int64, the rows are not copied before cpp-row decodes them.
        return pa.Table.from_batches(
            [rb.to_arrow() for rb in self._batches()], schema=self.schema.to_arrow()
        )

    def __arrow_c_schema__(self):
        return self.schema.__arrow_c_schema__()

    def __arrow_c_stream__(self, requested_schema: Any = None):
        """The rows as an Arrow stream (one record batch per batch of the file, converted as
        the consumer pulls it): `pa.table(f)`, `pl.DataFrame(f)`, `duckdb.sql("... from f")`."""
        import pyarrow as pa

        self._open()
        arrow_schema = self.schema.to_arrow()
        reader = pa.RecordBatchReader.from_batches(
            arrow_schema, (rb.to_arrow() for rb in self._batches())
        )
        return reader.__arrow_c_stream__(requested_schema)

    def close(self) -> None:
        """Unmaps the file (every slice of it too); later access raises ValueError."""
        if not self._m.closed:
            self._m.closed = True
            self._m.views = []
            self._m.source.close()

    @property
    def closed(self) -> bool:
        return self._m.closed

    def __enter__(self) -> RowFile:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._m.closed else f"{len(self._range)} rows"
        return f"RowFile({self._m.path!r}, {state}, {self.schema!r})"


def open_file(
    path: str, schema: Schema | None = None, level: LevelLike = "bounds"
) -> RowFile:
    """Opens a row file memory-mapped. `schema` checks the fingerprint; `level` (SPEC §6.2):
    "none" reads rows unchecked, "bounds" checks every access, "full" validates every row on
    open and then reads as "bounds"."""
    return RowFile(path, schema, level)
