"""map_rows, map_row_batches, encode, decode: the DataFrame-level API of zerorow.spark.

Each picks its path once, on the driver: with the connector jar (the session knows
zerorow_encode / zerorow_decode) rows cross between the JVM and Python as one binary column;
without it, the Python workers build rows from the Arrow columns Spark sends, in the native
core. Both paths give the same DataFrame.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from ..schema import Schema
from . import _worker
from ._jar import has_functions
from ._types import resolve_schema, schema_to_struct, struct_to_schema

SCHEMA_KEY = "zerorow.schema"


def raw_schema(df) -> Schema | None:
    """The rows' schema when `df` is one binary column of rows (DataSource raw mode, encode())."""
    fields = df.schema.fields
    if len(fields) == 1 and type(fields[0].dataType).__name__ == "BinaryType":
        text = (fields[0].metadata or {}).get(SCHEMA_KEY)
        if text:
            return Schema.from_json(text)
    return None


def _use_jar(spark, use_jar: bool | None) -> bool:
    if use_jar is None:
        return has_functions(spark)
    if use_jar and not has_functions(spark):
        raise RuntimeError(
            "use_jar=True but this session has no zerorow_decode: start it with "
            "zerorow.spark.configure(builder) (or the Connect server with the jar)"
        )
    return use_jar


def _rows_input(df, cols: Sequence, jar: bool):
    """(input DataFrame, schema JSON of its binary rows or None for decoded columns)."""
    from .functions import zerorow_encode

    raw = raw_schema(df) if not cols else None
    if raw is not None:
        return df, raw.to_json()
    if cols:
        df = df.select(*cols)
    if not jar:
        from ._types import _refuse_unmapped

        _refuse_unmapped(df.schema, "")  # the jar path's refusal, in the same words
        return df, None
    schema = struct_to_schema(df.schema)
    return df.select(zerorow_encode(*df.columns).alias("row")), schema.to_json()


def map_rows(
    df,
    fn: Callable,
    schema: Any,
    *,
    cols: Sequence = (),
    level: str = "bounds",
    use_jar: bool | None = None,
):
    """Runs `fn` once per row of `df` with a zero-copy `BinaryRow` view; returns a DataFrame.

    `fn` returns a dataclass / NamedTuple instance, a dict, a pyspark Row or a BinaryRow of
    `schema` — or None to drop the row. `schema` (a dataclass class, a zerorow Schema, a
    StructType or a DDL string) is the output's. `cols` picks the input columns (default:
    all; a one-column DataFrame of rows from `format("zerorow")` raw mode or `encode()` is
    used as it is). A null input row (raw mode) is not passed to `fn`."""
    spark = df.sparkSession
    jar = _use_jar(spark, use_jar)
    out = resolve_schema(schema, spark)
    src, in_json = _rows_input(df, cols, jar)
    if jar:
        from pyspark.sql.types import BinaryType, StructField, StructType

        from .functions import zerorow_decode

        body = functools.partial(
            _worker.run_map_rows,
            fn=fn,
            in_json=in_json,
            out_json=out.to_json(),
            level=level,
            expected=None,
        )
        mapped = src.mapInArrow(
            body, StructType([StructField("row", BinaryType(), False)])
        )
        return mapped.select(zerorow_decode("row", out).alias("r")).select("r.*")
    struct, expected = _expected(out)
    body = functools.partial(
        _worker.run_map_rows,
        fn=fn,
        in_json=in_json,
        out_json=out.to_json(),
        level=level,
        expected=expected,
    )
    return src.mapInArrow(body, struct)


def map_row_batches(
    df,
    fn: Callable,
    schema: Any,
    *,
    cols: Sequence = (),
    level: str = "bounds",
    use_jar: bool | None = None,
):
    """Runs `fn` once per Arrow batch with a `zerorow.spark.RowBatch` (len, index, iteration,
    `batch.column("customer.country")`); `fn` returns objects (as map_rows' fn) or an Arrow
    batch / table with the output schema's columns; returns a DataFrame of `schema`."""
    spark = df.sparkSession
    jar = _use_jar(spark, use_jar)
    out = resolve_schema(schema, spark)
    src, in_json = _rows_input(df, cols, jar)
    struct, expected = _expected(out)
    body = functools.partial(
        _worker.run_map_row_batches,
        fn=fn,
        in_json=in_json,
        out_json=out.to_json(),
        level=level,
        expected=expected,
    )
    return src.mapInArrow(body, struct)


def encode(df, *cols, use_jar: bool | None = None):
    """`df` (or the named columns) as one binary column `row` of zerorow rows, its schema in
    the field metadata (`zerorow.schema`), as `format("zerorow")` raw mode gives it."""
    from pyspark.sql.types import BinaryType, StructField, StructType

    from .functions import zerorow_encode

    src = df.select(*cols) if cols else df
    schema = struct_to_schema(src.schema)
    meta = {SCHEMA_KEY: schema.to_json()}
    if _use_jar(df.sparkSession, use_jar):
        return src.select(zerorow_encode(*src.columns).alias("row", metadata=meta))
    out = src.mapInArrow(
        _worker.run_encode, StructType([StructField("row", BinaryType(), False)])
    )
    return out.select(out["row"].alias("row", metadata=meta))


def decode(
    df,
    col: str,
    schema: Any = None,
    *,
    level: str = "bounds",
    use_jar: bool | None = None,
):
    """The rows in binary column `col` decoded: a DataFrame with one column per field.
    `schema` defaults to the column's `zerorow.schema` metadata."""
    spark = df.sparkSession
    if schema is None:
        schema = raw_schema(df.select(col))
        if schema is None:
            raise ValueError(
                f"column {col!r} has no zerorow.schema metadata: pass the schema"
            )
    out = resolve_schema(schema, spark)
    if _use_jar(spark, use_jar):
        from .functions import zerorow_decode

        return df.select(zerorow_decode(col, out).alias("r")).select("r.*")
    struct, expected = _expected(out)
    body = functools.partial(
        _worker.run_decode, in_json=out.to_json(), level=level, expected=expected
    )
    return df.select(col).mapInArrow(body, struct)


def _expected(out: Schema):
    """The Spark StructType of `out` and the Arrow schema Spark expects mapInArrow to return
    (a type Spark's Arrow conversion has no form for is refused naming the field)."""
    from ._types import _refuse_unmapped, arrow_schema_of

    struct = schema_to_struct(out)
    _refuse_unmapped(struct, "")
    return struct, arrow_schema_of(struct)
