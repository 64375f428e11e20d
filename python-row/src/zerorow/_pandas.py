"""pandas DataFrames <-> rows, keeping what pandas needs to get its frame back.

A DataFrame becomes Arrow through pyarrow (`Table.from_pandas`), then rows through the one
Arrow mapping (SPEC §12). pyarrow's `pandas` schema metadata travels with the rows (on the
RowBatch, and in the Arrow schema metadata of a row file, SPEC §5), with one addition: a
categorical column's categories, which the rows (holding the decoded values) cannot keep.
On the way back the metadata restores what Arrow alone cannot tell: extension dtypes,
categoricals, the index, column labels, and dtypes the row types widened (uint8 -> int16,
datetime64[ns] -> µs timestamps).
"""

from __future__ import annotations

import base64
import decimal
import json
import sys
import uuid
from typing import Any

from . import _zerorow
from ._arrow_in import _convert, _has_null_type, import_batches
from ._arrow_types import months_as_int32, type_to_arrow
from .errors import error
from .schema import DataType, Field, Schema


def is_dataframe(x: Any) -> bool:
    """True for a pandas DataFrame (without importing pandas when it is not loaded)."""
    pd = sys.modules.get("pandas")
    return pd is not None and isinstance(x, pd.DataFrame)


def from_pandas(
    df: Any,
    schema: Schema | None = None,
    preserve_index: bool | None = None,
    strict: bool = False,
):
    """Rows of a pandas DataFrame (a RowBatch whose `pandas_metadata` lets `to_pandas()`
    rebuild the frame). `preserve_index` as in pyarrow: None stores a RangeIndex as metadata
    and any other index as columns, True always as columns, False not at all. `schema` and
    `strict` as in `zerorow.from_arrow`."""
    import pyarrow as pa

    if not is_dataframe(df):
        raise TypeError(
            f"from_pandas needs a pandas DataFrame, got {type(df).__name__}"
        )
    try:
        table = pa.Table.from_pandas(df, preserve_index=preserve_index)
    except (pa.ArrowNotImplementedError, TypeError, ValueError) as e:
        # pyarrow names the column (a complex, sparse or mixed-type object column) or the
        # problem (duplicate column names)
        raise error(
            "unsupported", "", f"pyarrow cannot convert the DataFrame to Arrow: {e}"
        ) from None
    meta = json.loads(table.schema.metadata[b"pandas"])
    table = _typed_empty_columns(table, meta)
    _refuse_pandas_extensions(table.schema)
    rows = import_batches(table, schema, strict)
    if set(table.column_names) == set(rows.schema.names):
        for k, col in enumerate(meta["columns"]):
            if col["pandas_type"] == "categorical":
                _keep_categories(col, _pandas_column(df, k), rows.schema)
        rows.pandas_metadata = json.dumps(meta).encode()
    return rows


def _refuse_pandas_extensions(schema: Any) -> None:
    """pandas' own Arrow extension types (Period, Interval) are refused: SPEC §12.2 would
    read them as their storage (a period's ordinal as int64, an interval as a struct), which
    would not come back as the pandas dtype; the user converts them knowingly instead."""
    import pyarrow as pa

    for f in schema:
        t = f.type
        if isinstance(t, pa.BaseExtensionType) and t.extension_name.startswith(
            "pandas."
        ):
            raise error(
                "unsupported",
                f.name,
                f"column '{f.name}': Arrow extension type {t.extension_name} (stored as "
                f"{t.storage_type}) would be read as its storage type (SPEC §12.2) and not "
                "come back as the pandas dtype: convert the column first (Period: "
                ".dt.to_timestamp() or .astype(str); Interval: its .left and .right)",
            )


