"""Arrow -> rows (SPEC §12.2) for any Arrow input: the batches are handed to cpp-row's
ImportRows through the C Data Interface, which maps every Arrow type by the one table of
SPEC §12.2 (dictionaries, run ends, views, large and fixed-size layouts, unsigned and
half-width numbers, every time unit, decimals of every width, intervals, arrow.uuid and
parquet.variant), reads columns by name into a given schema (widening, SPEC §13.3), floors
or refuses sub-microsecond values (SPEC Appendix A rule 6) and checks every buffer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from . import _zerorow
from ._rowbatch import RowBatch
from .errors import ZerorowError, error
from .schema import Schema


def _pa():
    import pyarrow as pa

    return pa


def _capsules(data: Any) -> Iterator[tuple[Any, Any]]:
    """('arrow_schema', 'arrow_array') capsules of each struct batch of any Arrow input,
    streaming: a batch exporter directly (no pyarrow needed), a stream through pyarrow."""
    if hasattr(data, "__arrow_c_array__"):
        yield data.__arrow_c_array__()
        return
    pa = _pa()
    if isinstance(data, pa.Table):
        batches = iter(data.to_batches())
    elif isinstance(data, pa.RecordBatchReader):
        batches = iter(data)
    elif hasattr(data, "__arrow_c_stream__"):
        batches = iter(pa.RecordBatchReader.from_stream(data))
    else:
        raise TypeError(
            "from_arrow needs a pyarrow RecordBatch / Table / RecordBatchReader or an object "
            f"exporting the Arrow PyCapsule protocol, got {type(data).__name__}"
        )
    schema_of = data.schema if hasattr(data, "schema") else None
    empty = True
    for batch in batches:
        empty = False
        yield batch.__arrow_c_array__()
    if empty and schema_of is not None:  # no batch: still the schema, no rows
        yield schema_of.__arrow_c_schema__(), None


def _malformed(name: str, e: Exception) -> ZerorowError:
    return error("invalid_data", name, f"malformed Arrow data: {e}")


def import_batches(data: Any, schema: Schema | None, strict: bool, first_row: int = 0):
    """Rows of every batch of `data` (see arrow.from_arrow), one RowBatch: cpp-row maps and
    converts every column (SPEC §12.2, its one mapping), numbering rows from `first_row`.
    The batches' offsets are joined with NumPy (no per-row Python work)."""
    import numpy as np

    pa = _pa()
    parts, row = [], first_row
    try:
        for sc, ac in _capsules(data):
            if schema is None:
                schema = Schema.from_json(_zerorow.arrow_import_schema(sc))
            if ac is None:
                break
            rows, offs = _zerorow.arrow_import(schema._native, sc, ac, row, strict)
            row += len(offs) - 1
            parts.append((rows, offs))
    except pa.ArrowInvalid as e:  # pyarrow refused a producer's stream while reading it
        raise _malformed("", e) from None
    if schema is None:
        raise ValueError(
            "from_arrow: the Arrow data has no batch and no schema; pass a schema"
        )
    if not parts:
        return RowBatch(schema, b"", np.zeros(1, dtype="<i8"))
    if len(parts) == 1:  # one batch: its rows and offsets as they are (NumPy, no copy)
        return RowBatch(schema, *parts[0])
    offsets, base = [np.zeros(1, dtype="<i8")], 0
    for rows, offs in parts:  # each batch's offsets moved past the rows before it
        offsets.append(np.asarray(offs, dtype="<i8")[1:] + base)
        base += len(rows)
    data = b"".join(bytes(memoryview(rows)) for rows, _ in parts)
    return RowBatch(schema, data, np.concatenate(offsets))


class ArrowToRows:
    """The one Arrow -> rows mapping (SPEC §12.2, cpp-row's ImportRows): `zerorow.from_arrow`,
    `zerorow.write_file` of Arrow data and the command line's `convert` all encode through
    it, so what one takes the others take. Built once per Arrow schema (the zerorow schema is
    derived from it unless given), then called per record batch in order (`rows =
    convert(batch)`); an error about a value names its row by its number in the whole input
    (`[70000].carrier`), whichever batch it is in."""

    def __init__(self, arrow_schema: Any, schema: Schema | None, strict: bool) -> None:
        if schema is None:
            schema = Schema.from_json(
                _zerorow.arrow_import_schema(arrow_schema.__arrow_c_schema__())
            )
        self.schema = schema
        self._strict = strict
        self.rows = 0  # rows converted so far

    def __call__(self, batch: Any):
        """One Arrow record batch (any `__arrow_c_array__` exporter) as a RowBatch."""
        sc, ac = batch.__arrow_c_array__()
        rows, offs = _zerorow.arrow_import(
            self.schema._native, sc, ac, self.rows, self._strict
        )
        self.rows += len(offs) - 1
        return RowBatch(self.schema, rows, offs)  # NumPy arrays over the rows, no copy


def arrow_batches(data: Any) -> tuple[Any, Iterator[Any]]:
    """(Arrow schema, iterator of pyarrow RecordBatches) of any Arrow input, streaming; a
    stream pyarrow cannot read is InvalidDataError."""
    pa = _pa()
    try:
        if isinstance(data, pa.RecordBatch):
            return data.schema, iter([data])
        if isinstance(data, pa.Table):
            return data.schema, iter(data.to_batches())
        if isinstance(data, pa.RecordBatchReader):
            reader = data
        elif hasattr(data, "__arrow_c_stream__"):
            reader = pa.RecordBatchReader.from_stream(data)
        elif hasattr(data, "__arrow_c_array__"):
            batch = pa.record_batch(data)
            return batch.schema, iter([batch])
        else:
            raise TypeError(
                "from_arrow needs a pyarrow RecordBatch / Table / RecordBatchReader or an "
                f"object exporting the Arrow PyCapsule protocol, got {type(data).__name__}"
            )
    except pa.ArrowInvalid as e:
        raise _malformed("", e) from None
    return reader.schema, _checked_stream(reader)


def _checked_stream(reader: Any) -> Iterator[Any]:
    pa = _pa()
    it = iter(reader)
    while True:
        try:
            batch = next(it)
        except StopIteration:
            return
        except pa.ArrowInvalid as e:
            raise _malformed("", e) from None
        yield batch


def _has_null_type(t: Any) -> bool:
    """True when Arrow type `t` is or holds the `null` type (a column of only missing
    values, as pandas gives for an all-None or empty object column)."""
    pa = _pa()
    if pa.types.is_null(t):
        return True
    if pa.types.is_struct(t):
        return any(_has_null_type(f.type) for f in t)
    if pa.types.is_map(t):
        return _has_null_type(t.key_type) or _has_null_type(t.item_type)
    value_type = getattr(t, "value_type", None)
    return value_type is not None and _has_null_type(value_type)


def _convert(col: Any, dst: Any, strict: bool, name: str) -> Any:
    """An Arrow array converted to Arrow type `dst` the way from_arrow converts a column to
    the zerorow type `dst` maps to (SPEC §12.2, through cpp-row: widenings, units, checks)."""
    pa = _pa()
    if col.type == dst:
        return col
    target = Schema.from_arrow(pa.schema([pa.field(name, dst)]))
    rows = import_batches(pa.table({name: col}), target, strict)
    return rows.to_arrow().column(0)
