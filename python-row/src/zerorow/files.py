"""Row files (SPEC §5): Arrow IPC files with one non-null binary column `row` whose field
metadata carries the format version, the schema's canonical JSON and its fingerprint.

This module is the one place python-row reads and writes the container: the checks of SPEC
§5, the rule for cut files (`TruncatedError` naming the byte where the file ends, and
`recover=True` reading every complete batch before the cut), row locations in errors (the row
number in its file, its batch and its byte offset), full validation of whole batches, and the
writers (atomic: a temporary file renamed into place). The command line reads and writes row
files through it only.
"""

from __future__ import annotations

import array
import bisect
import itertools
import os
import secrets
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from . import _zerorow
from ._views import BinaryRow
from .arrow import RowBatch, SequenceMethods
from .errors import TruncatedError, ZerorowError, error
from .levels import LevelLike, level_of
from .schema import FORMAT_VERSION, Schema

BATCH_ROWS = 65536
# The `pandas` key of the Arrow schema metadata: pyarrow's description of the DataFrame a
# file was written from (SPEC §5 allows it beside the row column's own keys; other readers
# ignore it).
PANDAS_KEY = b"pandas"


# ==== writing =============================================================================
def write_file(
    path: Any,
    data: Any,
    schema: Schema | None = None,
    *,
    preserve_index: bool | None = None,
    strict: bool = False,
    compression: str = "none",
    checksum: bool = True,
) -> int:
    """Writes rows to a row file; returns the number of rows. `data` is any of:

    - an iterable of objects to encode (dataclasses, dicts ...), BinaryRows or row bytes, with
      `schema` (an error names the index of the failing item: `[2].x: ...`);
    - a pandas DataFrame (`preserve_index` as in pyarrow; the pandas metadata is stored so
      `to_pandas()` restores dtypes, categories and the index), Arrow data (a pyarrow Table,
      RecordBatch or RecordBatchReader, or any Arrow PyCapsule exporter), a RowBatch or a
      RowFile, with `schema` optional (SPEC §12, as `zerorow.from_arrow`).

    `path` is a file path (written to a temporary file in the same folder and renamed into
    place when complete: a failed write leaves no partial file and never removes an existing
    one) or a binary file object (written as it comes).

    `compression` ("none", "lz4" or "zstd") compresses the Arrow batches (SPEC §5.2);
    `checksum=False` leaves out the per-row CRC-32C column written by default (SPEC §5.1)."""
    options = ipc_options(compression)
    if schema is not None and not isinstance(schema, Schema):
        raise TypeError(
            f"write_file needs a zerorow.Schema, got {type(schema).__name__}"
        )
    out_schema, pandas_meta, batches = _write_source(
        data, schema, preserve_index, strict
    )
    with AtomicSink(path) as sink:
        return _write_batches(sink, out_schema, pandas_meta, batches, options, checksum)


def write_batches(
    path: Any,
    schema: Schema,
    batches: Iterable[RowBatch],
    pandas_metadata: bytes | None = None,
    *,
    compression: str = "none",
    checksum: bool = True,
) -> int:
    """Writes RowBatches of `schema` as they come (each one's row column built over its
    buffer, no copy) to a row file at `path` (atomic, as write_file) or a binary file
    object; returns the number of rows. `compression` and `checksum` as in write_file."""
    options = ipc_options(compression)
    with AtomicSink(path) as sink:
        return _write_batches(
            sink, schema, pandas_metadata, iter(batches), options, checksum
        )


def _write_source(
    data: Any, schema: Schema | None, preserve_index: bool | None, strict: bool
) -> tuple[Schema, bytes | None, Iterator[RowBatch]]:
    """(schema, pandas metadata or None, the rows as RowBatches) of what write_file was given."""
    from . import _pandas

    if _pandas.is_dataframe(data):
        rows = _pandas.from_pandas(data, schema, preserve_index, strict)
        return rows.schema, rows.pandas_metadata, iter([rows])
    if isinstance(data, RowBatch):
        _same_schema(data.schema, schema)
        return data.schema, getattr(data, "pandas_metadata", None), iter([data])
    if isinstance(data, RowFile):
        _same_schema(data.schema, schema)
        return data.schema, data.pandas_metadata, data.row_batches()
    if _is_arrow(data):
        from ._arrow_in import ArrowToRows, arrow_batches

        arrow_schema, batches = arrow_batches(data)
        convert = ArrowToRows(arrow_schema, schema, strict)
        return convert.schema, None, (convert(b) for b in batches)
    if schema is None:
        raise TypeError(
            "write_file needs the schema of the rows: write_file(path, rows, schema) "
            "(a DataFrame, Arrow data, a RowBatch or a RowFile bring their own)"
        )
    return schema, None, _encoded_batches(data, schema)


def _is_arrow(data: Any) -> bool:
    return hasattr(data, "__arrow_c_stream__") or hasattr(data, "__arrow_c_array__")


def _same_schema(have: Schema, want: Schema | None) -> None:
    if want is not None and have != want:
        raise error(
            "schema_mismatch",
            "",
            f"expected rows of schema {want.fingerprint_hex} but found rows of "
            f"{have.fingerprint_hex}",
        )


def _encoded_batches(items: Iterable[Any], schema: Schema) -> Iterator[RowBatch]:
    """The items encoded BATCH_ROWS at a time; runs of objects in one native call."""
    it, base = iter(items), 0
    while chunk := list(itertools.islice(it, BATCH_ROWS)):
        yield _encode_chunk(chunk, schema, base)
        base += len(chunk)


def _encode_chunk(chunk: list, schema: Schema, base: int) -> RowBatch:
    if not any(isinstance(x, (BinaryRow, bytes, bytearray, memoryview)) for x in chunk):
        try:
            data, offs = _zerorow.encode_many(schema._native, chunk)
        except ZerorowError as e:
            raise _shifted(e, base) from None
        offsets = array.array("q")
        offsets.frombytes(offs)
        return RowBatch(schema, data, offsets)
    from .encoder import at_index

    parts, offsets, pos = [], array.array("q", [0]), 0
    for k, x in enumerate(chunk, base):
        if isinstance(x, BinaryRow):
            if x.schema != schema:
                raise error(
                    "schema_mismatch",
                    f"[{k}]",
                    f"expected a row of schema {schema.fingerprint_hex} but found one of "
                    f"{x.schema.fingerprint_hex}",
                )
            b = x.to_bytes()
        elif isinstance(x, (bytes, bytearray, memoryview)):
            b = bytes(x)
        else:
            with at_index(k):
                b = _zerorow.encode(schema._native, x)
        parts.append(b)
        pos += len(b)
        offsets.append(pos)
    return RowBatch(schema, b"".join(parts), offsets)


def _shifted(e: ZerorowError, base: int) -> ZerorowError:
    """An error of item [k] of a chunk as the error of item [base + k] of the whole input."""
    if not base or not e.path.startswith("["):
        return e
    k = e.path[1 : e.path.index("]")]
    if not k.isdigit():
        return e
    old, new = f"[{k}]", f"[{int(k) + base}]"
    return type(e)(str(e).replace(old, new, 1), e.kind, e.path.replace(old, new, 1))


# SPEC §5.2: the codecs of Arrow IPC body compression a writer takes.
COMPRESSIONS = ("none", "lz4", "zstd")
CRC_COLUMN = "crc32c"


