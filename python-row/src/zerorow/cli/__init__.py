"""The `zerorow` command line: inspect, cat, validate, convert and schema (one module each).

Installed as the `zerorow` script by `pip install zerorow`; `python -m zerorow.cli` runs it
too. Exit status: 0 success, 1 a failure (a bad or invalid file, a failed conversion),
2 a usage error (click's convention: unknown option, missing argument, missing file).
"""

from __future__ import annotations

import click

from .. import __version__
from .cat import cat
from .convert import convert
from .inspect import inspect
from .schema import schema
from .validate import validate


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="zerorow")
def main() -> None:
    """Look at, check and convert zerorow row files (SPEC §5: Arrow IPC, one `row` column).

    PATH may be a row file or a directory of row files (as a Spark or Flink job writes
    them; names starting with `.` or `_` are skipped).
    """


for _command in (inspect, cat, validate, convert, schema):
    main.add_command(_command)

__all__ = ["main"]
