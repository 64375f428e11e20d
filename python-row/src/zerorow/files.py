"""Row files (SPEC §5): Arrow IPC files with one non-null binary column `row` whose field
metadata carries the format version, the schema's canonical JSON and its fingerprint."""

from __future__ import annotations

import array
import bisect
import os
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
    """What the slices of one opened file (or directory of files) share: the mappings, the
    per-batch views and, per batch, the Resolution its file's rows are read through (None when
    the file has the reader's layout)."""

    __slots__ = ("path", "sources", "views", "resolutions", "starts", "closed")

    def __init__(self, path: str) -> None:
        self.path = path
        self.sources: list = []
        self.views: list = []
        self.resolutions: list = []
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


def _row_file_paths(path: str, reader_given: bool) -> list[str]:
    """The file itself, or the row files of a directory: its regular files in name order, those
    whose names start with "_" or "." left out (as Spark and Hadoop mark their own files), as
    java-row's RowFileSet and cpp-row's RowFileSet list them. A directory without row files is
    empty with a reader schema; without one there is no schema to read it with."""
    if not os.path.isdir(path):
        return [path]
    names = sorted(
        n
        for n in os.listdir(path)
        if not n.startswith(("_", ".")) and os.path.isfile(os.path.join(path, n))
    )
    if not names and not reader_given:
        raise FileNotFoundError(
            f"no row files in the directory {path!r}: give a reader schema "
            "(open_file(path, schema=...)) to read it as empty"
        )
    return [os.path.join(path, n) for n in names]


