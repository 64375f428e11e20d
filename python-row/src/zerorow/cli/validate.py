"""`zerorow validate PATH`: full validation (SPEC §6.3) of every row of every file."""

from __future__ import annotations

from pathlib import Path

import click
from rich.progress import Progress

from ..errors import ZerorowError
from ._common import Failure, console, open_row_file, reports_errors, row_files


@click.command()
@click.argument("path", type=click.Path(exists=True, path_type=Path))
@click.option(
    "--max-errors",
    type=click.IntRange(min=1),
    default=10,
    show_default=True,
    help="Stop after this many invalid rows.",
)
@reports_errors
def validate(path: Path, max_errors: int) -> None:
    """Validate every row of a row file (or of every file in a directory) at level `full`.

    Exit status 0 when all rows are valid, 1 with the first errors (file, batch, row and
    field path) otherwise.
    """
    from .._views import validate as validate_row

    err = console(stderr=True)
    errors: list = []
    checked = 0
    for p in row_files(path):
        try:
            info = open_row_file(p)
        except Failure as e:
            errors.append(e.message)
            continue
        with Progress(
            console=err, transient=True, disable=not err.is_terminal
        ) as progress:
            task = progress.add_task(p.name, total=info.reader.num_record_batches)
            for b in range(info.num_batches):
                col = info.batch_rows(b)
                for j in range(len(col)):
                    try:
                        validate_row(info.schema, col[j].as_buffer(), "full")
                    except ZerorowError as e:
                        errors.append(f"{p}: batch {b}, row {j}: {e}")
                        if len(errors) >= max_errors:
                            break
                    else:
                        checked += 1
                if len(errors) >= max_errors:
                    break
                progress.advance(task)
        if len(errors) >= max_errors:
            break
    if errors:
        for e in errors:
            click.echo(e, err=True)
        raise Failure(
            f"{len(errors)} error(s){' (stopped at --max-errors)' if len(errors) >= max_errors else ''}; {checked:,} rows were valid"
        )
    click.echo(f"{path}: {checked:,} rows valid")
