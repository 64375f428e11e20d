"""Rows <-> Apache Arrow (SPEC §12) and the Arrow PyCapsule protocol.

`RowBatch` (rows end to end in one buffer) exports `__arrow_c_array__`, `__arrow_c_stream__`
and `__arrow_c_schema__`, so `pyarrow.record_batch(b)`, `pyarrow.table(b)`, polars or DuckDB
take it directly. The columns are gathered from the rows and handed over through the Arrow C
Data Interface capsules; pyarrow (an optional dependency) builds them today.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Optional, Sequence, Union

from . import _zerorow
from . import schema as zs
from ._views import RowData
from .errors import error
from .schema import DataType, Field, Schema

_ARROW_MODE = 1 | 2 | 4  # raw temporal ints, deep, maps as pairs


def _pa():
    import pyarrow as pa

    return pa


# ---- types (SPEC §12) -----------------------------------------------------------------
def type_to_arrow(t: DataType):
    """The Arrow type of a zerorow type."""
    pa = _pa()
    simple = {
        "bool": pa.bool_(),
        "int8": pa.int8(),
        "int16": pa.int16(),
        "int32": pa.int32(),
        "int64": pa.int64(),
        "float32": pa.float32(),
        "float64": pa.float64(),
        "string": pa.utf8(),
        "binary": pa.binary(),
        "date32": pa.date32(),
        "time": pa.time64("us"),
        "duration": pa.duration("us"),
    }
    if t.id in simple:
        return simple[t.id]
    if t.id == "timestamp":
        return pa.timestamp("us", tz=t.tz)
    if t.id == "decimal":
        return pa.decimal128(t.precision, t.scale)
    if t.id == "list":
        return pa.list_(
            pa.field("item", type_to_arrow(t.element), nullable=t.element_nullable)
        )
    if t.id == "map":
        return pa.map_(
            pa.field("key", type_to_arrow(t.key), nullable=False),
            pa.field("value", type_to_arrow(t.value), nullable=t.value_nullable),
        )
    return pa.struct(
        [pa.field(f.name, type_to_arrow(f.type), nullable=f.nullable) for f in t.fields]
    )


def schema_to_arrow(schema: Schema):
    """The Arrow schema of a struct batch of rows: one column per top-level field."""
    pa = _pa()
    return pa.schema(
        [
            pa.field(f.name, type_to_arrow(f.type), nullable=f.nullable)
            for f in schema.fields
        ]
    )


def arrow_to_type(at) -> DataType:
    """The zerorow type of an Arrow type (SPEC §12, reader alternatives accepted)."""
    pa = _pa()
    t = pa.types
    for pred, zt in (
        (t.is_boolean, zs.bool_),
        (t.is_int8, zs.int8),
        (t.is_int16, zs.int16),
        (t.is_int32, zs.int32),
        (t.is_int64, zs.int64),
        (t.is_float32, zs.float32),
        (t.is_float64, zs.float64),
        (t.is_date32, zs.date32),
        (t.is_time, zs.time),
        (t.is_duration, zs.duration),
    ):
        if pred(at):
            return zt
    if (
        t.is_string(at)
        or t.is_large_string(at)
        or getattr(t, "is_string_view", lambda _: False)(at)
    ):
        return zs.string
    if (
        t.is_binary(at)
        or t.is_large_binary(at)
        or getattr(t, "is_binary_view", lambda _: False)(at)
    ):
        return zs.binary
    if t.is_timestamp(at):
        return zs.timestamp(at.tz)
    if t.is_decimal(at):
        return zs.decimal(at.precision, at.scale)
    if t.is_map(at):
        return zs.map_(
            arrow_to_type(at.key_type),
            arrow_to_type(at.item_type),
            at.item_field.nullable,
        )
    if t.is_list(at) or t.is_large_list(at):
        return zs.list_(arrow_to_type(at.value_type), at.value_field.nullable)
    if t.is_struct(at):
        return zs.struct(
            [
                Field(
                    at.field(i).name,
                    arrow_to_type(at.field(i).type),
                    at.field(i).nullable,
                )
                for i in range(at.num_fields)
            ]
        )
    raise error("unsupported", "", f"Arrow type {at} has no zerorow type (SPEC §12)")


def arrow_to_schema(arrow_schema) -> Schema:
    return Schema(
        [Field(f.name, arrow_to_type(f.type), f.nullable) for f in arrow_schema]
    )


# ---- RowBatch ---------------------------------------------------------------------------
class RowBatch:
    """Rows of one schema laid end to end in one buffer; row k is data[offsets[k]:offsets[k+1]].

    A Sequence of RowData views (zero-copy) and an Arrow PyCapsule exporter.
    """

    def __init__(self, schema: Schema, data: Any, offsets: Sequence[int]) -> None:
        self.schema = schema
        self.data = data
        self.offsets = list(offsets)
        self._mv = memoryview(data).cast("B")

    @classmethod
    def from_rows(
        cls, rows: Iterable[RowData], schema: Optional[Schema] = None
    ) -> RowBatch:
        rows = list(rows)
        if schema is None:
            if not rows:
                raise ValueError("an empty batch needs a schema")
            schema = rows[0].schema
        parts, offsets, pos = [], [0], 0
        for r in rows:
            if r.schema != schema:
                raise error(
                    "schema_mismatch", "", "rows of different schemas in one batch"
                )
            b = r.to_bytes()
            parts.append(b)
            pos += len(b)
            offsets.append(pos)
        return cls(schema, b"".join(parts), offsets)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __getitem__(self, k: int) -> RowData:
        n = len(self)
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError("row index out of range")
        return RowData(self.schema, self._mv[self.offsets[k] : self.offsets[k + 1]])

    def __iter__(self) -> Iterator[RowData]:
        for k in range(len(self)):
            yield self[k]

    def column(self, i: Union[int, str]) -> list:
        """Field i of every row (temporal values as ints, maps as pairs)."""
        if isinstance(i, str):
            i = self.schema.index(i)
        get = _zerorow.get
        return [get(r, i, _ARROW_MODE) for r in self]

    def _offsets_bytes(self) -> bytes:
        import array

        return array.array("q", self.offsets).tobytes()

    def to_arrow(self):
        """A pyarrow.RecordBatch with one column per field (SPEC §12), via the C Data Interface."""
        return _pa().record_batch(self)

    def to_binary_array(self):
        """The rows as one Arrow large_binary array, zero-copy over this batch's buffer."""
        pa = _pa()
        return pa.Array.from_buffers(
            pa.large_binary(),
            len(self),
            [None, pa.py_buffer(self._offsets_bytes()), pa.py_buffer(self.data)],
        )

    # Arrow PyCapsule interface: the columns are gathered by cpp-row (zerorow::arrow::ExportRows)
    def __arrow_c_schema__(self):
        return _zerorow.arrow_schema_capsule(core_schema(self.schema))

    def __arrow_c_array__(self, requested_schema=None):
        return _zerorow.arrow_export(
            core_schema(self.schema), self.data, self._offsets_bytes()
        )

    def __arrow_c_stream__(self, requested_schema=None):
        return _zerorow.arrow_export_stream(
            core_schema(self.schema), self.data, self._offsets_bytes()
        )

    def __repr__(self) -> str:
        return f"RowBatch({len(self)} rows, {self.schema!r})"


