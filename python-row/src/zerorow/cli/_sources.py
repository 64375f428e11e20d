"""The sources `zerorow convert` and `zerorow schema` read: a file's format from its
extension or its first bytes, and its batches as Arrow data (row files through zerorow.files,
the others through pyarrow), one batch at a time.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from ._common import is_stdio, open_rows

FORMATS = ("rows", "parquet", "arrow", "csv", "jsonl")
EXTENSIONS = {
    ".zrow": "rows",
    ".zerorow": "rows",
    ".rows": "rows",
    ".parquet": "parquet",
    ".pq": "parquet",
    ".arrow": "arrow",
    ".ipc": "arrow",
    ".feather": "arrow",
    ".arrows": "arrow",
    ".csv": "csv",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "jsonl",
}


def sniff(head: bytes) -> str | None:
    """The format of a file from its first bytes, where they tell: an Arrow IPC file or
    stream (a row file when its schema says so), Parquet, JSON Lines (a `{`)."""
    if head.startswith(b"PAR1"):
        return "parquet"
    if head.startswith(b"ARROW1") or head.startswith(b"\xff\xff\xff\xff"):
        return "rows" if b"zerorow.schema" in head else "arrow"
    if head.lstrip().startswith(b"{"):
        return "jsonl"
    return None


def detect_format(path: Path, given: str | None, head: bytes | None = None) -> str:
    """The format named by --from/--to, else by the extension (or, for stdin, by its first
    bytes); a directory holds row files. An Arrow IPC file whose one column is a zerorow
    `row` column is a row file."""
    if given:
        return given
    if is_stdio(path):
        fmt = sniff(head or b"")
        if fmt is None:
            raise click.UsageError(
                f"cannot tell the format of {'stdin' if head is not None else 'stdout'}; "
                f"use --from/--to ({', '.join(FORMATS)})"
            )
        return fmt
    if path.is_dir():
        return "rows"
    fmt = EXTENSIONS.get(path.suffix.lower())
    if fmt is None:
        if path.is_file():
            with open(path, "rb") as f:
                fmt = sniff(f.read(4096))
        if fmt is None:
            raise click.UsageError(
                f"{path}: cannot tell the format from the extension {path.suffix!r}; "
                f"use --from/--to ({', '.join(FORMATS)})"
            )
    if fmt == "arrow" and path.is_file() and _is_row_file(path):
        return "rows"
    return fmt


def _is_row_file(path: Path) -> bool:
    """An Arrow IPC file (or stream) whose first column is a zerorow `row` column."""
    import pyarrow as pa

    try:
        with pa.memory_map(str(path), "r") as source:
            schema = pa.ipc.open_file(source).schema
    except (pa.ArrowInvalid, OSError):
        with open(path, "rb") as f:  # a stream, or a cut file: its schema comes first
            return sniff(f.read(1 << 20)) == "rows"
    # the row column, alone or with its crc32c column (SPEC §5.1)
    meta = schema.field(0).metadata or {} if len(schema) in (1, 2) else {}
    return b"zerorow.schema" in meta


# ---- sources ---------------------------------------------------------------------------------
@dataclass
class Options:
    batch_rows: int
    level: str
    skip: bool
    recover: bool
    # --schema: the reader schema of row files, the schema any other input is encoded with
    schema: Any
    compression: str = "none"  # of a row file OUT (SPEC §5.2)
    checksum: bool = True  # a row file OUT carries the CRC-32C of its rows (SPEC §5.1)


class Source:
    """IN, opened: its Arrow schema, its row count when known, and its rows as batches in the
    form a sink asks for (`arrow_batches()` or `row_batches()`), counted for the progress."""

    def __init__(self, arrow_schema: Any, total: int | None, options: Options) -> None:
        self.arrow_schema, self.total, self.options = arrow_schema, total, options
        self.rows: Any = None  # the RowFile of a row-file source
        self.batches: Iterator[Any] = iter(())  # pyarrow RecordBatches of other sources
        # (schema, RowBatches) of JSON Lines read through --schema
        self.row_source: Any = None
        self.progress: Any = None
        self.done = 0

    def arrow_batches(self) -> Iterator[Any]:
        """pyarrow RecordBatches: a row file's decoded by cpp-row (each located error names
        the row), others as read, or, with --schema, encoded by it and decoded again, so every
        format gets the schema's columns and types."""
        o = self.options
        if self.rows is not None:
            return self._counted(self.rows.arrow_batches(o.batch_rows, o.level, o.skip))
        if self.row_source is not None or o.schema is not None:
            _, rows = self.row_batches()
            return (b.to_arrow() for b in rows)
        return self._counted(self.batches)

    def row_batches(self) -> tuple[Any, Iterator[Any]]:
        """(schema, RowBatches): a row file's as they are (checked at --level), JSON Lines
        read through --schema, or Arrow batches encoded by the one Arrow -> rows mapping
        (`ArrowToRows`, as `zerorow.from_arrow`)."""
        from .._arrow_in import ArrowToRows

        o = self.options
        if self.rows is not None:
            batches = self.rows.row_batches(o.batch_rows, o.level, o.skip)
            return self.rows.schema, self._counted(batches)
        if self.row_source is not None:
            schema, batches = self.row_source
            return schema, self._counted(batches)
        convert = ArrowToRows(self.arrow_schema, o.schema, False)
        return convert.schema, (convert(b) for b in self._counted(self.batches))

    @property
    def arrow_schema_out(self) -> Any:
        """The Arrow schema of arrow_batches()."""
        if self.rows is None and self.options.schema is not None:
            return self.options.schema.to_arrow()
        return self.arrow_schema

    def _counted(self, batches: Iterator[Any]) -> Iterator[Any]:
        for b in batches:
            n = b.num_rows if hasattr(b, "num_rows") else len(b)
            self.done += n
            if self.progress is not None:
                self.progress.advance(n)
            yield b