def ipc_options(compression: Any) -> Any:
    """pyarrow's IPC write options for `compression` (SPEC §5.2): "none", "lz4" (Arrow's
    LZ4_FRAME) or "zstd"; anything else is a ValueError naming the supported ones."""
    import pyarrow as pa

    name = "none" if compression is None else compression
    if not isinstance(name, str) or name.lower() not in COMPRESSIONS:
        raise ValueError(
            f"unknown row file compression {compression!r}: use one of "
            f"{', '.join(COMPRESSIONS)} (SPEC §5.2)"
        )
    name = name.lower()
    return pa.ipc.IpcWriteOptions(compression=None if name == "none" else name)


def crc32c_column(column: Any) -> Any:
    """The CRC-32C of each row of a binary row column (SPEC §5.1), by cpp-row, as a pyarrow
    uint32 array."""
    import numpy as np
    import pyarrow as pa

    bufs = column.buffers()
    width = "<i8" if pa.types.is_large_binary(column.type) else "<i4"
    n = len(column)
    offsets = np.frombuffer(bufs[1], dtype=width, count=n + 1 + column.offset)[
        column.offset :
    ].astype(np.int64)
    out = np.zeros(n, dtype=np.uint32)
    data = bufs[2] if bufs[2] is not None else b""
    _zerorow.crc32c_rows(data, offsets, out)
    return pa.array(out, pa.uint32())


def check_crc_column(name: str, col: Any, crc: Any, first: int, batch: int) -> None:
    """SPEC §5.1 for one batch read outside RowFile (the Python Spark source): every row of
    the binary column `col` against its stored CRC-32C in `crc`; the first mismatch is
    invalid_data naming the file, the row number (`first` is the batch's first row), the batch
    and both checksums."""
    import numpy as np
    import pyarrow as pa

    bufs = col.buffers()
    width = "<i8" if pa.types.is_large_binary(col.type) else "<i4"
    n = len(col)
    offsets = np.frombuffer(bufs[1], dtype=width, count=n + 1 + col.offset)[
        col.offset :
    ].astype(np.int64)
    stored = np.asarray(crc.to_numpy(zero_copy_only=False), dtype=np.uint32)
    out = np.zeros(n, dtype=np.uint32)
    data = bufs[2] if bufs[2] is not None else b""
    j = _zerorow.crc32c_rows(data, offsets, out, stored, 0) if n else -1
    if j >= 0:
        e = error(
            "invalid_data",
            "",
            f"crc32c is 0x{int(stored[j]):08x} but the row's bytes give 0x{int(out[j]):08x}: "
            "the row changed after it was written (SPEC §5.1)",
        )
        raise _located(
            e,
            f"row file {name!r}, row {first + j} (batch {batch})",
            file=name,
            row=first + j,
            batch=batch,
            offset=None,
            crc32c_stored=int(stored[j]),
            crc32c_computed=int(out[j]),
        )


def _container_schema(schema: Schema, pandas_meta: bytes | None, checksum: bool = True):
    import pyarrow as pa

    meta = {
        "zerorow.version": str(FORMAT_VERSION),
        "zerorow.schema": schema.to_json(),
        "zerorow.fingerprint": schema.fingerprint_hex,
    }
    fields = [pa.field("row", pa.large_binary(), nullable=False, metadata=meta)]
    if checksum:  # SPEC §5.1: one CRC-32C per row, beside it
        fields.append(pa.field(CRC_COLUMN, pa.uint32(), nullable=False))
    return pa.schema(
        fields, metadata={PANDAS_KEY: pandas_meta} if pandas_meta else None
    )


def _write_batches(
    sink: Any,
    schema: Schema,
    pandas_meta: bytes | None,
    batches: Iterator[RowBatch],
    options: Any = None,
    checksum: bool = True,
) -> int:
    """The row column of each RowBatch, built over its buffer and offsets (no copy, no
    per-row work), written in Arrow batches of at most BATCH_ROWS rows, with the CRC-32C
    column (SPEC §5.1) unless `checksum` is False and the IPC `options` (compression)."""
    import pyarrow as pa

    aschema = _container_schema(schema, pandas_meta, checksum)
    n = 0

    def record_batch(part: Any) -> Any:
        cols = [part, crc32c_column(part)] if checksum else [part]
        return pa.record_batch(cols, schema=aschema)

    with pa.ipc.new_file(sink, aschema, options=options) as w:
        for rows in batches:
            if rows.schema != schema:
                raise error(
                    "schema_mismatch",
                    "",
                    f"rows of schema {rows.schema.fingerprint_hex} in a file of "
                    f"{schema.fingerprint_hex}",
                )
            column = rows.to_binary_array()
            for start in range(0, len(column), BATCH_ROWS):
                w.write_batch(record_batch(column.slice(start, BATCH_ROWS)))
            n += len(column)
        if n == 0:  # a file of no rows still has one (empty) batch
            w.write_batch(record_batch(pa.array([], pa.large_binary())))
    return n


class AtomicSink:
    """A pyarrow sink for `path`, for every writer of files here and in the command line: a
    temporary file beside it (hidden, so a directory reader skips it) renamed over `path` on
    success and removed on failure, so a failed write never leaves a partial file nor
    removes one that was there. A file object, or a path that exists but is not a regular
    file (a pipe, /dev/stdout), is written in place."""

    def __init__(self, path: Any) -> None:
        self.path = path
        self.temp: str | None = None
        self.sink: Any = None

    def __enter__(self) -> Any:
        import pyarrow as pa

        if hasattr(self.path, "write"):
            self.sink = pa.PythonFile(self.path, mode="w")
            return self.sink
        path = os.fspath(self.path)
        if os.path.exists(path) and not os.path.isfile(path):
            if os.path.isdir(path):
                raise IsADirectoryError(f"{path!r} is a directory, not a file to write")
            self.sink = pa.OSFile(path, "wb")
            return self.sink
        folder, name = os.path.split(os.path.abspath(path))
        self.temp = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.tmp")
        self.sink = pa.OSFile(self.temp, "wb")
        return self.sink

    def __exit__(self, exc_type: Any, *exc: Any) -> None:
        if self.temp is None:
            if hasattr(self.path, "write"):
                self.sink.flush()
            else:
                self.sink.close()
            return
        self.sink.close()
        if exc_type is None:
            os.replace(self.temp, os.fspath(self.path))
        else:
            os.unlink(self.temp)


# ==== reading the container: one rule for cut and damaged files ==========================
_MAGIC = b"ARROW1"
_CONTINUATION = 0xFFFFFFFF
# Arrow's MessageHeader union (Message.fbs)
_SCHEMA, _DICTIONARY_BATCH, _RECORD_BATCH = 1, 2, 3
_KINDS = {
    _SCHEMA: "a schema message",
    _DICTIONARY_BATCH: "a dictionary batch",
    _RECORD_BATCH: "a record batch",
}


class _Damaged(Exception):
    """A message header that cannot be parsed (its flatbuffer points outside itself)."""


def _message_info(meta: memoryview) -> tuple[int, int, int | None]:
    """(header type, body length, rows of a record batch or None) of an Arrow IPC message's
    flatbuffer header: the four fields the scan needs (Message.header_type, Message.header,
    Message.bodyLength, RecordBatch.length), each read with a bounds check."""
    size = len(meta)

    def read(fmt: str, at: int) -> int:
        if at < 0 or at + struct.calcsize(fmt) > size:
            raise _Damaged
        return struct.unpack_from(fmt, meta, at)[0]

    def table(at: int) -> tuple[int, int, int]:
        vtable = at - read("<i", at)
        return at, vtable, read("<H", vtable)

    def slot(t: tuple[int, int, int], k: int) -> int:
        at, vtable, vt_size = t
        return read("<H", vtable + 4 + 2 * k) if 4 + 2 * k < vt_size else 0

    message = table(read("<I", 0))
    kind = read("<B", message[0] + slot(message, 1)) if slot(message, 1) else 0
    body = read("<q", message[0] + slot(message, 3)) if slot(message, 3) else 0
    if body < 0:
        raise _Damaged
    rows = None
    if kind == _RECORD_BATCH and slot(message, 2):
        at = message[0] + slot(message, 2)
        header = table(at + read("<I", at))
        rows = read("<q", header[0] + slot(header, 0)) if slot(header, 0) else 0
    return kind, body, rows


