"""`zerorow convert IN OUT`: rows, Parquet, Arrow IPC, CSV and JSON Lines, batch by batch.

Every source is read as a stream of batches and every sink writes them as they come, so
memory holds one batch at a time whatever the file size. Row files are read through
zerorow.files (checked at --level, full by default, so nothing invalid is written) and
decoded by the zerorow Arrow mapping (SPEC §12); Arrow data of every other format becomes
rows through the one mapping `zerorow.from_arrow` uses (`ArrowToRows`). The output is
written to a temporary file renamed into place when complete (`AtomicSink`): a failed
conversion leaves no partial file and never removes one that was there.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from ._common import (
    Failure,
    Progress,
    is_stdio,
    open_rows,
    plural,
    reports_errors,
    stdin_bytes,
)

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
def _write_rows(sink: Any, source: Source) -> int:
    from ..files import write_batches

    schema, batches = source.row_batches()
    opts = source.options
    return write_batches(
        sink, schema, batches, compression=opts.compression, checksum=opts.checksum
    )


def _plain_months(
    source: Source, text: bool = False, variants: bool = True
) -> tuple[Any, Iterator[Any]]:
    """(Arrow schema, batches) with interval_ym columns as int32 months (SPEC §12.3 writes
    INT32; pyarrow's CSV, JSON and Parquet writers cannot read Arrow's month_interval) and
    variants as their JSON text (cli/_json.py plain_batch)."""
    from ._json import plain_batch, plain_schema

    schema = plain_schema(source.arrow_schema_out, text, variants)
    return schema, (plain_batch(b, text, variants) for b in source.arrow_batches())


def _write_parquet(sink: Any, source: Source) -> int:
    import pyarrow as pa
    import pyarrow.parquet as pq

    calendar = [
        f.name
        for f in source.arrow_schema_out
        if f.type == pa.month_day_nano_interval()
    ]
    if calendar:  # SPEC §12.3: Parquet's INTERVAL (unsigned ms) cannot hold an interval
        raise Failure(
            f"Parquet cannot hold the interval columns {', '.join(calendar)}: its INTERVAL "
            "type is unsigned milliseconds, without the sign and microseconds of an interval "
            "(SPEC §12.3); convert to a row file, Arrow IPC or JSON Lines"
        )
    schema, batches = _plain_months(source, variants=False)
    return _write_with(pq.ParquetWriter(sink, schema), source, batches)


def _write_arrow(sink: Any, source: Source) -> int:
    import pyarrow as pa

    return _write_with(pa.ipc.new_file(sink, source.arrow_schema_out), source)


def _write_csv(sink: Any, source: Source) -> int:
    import pyarrow as pa
    import pyarrow.csv as pcsv

    arrow_schema, batches = _plain_months(source, text=True)
    nested = [f.name for f in arrow_schema if pa.types.is_nested(f.type)]
    if nested:
        raise Failure(
            f"CSV has no nested values; columns {', '.join(nested)} are lists, "
            "maps or structs (convert to Parquet, Arrow IPC or JSON Lines)"
        )
    return _write_with(pcsv.CSVWriter(sink, arrow_schema), source, batches)


def _write_with(
    writer: Any, source: Source, batches: Iterator[Any] | None = None
) -> int:
    n = 0
    with writer:
        for b in source.arrow_batches() if batches is None else batches:
            writer.write_batch(b)
            n += b.num_rows
    return n


def _write_jsonl(sink: Any, source: Source) -> int:
    from ._json import json_lines

    n = 0
    for b in _plain_months(source)[1]:
        sink.write(json_lines(b))
        n += b.num_rows
    return n


SINKS = {
    "rows": _write_rows,
    "parquet": _write_parquet,
    "arrow": _write_arrow,
    "csv": _write_csv,
    "jsonl": _write_jsonl,
}


@click.command()
@click.argument(
    "source",
    metavar="IN",
    type=click.Path(exists=True, allow_dash=True, path_type=Path),
)
@click.argument(
    "target", metavar="OUT", type=click.Path(allow_dash=True, path_type=Path)
)
@click.option(
    "--from",
    "from_fmt",
    type=click.Choice(FORMATS),
    help="Format of IN (default: from its extension, or its first bytes).",
)
@click.option(
    "--to",
    "to_fmt",
    type=click.Choice(FORMATS),
    help="Format of OUT (default: from its extension; needed for - as OUT).",
)
@click.option(
    "--level",
    type=click.Choice(["none", "bounds", "full"]),
    default="full",
    show_default=True,
    help="How much of each row of a row file IN is checked before it is converted (SPEC "
    "§6.2): full validates every row, so an invalid row stops the conversion (exit 1, naming "
    "the file, row and byte) instead of being written; bounds only checks what is read "
    "(faster; values of a damaged row may then be converted as they read); none checks "
    "nothing (only for files you wrote).",
)
@click.option(
    "--skip-invalid",
    is_flag=True,
    help="Leave rows of IN that fail full validation out of OUT (each row is checked at "
    "full), and report how many, instead of stopping at the first.",
)
@click.option(
    "--recover",
    is_flag=True,
    help="Read a cut row file IN (one a writer did not finish) up to the last complete "
    "batch, saying how many rows were lost, instead of failing.",
)
@click.option(
    "--batch-rows",
    type=click.IntRange(min=1),
    default=65536,
    show_default=True,
    help="Rows per batch read from row files and Parquet (CSV, JSON Lines and Arrow IPC keep their own blocks).",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show progress on stderr (default: on a terminal, and in Jupyter for !zerorow).",
)
@click.option(
    "-s",
    "--schema",
    "reader",
    metavar="SCHEMA",
    help="A schema (a schema JSON file, a row file, or a dataclass as module:Class): row "
    "files IN are read through it (SPEC §13, files of older or newer schemas resolved to it); "
    "any other IN is encoded with it (columns by name, lossless conversions only; JSON Lines "
    "read back exactly).",
)
@click.option(
    "--compression",
    type=click.Choice(["none", "lz4", "zstd"]),
    default="none",
    show_default=True,
    help="Compress the batches of a row file OUT (Arrow IPC body compression, SPEC §5.2).",
)
@click.option(
    "--no-checksum",
    is_flag=True,
    help="Write a row file OUT without the CRC-32C of each row (SPEC §5.1; written by "
    "default, so readers notice a damaged row).",
)
@reports_errors
def convert(
    source: Path,
    target: Path,
    from_fmt,
    to_fmt,
    level: str,
    skip_invalid: bool,
    recover: bool,
    batch_rows: int,
    progress,
    reader,
    compression: str,
    no_checksum: bool,
) -> None:
    """Convert between row files, Parquet, Arrow IPC, CSV and JSON Lines, one batch at a
    time (bounded memory). Formats come from the extensions (.zrow, .parquet, .arrow,
    .csv, .jsonl) or --from/--to; `-` is stdin as IN, stdout as OUT. Rows of a row file are
    validated (--level full) before they are converted; OUT is written to a temporary file
    and renamed into place when complete, so a failed conversion leaves nothing half-written
    and never removes an existing OUT."""
    from ..errors import ZerorowError
    from ..files import AtomicSink
    from .schema import load_schema

    data = stdin_bytes() if is_stdio(source) else None
    head = data[: 1 << 20] if data is not None else None
    src_fmt = detect_format(source, from_fmt, head)
    dst_fmt = detect_format(target, to_fmt)
    if not is_stdio(source) and not is_stdio(target):
        if target.exists() and target.resolve() == source.resolve():
            raise click.UsageError("IN and OUT are the same file")
    if skip_invalid and level != "full":
        raise click.UsageError("--skip-invalid checks every row at full; drop --level")
    schema = load_schema(reader, "--schema") if reader else None
    options = Options(
        batch_rows, level, skip_invalid, recover, schema, compression, not no_checksum
    )
    name_in = "stdin" if is_stdio(source) else source.name
    name_out = "stdout" if is_stdio(target) else target.name
    try:
        src = open_source(source, src_fmt, options, data)
        with Progress(f"{name_in} → {name_out}", src.total, progress) as bar:
            src.progress = bar
            out = sys.stdout.buffer if is_stdio(target) else target
            with AtomicSink(out) as sink:
                n = SINKS[dst_fmt](sink, src)
    except ZerorowError as e:
        # errors about a row file name it; others are about IN as a whole
        named = src_fmt == "rows" or str(source) in str(e)
        raise Failure(str(e) if named else f"{source}: {e}") from None
    skipped = src.rows.skipped if src.rows is not None else []
    for e in skipped[:10]:
        click.echo(f"skipped: {e}", err=True)
    more = " (the first 10 shown)" if len(skipped) > 10 else ""
    note = f", {plural(len(skipped), 'invalid row')} left out{more}" if skipped else ""
    click.echo(
        f"{'-' if is_stdio(source) else source} ({src_fmt}) → "
        f"{'-' if is_stdio(target) else target} ({dst_fmt}): {plural(n, 'row')}{note}",
        err=True,
    )
