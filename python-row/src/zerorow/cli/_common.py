"""What the commands share: finding row files, opening them with clear errors, folding values."""

from __future__ import annotations

import base64
import datetime
import decimal
import functools
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from ..errors import ZerorowError
from ..schema import Schema


class Failure(click.ClickException):
    """A failure that is not the caller's typing: a bad file, an invalid row (exit status 1)."""

    exit_code = 1


def reports_errors(fn: Callable) -> Callable:
    """Turns format, Arrow and OS errors raised by a command into exit status 1 with the
    message (no traceback: the message names the file, the field path and the numbers)."""

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
        except (ZerorowError, pa.ArrowException, OSError) as e:
            raise Failure(str(e)) from None

    return wrapper


def row_files(path: Path) -> list[Path]:
    """PATH itself, or the files of a directory in name order (hidden and `_` files skipped,
    like the `_SUCCESS` and `.crc` files engines leave beside their output)."""
    if not path.is_dir():
        return [path]
    files = sorted(
        p for p in path.iterdir() if p.is_file() and not p.name.startswith((".", "_"))
    )
    if not files:
        raise Failure(f"{path}: the directory holds no row files")
    return files


@dataclass
class RowFileInfo:
    """A row file opened for reading: its schema, format version and Arrow batches."""

    path: Path
    schema: Schema
    version: str
    reader: Any  # pyarrow.ipc.RecordBatchFileReader over a memory map

    @property
    def num_batches(self) -> int:
        return self.reader.num_record_batches

    def batch_rows(self, b: int):
        """The `row` column (binary or large_binary) of batch b."""
        return self.reader.get_batch(b).column(0)


def open_row_file(path: Path) -> RowFileInfo:
    """Opens a row file checking its container (SPEC §5) through `zerorow.open_file`; errors
    name the file."""
    import pyarrow as pa

    from ..files import open_file

    if path.is_file() and path.stat().st_size == 0:
        raise Failure(f"{path}: empty file (a row file is an Arrow IPC file)")
    try:
        schema = open_file(str(path)).schema
        reader = pa.ipc.open_file(pa.memory_map(str(path), "r"))
    except (ZerorowError, pa.ArrowException) as e:
        raise Failure(f"{path}: {e}") from None
    meta = reader.schema.field(0).metadata or {}
    return RowFileInfo(path, schema, meta[b"zerorow.version"].decode(), reader)


def open_all(path: Path) -> Iterator[RowFileInfo]:
    for p in row_files(path):
        yield open_row_file(p)


def row_batch(schema: Schema, col):
    """A RowBatch over one Arrow binary column's buffers (the rows are not copied)."""
    import numpy as np
    import pyarrow as pa

    from ..arrow import RowBatch

    large = pa.types.is_large_binary(col.type)
    offsets = np.frombuffer(
        col.buffers()[1],
        dtype="<i8" if large else "<i4",
        count=len(col) + 1,
        offset=col.offset * (8 if large else 4),
    )
    data = col.buffers()[2]
    return RowBatch(schema, data if data is not None else b"", offsets.astype("<i8"))


def jsonable(v: Any) -> Any:
    """A decoded value as JSON-ready data: bytes as base64, decimals and dates as text,
    durations as microseconds, maps with non-string keys as [key, value] pairs."""
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