def compression_of(view: memoryview) -> str:
    """The body compression (SPEC §5.2) of the first record batch of an Arrow IPC file or
    stream in `view`: "none", "lz4" or "zstd" (RecordBatch.compression.codec, Message.fbs)."""
    pos = 8 if bytes(view[:6]) == _MAGIC else 0
    for _ in range(2):  # the schema message, then the first record batch
        if pos + 8 > len(view):
            return "none"
        length = struct.unpack_from("<i", view, pos + 4)[0]
        meta = view[pos + 8 : pos + 8 + length]
        try:
            kind, body, _ = _message_info(meta)
            if kind == _RECORD_BATCH:
                return _codec(meta)
        except (_Damaged, struct.error):
            return "none"
        pos += 8 + length + body
    return "none"


def _codec(meta: memoryview) -> str:
    def read(fmt: str, at: int) -> int:
        return struct.unpack_from(fmt, meta, at)[0]

    def slot(at: int, k: int) -> int:
        vtable = at - read("<i", at)
        return read("<H", vtable + 4 + 2 * k) if 4 + 2 * k < read("<H", vtable) else 0

    root = read("<I", 0)
    at = root + slot(root, 2)  # Message.header: the RecordBatch
    batch = at + read("<I", at)
    if not slot(batch, 3):  # RecordBatch.compression
        return "none"
    at = batch + slot(batch, 3)
    comp = at + read("<I", at)
    codec = read("<B", comp + slot(comp, 0)) if slot(comp, 0) else 0
    return {0: "lz4", 1: "zstd"}.get(codec, f"codec {codec}")


@dataclass
class _Message:
    pos: int  # where the message starts in the file
    kind: int
    end: int  # where its body ends
    rows: int | None


class _Scan:
    """The messages of an Arrow IPC file or stream, read in order from the start: what a cut
    or damaged file still holds, and where and how it ends (SPEC §5)."""

    def __init__(self, name: str, view: memoryview, is_file: bool) -> None:
        self.name, self.view, self.size = name, view, len(view)
        self.messages: list[_Message] = []
        self.problem: ZerorowError | None = None  # the cut or damage found, if any
        self.batch_rows = 0  # rows of the complete record batches
        limit = self.size
        if is_file and self.size >= 18 and bytes(view[-6:]) == _MAGIC:
            # the footer's own length says where the messages end
            footer_len = struct.unpack_from("<i", view, self.size - 10)[0]
            if 0 <= footer_len <= self.size - 18:
                limit = self.size - 10 - footer_len
        self._walk(8 if is_file else 0, limit, is_file)

    @property
    def batches(self) -> list[_Message]:
        return [m for m in self.messages if m.kind == _RECORD_BATCH]

    def _walk(self, pos: int, limit: int, is_file: bool) -> None:
        view = self.view
        while True:
            if pos == limit and limit < self.size:
                return  # the footer follows (a writer may omit the end-of-stream marker)
            if pos + 8 > self.size:
                what = (
                    "the next message or the end-of-stream marker"
                    if self.messages
                    else "the schema message"
                )
                return self._cut(f"{what} at byte {pos}")
            length = struct.unpack_from("<I", view, pos)[0]
            if length == _CONTINUATION:
                length, header = struct.unpack_from("<i", view, pos + 4)[0], 8
            else:  # the format before Arrow 0.15: a bare length
                length, header = struct.unpack_from("<i", view, pos)[0], 4
            if length == 0:
                return self._after_stream(pos + header, is_file)
            meta_end = pos + header + length
            if length < 0:
                return self._damaged(pos, f"a message length of {length}")
            if meta_end > limit:
                what = "batch" if self.messages else "schema message"
                return self._overrun(
                    limit,
                    pos,
                    f"the {length}-byte header of the {what} at byte {pos} to end at "
                    f"byte {meta_end}",
                )
            try:
                kind, body, rows = _message_info(view[pos + header : meta_end])
            except _Damaged:
                return self._damaged(pos, "a message header that cannot be parsed")
            end = meta_end + body
            if end > limit:
                what = (
                    f"batch {len(self.batches)} ({_rows(rows or 0)})"
                    if kind == _RECORD_BATCH
                    else "the message"
                )
                return self._overrun(
                    limit,
                    pos,
                    f"the body of {what} at byte {pos} to end at byte {end}",
                    rows,
                )
            wanted = _RECORD_BATCH if self.messages else _SCHEMA
            if kind != wanted:
                return self._damaged(
                    pos,
                    f"{_KINDS.get(kind, f'a message of type {kind}')} where "
                    f"{_KINDS[wanted]} belongs (a row file holds one schema message, then "
                    "record batches)",
                )
            self.messages.append(_Message(pos, kind, end, rows))
            if kind == _RECORD_BATCH:
                self.batch_rows += rows or 0
            pos = end

    def _after_stream(self, pos: int, is_file: bool) -> None:
        """After the end-of-stream marker: nothing in a stream; the footer and the closing
        magic in a file."""
        if not is_file:
            return
        if self.size < pos + 10 or bytes(self.view[-6:]) != _MAGIC:
            return self._cut(
                f"the footer and the closing ARROW1 magic after the end-of-stream marker "
                f"ending at byte {pos}",
                0,
            )
        return None

    def _overrun(
        self, limit: int, pos: int, expected: str, rows: int | None = None
    ) -> None:
        """The message at `pos` runs past the end: the file was cut, unless its footer is
        there (then the message's header is damaged)."""
        if limit == self.size:
            return self._cut(expected, rows)
        return self._damaged(
            pos, f"expected {expected}, but the footer starts at byte {limit}"
        )

    def _cut(self, expected: str, rows_lost: int | None = None) -> None:
        self.problem = cut_error(
            self.name,
            self.size,
            expected,
            rows_lost,
            len(self.batches),
            self.batch_rows,
            bool(self.messages),
        )

    def _damaged(self, pos: int, what: str) -> None:
        e = error(
            "invalid_data",
            "",
            f"row file {self.name!r} is damaged at byte {pos}: {what}",
        )
        e.file, e.offset, e.rows_lost = self.name, pos, None
        self.problem = e


def cut_error(
    name: str,
    size: int,
    expected: str,
    rows_lost: int | None,
    batches: int,
    rows: int,
    has_schema: bool,
) -> TruncatedError:
    """The error of a row file cut at byte `size` (SPEC §5): what was expected there, what
    recover=True still reads, and how many rows are known to be lost (None: unknown)."""
    if batches:
        readable = (
            f"recover=True (zerorow --recover) reads the {_rows(rows)} of the "
            f"{batches} complete batch{'es' if batches > 1 else ''} before the cut"
        )
    elif has_schema:
        readable = "no batch before the cut is complete"
    else:
        readable = "the cut is before the schema, so nothing can be recovered"
    if rows_lost is None:
        lost = "the file does not say how many rows followed"
    elif rows_lost == 0:
        lost = "no rows are lost"
    else:
        verb = "is" if rows_lost == 1 else "are"
        lost = f"the {_rows(rows_lost)} of the cut batch {verb} lost (and any batches after it)"
    e = error(
        "truncated",
        "",
        f"row file {name!r} is cut at byte {size} (the file ends there): expected "
        f"{expected}; {readable}; {lost}",
    )
    e.file, e.offset, e.rows_lost, e.rows_recovered = name, size, rows_lost, rows
    return e


