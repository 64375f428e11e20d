"""`zerorow inspect PATH`: schema tree, fingerprint, format version, batches, rows, sizes."""

from __future__ import annotations

from pathlib import Path

import click
from rich.table import Table
from rich.tree import Tree

from ..schema import DataType, Schema
from ._common import console, open_rows, reports_errors, row_file_paths


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
@click.argument("path", type=click.Path(exists=True, allow_dash=True, path_type=Path))
@click.option(
    "--recover",
    is_flag=True,
    help="Show what a cut row file still holds (its complete batches).",
)
@reports_errors
def inspect(path: Path, recover: bool) -> None:
    """Show the schema (as a tree), fingerprint, format version, batches, rows, sizes,
    compression (SPEC §5.2) and whether rows carry checksums (SPEC §5.1) of a row file or of every row file in a directory (- reads stdin). A Parquet or other
    Arrow file is named as such, with the command that converts it."""
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
        "compression",
        "checksums",
    ):
        table.add_column(
            name, justify="right" if name not in ("file", "fingerprint") else "left"
        )
    files = []
    for p in row_file_paths(
        path
    ):  # each on its own: files of several schemas are shown
        with open_rows(p, recover=recover) as rows:
            files += rows.files
    schemas = {}
    totals = [0, 0, 0, 0]
    for info in files:
        fp = info.schema.fingerprint_hex
        schemas.setdefault(fp, info.schema)
        table.add_row(
            Path(info.name).name,
            info.version,
            fp,
            str(info.num_batches),
            f"{info.num_rows:,}",
            _human(info.row_bytes),
            _human(info.size),
            info.compression,
            "crc32c" if info.checksum else "none",
        )
        values = (info.num_batches, info.num_rows, info.row_bytes, info.size)
        for i, v in enumerate(values):
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
            "",
            "",
        )
    for fp, schema in schemas.items():
        out.print(
            schema_tree(schema, f"schema [cyan]{fp}[/cyan] ({len(schema)} fields)")
        )
    out.print(table)
