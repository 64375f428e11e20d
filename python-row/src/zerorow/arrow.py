"""Rows <-> Apache Arrow (SPEC §12) and the Arrow PyCapsule protocol.

`RowBatch` (rows end to end in one buffer, zerorow._rowbatch) exports `__arrow_c_array__`, `__arrow_c_stream__`
and `__arrow_c_schema__`, so `pyarrow.record_batch(b)`, `pyarrow.table(b)`, polars or DuckDB
take it directly. The columns are gathered from the rows and handed over through the Arrow C
Data Interface capsules; pyarrow (an optional dependency) builds them today.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from . import _zerorow
from ._arrow_in import import_batches
from ._arrow_types import (  # noqa: F401 - zerorow.arrow's names for the type mapping
    _pa,
    arrow_to_schema,
    arrow_to_type,
    core_schema,
    months_as_int32,
    months_as_int32_schema,
    schema_to_arrow,
    type_to_arrow,
)
from ._columns import Column  # noqa: F401 - zerorow.arrow.Column, what RowBatch.column gives
from ._rowbatch import RowBatch, SequenceMethods, binary_array_rows  # noqa: F401
from ._views import BinaryRow
from .errors import error
from .schema import Schema


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
    return import_batches(data, schema, strict, first_row)


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
