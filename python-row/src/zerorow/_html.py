"""Notebook display (`_repr_html_`) of rows, arrays, maps, row batches and row files.

One HTML table per object: nested rows, lists and maps folded in `<details>` (a click
opens them), nulls shown as a grey *null*, long lists and long text cut with a count.
Values are read through the views, so showing the first rows of a big file decodes only
what is shown.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from . import _zerorow

MAX_ITEMS = 10  # list / map entries shown before "… (n items)"
MAX_ROWS = 10  # rows of a batch or file shown before "… (n rows)"
MAX_TEXT = 80  # characters of a string or bytes value shown
MAX_DEPTH = 4  # nesting levels unfolded; deeper values show their summary only

# Plain and resolved views (SPEC §13.4) show alike: a resolved view reads the reader's values.
_ROWS = (_zerorow.BinaryRow, _zerorow.ResolvedRow)
_ARRAYS = (_zerorow.BinaryArray, _zerorow.ResolvedArray)
_MAPS = (_zerorow.BinaryMap, _zerorow.ResolvedMap)

_STYLE = (
    "<style>.zr-null{color:#888;font-style:italic}.zr-err{color:#b00}"
    ".zr-more{color:#888}.zr td,.zr th{text-align:left;vertical-align:top}"
    ".zr details>summary{cursor:pointer;color:#36c}</style>"
)


def _count(n: int, noun: str, plural: str = "") -> str:
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def _span(cls: str, text: str) -> str:
    return f'<span class="{cls}">{html.escape(text)}</span>'


def value_html(v: Any, depth: int = 0) -> str:
    """One value as HTML; views are folded, everything else escaped and cut."""
    if v is None:
        return _span("zr-null", "null")
    if isinstance(v, _ROWS):
        return _fold(
            f"struct ({_count(len(v._field_names()), 'field')})",
            lambda: _row_table(v, depth + 1),
            depth,
        )
    if isinstance(v, _ARRAYS):
        return _fold(
            f"list ({_count(len(v), 'item')})",
            lambda: _array_table(v, depth + 1),
            depth,
        )
    if isinstance(v, _MAPS):
        return _fold(
            f"map ({_count(len(v), 'entry', 'entries')})",
            lambda: _map_table(v, depth + 1),
            depth,
        )
    if isinstance(v, (bytes, bytearray, memoryview)):
        text = "0x" + bytes(v).hex()
    else:
        text = str(v)
    if len(text) > MAX_TEXT:
        return html.escape(text[:MAX_TEXT]) + _span("zr-more", f"… ({len(text)} chars)")
    return html.escape(text)


def _fold(summary: str, body: Callable[[], str], depth: int) -> str:
    if depth >= MAX_DEPTH:
        return _span("zr-more", summary)
    return f"<details><summary>{html.escape(summary)}</summary>{body()}</details>"


def _cell(get: Callable[[], Any], depth: int) -> str:
    """A value read lazily; a malformed value shows its error instead of breaking the table."""
    try:
        return value_html(get(), depth)
    except Exception as e:  # noqa: BLE001 - the error is the cell's content
        return _span("zr-err", f"{type(e).__name__}: {e}")


def _more(n: int, shown: int, what: str, cols: int) -> str:
    if n <= shown:
        return ""
    return f'<tr><td colspan="{cols}" class="zr-more">… ({n} {what}, {shown} shown)</td></tr>'


def _row_table(row: Any, depth: int) -> str:
    names = row._field_names()
    body = "".join(
        f"<tr><th>{html.escape(name)}</th><td>{_cell(lambda i=i: row[i], depth)}</td></tr>"
        for i, name in enumerate(names)
    )
    return f"<table>{body}</table>"


def _array_table(a: Any, depth: int) -> str:
    n = len(a)
    body = "".join(
        f"<tr><th>{i}</th><td>{_cell(lambda i=i: a[i], depth)}</td></tr>"
        for i in range(min(n, MAX_ITEMS))
    )
    return f"<table>{body}{_more(n, MAX_ITEMS, 'items', 2)}</table>"


def _map_table(m: Any, depth: int) -> str:
    keys, values, n = m._keys(), m._values(), len(m)
    body = "".join(
        f"<tr><td>{_cell(lambda i=i: keys[i], depth)}</td>"
        f"<td>{_cell(lambda i=i: values[i], depth)}</td></tr>"
        for i in range(min(n, MAX_ITEMS))
    )
    head = "<tr><th>key</th><th>value</th></tr>"
    return f"<table>{head}{body}{_more(n, MAX_ITEMS, 'entries', 2)}</table>"


def _rows_table(rows: Any, schema: Any, caption: str) -> str:
    """Rows of one schema as a table: one column per field, the type under its name."""
    n = len(rows)
    head = "<th></th>" + "".join(
        f"<th>{html.escape(f.name)}<br><small>{html.escape(repr(f.type))}"
        f"{'' if f.nullable else ' not null'}</small></th>"
        for f in schema.fields
    )
    body = []
    for k in range(min(n, MAX_ROWS)):
        row = rows[k]
        cells = "".join(
            f"<td>{_cell(lambda i=i, row=row: row[i], 1)}</td>"
            for i in range(len(schema))
        )
        body.append(f"<tr><th>{k}</th>{cells}</tr>")
    more = _more(n, MAX_ROWS, "rows", len(schema) + 1)
    return (
        f'{_STYLE}<div class="zr"><table><caption>{html.escape(caption)}</caption>'
        f"<tr>{head}</tr>{''.join(body)}{more}</table></div>"
    )


def row_html(row: Any) -> str:
    name = type(row).__name__
    return f'{_STYLE}<div class="zr"><b>{name}</b>{_row_table(row, 0)}</div>'


def array_html(a: Any) -> str:
    name = type(a).__name__
    return f'{_STYLE}<div class="zr"><b>{name} ({len(a)} items)</b>{_array_table(a, 0)}</div>'


def map_html(m: Any) -> str:
    name = type(m).__name__
    return f'{_STYLE}<div class="zr"><b>{name} ({len(m)} entries)</b>{_map_table(m, 0)}</div>'


def batch_html(batch: Any) -> str:
    return _rows_table(batch, batch.schema, f"RowBatch: {len(batch)} rows")


def file_html(f: Any) -> str:
    return _rows_table(f, f.schema, f"RowFile: {len(f)} rows")


def attach(batch_cls: type, file_cls: type) -> None:
    """Sets `_repr_html_` on the batch and file classes (called once by the package); the
    views' is among their shared methods (_views.ROW_METHODS ...)."""
    batch_cls._repr_html_ = batch_html
    file_cls._repr_html_ = file_html