def to_arrow(rows: Union[RowBatch, Iterable[RowData]], schema: Optional[Schema] = None):
    """A pyarrow.RecordBatch of rows (one column per field)."""
    if not isinstance(rows, RowBatch):
        rows = RowBatch.from_rows(rows, schema)
    return rows.to_arrow()


def core_schema(schema: Schema):
    """cpp-row's parse of `schema` (cached on the schema)."""
    if schema._core is None:
        schema._core = _zerorow.CoreSchema(schema.to_json())
    return schema._core


def _batch(schema: Schema, data: bytes, offs: bytes) -> RowBatch:
    import array

    a = array.array("q")
    a.frombytes(offs)
    return RowBatch(schema, data, a.tolist())


def objects_to_batch(enc, objs: list):
    return _batch(enc.schema, *_zerorow.encode_many(enc._native, objs)).to_arrow()


def from_arrow(data: Any, schema: Optional[Schema] = None) -> RowBatch:
    """Rows from a RecordBatch, Table or any object exporting the Arrow PyCapsule protocol.

    Columns are matched to the schema's fields (SPEC §12; other timestamp units converted
    exactly or failing); without a schema it is derived from the Arrow schema.
    """
    if hasattr(data, "__arrow_c_array__"):
        sc, ac = data.__arrow_c_array__()
        if schema is None:
            schema = Schema.from_json(_zerorow.arrow_import_schema(sc))
        return _batch(schema, *_zerorow.arrow_import(core_schema(schema), sc, ac))
    if hasattr(data, "__arrow_c_stream__"):
        if schema is None:
            if not hasattr(data, "__arrow_c_schema__"):
                raise TypeError(
                    "from_arrow needs a schema for a stream that does not export __arrow_c_schema__"
                )
            schema = Schema.from_json(
                _zerorow.arrow_import_schema(data.__arrow_c_schema__())
            )
        return _batch(
            schema,
            *_zerorow.arrow_import_stream(
                core_schema(schema), data.__arrow_c_stream__()
            ),
        )
    raise TypeError(
        f"from_arrow needs an object exporting the Arrow PyCapsule protocol, got {type(data).__name__}"
    )
