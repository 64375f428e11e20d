"""Spark types <-> zerorow schemas, through the Arrow mapping both sides already define.

Spark maps Catalyst types to Arrow (pyspark.sql.pandas.types) and zerorow maps Arrow to its
types (SPEC §12), so a Spark StructType becomes a zerorow Schema by way of a pyarrow schema,
and back. Nothing here needs the connector jar, so the Python-side fallback uses it too.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..errors import error
from ..schema import Schema


def arrow_schema_of(struct):
    """The pyarrow schema Spark uses for `struct` (timestamps in UTC; pyspark 3.5's
    to_arrow_schema has no timezone argument and always uses UTC)."""
    from pyspark.sql.pandas.types import to_arrow_schema

    try:
        return to_arrow_schema(struct, timezone="UTC")
    except TypeError as e:
        if "timezone" not in str(e):
            raise
        return to_arrow_schema(struct)


def struct_to_schema(struct) -> Schema:
    """The zerorow Schema of a Spark StructType (timestamp -> timestamp with zone "UTC",
    timestamp_ntz -> timestamp without zone, day-time interval -> duration)."""
    from ..arrow import arrow_to_schema

    _refuse_unmapped(struct, "")
    try:
        aschema = arrow_schema_of(struct)
    except Exception as e:  # noqa: BLE001 - pyspark names the Catalyst type it cannot map
        raise error(
            "unsupported", "", f"Spark type has no zerorow mapping: {e}"
        ) from None
    return arrow_to_schema(aschema)


def _refuse_unmapped(t, path: str) -> None:
    """The Spark types zerorow has no type for, refused with the connector's own message
    (SparkSchemas on the JVM), so every path refuses the same columns the same way."""
    from pyspark.sql import types as T

    def unmapped(why: str):
        where = path or "<row>"
        raise error(
            "unsupported",
            path,
            f"cannot map field {where} of Spark type {t.simpleString()} to zerorow: {why}",
        )

    if isinstance(t, T.StructType):
        for f in t.fields:
            _refuse_unmapped(f.dataType, f"{path}.{f.name}" if path else f.name)
    elif isinstance(t, T.ArrayType):
        _refuse_unmapped(t.elementType, path + "[]")
    elif isinstance(t, T.MapType):
        _refuse_unmapped(t.keyType, path + "{keys}[]")
        _refuse_unmapped(t.valueType, path + "{values}[]")
    elif isinstance(t, T.UserDefinedType):
        cls = type(t)
        unmapped(
            f"it is a user-defined type ({cls.__module__}.{cls.__name__}); encode its SQL "
            f"type {t.sqlType().simpleString()} instead"
        )
    elif type(t).__name__ in ("CharType", "VarcharType"):
        unmapped("read it as STRING (cast it) so its length rule is explicit")
    elif type(t).__name__ in (
        "VariantType",
        "CalendarIntervalType",
        "YearMonthIntervalType",
        "NullType",
        "GeographyType",
        "GeometryType",
        "ObjectType",
    ):
        unmapped("zerorow has no type for it")


def schema_to_struct(schema: Schema):
    """The Spark StructType of a zerorow Schema (SPEC §12 through Arrow)."""
    from pyspark.sql.pandas.types import from_arrow_schema

    from ..arrow import schema_to_arrow

    return from_arrow_schema(schema_to_arrow(schema))


def resolve_schema(spec: Any, spark=None) -> Schema:
    """A zerorow Schema from a dataclass / NamedTuple class, a Schema, a Spark StructType or a
    DDL string ("id BIGINT, name STRING"; parsed by Spark, so it needs the session)."""
    from ..infer import infer_schema

    if isinstance(spec, Schema):
        return spec
    if isinstance(spec, type) and (
        dataclasses.is_dataclass(spec) or hasattr(spec, "_fields")
    ):
        return infer_schema(spec)
    if isinstance(spec, str):
        if spark is None:
            raise TypeError("a DDL schema string needs a SparkSession to parse it")
        return struct_to_schema(ddl_to_struct(spark, spec))
    from pyspark.sql.types import StructType

    if isinstance(spec, StructType):
        return struct_to_schema(spec)
    raise TypeError(
        "schema must be a dataclass or NamedTuple class, a zerorow.Schema, a StructType or "
        f"a DDL string, not {type(spec).__name__}"
    )


def ddl_to_struct(spark, ddl: str):
    """Spark's own parse of a DDL string (works in classic and Connect sessions)."""
    return spark.createDataFrame([], ddl).schema


def struct_of(schema_or_struct: Schema | Any):
    return (
        schema_to_struct(schema_or_struct)
        if isinstance(schema_or_struct, Schema)
        else schema_or_struct
    )
