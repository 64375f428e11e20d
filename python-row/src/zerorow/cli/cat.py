"""`zerorow cat PATH`: the first rows as a table, JSON or JSON Lines, optionally some columns."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
from rich.table import Table
from rich.text import Text

from ..paths import format_path, parse_path, split_columns
from ..schema import DataType, Schema
from ._common import console, fold, open_rows, reports_errors
from ._json import plain_batch


def _resolve(schema: Schema, column: str) -> tuple[str, ...]:
    """The path `a.b."c.d"` (SPEC §4.3, quoted names as zerorow.parse_path reads them)
    checked against the schema: every step a struct field (through lists of structs, whose
    values are then lists); a usage error names the bad step."""
    try:
        steps = parse_path(column)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--columns") from None
    t: DataType | None = schema.type
    for i, name in enumerate(steps):
        while t is not None and t.id == "list":
            t = t.element
        names = [f.name for f in t.fields] if t is not None and t.id == "struct" else []
        if name not in names:
            where = format_path(steps[:i]) or "the row"
            raise click.BadParameter(
                f"{column!r}: {where} has no field {name!r} (fields: "
                f"{', '.join(format_path([n]) for n in names) or 'none'})",
                param_hint="--columns",
            )
        t = next(f.type for f in t.fields if f.name == name)
    return steps


def pick(column: Any, steps: tuple[str, ...]) -> Any:
    """The values at `steps` below an Arrow column: struct fields, through lists (a list of
    structs gives the list of that field's values)."""
    import pyarrow as pa

    if not steps:
        return column
    t = column.type
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        make = pa.LargeListArray if pa.types.is_large_list(t) else pa.ListArray
        inner = pick(column.values, steps)
        return make.from_arrays(column.offsets, inner, mask=column.is_null())
    return pick(column.flatten()[t.get_field_index(steps[0])], steps[1:])


def _batches(
    path: Path,
    columns: str | None,
    rows_wanted: slice,
    reader: Schema | None,
    recover: bool,
    level: str,
) -> Iterator[tuple[list[str], list]]:
    """(keys, Arrow columns) of the rows wanted over every file of PATH, batch by batch
    (files of different schemas are refused unless a reader schema reads them)."""
    rows = open_rows(path, reader, recover)
    with rows:
        texts = split_columns(columns) if columns else None
        if texts is None:
            paths = [(name,) for name in rows.schema.names]
        else:
            paths = [_resolve(rows.schema, c) for c in texts]
        keys = [p[0] if len(p) == 1 else format_path(p) for p in paths]
        for batch in rows[rows_wanted].arrow_batches(level=level):
            # interval_ym as months, variant as JSON text (cli/_json.py plain_batch)
            batch = plain_batch(batch, text=False)
            yield keys, [pick(batch.column(p[0]), p[1:]) for p in paths]


@click.command()
@click.argument("path", type=click.Path(exists=True, allow_dash=True, path_type=Path))
@click.option(
    "-n",
    "--limit",
    type=click.IntRange(min=0),
    default=20,
    show_default=True,
    help="Print at most this many rows.",
)
@click.option(
    "-o",
    "--offset",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Start at this row (counting from 0 over the files, as messages number rows).",
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
    help='Comma-separated field paths (a dot steps into a struct; quote names holding dots: "Sepal.Length").',
)
@click.option(
    "-s",
    "--schema",
    "reader",
    metavar="SCHEMA",
    help="Read the rows through this reader schema (SPEC §13): a schema JSON file, a row "
    "file, or a dataclass as module:Class. Files written with another schema are resolved to it.",
)
@click.option(
    "--recover",
    is_flag=True,
    help="Read a cut row file up to its last complete batch instead of failing.",
)
@click.option(
    "--level",
    type=click.Choice(["none", "bounds", "full"]),
    default="full",
    show_default=True,
    help="How much of each row shown is checked first (SPEC §6.2): full names an invalid "
    "row instead of printing what its damaged bytes read as.",
)
@reports_errors
def cat(
    path: Path,
    limit: int,
    offset: int,
    fmt: str,
    columns: str | None,
    reader: str | None,
    recover: bool,
    level: str,
) -> None:
    """Print the first rows of a row file (or a directory of them; - reads stdin). JSON
    output has the forms `zerorow convert` writes to JSON Lines."""
    from ._json import json_lines, json_objects
    from .schema import load_schema

    reader_schema = load_schema(reader, "--schema") if reader else None
    wanted = slice(offset, offset + limit)
    batches = _batches(path, columns, wanted, reader_schema, recover, level)
    out = sys.stdout.buffer
    if fmt == "jsonl":
        import pyarrow as pa

        for keys, cols in batches:
            out.write(json_lines(pa.RecordBatch.from_arrays(cols, names=keys)))
        out.flush()
    elif fmt == "json":
        records = [
            json.loads(text)
            for keys, cols in batches
            for text in json_objects(cols, keys).to_pylist()
        ]
        click.echo(json.dumps(records, ensure_ascii=False, indent=2))
    else:
        _print_table(batches)


def _python_values(column: Any) -> list:
    """A column's values as Python objects, maps as dicts (as BinaryMap.to_dict gives)."""
    try:
        return column.to_pylist(maps_as_pydicts="lossy")
    except TypeError:  # pyarrow before 13 (PyFlink's 16 has it; older ones do not)
        return [_with_dicts(v, column.type) for v in column.to_pylist()]


def _with_dicts(v: Any, t: Any) -> Any:
    import pyarrow as pa

    if v is None:
        return None
    if pa.types.is_map(t):
        return {_with_dicts(k, t.key_type): _with_dicts(x, t.item_type) for k, x in v}
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return [_with_dicts(x, t.value_type) for x in v]
    if pa.types.is_struct(t):
        return {f.name: _with_dicts(v[f.name], f.type) for f in t}
    return v


def _print_table(batches: Iterator[tuple[list[str], list]]) -> None:
    table = None
    for keys, cols in batches:
        if table is None and cols and len(cols[0]):
            table = Table(*keys)
        if not cols or not len(cols[0]):
            continue
        values = [_python_values(c) for c in cols]
        for row in zip(*values, strict=True):
            table.add_row(
                *(
                    Text("null", style="dim italic") if v is None else Text(fold(v))
                    for v in row
                )
            )
    console().print(table if table is not None else Text("(no rows)", style="dim"))