def _typed_empty_columns(table: Any, meta: dict) -> Any:
    """An object column without a value to tell its type (all None, empty lists, a frame of no
    rows) has the Arrow type null somewhere: the null type is replaced by string there (an
    object column usually holds strings, and zerorow's null type could hold nothing else
    later), so the column is stored as nulls or empty lists of strings, and comes back an
    object column."""
    import pyarrow as pa

    objects = {
        c["field_name"]
        for c in meta["columns"]
        if c["numpy_type"] == "object" or c["pandas_type"] == "categorical"
    }
    for i, f in enumerate(table.schema):
        if f.name not in objects or not _has_null_type(f.type):
            continue
        if pa.types.is_dictionary(f.type):  # a categorical without categories
            empty = pa.array([], pa.string())
            chunks = [
                pa.DictionaryArray.from_arrays(c.indices, empty, ordered=f.type.ordered)
                for c in table.column(i).chunks
            ]
            typed = pa.dictionary(f.type.index_type, pa.string(), f.type.ordered)
            column = pa.chunked_array(chunks, type=typed)
        else:
            typed = _strings_for_nulls(f.type)
            column = table.column(i).cast(typed)
        table = table.set_column(i, f.with_type(typed), column)
    return table


def _strings_for_nulls(t: Any) -> Any:
    import pyarrow as pa

    if pa.types.is_null(t):
        return pa.string()
    if pa.types.is_struct(t):
        return pa.struct([f.with_type(_strings_for_nulls(f.type)) for f in t])
    if pa.types.is_large_list(t):
        return pa.large_list(t.value_field.with_type(_strings_for_nulls(t.value_type)))
    if pa.types.is_list(t):
        return pa.list_(t.value_field.with_type(_strings_for_nulls(t.value_type)))
    if pa.types.is_map(t):
        return pa.map_(_strings_for_nulls(t.key_type), _strings_for_nulls(t.item_type))
    return t


# ---- categories: kept in the column's metadata, exact for every row type -------------------
def _pandas_column(df: Any, k: int) -> Any:
    """Column k of pyarrow's pandas metadata: the frame's columns come first, in order, then
    its index levels stored as columns."""
    if k < df.shape[1]:
        return df.iloc[:, k]
    return df.index.get_level_values(k - df.shape[1])


def _keep_categories(col: dict, values: Any, schema: Schema) -> None:
    """Adds the categories of a categorical column to its pandas metadata, as a JSON list in
    the zerorow type of the column (pyarrow keeps only their number, and a frame of no rows
    has no dictionary to read them from)."""
    import pyarrow as pa

    target = type_to_arrow(schema.field(col["field_name"]).type)
    categories = pa.array(
        values.categories if hasattr(values, "categories") else values.cat.categories
    )
    if pa.types.is_null(categories.type):  # no categories
        categories = pa.array([], target)
    converted = _convert(categories, target, False, col["field_name"])
    col["metadata"] = dict(col.get("metadata") or {})
    col["metadata"]["categories"] = _to_json(converted)


def _to_json(values: Any) -> list:
    """An Arrow array's values as JSON values that _from_json turns back exactly."""
    import pyarrow as pa

    t = values.type
    if pa.types.is_date32(t):
        return values.cast(pa.int32()).to_pylist()
    if pa.types.is_temporal(t):
        return values.cast(pa.int64()).to_pylist()
    if pa.types.is_decimal(t):
        return [None if v is None else str(v) for v in values.to_pylist()]
    if pa.types.is_binary(t):
        return [
            None if v is None else base64.b64encode(v).decode("ascii")
            for v in values.to_pylist()
        ]
    return values.to_pylist()


def _from_json(values: list, t: Any) -> Any:
    """The Arrow array of type `t` that _to_json gave `values` for."""
    import pyarrow as pa

    if pa.types.is_date32(t):
        return pa.array(values, pa.int32()).cast(t)
    if pa.types.is_temporal(t):
        return pa.array(values, pa.int64()).cast(t)
    if pa.types.is_decimal(t):
        return pa.array([None if v is None else decimal.Decimal(v) for v in values], t)
    if pa.types.is_binary(t):
        return pa.array([None if v is None else base64.b64decode(v) for v in values], t)
    return pa.array(values, t)