class RowFile(SequenceMethods):
    """A memory-mapped row file, or a directory of row files read as one: a sequence of rows
    (len, indexes, negative indexes, slices that are row files again, zero-copy), to_arrow(),
    and the Arrow PyCapsule stream protocol (`pa.table(f)`, `pl.DataFrame(f)`, DuckDB), batch
    by batch. Given a reader schema, each file's rows are read through the resolution of the
    file's own (writer) schema to it (SPEC §13.5), one resolution per distinct fingerprint.
    Use after close() raises ValueError."""

    def __init__(
        self, path: str, schema: Schema | None = None, level: LevelLike = "bounds"
    ) -> None:
        level = level_of(level)
        m = _Mapped(str(path))
        self._m = m
        # writer fingerprint -> Resolution to the reader schema (None: the reader's layout)
        self.resolutions: dict[int, Any] = {}
        reader_given = schema is not None
        first_path = None
        try:
            for file_path in _row_file_paths(str(path), reader_given):
                own, columns = self._open_one(m, file_path)
                if schema is None:
                    schema = own  # the first file's: without a reader schema, all must have it
                    first_path = file_path
                elif not reader_given and own.fingerprint != schema.fingerprint:
                    raise error(
                        "schema_mismatch",
                        "",
                        f"row file {file_path!r} has schema {own.fingerprint_hex} but row file "
                        f"{first_path!r} has schema {schema.fingerprint_hex}: give a reader "
                        "schema (open_file(path, schema=...)) to read both",
                    )
                res = self._resolve(file_path, own, schema)
                for col in columns:
                    m.views.append(self._batch_view(col))
                    m.resolutions.append(res)
        except BaseException:
            self._unmap()
            raise
        self.schema = schema
        m.starts = [0]
        for offsets, _ in m.views:
            m.starts.append(m.starts[-1] + len(offsets) - 1)
        self._range = range(m.starts[-1])
        # SPEC §6.2: full validates every row once (against its file's schema), then rows are
        # read as bounds.
        self._row_level = "none" if level == "none" else "bounds"
        if level == "full":
            self._validate_all()

    def _open_one(self, m: _Mapped, path: str) -> tuple[Schema, list]:
        """Maps one row file; its schema (SPEC §5 checks) and its row columns, one per batch."""
        import pyarrow as pa

        try:
            source = pa.memory_map(path, "r")
            m.sources.append(source)
            reader = pa.ipc.open_file(source)
        except (pa.ArrowInvalid, pa.ArrowIOError) as e:
            if isinstance(e, FileNotFoundError):
                raise
            raise _arrow_error(path, "", e) from e
        own = self._check_metadata(path, reader.schema)
        columns = []
        for i in range(reader.num_record_batches):
            try:
                col = reader.get_batch(i).column(0)
                col.validate(
                    full=True
                )  # offsets inside the data: the views below trust them
            except (pa.ArrowInvalid, pa.ArrowIOError) as e:
                raise _arrow_error(path, f", batch {i}", e) from e
            if col.null_count:
                raise error(
                    "invalid_data",
                    "",
                    f"row file {path!r}, batch {i}: the row column has null entries",
                )
            columns.append(col)
        return own, columns

    def _resolve(self, path: str, own: Schema, reader: Schema) -> Any:
        """The Resolution of a file's schema to the reader schema (None when they have the
        same layout), made once per writer fingerprint; a file whose schema cannot be read as
        the reader's is refused now, naming the file (SPEC §13.5)."""
        from .evolution import resolve

        if own.fingerprint == reader.fingerprint:
            return None
        if own.fingerprint in self.resolutions:
            return self.resolutions[own.fingerprint]
        try:
            res = resolve(own, reader)
        except ZerorowError as e:
            raise type(e)(
                f"row file {path!r}: its schema {own.fingerprint_hex} cannot be read as "
                f"{reader.fingerprint_hex}: {e}",
                e.kind,
                e.path,
            ) from e
        self.resolutions[own.fingerprint] = res
        return res

    def _validate_all(self) -> None:
        from ._views import validate

        m = self._m
        for k in self._range:
            b = bisect.bisect_right(m.starts, k) - 1
            res = m.resolutions[b]
            try:
                validate(
                    self.schema if res is None else res.writer,
                    self._row_bytes(k),
                    "full",
                )
            except ZerorowError as e:
                raise type(e)(
                    f"row file {m.path!r}, row {k}: {e}", e.kind, e.path
                ) from e

    @staticmethod
    def _check_metadata(path: str, fields: Any) -> Schema:
        """SPEC §5: one non-null binary column `row` whose metadata holds the version, the
        schema and its fingerprint; returns the file's own schema."""
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
            out.resolutions = self.resolutions
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
        m = self._m
        res = m.resolutions[bisect.bisect_right(m.starts, pos) - 1]
        if res is None:
            return RowData(self.schema, self._row_bytes(pos), self._row_level)
        return res.view(self._row_bytes(pos), self._row_level)

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
                o = offsets[lo - m.starts[b] : hi - m.starts[b] + 1].astype("<i8")
                res = m.resolutions[b]
                if res is not None:  # laid out by the reader schema first (SPEC §13.4)
                    data, relaid = res._relay_batch(data, o)
                    o = array.array("q")
                    o.frombytes(relaid)
                yield RowBatch(self.schema, data, o)

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

    def _unmap(self) -> None:
        for source in self._m.sources:
            source.close()
        self._m.sources = []

    def close(self) -> None:
        """Unmaps the file (every slice of it too); later access raises ValueError."""
        if not self._m.closed:
            self._m.closed = True
            self._m.views = []
            self._unmap()

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
    """Opens a row file, or a directory of row files, memory-mapped. `schema` is the reader
    schema: each file's own schema is resolved to it when the file opens (SPEC §13.5; a file
    whose schema cannot be read as it is refused, naming the file), and rows of another
    layout are read as ResolvedRows; a directory without row files is then an empty RowFile of
    that schema. Without a schema, every file must have the first one's (a directory without row
    files is FileNotFoundError). `level` (SPEC §6.2): "none" reads rows unchecked, "bounds" checks every access, "full"
    validates every row on open and then reads as "bounds"."""
    return RowFile(path, schema, level)
