"""Row files (SPEC §5) in Spark without the connector jar: a Python data source.

Spark 4's Python Data Source API runs this in the Python workers: the reader yields Arrow
record batches (the rows decoded to columns by cpp-row, or the raw `row` column with
`option("mode", "raw")`), the writer (`DataSourceArrowWriter`) turns Arrow batches into rows
in the native core and writes one row file per task. Commit protocol: a task writes under
`<dir>/_zerorow_temporary/<write id>/` and removes its file if it fails; the driver's commit
moves the files of successful tasks into `<dir>` and deletes the temporary folder, abort
deletes it — a failed or retried task leaves no file in the output. Paths go through
pyarrow.fs, so `s3://…`, `gs://…`, `hdfs://…` work as on a cluster.

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

import os
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
from ..schema import FORMAT_VERSION, Schema

NAME = "zerorow_py"
TEMP = "_zerorow_temporary"
SUFFIX = ".zrow"
READER_SCHEMA = "zerorowSchema"


def register(spark) -> str:
    spark.dataSource.register(ZerorowDataSource)
    return NAME


def _fs(path: str):
    """(pyarrow FileSystem, path in it): URIs by scheme, plain paths on the local disk."""
    from pyarrow import fs

    if "://" in path:
        return fs.FileSystem.from_uri(path)
    return fs.LocalFileSystem(), os.path.abspath(path)


def _row_files(fsys, base: str) -> list[str]:
    from pyarrow import fs

    info = fsys.get_file_info(base)
    if info.type == fs.FileType.File:
        return [base]
    if info.type == fs.FileType.NotFound:
        raise FileNotFoundError(f"no row files at {base}")
    sel = fs.FileSelector(base, recursive=False)
    return sorted(
        i.path
        for i in fsys.get_file_info(sel)
        if i.type == fs.FileType.File
        and not os.path.basename(i.path).startswith(("_", "."))
    )


def _file_schema(fsys, path: str) -> Schema:
    """The schema of a row file, after the container checks of SPEC §5."""
    import pyarrow as pa

    with fsys.open_input_file(path) as f:
        return _arrow_file_schema(path, pa.ipc.open_file(f).schema)


def _arrow_file_schema(path: str, aschema) -> Schema:
    """The zerorow schema in a row file's Arrow schema (SPEC §5 checks)."""
    import pyarrow as pa

    if aschema.names != ["row"] or aschema.field(0).type not in (
        pa.binary(),
        pa.large_binary(),
    ):
        raise error(
            "invalid_data",
            "",
            f"{path}: a row file has one binary column named 'row', found {aschema}",
        )
    meta = {
        k.decode(): v.decode() for k, v in (aschema.field(0).metadata or {}).items()
    }
    for key in ("zerorow.version", "zerorow.schema", "zerorow.fingerprint"):
        if key not in meta:
            raise error(
                "invalid_data", "", f"{path}: the row column's metadata lacks {key}"
            )
    if meta["zerorow.version"].split(".")[0] != "1":
        raise error(
            "unsupported",
            "",
            f"{path}: format version {meta['zerorow.version']} (this reader: 1)",
        )
    schema = Schema.from_json(meta["zerorow.schema"])
    if (
        schema.fingerprint_hex != meta["zerorow.fingerprint"]
    ):  # aliases left out (SPEC §4.2)
        raise error(
            "invalid_data",
            "",
            f"{path}: zerorow.fingerprint does not match zerorow.schema",
        )
    return schema


class ZerorowDataSource(DataSource):
    """`format("zerorow_py")`: options `path`, `mode` ("decoded" default, or "raw")."""

    @classmethod
    def name(cls) -> str:
        return NAME

    def _layout(self):
        path = self.options.get("path")
        if not path:
            raise ValueError(
                "format('zerorow_py') needs a path: load(path) / save(path)"
            )
        fsys, base = _fs(path)
        return fsys, base

    def _files(self) -> list[str]:
        fsys, base = self._layout()
        files = _row_files(fsys, base)
        if not files:
            raise FileNotFoundError(f"no row files in {base}")
        return files

    def _zschema(self) -> tuple:
        """The one schema of the files (files of two schemas need a reader schema), and the
        files."""
        fsys, _ = self._layout()
        files = self._files()
        first = _file_schema(fsys, files[0])
        for other in files[1:]:
            s = _file_schema(fsys, other)
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
        """The files, each file's schema resolved against `reader` once per fingerprint; the
        first file `reader` cannot read is refused, naming it (SPEC §13.5)."""
        from ..errors import ZerorowError
        from ..evolution import resolve

        fsys, _ = self._layout()
        files = self._files()
        seen: set[int] = set()
        for path in files:
            writer = _file_schema(fsys, path)
            if writer.fingerprint in seen or writer.fingerprint == reader.fingerprint:
                continue
            try:
                resolve(writer, reader)
            except ZerorowError as e:
                raise type(e)(
                    f"row file {path}: its schema {writer.fingerprint_hex} cannot be read "
                    f"with the reader schema {reader.fingerprint_hex}: {e}",
                    e.kind,
                    e.path,
                ) from e
            seen.add(writer.fingerprint)
        return files

    def _raw(self) -> bool:
        mode = self.options.get("mode", "decoded").lower()
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
        from ._types import schema_to_struct, struct_to_schema

        reader = self._option_schema()
        if reader is None and not self._raw():
            given = struct_to_schema(schema)
            try:  # the files' own schema when it is what Spark shows (inferred by schema())
                own, files = self._zschema()
                if schema_to_struct(own) == schema:
                    given = own
            except ZerorowError:
                pass  # files of several schemas: read with the one given
            reader = given
        if reader is None:  # raw, without a reader schema: the files' one schema
            reader, files = self._zschema()
        else:
            files = self._resolved(reader)
        return _Reader(
            self.options.get("path"), files, reader.to_json(), self._raw(), schema
        )

    def writer(self, schema, overwrite: bool):
        from ._types import struct_to_schema

        return _Writer(
            self.options.get("path"), struct_to_schema(schema).to_json(), overwrite
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
        self, root: str, files: list[str], schema_json: str, raw: bool, spark_schema
    ) -> None:
        self.root = root
        self.files = files
        self.schema_json = schema_json
        self.raw = raw
        self.spark_schema = spark_schema

    def partitions(self):
        return [_File(p) for p in self.files]

    def read(self, partition: _File) -> Iterator:
        import pyarrow as pa

        from ._batch import RowBatch
        from ._types import arrow_schema_of
        from ._worker import conform, schema_of

        fsys, _ = _fs(self.root)
        schema = schema_of(self.schema_json)
        expected = arrow_schema_of(self.spark_schema)
        with fsys.open_input_file(partition.path) as f:
            reader = pa.ipc.open_file(f)
            relay = _relayer(partition.path, reader.schema, schema)
            for i in range(reader.num_record_batches):
                col = relay(reader.get_batch(i).column(0))
                if self.raw:
                    yield pa.RecordBatch.from_arrays(
                        [col.cast(expected.field(0).type)], schema=expected
                    )
                elif len(col):
                    yield conform(
                        RowBatch.from_arrow_binary(col, schema).to_arrow(), expected
                    )