# ---- back to pandas ---------------------------------------------------------------------------
def to_pandas(table: Any, schema: Schema, pandas_meta: bytes | None, **kwargs: Any):
    """A pyarrow Table of rows (SPEC §12) as a DataFrame: rebuilt from the pandas metadata
    when the rows carry it and it describes these columns, else by the schema (nullable
    integer and bool fields as pandas' nullable dtypes, so no integer passes through float)."""
    meta = json.loads(pandas_meta) if pandas_meta else None
    if meta is not None:
        named = {c["field_name"] for c in meta["columns"] if c["field_name"]}
        if named != set(table.column_names):
            meta = None  # read through another schema: the metadata is of other columns

    table = months_as_int32(table)  # interval_ym: int months, as a row view gives
    if meta is None:
        df = _plain(table, schema, **kwargs)
    else:
        df = _restored(table, meta, **kwargs)
    return _spec12_values(df, schema)


def _spec12_values(df: Any, schema: Schema) -> Any:
    """Values a pandas user reads, where pyarrow's pandas conversion gives storage: uuid.UUID
    for a uuid (pyarrow: 16 bytes, a row view: uuid.UUID), and a variant's JSON text (SPEC §3.9,
    as Spark's to_json; pyarrow: a dict of its metadata and value bytes) - a zerorow.Variant
    in a cell would be taken for a list by pandas' printing, which iterates it."""

    for f in schema.fields:
        if f.name not in df.columns:
            continue
        if f.type.id == "uuid":
            df[f.name] = df[f.name].map(
                lambda b: None if b is None else uuid.UUID(bytes=bytes(b)),
                na_action="ignore",
            )
        elif f.type.id == "variant":
            df[f.name] = df[f.name].map(
                lambda d: (
                    None
                    if d is None
                    else _zerorow.Variant(d["metadata"], d["value"]).to_json()
                ),
                na_action="ignore",
            )
    return df


def _plain(table: Any, schema: Schema, **kwargs: Any):
    """Rows without pandas metadata: pyarrow's defaults, except that nullable int and bool
    fields become Int8..Int64 / boolean (pyarrow would give float64 / object when a value is
    missing, and a dtype that depends on the data)."""
    import pandas as pd
    import pyarrow as pa

    if "types_mapper" in kwargs:
        return table.to_pandas(**kwargs)
    nullable = {
        pa.int8(): pd.Int8Dtype(),
        pa.int16(): pd.Int16Dtype(),
        pa.int32(): pd.Int32Dtype(),
        pa.int64(): pd.Int64Dtype(),
        pa.bool_(): pd.BooleanDtype(),
    }
    df = table.to_pandas(types_mapper=nullable.get, **kwargs)
    for position, f in enumerate(schema.fields):
        if not f.nullable and f.type.id in ("int8", "int16", "int32", "int64", "bool"):
            df.isetitem(position, df.iloc[:, position].astype(f.type.id))
    return df


def _restored(table: Any, meta: dict, **kwargs: Any):
    """The DataFrame the metadata describes."""
    import pyarrow as pa

    for col in meta["columns"]:
        name = col["field_name"]
        if name is None:
            continue
        i = table.column_names.index(name)
        column = _as_written(table.column(i), col)
        if column is not table.column(i):
            table = table.set_column(i, table.field(i).with_type(column.type), column)
    table = table.replace_schema_metadata({b"pandas": json.dumps(meta).encode()})
    try:
        df = table.to_pandas(**kwargs)
    except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError, ValueError) as e:
        raise error(
            "unsupported", "", f"pandas cannot rebuild the frame from its metadata: {e}"
        ) from None
    return _fix_dtypes(df, table, meta)


