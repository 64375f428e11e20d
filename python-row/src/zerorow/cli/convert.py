"""`zerorow convert IN OUT`: rows, Parquet, Arrow IPC, CSV and JSON Lines, batch by batch.

Every source is read as a stream of Arrow record batches and every sink writes them as
they come, so memory holds one batch at a time whatever the file size. Row files are
decoded to columns and encoded from columns by the zerorow Arrow mapping (SPEC §12); the
schema always comes from the source.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)

from ._common import (
    Failure,
    console,
    jsonable,
    open_row_file,
    reports_errors,
    row_batch,
    row_files,
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


def detect_format(path: Path, given: str | None) -> str:
    """The format named by --from/--to, else by the extension; a directory holds row files.
    An Arrow IPC file whose one column is a zerorow `row` column is a row file."""
    if given:
        return given
    if path.is_dir():
        return "rows"
    fmt = EXTENSIONS.get(path.suffix.lower())
    if fmt is None:
        raise click.UsageError(
            f"{path}: cannot tell the format from the extension {path.suffix!r}; "
            f"use --from/--to ({', '.join(FORMATS)})"
        )
    if fmt == "arrow" and path.exists() and _is_row_file(path):
        return "rows"
    return fmt


def _is_row_file(path: Path) -> bool:
    import pyarrow as pa

    try:
        schema = pa.ipc.open_file(pa.memory_map(str(path), "r")).schema
    except pa.ArrowException:
        return False
    meta = schema.field(0).metadata or {} if len(schema) == 1 else {}
    return b"zerorow.schema" in meta


# ---- sources: (Arrow schema, total rows or None, iterator of record batches) ----------
def source_arrow_schema(path: Path, fmt: str):
    return _open_source(path, fmt, 1024)[0]


def _open_source(path: Path, fmt: str, batch_rows: int, reader=None):
    import pyarrow as pa

    if fmt == "rows" and reader is not None:
        return _open_resolved_rows(path, batch_rows, reader)
    if fmt == "rows":
        infos = [open_row_file(p) for p in row_files(path)]
        first = infos[0].schema
        for info in infos[1:]:
            if info.schema != first:
                raise Failure(
                    f"{info.path}: its schema differs from {infos[0].path}'s; give a "
                    "reader schema (--schema) to read both through it"
                )
        from ..arrow import schema_to_arrow

        total = sum(
            info.reader.get_batch(b).num_rows
            for info in infos
            for b in range(info.num_batches)
        )
        return schema_to_arrow(first), total, _row_batches(infos, batch_rows)
    if fmt == "parquet":  # read as read_parquet reads it (SPEC §12.3: INT96 at µs, ...)
        from ..arrow import ParquetSource

        src = ParquetSource(path)
        return src.arrow_schema, src.num_rows, src.batches(batch_rows)
    if fmt == "arrow":
        source = pa.memory_map(str(path), "r")
        try:
            reader = pa.ipc.open_file(source)
            batches = (reader.get_batch(i) for i in range(reader.num_record_batches))
            return reader.schema, None, batches
        except pa.ArrowInvalid:
            source.seek(0)
            reader = pa.ipc.open_stream(source)
            return reader.schema, None, iter(reader)
    if fmt == "csv":
        import pyarrow.csv as pcsv

        # An empty field is a null, for strings too (pyarrow's default reads it as "").
        options = pcsv.ConvertOptions(strings_can_be_null=True)
        reader = pcsv.open_csv(str(path), convert_options=options)
        return reader.schema, None, iter(reader)
    if fmt == "jsonl":
        import pyarrow.json as pjson

        if not hasattr(pjson, "open_json"):  # older pyarrow (16, which PyFlink pins)
            # has no streaming JSON reader: the file is read whole
            table = pjson.read_json(str(path))
            return table.schema, table.num_rows, iter(table.to_batches())
        reader = pjson.open_json(str(path))
        return reader.schema, None, iter(reader)
    raise AssertionError(fmt)


def _open_resolved_rows(path: Path, batch_rows: int, reader):
    """Row files read through a reader schema (SPEC §13.5): each file's schema is resolved
    to it once, when the file is opened, and the columns are the reader's."""
    from ..arrow import schema_to_arrow
    from ..files import open_file

    rows = open_file(str(path), schema=reader)
    return schema_to_arrow(reader), len(rows), _resolved_batches(rows, batch_rows)


def _resolved_batches(rows, batch_rows: int) -> Iterator[Any]:
    with rows:
        for start in range(0, len(rows), batch_rows):
            yield from rows[start : start + batch_rows].to_arrow().to_batches()


def _row_batches(infos, batch_rows: int) -> Iterator[Any]:
    """Each file batch decoded in slices of `batch_rows` rows (a writer may have put every
    row in one batch; a slice of the mapped column copies nothing)."""
    for info in infos:
        for b in range(info.num_batches):
            col = info.batch_rows(b)
            for start in range(0, len(col), batch_rows):
                yield row_batch(info.schema, col.slice(start, batch_rows)).to_arrow()


