"""`zerorow validate PATH`: the checksum (SPEC §5.1) and full validation (SPEC §6.3) of
every row of every file."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import ZerorowError
from ._common import (
    Failure,
    Progress,
    open_rows,
    plural,
    reports_errors,
    row_file_paths,
)


@click.command()
@click.argument("path", type=click.Path(exists=True, allow_dash=True, path_type=Path))
@click.option(
    "--max-errors",
    type=click.IntRange(min=1),
    default=10,
    show_default=True,
    help="Stop after this many invalid rows.",
)
@click.option(
    "--recover",
    is_flag=True,
    help="Validate the complete batches of a cut row file instead of failing on the cut.",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show progress on stderr (default: on a terminal, and in Jupyter for !zerorow).",
)
@reports_errors
def validate(path: Path, max_errors: int, recover: bool, progress) -> None:
    """Validate every row of a row file (or of every file in a directory; - reads stdin)
    at level `full`, and its CRC-32C when the file carries them: every damaged row is listed.

    Exit status 0 when all rows are valid, 1 with the first errors otherwise, each naming
    the file, the row's number in it, its batch and byte offset, and the field path.
    """
    errors: list[str] = []
    checked = 0
    for p in row_file_paths(path):
        try:
            # level none: a damaged row (SPEC §5.1) is listed below with the others rather
            # than refused when the file opens
            rows = open_rows(p, recover=recover, level="none")
        except (Failure, ZerorowError) as e:
            errors.append(e.message if isinstance(e, Failure) else str(e))
            if len(errors) >= max_errors:
                break
            continue
        with rows, Progress(Path(str(p)).name, len(rows), progress) as bar:
            # skip_invalid: every batch validated at full by cpp-row, errors gathered
            for batch in rows.row_batches(skip_invalid=True):
                checked += len(batch)
                bar.advance(len(batch))
                if len(errors) + len(rows.skipped) >= max_errors:
                    break
            errors += [str(e) for e in rows.skipped]
        if len(errors) >= max_errors:
            break
    if errors:
        for e in errors[:max_errors]:
            click.echo(e, err=True)
        stopped = " (stopped at --max-errors)" if len(errors) >= max_errors else ""
        raise Failure(
            f"{plural(len(errors[:max_errors]), 'error')}{stopped}; "
            f"{plural(checked, 'row')} were valid"
        )
    click.echo(f"{path}: {plural(checked, 'row')} valid")
