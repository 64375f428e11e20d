"""Spark types <-> zerorow schemas: SPEC Appendix B, the table SparkSchemas applies on the
JVM, applied here directly (Spark's own Arrow mapping has no form for the interval types and
stores a variant as a struct). Nothing here needs the connector jar, so the Python-side
fallback uses it too.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .. import schema as z
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


# Spark type (class name: pyspark 3.5 lacks some classes) -> zerorow type, for the types
# without parameters (SPEC Appendix B). CHAR(n)/VARCHAR(n) are strings, as Spark reads them;
# any YEAR/MONTH interval is a number of months.
_FROM_SPARK: dict[str, z.DataType] = {
    "NullType": z.null_type,
    "BooleanType": z.bool_,
    "ByteType": z.int8,
    "ShortType": z.int16,
    "IntegerType": z.int32,
    "LongType": z.int64,
    "FloatType": z.float32,
    "DoubleType": z.float64,
    "StringType": z.string,
    "CharType": z.string,
    "VarcharType": z.string,
    "BinaryType": z.binary,
    "DateType": z.date32,
    "TimestampType": z.timestamp("UTC"),
    "TimestampNTZType": z.timestamp(),
    "DayTimeIntervalType": z.duration,
    "YearMonthIntervalType": z.interval_ym,
    "CalendarIntervalType": z.interval,
    "TimeType": z.time,
    "VariantType": z.variant,
}


def struct_to_schema(struct) -> Schema:
    """The zerorow Schema of a Spark StructType (SPEC Appendix B: timestamp -> timestamp with
    zone "UTC", timestamp_ntz -> naive timestamp, day-time interval -> duration, ...); a type
    zerorow has no type for is refused naming the field, as SparkSchemas does on the JVM."""
    return Schema(_from_spark(struct, ""))


def _from_spark(t, path: str) -> z.DataType:
    from pyspark.sql import types as T

    if isinstance(t, T.StructType):
        return z.struct(
            [
                z.field(
                    f.name,
                    _from_spark(f.dataType, f"{path}.{f.name}" if path else f.name),
                    f.nullable,
                )
                for f in t.fields
            ]
        )
    if isinstance(t, T.ArrayType):
        return z.list_(_from_spark(t.elementType, path + "[]"), t.containsNull)
    if isinstance(t, T.MapType):
        return z.map_(
            _from_spark(t.keyType, path + "{keys}[]"),
            _from_spark(t.valueType, path + "{values}[]"),
            t.valueContainsNull,
        )
    if isinstance(t, T.DecimalType):
        return z.decimal(t.precision, t.scale)
    if isinstance(t, T.UserDefinedType):
        cls = type(t)
        _unmapped(
            t,
            path,
            f"it is a user-defined type ({cls.__module__}.{cls.__name__}); encode its SQL "
            f"type {t.sqlType().simpleString()} instead",
        )
    found = _FROM_SPARK.get(type(t).__name__)
    if found is None:
        _unmapped(t, path, "zerorow has no type for it")
    return found


def _unmapped(t, path: str, why: str):
    where = path or "<row>"
    raise error(
        "unsupported",
        path,
        f"cannot map field {where} of Spark type {t.simpleString()} to zerorow: {why}",
    )


# Spark types Spark's Arrow conversion has no form for: the Python-side path (no jar), which
# moves rows as Arrow columns, refuses them (the jar path takes them).
_NO_ARROW_FORM = ("YearMonthIntervalType", "CalendarIntervalType", "VariantType")


def _refuse_unmapped(t, path: str) -> None:
    """The Python-side (no jar) path's refusals: what zerorow has no type for, in the
    connector's own words (SparkSchemas on the JVM), and the types Spark's Arrow conversion
    cannot carry, naming the field."""
    from pyspark.sql import types as T

    if isinstance(t, T.StructType):
        for f in t.fields:
            _refuse_unmapped(f.dataType, f"{path}.{f.name}" if path else f.name)
    elif isinstance(t, T.ArrayType):
        _refuse_unmapped(t.elementType, path + "[]")
    elif isinstance(t, T.MapType):
        _refuse_unmapped(t.keyType, path + "{keys}[]")
        _refuse_unmapped(t.valueType, path + "{values}[]")
    elif type(t).__name__ in _NO_ARROW_FORM:
        _unmapped(
            t,
            path,
            "Spark's Arrow conversion has no form for it: use the connector jar "
            "(zerorow.spark.configure), whose zerorow_encode takes it",
        )
    else:
        _from_spark(t, path)


def _time_type():
    from pyspark.sql import types as T

    return T.TimeType(6) if hasattr(T, "TimeType") else None


def _variant_type():
    from pyspark.sql import types as T

    return T.VariantType() if hasattr(T, "VariantType") else None


def schema_to_struct(schema: Schema):
    """The Spark StructType of a zerorow Schema (SPEC Appendix B)."""
    return _to_spark(schema.type, "")


def _to_spark(t: z.DataType, path: str):
    from pyspark.sql import types as T

    if t.id == "struct":
        return T.StructType(
            [
                T.StructField(
                    f.name,
                    _to_spark(f.type, f"{path}.{f.name}" if path else f.name),
                    f.nullable,
                )
                for f in t.fields
            ]
        )
    if t.id == "list":
        return T.ArrayType(_to_spark(t.element, path + "[]"), t.element_nullable)
    if t.id == "map":
        return T.MapType(
            _to_spark(t.key, path + "{keys}[]"),
            _to_spark(t.value, path + "{values}[]"),
            t.value_nullable,
        )
    if t.id == "decimal":
        return T.DecimalType(t.precision, t.scale)
    if t.id == "timestamp":
        return T.TimestampNTZType() if t.tz is None else T.TimestampType()
    spark_type = TO_SPARK[t.id]()
    if spark_type is None:
        since = "4.1 (TimeType)" if t.id == "time" else "4.0 (VariantType)"
        raise error(
            "unsupported",
            path,
            f"zerorow type {t.id} at {path or '<row>'} has no Spark type before "
            f"Spark {since}",
        )
    return spark_type


def _spark(name: str):
    """A maker of the pyspark type `name` (pyspark is imported when it is called)."""

    def make():
        from pyspark.sql import types as T

        return getattr(T, name)()

    return make


# zerorow type -> Spark type, one entry per zerorow type (tests/spark check it against
# zerorow.schema.TYPES); the nested types, decimal and timestamp are built in _to_spark.
TO_SPARK = {
    "bool": _spark("BooleanType"),
    "int8": _spark("ByteType"),
    "int16": _spark("ShortType"),
    "int32": _spark("IntegerType"),
    "int64": _spark("LongType"),
    "float32": _spark("FloatType"),
    "float64": _spark("DoubleType"),
    "string": _spark("StringType"),
    "binary": _spark("BinaryType"),
    "date32": _spark("DateType"),
    "time": _time_type,
    "timestamp": None,
    "duration": _spark("DayTimeIntervalType"),
    "decimal": None,
    "list": None,
    "map": None,
    "struct": None,
    "null": _spark("NullType"),
    "interval_ym": _spark("YearMonthIntervalType"),
    "interval": _spark("CalendarIntervalType"),
    # Spark has neither: the bytes are BinaryType's (SPEC §3.8)
    "fixed_binary": _spark("BinaryType"),
    "uuid": _spark("BinaryType"),
    "variant": _variant_type,
}


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
