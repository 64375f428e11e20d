"""`zerorow schema CLASS_OR_FILE`: the canonical JSON of a dataclass or of a file's schema."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import click

from ._common import Failure, is_stdio, open_rows, reports_errors, stdin_bytes
from ._sources import Options, detect_format, open_source


def _load_class(spec: str, param_hint: str = "CLASS_OR_FILE"):
    """`module:Class` (Class may be dotted for nested classes), imported with the current
    directory on sys.path like `python -m` does."""
    module_name, _, qualname = spec.partition(":")
    if not module_name or not qualname:
        raise click.BadParameter(
            f"{spec!r} is neither a file nor module:Class", param_hint=param_hint
        )
    if "" not in sys.path and "." not in sys.path:
        sys.path.insert(0, "")
    try:
        obj = importlib.import_module(module_name)
    except ImportError as e:
        raise click.BadParameter(
            f"cannot import {module_name!r}: {e}", param_hint=param_hint
        ) from None
    for part in qualname.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise click.BadParameter(
                f"{module_name!r} has no {qualname!r}", param_hint=param_hint
            ) from None
    return obj


def _file_schema(path: Path):
    """A row file's schema; for other files (Parquet, Arrow IPC, CSV, JSON Lines), the
    zerorow schema their Arrow schema maps to, by the one mapping `zerorow.from_arrow` and
    `convert` use (SPEC §12)."""
    from .._arrow_in import ArrowToRows

    data = stdin_bytes() if is_stdio(path) else None
    fmt = detect_format(path, None, data[:4096] if data is not None else None)
    if fmt == "rows":
        with open_rows(path, data=data) as rows:
            return rows.schema
    source = open_source(path, fmt, Options(1024, "bounds", False, False, None), data)
    return ArrowToRows(source.arrow_schema, None, False).schema


def load_schema(spec: str, param_hint: str = "CLASS_OR_FILE"):
    """A schema named on the command line: a JSON file holding a canonical schema (SPEC
    §4.1), any file whose schema `zerorow schema` prints, or a dataclass as module:Class."""
    from ..infer import infer_schema
    from ..schema import Schema

    path = Path(spec)
    if is_stdio(spec):
        return _file_schema(path)
    if path.is_file() and path.suffix.lower() == ".json":
        text = path.read_text(encoding="utf-8")
        if '"struct"' in text:
            return Schema.from_json(text)
    if path.exists():
        return _file_schema(path)
    cls = _load_class(spec, param_hint)
    try:
        return infer_schema(cls)
    except (TypeError, ValueError) as e:
        raise Failure(f"{spec}: {e}") from None


@click.command()
@click.argument("class_or_file")
@click.option(
    "--indent",
    type=click.IntRange(0, 8),
    default=None,
    help="Indent the JSON (the default prints the canonical one-line form).",
)
@reports_errors
def schema(class_or_file: str, indent) -> None:
    """Print the canonical JSON schema (SPEC §4.1) of a dataclass given as module:Class, or
    of a file (a row file, or the zerorow mapping of a Parquet / Arrow IPC file)."""
    text = load_schema(class_or_file).to_json()
    click.echo(text if indent is None else json.dumps(json.loads(text), indent=indent))