def _rows(n: int) -> str:
    return f"{n} row{'' if n == 1 else 's'}"


def _not_arrow(name: str, head: bytes) -> ZerorowError:
    """A file that is no Arrow IPC file or stream, saying what it looks like."""
    if head.startswith(b"PAR1"):
        what = (
            "a Parquet file, not a row file: convert it with `zerorow convert IN OUT.zrow` "
            "or zerorow.write_file(out, pyarrow.parquet.read_table(IN))"
        )
    else:
        what = (
            f"not an Arrow IPC file: it starts with {head[:8]!r}, not the ARROW1 magic"
        )
    e = error("invalid_data", "", f"row file {name!r} is {what}")
    e.file, e.offset, e.rows_lost = name, 0, None
    return e


@dataclass
class _Container:
    arrow_schema: Any  # pyarrow.Schema of the container
    columns: list  # the row column of each batch (pyarrow arrays over the buffer)
    crcs: list  # the crc32c column of each batch (SPEC §5.1), or None for each
    problem: ZerorowError | None  # the cut or damage recovered from, if any


_POOL: Any = None  # the threads that read batches ahead (created on first use)


def _batches_ahead(read: Any, n: int) -> Iterator[tuple[int, Any]]:
    """(i, read(i)) for i in 0..n-1, in order, with up to as many of the next batches as
    Arrow has CPU threads being read (decompressed, SPEC §5.2) at once on other threads while
    the caller takes the earlier ones; pyarrow reads a batch without the GIL. A batch that
    fails gives (i, the exception) and ends the iteration. Batch 0 is read first on the
    calling thread: Arrow's file reader reads the file's dictionaries with it, after which its
    batch reads share no state. Every read begun is waited for before returning."""
    global _POOL
    import pyarrow as pa

    ahead = pa.cpu_count()
    if n <= 1 or ahead <= 1:
        for i in range(n):
            try:
                got = read(i)
            except Exception as e:  # handed to the caller, who names the file and batch
                yield i, e
                return
            yield i, got
        return
    from collections import deque
    from concurrent.futures import ThreadPoolExecutor

    try:
        first = read(0)
    except Exception as e:
        yield 0, e
        return
    yield 0, first
    if _POOL is None:
        _POOL = ThreadPoolExecutor(ahead, thread_name_prefix="zerorow-read")
    pending: deque = deque()
    try:
        nxt = 1
        for i in range(1, n):
            while nxt < n and nxt <= i + ahead:
                pending.append(_POOL.submit(read, nxt))
                nxt += 1
            try:
                got = pending.popleft().result()
            except Exception as e:
                yield i, e
                return
            yield i, got
    finally:
        for f in pending:
            f.cancel()
        for f in pending:
            if not f.cancelled():
                f.exception()  # waits for it; its outcome is not wanted any more


def _read_container(name: str, buf: Any, recover: bool) -> _Container:
    """The batches of one row file in `buf` (a pyarrow Buffer). A whole file is read through
    its footer (random access); any other is scanned message by message, which names the
    byte where a cut file ends and what it lacks (TruncatedError) or where it is damaged, and,
    under `recover`, reads every complete batch before that point."""
    import pyarrow as pa

    view = memoryview(buf)
    head = bytes(view[:8])
    is_file = head.startswith(_MAGIC)
    is_stream = len(head) >= 4 and struct.unpack_from("<I", head)[0] == _CONTINUATION
    if not is_file and not is_stream:
        if len(head) < 8 and (_MAGIC + b"\0\0").startswith(head):
            empty = " (this is an empty file)" if not head else ""
            raise cut_error(
                name,
                len(head),
                f"the 8 bytes of the ARROW1 magic that start a row file{empty}",
                None,
                0,
                0,
                False,
            )
        raise _not_arrow(name, head)
    if is_file:
        try:
            reader = pa.ipc.open_file(buf)
        except (pa.ArrowInvalid, pa.ArrowIOError, OSError):
            return _scanned(name, view, buf, True, recover)
        columns, crcs = [], []
        for i, batch in _batches_ahead(reader.get_batch, reader.num_record_batches):
            if isinstance(batch, (pa.ArrowInvalid, pa.ArrowIOError)):
                raise _batch_error(name, view, i, batch) from batch
            if isinstance(batch, BaseException):
                raise batch
            columns.append(batch.column(0))
            crcs.append(batch.column(1) if batch.num_columns > 1 else None)
        return _Container(reader.schema, columns, crcs, None)
    return _scanned(name, view, buf, False, recover)


def _scanned(name: str, view: memoryview, buf: Any, is_file: bool, recover: bool):
    import pyarrow as pa

    scan = _Scan(name, view, is_file)
    if scan.problem is not None and (not recover or not scan.messages):
        raise scan.problem
    if not scan.messages:
        raise error("invalid_data", "", f"row file {name!r} holds no schema message")
    if scan.problem is None and is_file:
        # every message and the footer are there, yet Arrow could not open the file
        try:
            pa.ipc.open_file(buf)
        except (pa.ArrowInvalid, pa.ArrowIOError, OSError) as e:
            damage = error(
                "invalid_data",
                "",
                f"row file {name!r} has a damaged footer (its batches are intact: "
                f"recover=True reads them): {e}",
            )
            damage.file, damage.offset, damage.rows_lost = name, len(view), 0
            if not recover:
                raise damage from None
            scan.problem = damage
    first = scan.messages[0]
    schema_message = pa.ipc.read_message(buf.slice(first.pos, first.end - first.pos))
    arrow_schema = pa.ipc.read_schema(schema_message)

    def read(i: int) -> Any:
        m = scan.batches[i]
        message = pa.ipc.read_message(buf.slice(m.pos, m.end - m.pos))
        return pa.ipc.read_record_batch(message, arrow_schema)

    columns, crcs = [], []
    for i, batch in _batches_ahead(read, len(scan.batches)):
        if isinstance(batch, (pa.ArrowInvalid, pa.ArrowIOError)):
            raise _batch_error(name, view, i, batch) from batch
        if isinstance(batch, BaseException):
            raise batch
        columns.append(batch.column(0))
        crcs.append(batch.column(1) if batch.num_columns > 1 else None)
    return _Container(arrow_schema, columns, crcs, scan.problem)


def _batch_error(name: str, view: memoryview, i: int, e: Exception) -> ZerorowError:
    """A batch Arrow cannot read: the damage the scan of the messages finds (where, and what
    it is), else Arrow's words, with the byte the batch's message starts at."""
    scan = _Scan(name, view, bytes(view[:6]) == _MAGIC)
    if scan.problem is not None and not isinstance(scan.problem, TruncatedError):
        return scan.problem
    batches = scan.batches
    pos = batches[i].pos if i < len(batches) else None
    at = "" if pos is None else f" at byte {pos}"
    out = error(
        "invalid_data", "", f"row file {name!r}, batch {i}{at}: {type(e).__name__}: {e}"
    )
    out.file, out.offset, out.rows_lost = name, pos, None
    return out


# ==== a folder written by many tasks: staging and commit ===================================
# The protocol of an engine's write of a folder of row files (the Python Spark source's; the
# connector's Java write follows the same steps): each task writes its files under
# `<folder>/_zerorow_temporary/<write id>/` (hidden, so no reader lists them) and removes them if
# it fails; the driver's commit moves the files of the tasks that succeeded into `<folder>`
# (after deleting the row files there, for an overwrite) and deletes the staging folder; an
# abort deletes it. A failed or retried task leaves no file in the output.
STAGING = "_zerorow_temporary"


