"""`zerorow inspect PATH`: schema tree, fingerprint, format version, batches, rows, sizes."""

from __future__ import annotations

from pathlib import Path

import click
from rich.table import Table
from rich.tree import Tree

from ..schema import DataType, Schema
from ._common import console, open_all, reports_errors


def type_label(t: DataType, nullable: bool) -> str:
    text = repr(t) if t.id not in ("struct", "list", "map") else t.id
    if t.id == "list":
        text = "list" + ("" if t.element_nullable else " (elements not null)")
    if t.id == "map":
        text = f"map<{t.key!r}, …>" + ("" if t.value_nullable else " (values not null)")
    return text + ("" if nullable else " not null")


def _add(node: Tree, name: str, t: DataType, nullable: bool) -> None:
    child = node.add(f"[bold]{name}[/bold]: {type_label(t, nullable)}")
    if t.id == "struct":
        for f in t.fields:
            _add(child, f.name, f.type, f.nullable)
    elif t.id == "list":
        _add(child, "element", t.element, t.element_nullable)
    elif t.id == "map":
        _add(child, "value", t.value, t.value_nullable)


def schema_tree(schema: Schema, title: str) -> Tree:
    """The schema as a rich Tree: one node per field, nested types as children."""
    tree = Tree(title)
    for f in schema.fields:
        _add(tree, f.name, f.type, f.nullable)
    return tree


def _human(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")


@click.command()
@click.argument("path", type=click.Path(exists=True, path_type=Path))
@reports_errors
def inspect(path: Path) -> None:
    """Show the schema (as a tree), fingerprint, format version, batches, rows and sizes of
    a row file or of every row file in a directory."""
    import pyarrow.compute as pc

    out = console()
    table = Table(title=str(path))
    for name in (
        "file",
        "version",
        "fingerprint",
        "batches",
        "rows",
        "row bytes",
        "file size",
    ):
        table.add_column(
            name, justify="right" if name not in ("file", "fingerprint") else "left"
        )
    schemas = {}
    totals = [0, 0, 0, 0]
    for info in open_all(path):
        rows = row_bytes = 0
        for b in range(info.num_batches):
            col = info.batch_rows(b)
            rows += len(col)
            row_bytes += pc.sum(pc.binary_length(col)).as_py() or 0
        size = info.path.stat().st_size
        fp = info.schema.fingerprint_hex
        schemas.setdefault(fp, info.schema)
        table.add_row(
            info.path.name,
            info.version,
            fp,
            str(info.num_batches),
            f"{rows:,}",
            _human(row_bytes),
            _human(size),
        )
        for i, v in enumerate((info.num_batches, rows, row_bytes, size)):
            totals[i] += v
    if table.row_count > 1:
        table.add_section()
        table.add_row(
            "total",
            "",
            "",
            str(totals[0]),
            f"{totals[1]:,}",
            _human(totals[2]),
            _human(totals[3]),
        )
    for fp, schema in schemas.items():
        out.print(
            schema_tree(schema, f"schema [cyan]{fp}[/cyan] ({len(schema)} fields)")
        )
    out.print(table)
