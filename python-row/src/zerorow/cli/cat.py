"""`zerorow cat PATH`: the first rows as a table, JSON or JSON Lines, optionally some columns."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
from rich.table import Table
from rich.text import Text

from ..schema import DataType, Schema
from ._common import (
    Failure,
    console,
    fold,
    jsonable,
    open_all,
    reports_errors,
    row_batch,
)


def _resolve(schema: Schema, column: str) -> list[str]:
    """The path `a.b.c` checked against the schema: every step a struct field (through
    lists of structs, whose values are then lists); a usage error names the bad step."""
    steps = column.split(".")
    t: DataType | None = schema.type
    for i, name in enumerate(steps):
        while t is not None and t.id == "list":
            t = t.element
        names = [f.name for f in t.fields] if t is not None and t.id == "struct" else []
        if name not in names:
            where = ".".join(steps[:i]) or "the row"
            raise click.BadParameter(
                f"{column!r}: {where} has no field {name!r} (fields: {', '.join(names) or 'none'})",
                param_hint="--columns",
            )
        t = next(f.type for f in t.fields if f.name == name)
    return steps


def _pick(value: Any, steps: list[str]) -> Any:
    for name in steps:
        if value is None:
            return None
        if isinstance(value, list):
            return [_pick(v, [name]) for v in value]
        value = value[name]
    return value


def _records(
    path: Path, columns: str | None, limit: int, reader: Schema | None
) -> Iterator[tuple[list, list]]:
    """(header, values) per row, up to `limit` rows over every file of PATH."""
    if reader is not None:
        yield from _resolved_records(path, columns, limit, reader)
        return
    shown, first = 0, None
    for info in open_all(path):
        first = first or info
        if info.schema.fingerprint != first.schema.fingerprint:
            raise Failure(
                f"{info.path} has schema {info.schema.fingerprint_hex} but {first.path} has "
                f"{first.schema.fingerprint_hex}: give a reader schema (--schema) to read "
                "both through it"
            )
        names = columns.split(",") if columns else info.schema.names
        paths = [_resolve(info.schema, c.strip()) for c in names]
        for b in range(info.num_batches):
            for row in row_batch(info.schema, info.batch_rows(b)):
                if shown >= limit:
                    return
                record = row.to_dict()
                yield names, [_pick(record, p) for p in paths]
                shown += 1


def _resolved_records(
    path: Path, columns: str | None, limit: int, reader: Schema
) -> Iterator[tuple[list, list]]:
    """The rows read through the reader schema: each file's own schema is resolved to it
    (SPEC §13.5), so files written with older or newer schemas print side by side."""
    from ..files import open_file

    names = columns.split(",") if columns else reader.names
    paths = [_resolve(reader, c.strip()) for c in names]
    with open_file(str(path), schema=reader) as rows:
        for k in range(min(limit, len(rows))):
            record = rows[k].to_dict()
            yield names, [_pick(record, p) for p in paths]


@click.command()
@click.argument("path", type=click.Path(exists=True, path_type=Path))
@click.option(
    "-n",
    "--limit",
    type=click.IntRange(min=0),
    default=20,
    show_default=True,
    help="Print at most this many rows.",
)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "jsonl"]),
    default="table",
    show_default=True,
)
@click.option(
    "-c",
    "--columns",
    metavar="a,b.c",
    help="Comma-separated field paths (a dot steps into a struct).",
)
@click.option(
    "-s",
    "--schema",
    "reader",
    metavar="SCHEMA",
    help="Read the rows through this reader schema (SPEC §13): a schema JSON file, a row "
    "file, or a dataclass as module:Class. Files written with another schema are resolved to it.",
)
@reports_errors
def cat(
    path: Path, limit: int, fmt: str, columns: str | None, reader: str | None
) -> None:
    """Print the first rows of a row file (or a directory of them)."""
    from .schema import load_schema

    reader_schema = load_schema(reader, "--schema") if reader else None
    records = _records(path, columns, limit, reader_schema)
    if fmt == "jsonl":
        for names, values in records:
            click.echo(
                json.dumps(
                    jsonable(dict(zip(names, values, strict=False))), ensure_ascii=False
                )
            )
    elif fmt == "json":
        out = [
            jsonable(dict(zip(names, values, strict=False)))
            for names, values in records
        ]
        click.echo(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        _print_table(records)


def _print_table(records: Iterator[tuple[list, list]]) -> None:
    table = None
    for names, values in records:
        if table is None:
            table = Table(*names)
        table.add_row(
            *(
                Text("null", style="dim italic") if v is None else Text(fold(v))
                for v in values
            )
        )
    console().print(table if table is not None else Text("(no rows)", style="dim"))