def filesystem_of(path: str) -> tuple[Any, str]:
    """(pyarrow FileSystem, the path in it): URIs by scheme (`s3://`, `gs://`, `hdfs://`),
    plain paths on the local disk (made absolute)."""
    from pyarrow import fs

    if "://" in path:
        return fs.FileSystem.from_uri(path)
    return fs.LocalFileSystem(), os.path.abspath(path)


def staging_dir(folder: str, write_id: str) -> str:
    """Where the tasks of the write `write_id` put their files before the commit."""
    return f"{folder}/{STAGING}/{write_id}"


def staged_file(folder: str, write_id: str, name: str, attempt: int) -> tuple[str, str]:
    """(the temporary path a task attempt writes file `name` to, its path after the commit)."""
    return (
        f"{staging_dir(folder, write_id)}/{name}.attempt{attempt}",
        f"{folder}/{name}",
    )


def discard_staged(fsys: Any, folder: str, write_id: str, temps: Iterable[str]) -> None:
    """A failed task's clean-up: its own temporary files, then the staging folders if nothing
    else is in them (a task killed while the job aborts may run after the abort cleaned up)."""
    for temp in temps:
        if fsys.get_file_info(temp).type.name == "File":
            fsys.delete_file(temp)
    _remove_if_empty(fsys, staging_dir(folder, write_id))
    _remove_if_empty(fsys, f"{folder}/{STAGING}")


def commit_staged(
    fsys: Any,
    folder: str,
    write_id: str,
    moves: Iterable[tuple[str, str]],
    overwrite: bool,
) -> None:
    """The driver's commit: for an overwrite, the row files already in `folder` (at every
    level) deleted; each (temporary, final) path of the tasks that succeeded moved into place;
    the staging folder deleted."""
    from pyarrow import fs

    if overwrite and fsys.get_file_info(folder).type == fs.FileType.Directory:
        for old in list_row_files(fsys, folder, recursive=True)[0]:
            fsys.delete_file(old.path)
    for temp, final in moves:
        fsys.move(temp, final)
    abort_staged(fsys, folder, write_id)


def abort_staged(fsys: Any, folder: str, write_id: str) -> None:
    """The write's staging folder deleted (and the staging root, when empty)."""
    from pyarrow import fs

    if fsys.get_file_info(staging_dir(folder, write_id)).type != fs.FileType.NotFound:
        fsys.delete_dir(staging_dir(folder, write_id))
    _remove_if_empty(fsys, f"{folder}/{STAGING}")


def _remove_if_empty(fsys: Any, path: str) -> None:
    from pyarrow import fs

    if fsys.get_file_info(path).type != fs.FileType.Directory:
        return
    if not fsys.get_file_info(fs.FileSelector(path, allow_not_found=True)):
        try:
            fsys.delete_dir(path)
        except OSError:
            pass  # another task of the same write put a file there meanwhile


# ==== reading: RowFile ===================================================================
@dataclass
class FileInfo:
    """One row file of a RowFile (a directory has several): its name, own schema, format
    version, size in bytes, batches and rows, the bytes its rows take, the pandas metadata it
    was written with, and the cut or damage it was recovered from (None when whole)."""

    name: str
    schema: Schema
    version: str
    size: int
    num_batches: int
    num_rows: int
    row_bytes: int
    pandas_metadata: bytes | None
    recovered: ZerorowError | None
    compression: str = "none"  # of its batches (SPEC §5.2): none, lz4 or zstd
    checksum: bool = False  # whether it carries the crc32c column (SPEC §5.1)


class _Batch:
    """One Arrow batch of a file: its rows (offsets into data), where they are (file, batch
    index, the number of its first row in the file, the byte offset of its row data in the
    file, None when Arrow had to copy it) and the Resolution they are read through."""

    __slots__ = (
        "offsets",
        "data",
        "file",
        "index",
        "first",
        "pos",
        "resolution",
        "crcs",
        "bad_crcs",
    )

    def __init__(
        self, col: Any, base: tuple[int, int], file: int, index: int, first: int
    ) -> None:
        import numpy as np
        import pyarrow as pa

        bufs = col.buffers()
        width = "<i8" if pa.types.is_large_binary(col.type) else "<i4"
        self.offsets = np.frombuffer(
            bufs[1], dtype=width, count=len(col) + 1 + col.offset
        )[col.offset :]
        self.data = memoryview(bufs[2]) if bufs[2] is not None else memoryview(b"")
        self.pos = None
        if bufs[2] is not None:
            at = bufs[2].address - base[0]
            self.pos = at if 0 <= at < base[1] else None
        self.file, self.index, self.first = file, index, first
        self.resolution = None
        self.crcs = None  # the stored CRC-32C of each row (SPEC §5.1), a uint32 array
        self.bad_crcs: list[int] | None = (
            None  # rows whose bytes do not give it, once known
        )

    def damaged(self) -> list[int]:
        """The indexes (in this batch) of the rows whose bytes do not give their stored
        CRC-32C (SPEC §5.1), computed once, by cpp-row, for the whole batch."""
        if self.bad_crcs is None:
            import numpy as np

            bad: list[int] = []
            if self.crcs is not None and len(self.crcs):
                o = _int64(self.offsets)
                out = np.zeros(len(self.crcs), dtype=np.uint32)
                j = 0
                while (j := _zerorow.crc32c_rows(self.data, o, out, self.crcs, j)) >= 0:
                    bad.append(j)
                    j += 1
            self.bad_crcs = bad
        return self.bad_crcs


class _Mapped:
    """What the slices of one opened file (or directory of files) share: the mappings, the
    files and their batches."""

    __slots__ = ("path", "sources", "files", "batches", "starts", "closed")

    def __init__(self, path: str) -> None:
        self.path = path
        self.sources: list = []
        self.files: list[FileInfo] = []
        self.batches: list[_Batch] = []
        self.starts: list[int] = [0]
        self.closed = False


def is_hidden_name(name: str) -> bool:
    """A file name a directory of row files leaves out: one starting with "_" or "." (what
    Spark and Hadoop write beside their output: `_SUCCESS`, `.part-0.crc`), the one rule of
    java-row's and cpp-row's RowFileSet, the CLI and the Spark source."""
    return name.startswith(("_", "."))


def list_row_files(
    fsys: Any, folder: str, recursive: bool = False
) -> tuple[list, list]:
    """(files, folders) of a folder of row files in the pyarrow FileSystem `fsys`: the
    pyarrow FileInfos of its regular files, and the paths of its sub-folders, in path order;
    names that `is_hidden_name` marks are left out at every level (with their contents).
    `recursive` lists the files of every sub-folder too (and no folders)."""
    from pyarrow import fs

    files, folders = [], []
    infos = fsys.get_file_info(fs.FileSelector(folder, recursive=recursive))
    for i in sorted(infos, key=lambda i: i.path):
        rel = i.path[len(folder) :].strip("/").split("/")
        if any(is_hidden_name(p) for p in rel):
            continue
        if i.type == fs.FileType.File:
            files.append(i)
        elif i.type == fs.FileType.Directory and not recursive:
            folders.append(i.path)
    return files, folders


def row_file_paths(path: Any) -> list[str]:
    """The local file `path` itself, or the row files of the directory `path`: its regular
    files in name order, hidden names left out (`list_row_files`), as java-row's and
    cpp-row's RowFileSet list them. A directory without row files gives []."""
    from pyarrow import fs

    path = os.fspath(path)
    if not os.path.isdir(path):
        return [path]
    root = os.path.abspath(path)
    files, _ = list_row_files(fs.LocalFileSystem(), root)
    return [os.path.join(path, i.path[len(root) :].lstrip("/")) for i in files]


