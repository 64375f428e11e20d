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

from ..errors import error
from ..schema import FORMAT_VERSION, Schema

NAME = "zerorow_py"
TEMP = "_zerorow_temporary"
SUFFIX = ".zrow"


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
        aschema = pa.ipc.open_file(f).schema
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

    def _zschema(self) -> tuple:
        fsys, base = self._layout()
        files = _row_files(fsys, base)
        if not files:
            raise FileNotFoundError(f"no row files in {base}")
        first = _file_schema(fsys, files[0])
        for other in files[1:]:
            s = _file_schema(fsys, other)
            if s.fingerprint != first.fingerprint:
                raise error(
                    "schema_mismatch",
                    "",
                    f"{files[0]} has schema {first.fingerprint_hex} but {other} has {s.fingerprint_hex}",
                )
        return first, files

    def _raw(self) -> bool:
        mode = self.options.get("mode", "decoded").lower()
        if mode not in ("raw", "decoded"):
            raise ValueError(f"option mode must be 'raw' or 'decoded', not {mode!r}")
        return mode == "raw"

    def schema(self):
        from pyspark.sql.types import BinaryType, StructField, StructType

        from ._types import schema_to_struct

        zschema, _ = self._zschema()
        if self._raw():
            return StructType(
                [
                    StructField(
                        "row",
                        BinaryType(),
                        False,
                        {"zerorow.schema": zschema.to_json()},
                    )
                ]
            )
        return schema_to_struct(zschema)

    def reader(self, schema):
        zschema, files = self._zschema()
        return _Reader(
            self.options.get("path"), files, zschema.to_json(), self._raw(), schema
        )

    def writer(self, schema, overwrite: bool):
        from ._types import struct_to_schema

        return _Writer(
            self.options.get("path"), struct_to_schema(schema).to_json(), overwrite
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
            for i in range(reader.num_record_batches):
                col = reader.get_batch(i).column(0)
                if self.raw:
                    yield pa.RecordBatch.from_arrays(
                        [col.cast(expected.field(0).type)], schema=expected
                    )
                elif len(col):
                    yield conform(
                        RowBatch.from_arrow_binary(col, schema).to_arrow(), expected
                    )


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
            fsys.delete_file(temp) if fsys.get_file_info(
                temp
            ).type.name == "File" else None
            raise
        return _Written(temp, f"{base}/{name}", rows)

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
                batch = from_arrow(rb, schema)
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
        top = f"{base}/{TEMP}"
        info = fsys.get_file_info(fs.FileSelector(top, allow_not_found=True))
        if not info and fsys.get_file_info(top).type == fs.FileType.Directory:
            fsys.delete_dir(top)