def open_source(path: Path, fmt: str, options: Options, data: bytes | None) -> Source:
    """Opens IN (`data`: the bytes of stdin when IN is -) as the format says."""
    import pyarrow as pa

    if fmt == "rows":
        rows = open_rows(path, options.schema, options.recover, data=data)
        src = Source(rows.schema.to_arrow(), len(rows), options)
        src.rows = rows
        return src
    source = pa.BufferReader(data) if data is not None else str(path)
    if (
        fmt == "parquet"
    ):  # as read_parquet reads it (SPEC §12.3: INT96 at µs, INTERVAL, ...)
        from ..arrow import ParquetSource

        parquet = ParquetSource(data if data is not None else path)
        src = Source(parquet.arrow_schema, parquet.num_rows, options)
        src.batches = parquet.batches(options.batch_rows)
        return src
    if fmt == "arrow":
        if data is None:
            source = pa.memory_map(str(path), "r")
        try:
            reader = pa.ipc.open_file(source)
        except pa.ArrowInvalid:
            source.seek(0)
            stream = pa.ipc.open_stream(source)
            src = Source(stream.schema, None, options)
            src.batches = iter(stream)
            return src
        count = reader.num_record_batches
        src = Source(reader.schema, None, options)
        src.batches = (reader.get_batch(i) for i in range(count))
        return src
    if fmt == "csv":
        import pyarrow.csv as pcsv

        # An empty field is a null, for strings too (pyarrow's default reads it as "").
        types = {}
        if options.schema is not None:
            types = {f.name: f.type for f in options.schema.to_arrow()}
        convert = pcsv.ConvertOptions(strings_can_be_null=True, column_types=types)
        reader = pcsv.open_csv(source, convert_options=convert)
        empty = _untyped(reader.schema)
        if empty:
            # pyarrow types a column from its first block: one empty there is "null", which
            # has no zerorow type, and a value further down would then fail to parse. CSV
            # holds text: such a column is read as strings.
            types.update(dict.fromkeys(empty, pa.string()))
            convert = pcsv.ConvertOptions(strings_can_be_null=True, column_types=types)
            source = pa.BufferReader(data) if data is not None else str(path)
            reader = pcsv.open_csv(source, convert_options=convert)
        src = Source(reader.schema, None, options)
        src.batches = iter(reader)
        return src
    if fmt == "jsonl":
        if options.schema is not None:
            return _jsonl_through_schema(path, data, options)
        import pyarrow.json as pjson

        if not hasattr(pjson, "open_json"):  # older pyarrow (16, which PyFlink pins)
            # has no streaming JSON reader: the file is read whole
            table = pjson.read_json(source)
            empty = _untyped(table.schema)
            if empty:  # as below: keys only ever null are read as strings
                table = table.cast(_strings_for(table.schema, empty))
            src = Source(table.schema, table.num_rows, options)
            src.batches = iter(table.to_batches())
            return src
        reader = pjson.open_json(source)
        empty = _untyped(reader.schema)
        if (
            empty
        ):  # as for CSV: a key only ever null in the first block is read as strings
            explicit = _strings_for(reader.schema, empty)  # the keys in their order
            parse = pjson.ParseOptions(
                explicit_schema=explicit, unexpected_field_behavior="infer"
            )
            source = pa.BufferReader(data) if data is not None else str(path)
            reader = pjson.open_json(source, parse_options=parse)
        src = Source(reader.schema, None, options)
        src.batches = iter(reader)
        return src
    raise AssertionError(fmt)


def _untyped(arrow_schema: Any) -> list[str]:
    """Columns a text reader typed `null` (no value in the block it guessed from)."""
    import pyarrow as pa

    return [f.name for f in arrow_schema if pa.types.is_null(f.type)]


def _strings_for(arrow_schema: Any, names: list[str]) -> Any:
    """The schema with the columns `names` typed string."""
    import pyarrow as pa

    return pa.schema(
        [f.with_type(pa.string()) if f.name in names else f for f in arrow_schema]
    )


def _jsonl_through_schema(path: Path, data: bytes | None, options: Options) -> Source:
    """JSON Lines read through --schema, exactly (the forms `convert` and `cat` write)."""
    from ._json import read_json_lines

    def batches() -> Iterator[Any]:
        stream = io.BytesIO(data) if data is not None else open(path, "rb")  # noqa: SIM115
        with stream:
            yield from read_json_lines(stream, options.schema, options.batch_rows)

    src = Source(options.schema.to_arrow(), None, options)
    src.row_source = (options.schema, batches())
    return src


# ---- sinks: write(sink, source) consumes the batches as they come ------------------------------