def _relayer(path: str, aschema, reader: Schema):
    """The row column of a file as rows of `reader`: itself when the file's schema has the
    reader's layout, else the rows laid out again by the reader schema (SPEC §13.4). The file's
    schema was resolved when the read was planned; a file changed since is checked again."""
    import numpy as np
    import pyarrow as pa

    from ..errors import ZerorowError
    from ..evolution import resolve

    writer = _arrow_file_schema(path, aschema)
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
    temp: str
    final: str
    rows: int


class _Writer(DataSourceArrowWriter):
    def __init__(self, root: str, schema_json: str, overwrite: bool) -> None:
        self.root = root
        self.schema_json = schema_json
        self.overwrite = overwrite
        self.write_id = uuid.uuid4().hex

    def _temp_dir(self) -> str:
        _, base = _fs(self.root)
        return f"{base}/{TEMP}/{self.write_id}"

    def write(self, iterator) -> _Written:
        from pyspark import TaskContext

        ctx = TaskContext.get()
        part = ctx.partitionId() if ctx else 0
        attempt = ctx.attemptNumber() if ctx else 0
        fsys, base = _fs(self.root)
        name = f"part-{part:05d}-{self.write_id}{SUFFIX}"
        temp = f"{self._temp_dir()}/{name}.attempt{attempt}"
        fsys.create_dir(self._temp_dir(), recursive=True)
        try:
            rows = self._write_file(fsys, temp, iterator)
        except BaseException:
            # A task killed while the job aborts may run after abort() cleaned up: it removes
            # its own file, then the folders it created if nothing else is in them.
            if fsys.get_file_info(temp).type.name == "File":
                fsys.delete_file(temp)
            self._remove_if_empty(fsys, self._temp_dir())
            self._remove_if_empty(fsys, f"{base}/{TEMP}")
            raise
        return _Written(temp, f"{base}/{name}", rows)

    @staticmethod
    def _remove_if_empty(fsys, path: str) -> None:
        from pyarrow import fs

        if fsys.get_file_info(path).type != fs.FileType.Directory:
            return
        if not fsys.get_file_info(fs.FileSelector(path, allow_not_found=True)):
            try:
                fsys.delete_dir(path)
            except OSError:
                pass  # another task of the same write put a file there meanwhile

    def _write_file(self, fsys, temp: str, iterator) -> int:
        import numpy as np
        import pyarrow as pa

        from ..arrow import from_arrow
        from ._worker import schema_of

        schema = schema_of(self.schema_json)
        meta = {
            "zerorow.version": str(FORMAT_VERSION),
            "zerorow.schema": schema.to_json(),
            "zerorow.fingerprint": schema.fingerprint_hex,
        }
        aschema = pa.schema(
            [pa.field("row", pa.large_binary(), nullable=False, metadata=meta)]
        )
        rows = 0
        with fsys.open_output_stream(temp) as sink, pa.ipc.new_file(sink, aschema) as w:
            for rb in iterator:
                batch = from_arrow(rb, _as_batch_zone(schema, rb))
                offs = np.frombuffer(batch.offsets, dtype="<i8")
                arr = pa.Array.from_buffers(
                    pa.large_binary(),
                    len(batch),
                    [None, pa.py_buffer(offs), pa.py_buffer(batch.data)],
                )
                w.write_batch(pa.RecordBatch.from_arrays([arr], schema=aschema))
                rows += len(batch)
        return rows

    def commit(self, messages: list[_Written | None]) -> None:
        fsys, base = _fs(self.root)
        if self.overwrite:
            for old in _row_files(fsys, base):
                fsys.delete_file(old)
        for m in messages:
            if m is not None:
                fsys.move(m.temp, m.final)
        self._clean(fsys)

    def abort(self, messages: list[_Written | None]) -> None:
        self._clean(_fs(self.root)[0])

    def _clean(self, fsys) -> None:
        from pyarrow import fs

        _, base = _fs(self.root)
        if fsys.get_file_info(self._temp_dir()).type != fs.FileType.NotFound:
            fsys.delete_dir(self._temp_dir())
        self._remove_if_empty(fsys, f"{base}/{TEMP}")