def _row_file_paths(path: str, reader_given: bool) -> list[str]:
    """`row_file_paths`; a directory without row files is empty with a reader schema, and
    without one there is no schema to read it with."""
    paths = row_file_paths(path)
    if not paths and not reader_given:
        raise FileNotFoundError(
            f"no row files in the directory {path!r}: give a reader schema "
            "(open_file(path, schema=...)) to read it as empty"
        )
    return paths


def check_container(path: str, fields: Any) -> tuple[Schema, str]:
    """SPEC §5, the one container check of python-row (RowFile, the CLI, the Python Spark
    source): `fields` (a row file's pyarrow Schema) has one binary column `row` (and
    optionally its non-nullable uint32 `crc32c`, SPEC §5.1) whose metadata holds the
    format version, the schema and its fingerprint; returns the file's own schema and its
    version. `path` names the file in the errors."""
    import pyarrow as pa

    names = fields.names
    if names == ["row", CRC_COLUMN]:
        crc = fields.field(1)
        if crc.type != pa.uint32() or crc.nullable:
            raise error(
                "invalid_data",
                "",
                f"row file {path!r}: its crc32c column is "
                f"{'nullable ' if crc.nullable else ''}{crc.type}, not a non-nullable "
                "uint32 (SPEC §5.1)",
            )
        names = ["row"]
    if names != ["row"] or not (
        pa.types.is_binary(fields.field(0).type)
        or pa.types.is_large_binary(fields.field(0).type)
    ):
        n = len(fields.names)
        raise error(
            "invalid_data",
            "",
            f"row file {path!r} is an Arrow IPC file of {n} column{'s' if n != 1 else ''} "
            f"({', '.join(fields.names)}), not a row file (one binary column named 'row', and "
            "optionally its uint32 'crc32c', SPEC §5): convert it with `zerorow convert IN OUT.zrow` or "
            "zerorow.write_file(out, pyarrow.ipc.open_file(IN).read_all())",
        )
    meta = {k.decode(): v.decode() for k, v in (fields.field(0).metadata or {}).items()}
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
    return own, meta["zerorow.version"]


def _located(e: ZerorowError, where: str, **attrs: Any) -> ZerorowError:
    """`e` with its location in front (`row file 'x', row 7 (batch 0, byte 1234): ...`)."""
    out = type(e)(f"{where}: {e}", e.kind, e.path)
    for k, v in attrs.items():
        setattr(out, k, v)
    return out


