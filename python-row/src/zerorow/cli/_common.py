"""What the commands share: opening row files (through zerorow.files, the one reader of the
container), stdin and stdout as `-`, clear errors, a closed pipe, progress, folding values."""

from __future__ import annotations

import base64
import datetime
import decimal
import functools
import os
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from ..errors import ZerorowError
from ..files import row_file_paths as files_of

STDIO = "-"  # stdin as an input, stdout as an output, for every command and format


class Failure(click.ClickException):
    """A failure that is not the caller's typing: a bad file, an invalid row (exit status 1)."""

    exit_code = 1


def plural(n: int, word: str) -> str:
    """`1 row`, `2 rows`, `1,000 rows`."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def reports_errors(fn: Callable) -> Callable:
    """Turns format, Arrow and OS errors raised by a command into exit status 1 with the
    message (no traceback: the message names the file, the row, the field path and the
    numbers). A reader that closes the pipe early (`zerorow cat ... | head -1`) ends the
    command quietly with status 0, as `cat` and `head` users expect."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            import pyarrow as pa
        except ImportError:
            raise Failure(
                "the zerorow command line reads Arrow IPC files with pyarrow: "
                "pip install 'zerorow[arrow]'"
            ) from None
        try:
            return fn(*args, **kwargs)
        except BrokenPipeError:
            _quiet_stdout()
            raise SystemExit(0) from None
        except (ZerorowError, pa.ArrowException, OSError) as e:
            raise Failure(str(e)) from None

    return wrapper


def _quiet_stdout() -> None:
    """After the reader of stdout went away: send what is still buffered nowhere, so the
    interpreter's final flush raises nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (
        OSError,
        ValueError,
        AttributeError,
    ):  # stdout is not a file (a test runner)
        pass


def is_stdio(path: Any) -> bool:
    return str(path) == STDIO


def stdin_bytes() -> bytes:
    """All of stdin (a row file or Parquet needs random access, so it is read whole)."""
    return sys.stdin.buffer.read()


def open_rows(
    path: Path,
    reader: Any = None,
    recover: bool = False,
    level: str = "bounds",
    data: bytes | None = None,
):
    """A RowFile over PATH (a row file, a directory of them, or `-` for stdin, whose bytes
    may be given as `data`), opened by zerorow.open_file; under `recover`, a note on stderr
    for each cut file read past."""
    from ..files import open_file

    source: Any = str(path)
    if is_stdio(path):
        source = stdin_bytes() if data is None else data
    name = "<stdin>" if is_stdio(path) else None
    try:
        rows = open_file(source, schema=reader, level=level, recover=recover, name=name)
    except FileNotFoundError as e:
        raise Failure(f"{path}: {e}") from None
    except ZerorowError as e:
        if e.kind == "schema_mismatch" and reader is None:
            raise Failure(f"{e} (here: --schema SCHEMA)") from None
        raise
    for problem in rows.recovered:
        click.echo(f"recovered: {problem}", err=True)
    return rows


def row_file_paths(path: Path) -> list[Any]:
    """PATH itself (or `-`), or the files of a directory in name order (zerorow.files's
    listing: hidden and `_` files skipped, like the `_SUCCESS` and `.crc` files engines leave
    beside their output)."""
    if is_stdio(path) or not path.is_dir():
        return [path]
    files = [Path(p) for p in files_of(path)]
    if not files:
        raise Failure(f"{path}: the directory holds no row files")
    return files


def jsonable(v: Any) -> Any:
    """A decoded value as JSON-ready data, in the forms of the JSON output (cli/_json.py):
    bytes as base64, decimals and dates as text, durations as microseconds, maps with
    non-string keys as [key, value] pairs."""
    if isinstance(v, dict):
        if all(isinstance(k, str) for k in v):
            return {k: jsonable(x) for k, x in v.items()}
        return [[jsonable(k), jsonable(x)] for k, x in v.items()]
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if isinstance(v, (bytes, bytearray, memoryview)):
        return base64.b64encode(bytes(v)).decode("ascii")
    if isinstance(v, decimal.Decimal):
        return str(v)
    if isinstance(v, datetime.timedelta):
        return (v.days * 86_400 + v.seconds) * 1_000_000 + v.microseconds
    if isinstance(v, (datetime.date, datetime.time)):
        return v.isoformat()
    return v


def fold(v: Any, width: int = 60, items: int = 5) -> str:
    """A one-line text of a decoded value: long lists cut to fewer items (with their count)
    until the text fits, then cut at `width` characters."""
    for shown in range(items, -1, -1):
        text = _fold(v, shown)
        if len(text) <= width:
            return text
    return text[: width - 1] + "…"


def console(stderr: bool = False) -> Console:
    """A rich Console; when the output is not a terminal (a pipe, a file, a test), tables
    are laid out 160 columns wide (or $COLUMNS) instead of rich's 80, so names are not cut."""
    c = Console(stderr=stderr)
    if not c.is_terminal and "COLUMNS" not in os.environ:
        c = Console(stderr=stderr, width=160)
    return c


