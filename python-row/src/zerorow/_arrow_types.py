"""Zerorow types <-> Arrow types (SPEC §12), by cpp-row's ExportSchema / ImportSchema through
the C Data Interface's capsules, and the Arrow types an export may be read as (the PyCapsule
protocol's requested_schema). Below the row batches and the Arrow import, so both use it
without importing each other."""

from __future__ import annotations

from typing import Any

from . import _zerorow
from .schema import DataType, Field, Schema


def _pa():
    import pyarrow as pa

    return pa


def schema_to_arrow(schema: Schema):
    """The pyarrow.Schema of a struct batch of rows (one column per field), by cpp-row."""
    return _pa().Schema._import_from_c_capsule(
        _zerorow.arrow_schema_capsule(core_schema(schema))
    )


def type_to_arrow(t: DataType):
    """The pyarrow type of a zerorow type, by cpp-row."""
    return schema_to_arrow(Schema([Field("x", t)])).field(0).type


def arrow_to_schema(arrow_schema) -> Schema:
    """The zerorow schema of a pyarrow.Schema (SPEC §12 reader alternatives accepted), by cpp-row."""
    return Schema.from_json(
        _zerorow.arrow_import_schema(arrow_schema.__arrow_c_schema__())
    )


def arrow_to_type(at) -> DataType:
    """The zerorow type of a pyarrow type, by cpp-row."""
    pa = _pa()
    return arrow_to_schema(pa.schema([pa.field("x", at)])).field(0).type


def months_as_int32_schema(schema: Any) -> Any:
    """The Arrow schema months_as_int32 gives (the same object when it has no month_interval)."""
    pa = _pa()
    # pyarrow names no month_interval type (no factory, no Type_ constant): told by its name
    months = [str(f.type) == "month_interval" for f in schema]
    if not any(months):
        return schema
    fields = [
        f.with_type(pa.int32()) if m else f for f, m in zip(schema, months, strict=True)
    ]
    return pa.schema(fields, metadata=schema.metadata)


def months_as_int32(data: Any) -> Any:
    """A RecordBatch or Table whose top-level Arrow month_interval columns (interval_ym, SPEC
    §12.1) are int32 months, the Python value a row view gives. pyarrow can neither hand a
    month_interval array to Python nor cast it, so pandas, the CLI's table and its CSV, JSON
    Lines and Parquet writers (Parquet has INT32 for it, §12.3) get the months this way: each
    batch is re-imported through the C Data Interface as int32, whose buffers it shares."""
    pa = _pa()
    target = months_as_int32_schema(data.schema)
    if target is data.schema:
        return data

    def retyped(batch: Any) -> Any:
        _, array = batch.__arrow_c_array__()
        return pa.RecordBatch._import_from_c_capsule(target.__arrow_c_schema__(), array)

    if isinstance(data, pa.RecordBatch):
        return retyped(data)
    return pa.Table.from_batches([retyped(b) for b in data.to_batches()], schema=target)


def core_schema(schema: Schema):
    """The compiled schema (cpp-row's Schema inside) that the Arrow bridge takes."""
    return schema._native


# Lossless variants of an exported Arrow type (SPEC §12.1) a PyCapsule consumer may request.
_WIDER = {
    "int8": ("int16", "int32", "int64"),
    "int16": ("int32", "int64"),
    "int32": ("int64",),
    "float": ("double",),
}


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
