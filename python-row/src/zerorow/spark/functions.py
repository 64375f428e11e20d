"""Column expressions over the connector's SQL functions (like `pyspark.sql.avro.functions`).

They go through `call_function`, so they work in classic sessions and over Spark Connect
alike; the session (or the Connect server) needs the jar and `spark.sql.extensions` (see
`zerorow.spark.configure`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..schema import Schema


def zerorow_encode(*cols: Any):
    """`zerorow_encode(struct)`: each value as one row (binary) in the canonical bytes (SPEC
    §2.6). Several columns (or names) are first put in one struct."""
    from pyspark.sql import functions as F

    if not cols:
        raise TypeError(
            "zerorow_encode needs a struct column or the columns to put in one"
        )
    arg = (
        cols[0] if len(cols) == 1 and not isinstance(cols[0], str) else F.struct(*cols)
    )
    return F.call_function("zerorow_encode", arg)


def zerorow_decode(
    col: Any, schema: Schema | str | type, options: Mapping[str, str] | None = None
):
    """`zerorow_decode(binary, schema [, options])`: rows back to a struct column.

    `schema`: a zerorow Schema, a dataclass / NamedTuple class, zerorow canonical JSON or a
    Spark DDL string. `options`: {"mode": "FAILFAST" (default) | "PERMISSIVE"} (and the
    connector's others, e.g. {"validation": "full"})."""
    from pyspark.sql import functions as F

    args = [F.col(col) if isinstance(col, str) else col, F.lit(schema_text(schema))]
    if options:
        kv = []
        for k, v in options.items():
            kv += [F.lit(str(k)), F.lit(str(v))]
        args.append(F.create_map(*kv))
    return F.call_function("zerorow_decode", *args)


def malformed_rows(spark) -> int:
    """How many rows `zerorow_decode` in PERMISSIVE mode has turned into null so far in this
    session's SparkContext: the connector's accumulator `zerorow.malformedRows` (also in the
    Spark UI), read on the driver's JVM. Like every accumulator updated inside a query, it
    counts the rows of each successful task, so a stage that Spark runs again counts again.

    Classic sessions only: over Spark Connect the accumulator lives on the server (its Spark UI
    shows it)."""
    if type(spark).__module__.startswith("pyspark.sql.connect"):
        raise NotImplementedError(
            "malformed_rows needs the driver's JVM; over Spark Connect the count is the "
            "accumulator zerorow.malformedRows in the server's Spark UI"
        )
    from ._jar import has_functions

    if not has_functions(spark):
        raise RuntimeError(
            "malformed_rows needs the zerorow connector jar in the session "
            "(zerorow.spark.configure(builder), or spark.jars and spark.sql.extensions="
            "io.zerorow.spark.ZerorowExtensions); this session has none, so no "
            "zerorow_decode ran in PERMISSIVE mode"
        )
    return int(spark.sparkContext._jvm.io.zerorow.spark.MalformedRows.count())


def schema_text(schema: Any) -> str:
    """The schema argument of zerorow_decode: canonical JSON, or a DDL / JSON string as given."""
    if isinstance(schema, str):
        return schema
    if isinstance(schema, Schema):
        return schema.to_json()
    from ._types import resolve_schema

    return resolve_schema(schema).to_json()


__all__ = ["malformed_rows", "zerorow_decode", "zerorow_encode"]
