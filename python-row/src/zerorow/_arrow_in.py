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
from .schema import Schema


def _pa():
    import pyarrow as pa

    return pa


# Lossless variants of an exported Arrow type (SPEC §12.1) a PyCapsule consumer may request.
_WIDER = {
    "int8": ("int16", "int32", "int64"),
    "int16": ("int32", "int64"),
    "int32": ("int64",),
    "float": ("double",),
}


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


def _storage_name(t: Any) -> str:
    pa = _pa()
    if (
        pa.types.is_large_string(t)
        or pa.types.is_string_view(t)
        or pa.types.is_string(t)
    ):
        return "string"
    if (
        pa.types.is_large_binary(t)
        or pa.types.is_binary_view(t)
        or pa.types.is_binary(t)
    ):
        return "binary"
    return str(t)


def lossless_out(own: Any, want: Any) -> bool:
    """True when an exported Arrow type `own` (SPEC §12) converts exactly to `want`."""
    pa = _pa()
    if own == want:
        return True
    if _storage_name(own) in ("string", "binary") and _storage_name(
        want
    ) == _storage_name(own):
        return not pa.types.is_dictionary(want)
    if str(want) in _WIDER.get(str(own), ()):
        return True
    if pa.types.is_list(own) and (
        pa.types.is_list(want) or pa.types.is_large_list(want)
    ):
        return lossless_out(own.value_type, want.value_type)
    if (
        pa.types.is_struct(own)
        and pa.types.is_struct(want)
        and own.num_fields == want.num_fields
    ):
        return all(
            a.name == b.name and lossless_out(a.type, b.type)
            for a, b in zip(own, want, strict=False)
        )
    return False


def import_batches(data: Any, schema: Schema | None, strict: bool, first_row: int = 0):
    """Rows of every batch of `data` (see arrow.from_arrow), one RowBatch: cpp-row maps and
    converts every column (SPEC §12.2, its one mapping), numbering rows from `first_row`."""
    import array

    from .arrow import RowBatch

    parts, row = [], first_row
    for sc, ac in _capsules(data):
        if schema is None:
            schema = Schema.from_json(_zerorow.arrow_import_schema(sc))
        if ac is None:
            break
        rows, offs = _zerorow.arrow_import(schema._native, sc, ac, row, strict)
        a = array.array("q")
        a.frombytes(offs)
        row += len(a) - 1
        parts.append((rows, a))
    if schema is None:
        raise ValueError(
            "from_arrow: the Arrow data has no batch and no schema; pass a schema"
        )
    if len(parts) == 1:  # one batch: its rows and offsets as they are
        return RowBatch(schema, *parts[0])
    offsets, base = array.array("q", [0]), 0
    for rows, a in parts:  # each batch's offsets moved past the rows before it
        offsets.extend(o + base for o in a[1:])
        base += len(rows)
    return RowBatch(schema, b"".join(rows for rows, _ in parts), offsets)
