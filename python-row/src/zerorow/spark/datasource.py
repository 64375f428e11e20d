"""Row files (SPEC §5) in Spark without the connector jar: a Python data source.

Spark 4's Python Data Source API runs this in the Python workers: the reader yields Arrow
record batches (the rows decoded to columns by cpp-row, or the raw `row` column with
`option("mode", "raw")`), the writer (`DataSourceArrowWriter`) turns Arrow batches into rows
in the native core and writes one row file per task. Commit protocol (zerorow.files's staging
functions, the one implementation): a task writes under `<dir>/_zerorow_temporary/<write id>/`
and removes its file if it fails; the driver's commit moves the files of successful tasks into
`<dir>` and deletes the temporary folder, abort deletes it — a failed or retried task leaves no
file in the output. Files are listed and their containers checked by zerorow.files too. Paths
go through pyarrow.fs, so `s3://…`, `gs://…`, `hdfs://…` work as on a cluster.

    spark.dataSource.register(ZerorowDataSource)            # or zerorow.spark.register_data_source(spark)
    df.write.format("zerorow_py").mode("overwrite").save(path)
    spark.read.format("zerorow_py").load(path)

Schema evolution (SPEC §13.5), as the connector's format("zerorow") does it: given a reader
schema (`spark.read.schema(...)`, or `option("zerorowSchema", <canonical JSON>)`, which can carry
aliases), each file's own schema is resolved against it once per distinct fingerprint when the
read is planned (a file it cannot read is refused then, naming the file), and the rows of files
of another layout are laid out by the reader schema (`zerorow.resolve`, cpp-row's
WriteReaderRow) before they are decoded or handed on raw.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass

from pyspark.sql.datasource import (
    DataSource,
    DataSourceArrowWriter,
    DataSourceReader,
    InputPartition,
    WriterCommitMessage,
)

from ..errors import ZerorowError, error
from ..files import (
    STAGING,
    abort_staged,
    check_container,
    commit_staged,
    discard_staged,
    filesystem_of,
    staged_file,
    staging_dir,
)
from ..schema import Schema

NAME = "zerorow_py"
TEMP = STAGING
SUFFIX = ".zrow"
READER_SCHEMA = "zerorowSchema"


def register(spark) -> str:
    spark.dataSource.register(ZerorowDataSource)
    return NAME


def _fs(path: str):
    """(pyarrow FileSystem, path in it): zerorow.files.filesystem_of."""
    return filesystem_of(path)


def _row_files(fsys, base: str, options: dict | None = None) -> list[str]:
    """The row files of a read (see `_files.list_files`)."""
    from ._files import list_files

    return list_files(fsys, base, options or {})


def _file_schema(fsys, path: str) -> Schema:
    """The schema of a row file, after the container checks of SPEC §5."""
    import pyarrow as pa

    with fsys.open_input_file(path) as f:
        return check_container(path, pa.ipc.open_file(f).schema)[0]


class ZerorowDataSource(DataSource):
    """`format("zerorow_py")`: the options of `_files.OWN_OPTIONS` and `FILE_OPTIONS`."""

    @classmethod
    def name(cls) -> str:
        return NAME

    def _opts(self) -> dict:
        from ._files import check_options

        return check_options(self.options)

    def _layout(self):
        path = self.options.get("path")
        if not path:
            raise ValueError(
                "format('zerorow_py') needs a path: load(path) / save(path)"
            )
        fsys, base = _fs(path)
        return fsys, base

    def _files(self, inferring: bool = False) -> list[str]:
        """The files of the read; none is an error only when the schema must come from them
        (with a schema given, a read of no files has no rows, as for Spark's sources)."""
        fsys, base = self._layout()
        files = _row_files(fsys, base, self._opts())
        if not files and inferring:
            raise FileNotFoundError(
                f"no row files in {base} to take the schema from: give it with "
                "spark.read.schema(...)"
            )
        return files

    def _schemas(self, files: list[str]) -> dict:
        """Each file's schema (footers only); with ignoreCorruptFiles a file whose footer does
        not read is left out, as Spark's sources skip it."""
        from ._files import flag

        fsys, _ = self._layout()
        skip = flag(self._opts(), "ignoreCorruptFiles")
        out = {}
        for f in files:
            try:
                out[f] = _file_schema(fsys, f)
            except Exception:  # noqa: BLE001 - re-raised unless the option skips the file
                if not skip:
                    raise
        return out

    def _zschema(self) -> tuple:
        """The one schema of the files (files of two schemas need a reader schema), and the
        files."""
        schemas = self._schemas(self._files(inferring=True))
        files = list(schemas)
        if not files:
            raise FileNotFoundError(
                "no readable row files (all were skipped as corrupt)"
            )
        first = schemas[files[0]]
        for other in files[1:]:
            s = schemas[other]
            if s.fingerprint != first.fingerprint:
                raise error(
                    "schema_mismatch",
                    "",
                    f"{files[0]} has schema {first.fingerprint_hex} but {other} has "
                    f"{s.fingerprint_hex}; to read them together, give the schema to read "
                    f"them with: spark.read.schema(...) or option('{READER_SCHEMA}', "
                    "<zerorow schema JSON>) (SPEC §13)",
                )
        return first, files

    def _option_schema(self) -> Schema | None:
        """The reader schema of option zerorowSchema (canonical JSON), or None."""
        text = self.options.get(READER_SCHEMA)
        if text is None:
            return None
        try:
            return Schema.from_json(text)
        except Exception as e:  # noqa: BLE001 - named below, with the option
            raise ValueError(
                f"option {READER_SCHEMA} of format('zerorow_py') is not a zerorow schema "
                f"(canonical JSON): {e}"
            ) from None

    def _resolved(self, reader: Schema) -> list[str]:
        """The files, each file's schema (folded to the reader's names ignoring case) resolved
        against `reader` once per fingerprint; the first file `reader` cannot read is refused,
        naming it (SPEC §13.5). A reader field no file has is named in a warning."""
        import logging

        from ..errors import ZerorowError
        from ..evolution import resolve
        from ._files import fold_names, missing_fields

        schemas = self._schemas(self._files())
        seen: set[int] = set()
        for path, writer in schemas.items():
            if writer.fingerprint in seen or writer.fingerprint == reader.fingerprint:
                continue
            try:
                resolve(writer, Schema.from_json(fold_names(reader.to_json(), writer)))
            except ZerorowError as e:
                raise type(e)(
                    f"row file {path}: its schema {writer.fingerprint_hex} cannot be read "
                    f"with the reader schema {reader.fingerprint_hex}: {e}",
                    e.kind,
                    e.path,
                ) from e
            seen.add(writer.fingerprint)
        for text in missing_fields(reader, list(schemas.values())):
            logging.getLogger("zerorow.spark").warning(text)
        return list(schemas)

    def _raw(self) -> bool:
        mode = self._opts().get("mode", "decoded").lower()
        if mode not in ("raw", "decoded"):
            raise ValueError(f"option mode must be 'raw' or 'decoded', not {mode!r}")
        return mode == "raw"

    def schema(self):
        """Called when the user gave no schema: the reader schema's columns (option
        zerorowSchema), else those of the files' one schema."""
        from ._types import schema_to_struct

        zschema = self._option_schema() or self._zschema()[0]
        if self._raw():
            return _raw_struct(zschema)
        return schema_to_struct(zschema)

    def reader(self, schema):
        from ._types import _refuse_unmapped, schema_to_struct, struct_to_schema

        if not self._raw():  # decoded rows reach Spark as Arrow columns
            _refuse_unmapped(schema, "")
        reader = self._option_schema()
        if reader is None and not self._raw():
            given = struct_to_schema(schema)
            try:  # the files' own schema when it is what Spark shows (inferred by schema())
                own, files = self._zschema()
                if schema_to_struct(own) == schema:
                    given = own
            except (ZerorowError, FileNotFoundError):
                pass  # files of several schemas, or none: read with the one given
            reader = given
        if reader is None:  # raw, without a reader schema: the files' one schema
            reader, files = self._zschema()
        else:
            files = self._resolved(reader)
        opts = self._opts()
        return _Reader(
            self.options.get("path"), files, reader.to_json(), self._raw(), schema, opts
        )

    def writer(self, schema, overwrite: bool):
        from ._types import struct_to_schema

        opts = self._opts()
        from ._files import write_compression

        limit = int(opts.get("maxrecordsperfile", "0") or 0)
        return _Writer(
            self.options.get("path"),
            struct_to_schema(schema).to_json(),
            overwrite,
            limit,
            write_compression(opts),
            str(opts.get("checksum", "true")).lower() == "true",
        )


def _raw_struct(zschema: Schema):
    """The raw mode's one column `row: binary`, the reader schema in its metadata."""
    from pyspark.sql.types import BinaryType, StructField, StructType

    return StructType(
        [
            StructField(
                "row",
                BinaryType(),
                False,
                {
                    "zerorow.schema": zschema.to_json(),
                    "zerorow.fingerprint": zschema.fingerprint_hex,
                },
            )
        ]
    )


@dataclass
class _File(InputPartition):
    path: str


class _Reader(DataSourceReader):
    def __init__(
        self,
        root: str,
        files: list[str],
        schema_json: str,
        raw: bool,
        spark_schema,
        options: dict,
    ) -> None:
        self.root = root
        self.files = files
        self.schema_json = schema_json
        self.raw = raw
        self.spark_schema = spark_schema
        self.options = options

    def partitions(self):
        return [_File(p) for p in self.files]

    def read(self, partition: _File) -> Iterator:
        """The rows of one file. ignoreMissingFiles: a file deleted since the read was planned
        gives no rows; ignoreCorruptFiles: a file that fails to read stops there (its rows
        before the damage are kept), as Spark's file sources do."""
        from ._files import flag

        path = getattr(partition, "path", None)
        if (
            path is None
        ):  # no file to read: Spark then asks once with a partition of its own
            return
        try:
            yield from self._read(path)
        except FileNotFoundError:
            if not flag(self.options, "ignoreMissingFiles"):
                raise
        except Exception:  # noqa: BLE001 - re-raised unless the option skips the file
            if not flag(self.options, "ignoreCorruptFiles"):
                raise

    def _read(self, path: str) -> Iterator:
        import pyarrow as pa

        from ..arrow import RowBatch
        from ..files import check_crc_column
        from ._files import fold_names
        from ._types import arrow_schema_of
        from ._worker import check_not_null, conform, schema_of

        fsys, _ = _fs(self.root)
        if fsys.get_file_info(path).type.name == "NotFound":
            raise FileNotFoundError(path)
        level = self.options.get("validation", "bounds").lower()
        expected = arrow_schema_of(self.spark_schema)
        first = 0
        with fsys.open_input_file(path) as f:
            reader = pa.ipc.open_file(f)
            writer = check_container(path, reader.schema)[0]
            schema = schema_of(fold_names(self.schema_json, writer))
            relay = _relayer(path, reader.schema, schema)
            for i in range(reader.num_record_batches):
                batch = reader.get_batch(i)
                got = batch.column(0)
                if (
                    batch.num_columns > 1
                ):  # SPEC §5.1 at bounds and full (the only levels)
                    check_crc_column(path, got, batch.column(1), first, i)
                try:
                    check_not_null(got, writer, first)
                except ZerorowError as e:
                    raise type(e)(f"row file {path}, {e}", e.kind, e.path) from e
                first += len(got)
                col = relay(got)
                if self.raw:
                    yield pa.RecordBatch.from_arrays(
                        [col.cast(expected.field(0).type)], schema=expected
                    )
                elif len(col):
                    rb = RowBatch.from_arrow_binary(col, schema, level).to_arrow()
                    yield conform(rb.rename_columns(expected.names), expected)


def _relayer(path: str, aschema, reader: Schema):
    """The row column of a file as rows of `reader`: itself when the file's schema has the
    reader's layout, else the rows laid out again by the reader schema (SPEC §13.4). The file's
    schema was resolved when the read was planned; a file changed since is checked again."""
    import numpy as np
    import pyarrow as pa

    from ..errors import ZerorowError
    from ..evolution import resolve

    writer = check_container(path, aschema)[0]
    if writer.fingerprint == reader.fingerprint:
        return lambda col: col
    try:
        res = resolve(writer, reader)
    except ZerorowError as e:
        raise type(e)(f"row file {path}: {e}", e.kind, e.path) from e

    def relay(col):
        if not len(col):
            return pa.array([], pa.large_binary())
        bufs = col.buffers()
        width = "<i8" if pa.types.is_large_binary(col.type) else "<i4"
        offs = np.frombuffer(
            bufs[1], dtype=width, count=len(col) + 1, offset=col.offset * int(width[-1])
        ).astype("<i8")
        try:
            data, offsets = res._relay_batch(bufs[2], offs)
        except ZerorowError as e:
            raise type(e)(f"row file {path}, row {e.path}: {e}", e.kind, e.path) from e
        return pa.Array.from_buffers(
            pa.large_binary(),
            len(col),
            [None, pa.py_buffer(offsets), pa.py_buffer(data)],
        )

    return relay


_ZONED: dict = {}


def _as_batch_zone(schema: Schema, rb) -> Schema:
    """`schema` with its zoned timestamps in the zone of the batch's timestamps. Spark hands the
    writer its session zone while the written schema says UTC (Spark's TimestampType is an
    instant); a row holds no zone (SPEC §3.3), so rows built with the batch's zone are the rows
    of the written schema."""
    import json

    import pyarrow as pa

    def zone(t):
        if pa.types.is_timestamp(t):
            return t.tz
        if pa.types.is_struct(t):
            children = [t.field(i).type for i in range(t.num_fields)]
        elif pa.types.is_map(t):
            children = [t.key_type, t.item_type]
        elif pa.types.is_list(t) or pa.types.is_large_list(t):
            children = [t.value_type]
        else:
            return None
        return next((z for z in map(zone, children) if z), None)

    tz = next((z for z in (zone(f.type) for f in rb.schema) if z), None)
    if tz is None or tz == "UTC":
        return schema
    key = (schema.to_json(), tz)
    if key not in _ZONED:
        text = schema.to_json().replace('"tz":"UTC"', f'"tz":{json.dumps(tz)}')
        _ZONED[key] = Schema.from_json(text)
    return _ZONED[key]


@dataclass
class _Written(WriterCommitMessage):
    temps: list
    finals: list
    rows: int


class _Writer(DataSourceArrowWriter):
    def __init__(
        self,
        root: str,
        schema_json: str,
        overwrite: bool,
        max_records: int = 0,
        compression: str = "none",
        checksum: bool = True,
    ) -> None:
        self.compression = compression  # SPEC §5.2
        self.checksum = checksum  # the crc32c column, SPEC §5.1
        self.root = root
        self.schema_json = schema_json
        self.overwrite = overwrite
        self.max_records = max_records  # maxRecordsPerFile; 0: one file per task
        self.write_id = uuid.uuid4().hex

    def write(self, iterator) -> _Written:
        from pyspark import TaskContext

        ctx = TaskContext.get()
        part = ctx.partitionId() if ctx else 0
        attempt = ctx.attemptNumber() if ctx else 0
        fsys, base = _fs(self.root)
        fsys.create_dir(staging_dir(base, self.write_id), recursive=True)
        temps: list[str] = []
        finals: list[str] = []

        def next_file() -> str:
            name = f"part-{part:05d}-{self.write_id}-c{len(temps):03d}{SUFFIX}"
            temp, final = staged_file(base, self.write_id, name, attempt)
            temps.append(temp)
            finals.append(final)
            return temp

        try:
            rows = self._write_files(fsys, next_file, iterator)
        except BaseException:
            discard_staged(fsys, base, self.write_id, temps)
            raise
        return _Written(temps, finals, rows)

    def _write_files(self, fsys, next_file, iterator) -> int:
        """Writes the task's rows, a new file after every `max_records` rows (when set)."""
        import numpy as np
        import pyarrow as pa

        from ..arrow import from_arrow
        from ..files import _container_schema, crc32c_column, ipc_options
        from ._worker import schema_of

        schema = schema_of(self.schema_json)
        aschema = _container_schema(schema, None, self.checksum)
        options = ipc_options(self.compression)

        def record_batch(part):
            cols = [part, crc32c_column(part)] if self.checksum else [part]
            return pa.RecordBatch.from_arrays(cols, schema=aschema)

        rows = 0
        in_file = 0
        sink = w = None
        try:
            for rb in iterator:
                batch = from_arrow(rb, _as_batch_zone(schema, rb))
                offs = np.frombuffer(batch.offsets, dtype="<i8")
                arr = pa.Array.from_buffers(
                    pa.large_binary(),
                    len(batch),
                    [None, pa.py_buffer(offs), pa.py_buffer(batch.data)],
                )
                start = 0
                while start < len(arr) or w is None:
                    if w is None or (self.max_records and in_file >= self.max_records):
                        if w is not None:
                            w.close()
                            sink.close()
                        sink = fsys.open_output_stream(next_file())
                        w = pa.ipc.new_file(sink, aschema, options=options)
                        in_file = 0
                    room = len(arr) - start
                    if self.max_records:
                        room = min(room, self.max_records - in_file)
                    part = arr.slice(start, room)
                    w.write_batch(record_batch(part))
                    start += room
                    in_file += room
                    rows += room
            if (
                w is None
            ):  # no rows: one empty file, as Spark's sources write for a task
                sink = fsys.open_output_stream(next_file())
                w = pa.ipc.new_file(sink, aschema, options=options)
        finally:
            if w is not None:
                w.close()
                sink.close()
        return rows

    def commit(self, messages: list[_Written | None]) -> None:
        fsys, base = _fs(self.root)
        moves = [
            pair
            for m in messages
            if m is not None
            for pair in zip(m.temps, m.finals, strict=True)
        ]
        commit_staged(fsys, base, self.write_id, moves, self.overwrite)

    def abort(self, messages: list[_Written | None]) -> None:
        fsys, base = _fs(self.root)
        abort_staged(fsys, base, self.write_id)
