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

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from ._common import (
    Failure,
    Progress,
    is_stdio,
    plural,
    reports_errors,
    stdin_bytes,
)
from ._sources import FORMATS, Options, Source, detect_format, open_source
from .schema import load_schema


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