# ---- sinks: write(path, arrow schema, batches) consumes the batches as they come --------
def _write_rows(path: Path, arrow_schema, batches: Iterator[Any]) -> None:
    """Rows encoded from each batch (SPEC §12) and streamed into `zerorow.write_file`."""
    from ..arrow import arrow_to_schema, from_arrow
    from ..files import write_file

    schema = arrow_to_schema(arrow_schema)

    def rows() -> Iterator[memoryview]:
        for batch in batches:
            encoded = from_arrow(batch, schema)
            data, offsets = memoryview(encoded.data).cast("B"), encoded.offsets
            for k in range(len(encoded)):
                yield data[offsets[k] : offsets[k + 1]]

    write_file(str(path), rows(), schema)


def _write_with(writer, batches: Iterator[Any]) -> None:
    with writer:
        for batch in batches:
            writer.write_batch(batch)


def _write_parquet(path: Path, arrow_schema, batches: Iterator[Any]) -> None:
    import pyarrow.parquet as pq

    _write_with(pq.ParquetWriter(str(path), arrow_schema), batches)


def _write_arrow(path: Path, arrow_schema, batches: Iterator[Any]) -> None:
    import pyarrow as pa

    _write_with(pa.ipc.new_file(str(path), arrow_schema), batches)


def _write_csv(path: Path, arrow_schema, batches: Iterator[Any]) -> None:
    import pyarrow as pa
    import pyarrow.csv as pcsv

    nested = [f.name for f in arrow_schema if pa.types.is_nested(f.type)]
    if nested:
        raise Failure(
            f"CSV has no nested values; columns {', '.join(nested)} are lists, "
            "maps or structs (convert to Parquet, Arrow IPC or JSON Lines)"
        )
    _write_with(pcsv.CSVWriter(str(path), arrow_schema), batches)


def _write_jsonl(path: Path, arrow_schema, batches: Iterator[Any]) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for batch in batches:
            for record in batch.to_pylist():
                out.write(json.dumps(jsonable(record), ensure_ascii=False))
                out.write("\n")


SINKS = {
    "rows": _write_rows,
    "parquet": _write_parquet,
    "arrow": _write_arrow,
    "csv": _write_csv,
    "jsonl": _write_jsonl,
}


@click.command()
@click.argument("source", metavar="IN", type=click.Path(exists=True, path_type=Path))
@click.argument("target", metavar="OUT", type=click.Path(path_type=Path))
@click.option(
    "--from",
    "from_fmt",
    type=click.Choice(FORMATS),
    help="Format of IN (default: from its extension).",
)
@click.option(
    "--to",
    "to_fmt",
    type=click.Choice(FORMATS),
    help="Format of OUT (default: from its extension).",
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
    help="Show a progress bar (default: when stderr is a terminal).",
)
@click.option(
    "-s",
    "--schema",
    "reader",
    metavar="SCHEMA",
    help="Read row files through this reader schema (SPEC §13): a schema JSON file, a row "
    "file, or a dataclass as module:Class.",
)
@reports_errors
def convert(
    source: Path, target: Path, from_fmt, to_fmt, batch_rows: int, progress, reader
) -> None:
    """Convert between row files, Parquet, Arrow IPC, CSV and JSON Lines, one batch at a
    time (bounded memory). Formats come from the extensions (.zrow, .parquet, .arrow,
    .csv, .jsonl) or --from/--to; the schema comes from IN, or from --schema for row
    files written with older or newer schemas."""
    from .schema import load_schema

    src_fmt = detect_format(source, from_fmt)
    dst_fmt = detect_format(target, to_fmt)
    if target.resolve() == source.resolve():
        raise click.UsageError("IN and OUT are the same file")
    if reader and src_fmt != "rows":
        raise click.UsageError(
            f"--schema reads row files through a reader schema; IN is {src_fmt}"
        )
    reader_schema = load_schema(reader, "--schema") if reader else None
    arrow_schema, total, batches = _open_source(
        source, src_fmt, batch_rows, reader_schema
    )
    err = console(stderr=True)
    show = err.is_terminal if progress is None else progress
    counted = [0]

    def counting(bar: Progress, task) -> Iterator[Any]:
        for batch in batches:
            yield batch
            counted[0] += batch.num_rows
            bar.update(task, advance=batch.num_rows)

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not show,
    ) as bar:
        task = bar.add_task(f"{source.name} → {target.name}", total=total)
        try:
            SINKS[dst_fmt](target, arrow_schema, counting(bar, task))
        except BaseException:
            target.unlink(missing_ok=True)  # no half-written OUT left behind
            raise
    click.echo(
        f"{source} ({src_fmt}) → {target} ({dst_fmt}): {counted[0]:,} rows", err=True
    )
