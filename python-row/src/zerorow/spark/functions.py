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


def schema_text(schema: Any) -> str:
    """The schema argument of zerorow_decode: canonical JSON, or a DDL / JSON string as given."""
    if isinstance(schema, str):
        return schema
    if isinstance(schema, Schema):
        return schema.to_json()
    from ._types import resolve_schema

    return resolve_schema(schema).to_json()


__all__ = ["zerorow_decode", "zerorow_encode"]