class RowFile(SequenceMethods):
    """A memory-mapped row file, or a directory of row files read as one: a sequence of rows
    (len, indexes, negative indexes, slices that are row files again, zero-copy), to_arrow(),
    to_pandas(), and the Arrow PyCapsule stream protocol (`pa.table(f)`, `pl.DataFrame(f)`,
    DuckDB), batch by batch. Given a reader schema, each file's rows are read through the
    resolution of the file's own (writer) schema to it (SPEC §13.5), one resolution per
    distinct fingerprint. Errors about a row name its file, its row number in that file, its
    batch and the byte offset of its bytes. Use after close() raises ValueError."""

    def __init__(
        self,
        path: Any,
        schema: Schema | None = None,
        level: LevelLike = "bounds",
        recover: bool = False,
        name: str | None = None,
    ) -> None:
        level = level_of(level)
        if isinstance(path, (bytes, bytearray, memoryview)) or _is_pa_buffer(path):
            shown = name or "<buffer>"
            sources = [(shown, path)]
        else:
            shown = os.fspath(path)
            sources = [(p, None) for p in _row_file_paths(shown, schema is not None)]
        m = _Mapped(shown)
        self._m = m
        # writer fingerprint -> Resolution to the reader schema (None: the reader's layout)
        self.resolutions: dict[int, Any] = {}
        reader_given = schema is not None
        try:
            for name, data in sources:
                own = self._open_one(m, name, data, recover)
                if schema is None:
                    schema = own  # the first file's: without a reader schema, all must have it
                elif not reader_given and own.fingerprint != schema.fingerprint:
                    raise error(
                        "schema_mismatch",
                        "",
                        f"row file {name!r} has schema {own.fingerprint_hex} but row file "
                        f"{m.files[0].name!r} has schema {schema.fingerprint_hex}: give a "
                        "reader schema (open_file(path, schema=...)) to read both",
                    )
                res = self._resolve(name, own, schema)
                for b in m.batches:
                    if b.file == len(m.files) - 1:
                        b.resolution = res
        except BaseException:
            self._unmap()
            raise
        self.schema = schema
        for b in m.batches:
            m.starts.append(m.starts[-1] + len(b.offsets) - 1)
        self._range = range(m.starts[-1])
        # SPEC §6.2: full validates every row once (against its file's schema), then rows are
        # read as bounds.
        self._row_level = "none" if level == "none" else "bounds"
        self.level = level
        self.skipped: list[ZerorowError] = []
        if level == "bounds":
            # SPEC §5.1: every row's CRC-32C, a whole batch at a time, before any row is read
            for bi, b in enumerate(m.batches):
                if b.damaged():
                    e = self._crc_error(m.starts[bi] + b.damaged()[0])
                    self.close()
                    raise e
        if level == "full":
            for e in self.invalid_rows():
                self.close()
                raise e

    # ---- opening ----------------------------------------------------------------------
    def _open_one(self, m: _Mapped, name: str, data: Any, recover: bool) -> Schema:
        """Maps one row file; checks its container (SPEC §5) and adds its batches."""
        import pyarrow as pa

        if data is None:
            try:
                source = pa.memory_map(name, "r")
            except (pa.ArrowInvalid, pa.ArrowIOError, OSError) as e:
                if isinstance(
                    e, (FileNotFoundError, PermissionError, IsADirectoryError)
                ):
                    raise
                raise error("invalid_data", "", f"row file {name!r}: {e}") from e
            m.sources.append(source)
            buf = source.read_buffer()
        else:
            buf = data if _is_pa_buffer(data) else pa.py_buffer(data)
        container = _read_container(name, buf, recover)
        own, version = check_container(name, container.arrow_schema)
        base = (buf.address, buf.size)
        file_index, first, row_bytes = len(m.files), 0, 0
        for i, col in enumerate(container.columns):
            if col.null_count:
                raise error(
                    "invalid_data",
                    "",
                    f"row file {name!r}, batch {i}: the row column has null entries",
                )
            try:
                col.validate(
                    full=True
                )  # offsets inside the data: the views below trust them
            except (pa.ArrowInvalid, pa.ArrowIOError) as e:
                raise error(
                    "invalid_data", "", f"row file {name!r}, batch {i}: {e}"
                ) from e
            b = _Batch(col, base, file_index, i, first)
            crc = container.crcs[i]
            if crc is not None:
                import numpy as np

                if crc.null_count or len(crc) != len(col):
                    raise error(
                        "invalid_data",
                        "",
                        f"row file {name!r}, batch {i}: the crc32c column has "
                        f"{len(crc)} entries ({crc.null_count} null) for {_rows(len(col))}",
                    )
                b.crcs = np.asarray(crc.to_numpy(zero_copy_only=False), dtype=np.uint32)
            m.batches.append(b)
            first += len(col)
            row_bytes += int(b.offsets[-1] - b.offsets[0]) if len(col) else 0
        meta = container.arrow_schema.metadata or {}
        m.files.append(
            FileInfo(
                name,
                own,
                version,
                buf.size,
                len(container.columns),
                first,
                row_bytes,
                meta.get(PANDAS_KEY),
                container.problem,
                compression_of(memoryview(buf)),
                container.arrow_schema.names[-1] == CRC_COLUMN,
            )
        )
        return own

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

    # ---- what was opened ----------------------------------------------------------------
    @property
    def files(self) -> list[FileInfo]:
        """The files read (one, or those of a directory in name order)."""
        return list(self._m.files)

    @property
    def recovered(self) -> list[ZerorowError]:
        """The cuts and damage `recover=True` read past, one per file that had one (each a
        TruncatedError or InvalidDataError with .file, .offset and .rows_lost: an int, or None
        when the file does not say how many rows it held)."""
        return [f.recovered for f in self._m.files if f.recovered is not None]

    @property
    def pandas_metadata(self) -> bytes | None:
        """The pandas metadata the (first) file was written with, or None."""
        files = self._m.files
        return files[0].pandas_metadata if files else None

    # ---- rows and their locations -------------------------------------------------------
    def _open(self) -> _Mapped:
        if self._m.closed:
            raise ValueError(f"I/O operation on closed row file {self._m.path!r}")
        return self._m

    def _row_bytes(self, k: int) -> memoryview:
        """The bytes of the row at position k of the whole sequence."""
        m = self._open()
        bi = bisect.bisect_right(m.starts, k) - 1
        b, j = m.batches[bi], k - m.starts[bi]
        return b.data[int(b.offsets[j]) : int(b.offsets[j + 1])]

    def location(self, k: int) -> tuple[str, int, int, int | None]:
        """Where row k (of the whole sequence) is: (file name, its row number in that file,
        its batch in that file, the byte offset of its bytes in the file or None)."""
        m = self._open()
        bi = bisect.bisect_right(m.starts, k) - 1
        b, j = m.batches[bi], k - m.starts[bi]
        pos = None if b.pos is None else b.pos + int(b.offsets[j])
        return m.files[b.file].name, b.first + j, b.index, pos

    def _where(self, k: int) -> tuple[str, dict]:
        name, row, batch, pos = self.location(k)
        at = "" if pos is None else f", byte {pos}"
        return f"row file {name!r}, row {row} (batch {batch}{at})", {
            "file": name,
            "row": row,
            "batch": batch,
            "offset": pos,
        }

    def _row_error(self, k: int, e: ZerorowError) -> ZerorowError:
        where, attrs = self._where(k)
        return _located(e, where, **attrs)

    def invalid_rows(self) -> Iterator[ZerorowError]:
        """The error of every row that fails full validation (SPEC §6.3, against its file's
        own schema), in order, each naming its file, row, batch and byte offset. cpp-row
        validates each batch in one call."""
        self._open()
        for span in self._spans(None):
            yield from self._errors(self._invalid(span))

    def _invalid(self, span: range) -> Iterator[int]:
        """Positions in `span` (within one Arrow batch, or any when its step is not 1) of
        rows whose checksum (SPEC §5.1) or full validation fails, in order."""
        damaged = self._damaged_in(span)
        if not damaged:
            yield from self._fails_full(span)
            return
        yield from sorted(damaged | set(self._fails_full(span)))

    def _batch_of(self, k: int) -> tuple[_Batch, int]:
        m = self._m
        bi = bisect.bisect_right(m.starts, k) - 1
        return m.batches[bi], k - m.starts[bi]

    def _damaged_in(self, span: range) -> set[int]:
        """Positions in `span` of rows whose bytes do not give their stored CRC-32C."""
        m = self._m
        if span.step != 1:
            return {k for k in span if self._is_damaged(k)}
        if not span:
            return set()
        bi = bisect.bisect_right(m.starts, span.start) - 1
        first = m.starts[bi]
        return {first + j for j in m.batches[bi].damaged() if first + j in span}

    def _is_damaged(self, k: int) -> bool:
        b, j = self._batch_of(k)
        return j in b.damaged()

    def _crc_error(self, k: int) -> ZerorowError:
        """SPEC §5.1: row k's bytes do not give the CRC-32C stored beside it."""
        b, j = self._batch_of(k)
        stored = int(b.crcs[j])
        computed = _zerorow.crc32c(self._row_bytes(k))
        where, attrs = self._where(k)
        e = error(
            "invalid_data",
            "",
            f"crc32c is 0x{stored:08x} but the row's bytes give 0x{computed:08x}: "
            "the row changed after it was written (SPEC §5.1)",
        )
        return _located(
            e, where, crc32c_stored=stored, crc32c_computed=computed, **attrs
        )

    def _fails_full(self, span: range) -> Iterator[int]:
        """Positions in `span` of rows that fail full validation."""
        m = self._m
        if span.step != 1:
            for k in span:
                try:
                    _zerorow.validate(self._writer(k)._native, self._row_bytes(k))
                except ZerorowError:
                    yield k
            return
        if not span:
            return
        bi = bisect.bisect_right(m.starts, span.start) - 1
        b = m.batches[bi]
        o = _int64(b.offsets[span.start - m.starts[bi] : span.stop - m.starts[bi] + 1])
        native = self._writer(span.start)._native
        j = 0
        while (j := _zerorow.first_invalid_row(native, b.data, o, j)) >= 0:
            yield span.start + j
            j += 1

    def _errors(self, positions: Iterable[int]) -> Iterator[ZerorowError]:
        """The located full-validation error of each row at `positions`."""
        from ._views import validate

        for k in positions:
            if self._is_damaged(k):
                yield self._crc_error(k)
                continue
            try:
                validate(self._writer(k), self._row_bytes(k), "full")
            except ZerorowError as e:
                yield self._row_error(k, e)

    def _writer(self, k: int) -> Schema:
        """The schema the row at position k was written with."""
        m = self._m
        res = m.batches[bisect.bisect_right(m.starts, k) - 1].resolution
        return self.schema if res is None else res.writer

    def _row_at(self, pos: int) -> Any:
        """The row at position `pos` of the whole sequence, as a view of the reader schema."""
        m = self._m
        res = m.batches[bisect.bisect_right(m.starts, pos) - 1].resolution
        try:
            if res is None:
                return BinaryRow(self.schema, self._row_bytes(pos), self._row_level)
            return res.view(self._row_bytes(pos), self._row_level)
        except ZerorowError as e:
            raise self._row_error(pos, e) from None

    def __len__(self) -> int:
        self._open()
        return len(self._range)

    def __getitem__(self, k: int | slice) -> Any:
        self._open()
        if isinstance(k, slice):
            out = object.__new__(RowFile)
            out.schema, out._m, out._row_level = self.schema, self._m, self._row_level
            out.resolutions, out.level, out.skipped = self.resolutions, self.level, []
            out._range = self._range[k]
            return out
        try:
            pos = self._range[k]
        except IndexError:
            raise IndexError(
                f"row index {k} out of range for a row file of {_rows(len(self._range))}"
            ) from None
        except TypeError:
            raise TypeError(
                f"row file indices must be integers or slices, not {type(k).__name__}"
            ) from None
        return self._row_at(pos)

    # ---- batches --------------------------------------------------------------------------
    def row_batches(
        self,
        batch_rows: int | None = None,
        level: LevelLike | None = None,
        skip_invalid: bool = False,
    ) -> Iterator[RowBatch]:
        """The rows as RowBatches, one per Arrow batch of the file (or per `batch_rows` rows
        of it), zero-copy over the map; rows of another writer schema laid out by the reader
        schema first (SPEC §13.4). `level` (default: the one the file was opened with) "full"
        validates each batch before it is handed out and raises on its first invalid row;
        `skip_invalid=True` validates at full and leaves invalid rows out, their errors kept in
        `self.skipped`."""
        for _, _, rows in self._checked(batch_rows, level, skip_invalid):
            yield rows

    def _checked(
        self, batch_rows: int | None, level: LevelLike | None, skip_invalid: bool
    ) -> Iterator[tuple[range, list[int], RowBatch]]:
        level = self.level if level is None else level_of(level)
        check = skip_invalid or level == "full"
        for span in self._spans(batch_rows):
            bad = list(self._invalid(span)) if check else []
            if bad:
                errors = list(self._errors(bad))
                if not skip_invalid:
                    raise errors[0]
                self.skipped.extend(errors)
            yield span, bad, self._batch(span, bad)

    def _spans(self, batch_rows: int | None) -> Iterator[range]:
        """Ranges of positions, each within one Arrow batch and of at most `batch_rows`; a
        slice with a step is one range."""
        m = self._open()
        r = self._range
        if r.step != 1:
            if len(r):
                yield r
            return
        for bi in range(len(m.batches)):
            lo, hi = max(r.start, m.starts[bi]), min(r.stop, m.starts[bi + 1])
            step = batch_rows or max(hi - lo, 1)
            for start in range(lo, hi, step):
                yield range(start, min(start + step, hi))

    def _batch(self, span: range, skip: list[int]) -> RowBatch:
        """The rows at `span` as a RowBatch (zero-copy when the span is a window of one Arrow
        batch and nothing is skipped), the rows at `skip` left out."""
        m = self._m
        if span.step != 1:
            dropped = set(skip)
            rows = [self._row_at(k) for k in span if k not in dropped]
            return RowBatch.from_rows(rows, self.schema)
        bi = bisect.bisect_right(m.starts, span.start) - 1
        b = m.batches[bi]
        lo = span.start - m.starts[bi]
        o = _int64(b.offsets[lo : lo + len(span) + 1])
        data: Any = b.data
        if skip:
            data, o = _without(data, o, [k - span.start for k in skip])
        if b.resolution is not None:  # laid out by the reader schema first (SPEC §13.4)
            try:
                data, relaid = b.resolution._relay_batch(data, o)
            except ZerorowError as e:
                raise self._failure(span, skip, e) from None
            o = array.array("q")
            o.frombytes(relaid)
        rows = RowBatch(self.schema, data, o)
        rows.pandas_metadata = m.files[b.file].pandas_metadata
        return rows

    def _failure(self, span: range, skip: list[int], e: ZerorowError) -> ZerorowError:
        """A batch that failed to convert (below level full), as the error of its first row
        that fails full validation, or, when each row is valid on its own, as `e` naming the
        rows of the batch."""
        dropped = set(skip)
        for err in self._errors(k for k in self._invalid(span) if k not in dropped):
            return err
        name, first, batch, _ = self.location(span.start)
        last = self.location(span[-1])[1]
        return _located(
            e,
            f"row file {name!r}, rows {first}..{last} (batch {batch})",
            file=name,
            row=first,
            batch=batch,
            offset=None,
        )

    def arrow_batches(
        self,
        batch_rows: int | None = None,
        level: LevelLike | None = None,
        skip_invalid: bool = False,
    ) -> Iterator[Any]:
        """The rows decoded to pyarrow RecordBatches (SPEC §12), as row_batches() gives them
        (same options); a row that cannot be decoded is named by file, row, batch and byte."""
        for span, skip, rows in self._checked(batch_rows, level, skip_invalid):
            try:
                yield rows.to_arrow()
            except ZerorowError as e:
                raise self._failure(span, skip, e) from None

    def to_arrow(self):
        """The rows decoded to a pyarrow.Table with one column per field (SPEC §12)."""
        import pyarrow as pa

        # Each Arrow batch of the file is exported straight from the mapped buffer: only the
        # offsets are widened to int64, the rows are not copied before cpp-row decodes them.
        return pa.Table.from_batches(
            list(self.arrow_batches()), schema=self.schema.to_arrow()
        )

    def to_pandas(self, **kwargs: Any):
        """The rows as a pandas DataFrame. A file written from a DataFrame gets its dtypes,
        categories, index and column labels back (from the pandas metadata stored with it);
        otherwise nullable integer and bool fields become pandas' nullable dtypes (no integer
        passes through float). `kwargs` go to pyarrow's Table.to_pandas."""
        from ._pandas import to_pandas

        return to_pandas(self.to_arrow(), self.schema, self.pandas_metadata, **kwargs)

    def __arrow_c_schema__(self):
        return self.schema.__arrow_c_schema__()

    def __arrow_c_stream__(self, requested_schema: Any = None):
        """The rows as an Arrow stream (one record batch per batch of the file, converted as
        the consumer pulls it): `pa.table(f)`, `pl.DataFrame(f)`, `duckdb.sql("... from f")`."""
        import pyarrow as pa

        self._open()
        reader = pa.RecordBatchReader.from_batches(
            self.schema.to_arrow(), self.arrow_batches()
        )
        return reader.__arrow_c_stream__(requested_schema)

    # ---- closing --------------------------------------------------------------------------
    def _unmap(self) -> None:
        for source in self._m.sources:
            source.close()
        self._m.sources = []

    def close(self) -> None:
        """Unmaps the file (every slice of it too); later access raises ValueError."""
        if not self._m.closed:
            self._m.closed = True
            self._m.batches = []
            self._unmap()

    @property
    def closed(self) -> bool:
        return self._m.closed

    def __enter__(self) -> RowFile:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._m.closed else _rows(len(self._range))
        return f"RowFile({self._m.path!r}, {state}, {self.schema!r})"