def _as_written(column: Any, col: dict) -> Any:
    """The Arrow column in the type pyarrow made of the pandas column, where the row type
    differs and pandas needs it: categories as a dictionary column again, unsigned and
    nullable widths back."""
    import numpy as np
    import pyarrow as pa

    if col["pandas_type"] == "categorical":
        meta = col.get("metadata") or {}
        if "categories" not in meta:
            return column
        categories = _from_json(meta["categories"], column.type)
        chunks = [
            pa.DictionaryArray.from_arrays(
                pa.compute.index_in(chunk, value_set=categories).cast(pa.int32()),
                categories,
                ordered=bool(meta.get("ordered")),
            )
            # a column of no rows may have no chunk: one empty chunk carries the categories
            for chunk in column.chunks or [pa.array([], column.type)]
        ]
        dtype = pa.dictionary(pa.int32(), categories.type, bool(meta.get("ordered")))
        return pa.chunked_array(chunks, type=dtype)
    if col["numpy_type"] in _NUMERIC_EXTENSIONS:
        want = pa.from_numpy_dtype(np.dtype(col["numpy_type"].lower()))
        if column.type != want:
            return column.cast(want)
    return column


# pandas' nullable numeric dtypes (pyarrow rebuilds them from Arrow columns of their width)
_NUMERIC_EXTENSIONS = {
    f"{kind}{bits}" for kind in ("Int", "UInt") for bits in (8, 16, 32, 64)
} | {"Float32", "Float64"}


def _fix_dtypes(df: Any, table: Any, meta: dict):
    """The columns and index levels whose dtype pyarrow could not tell from the Arrow types,
    set to the dtype the metadata records."""
    import pandas as pd

    index_names = [c for c in meta["index_columns"] if isinstance(c, str)]
    by_field = {c["field_name"]: c for c in meta["columns"]}
    # pyarrow lays the data columns out in the table's order, the index columns left out
    data_fields = [n for n in table.column_names if n not in index_names]
    for position, name in enumerate(data_fields):
        series = df.iloc[:, position]
        fixed = _fixed(series, table.column(name), by_field[name])
        if fixed is not series:
            df.isetitem(position, fixed)
    if index_names:
        levels = [
            _fixed(
                pd.Series(df.index.get_level_values(k)),
                table.column(name),
                by_field[name],
            )
            for k, name in enumerate(index_names)
        ]
        names = list(df.index.names)
        if len(levels) == 1:
            df.index = pd.Index(levels[0], name=names[0])
        else:
            df.index = pd.MultiIndex.from_arrays(levels, names=names)
    return df


def _fixed(series: Any, column: Any, col: dict) -> Any:
    """`series` in the dtype `col` records (the same object when it already has it)."""
    import pandas as pd
    import pyarrow as pa

    numpy_type, pandas_type = col["numpy_type"], col["pandas_type"]
    if pandas_type == "categorical":
        return series
    if numpy_type == "object":
        if series.dtype != object or pa.types.is_nested(column.type):
            # pyarrow gives float64 for ints with nulls, datetime64 for datetimes and
            # arrays for lists: the Python values the object column held instead
            return pd.Series(column.to_pylist(), dtype=object, index=series.index)
        return series
    if pandas_type == "datetimetz":
        unit = numpy_type[numpy_type.index("[") + 1 : -1]
        want = pd.DatetimeTZDtype(unit=unit, tz=(col.get("metadata") or {})["timezone"])
    else:
        try:
            want = pd.api.types.pandas_dtype(numpy_type)
        except TypeError:
            return series
    if series.dtype == want:
        return series
    return series.astype(want)


# ---- arrays of rows -----------------------------------------------------------------------------
def array_to_pandas(a: Any):
    """A list value as pandas: a list of structs as a DataFrame (one column per field), any
    other list as a Series; nullable ints and bools in pandas' nullable dtypes."""
    import pyarrow as pa

    elem = DataType._wrap(a._elem_type())
    values = pa.array(a.to_list(), type=type_to_arrow(elem))
    if elem.id == "struct":
        table = pa.Table.from_struct_array(values)
        return _plain(table, Schema(list(elem.fields)))
    frame = _plain(pa.table({"x": values}), Schema([Field("x", elem, True)]))
    return frame["x"].rename(None)