def _fold(v: Any, items: int) -> str:
    if v is None:
        return "null"
    if isinstance(v, uuid.UUID):
        return str(v)
    if type(v).__name__ == "MonthDayNano":  # pyarrow's interval value, a tuple (ns)
        return f"{{months: {v.months}, days: {v.days}, microseconds: {v.nanoseconds // 1000}}}"
    if isinstance(v, dict):
        parts = [
            f"{_fold(k, items)}: {_fold(x, items)}" for k, x in list(v.items())[:items]
        ]
        more = f", … ({len(v)} entries)" if len(v) > items else ""
        return "{" + ", ".join(parts) + more + "}"
    if isinstance(v, (list, tuple)):
        parts = [_fold(x, items) for x in v[:items]]
        more = f", … ({len(v)} items)" if len(v) > items else ""
        return "[" + ", ".join(parts) + more + "]"
    if isinstance(v, str):
        return v
    j = jsonable(v)
    return j if isinstance(j, str) else repr(j)


# ---- progress ---------------------------------------------------------------------------------
def in_jupyter() -> bool:
    """True inside a Jupyter kernel, or in a command it started (`!zerorow ...`): the kernel
    sets JPY_PARENT_PID for its processes."""
    return "JPY_PARENT_PID" in os.environ or "ipykernel" in sys.modules


class Progress:
    """Progress of a long command on stderr, where its reader can see it: rich's live bar on a
    terminal; in Jupyter (where stderr is a pipe to the notebook) one line redrawn with a
    carriage return, which the notebook shows in place; elsewhere, when asked for with
    --progress, a line at most every two seconds. `show`: True / False from --progress /
    --no-progress, None for the default (on in a terminal and in Jupyter)."""

    def __init__(self, description: str, total: int | None, show: bool | None) -> None:
        err = console(stderr=True)
        jupyter = in_jupyter()
        if show is None:
            show = err.is_terminal or jupyter
        self.mode = (
            None
            if not show
            else "bar"
            if err.is_terminal
            else "cr"
            if jupyter
            else "lines"
        )
        self.description, self.total, self.done = description, total, 0
        self._start = self._shown = time.monotonic()
        self._bar = None
        if self.mode == "bar":
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeElapsedColumn,
            )
            from rich.progress import Progress as RichProgress

            self._bar = RichProgress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=err,
                transient=True,
            )
            self._task = self._bar.add_task(description, total=total)

    def __enter__(self) -> Progress:
        if self._bar is not None:
            self._bar.__enter__()
        return self

    def advance(self, n: int) -> None:
        self.done += n
        if self._bar is not None:
            self._bar.update(self._task, advance=n)
            return
        now = time.monotonic()
        every = 0.2 if self.mode == "cr" else 2.0
        if self.mode is not None and now - self._shown >= every:
            self._shown = now
            self._write(False)

    def _write(self, last: bool) -> None:
        total = f" / {self.total:,}" if self.total else ""
        share = f" ({100 * self.done / self.total:.0f}%)" if self.total else ""
        text = (
            f"{self.description}: {self.done:,}{total} rows{share}, "
            f"{time.monotonic() - self._start:.1f} s"
        )
        end = "\n" if self.mode == "lines" or last else ""
        sys.stderr.write(("\r" if self.mode == "cr" else "") + text + end)
        sys.stderr.flush()

    def __exit__(self, *exc: Any) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)
        elif self.mode is not None and exc[0] is None:
            self._write(True)