def _is_pa_buffer(x: Any) -> bool:
    return type(x).__name__ == "Buffer" and type(x).__module__.startswith("pyarrow")


def _int64(offsets: Any) -> Any:
    """Offsets as a contiguous int64 NumPy array (a view when they already are)."""
    import numpy as np

    return np.ascontiguousarray(offsets, dtype="<i8")


def _without(data: Any, offsets: Any, skip: list[int]) -> tuple[bytes, Any]:
    """The rows (data, offsets) with the rows at indexes `skip` left out."""
    import numpy as np

    keep = np.ones(len(offsets) - 1, dtype=bool)
    keep[skip] = False
    starts, ends = offsets[:-1][keep], offsets[1:][keep]
    mv = memoryview(data)
    out = b"".join(mv[int(a) : int(b)] for a, b in zip(starts, ends, strict=True))
    new = np.zeros(len(starts) + 1, dtype="<i8")
    np.cumsum(ends - starts, out=new[1:])
    return out, new


def open_file(
    path: Any,
    schema: Schema | None = None,
    level: LevelLike = "bounds",
    recover: bool = False,
    *,
    name: str | None = None,
) -> RowFile:
    """Opens a row file, or a directory of row files, memory-mapped (or a file's bytes: bytes,
    memoryview or a pyarrow Buffer). `schema` is the reader schema: each file's own schema is
    resolved to it when the file opens (SPEC §13.5; a file whose schema cannot be read as it is
    refused, naming the file), and rows of another layout are read as ResolvedRows; a directory
    without row files is then an empty RowFile of that schema. Without a schema, every file
    must have the first one's (a directory without row files is FileNotFoundError). `level`
    (SPEC §6.2): "none" reads rows unchecked, "bounds" checks every access, "full" validates
    every row on open and then reads as "bounds".

    A cut file raises TruncatedError naming the file, the byte where it ends and what was
    expected there (SPEC §5); with `recover=True` it opens with every complete batch before
    the cut, and `f.recovered` holds the error (with `.rows_lost` where the file tells).
    `name` is what errors call a file given as bytes (default "<buffer>")."""
    return RowFile(path, schema, level, recover, name)
