"""Table API functions over zerorow BYTES columns: `row_udf` (scalar) and `row_udtf` (table).

The user's function gets each BYTES value as a zero-copy `zerorow.BinaryRow` over the very
`bytes` object PyFlink hands to Python (process and thread mode alike) and returns a row —
a dataclass, NamedTuple, dict, pyflink `Row` or `BinaryRow` of the result schema — that is
encoded back to BYTES; or, given `result_type` instead of a result schema, a plain value of
that Flink type.

pyflink is imported when a function is built, never when `zerorow.flink` is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ._codec import SchemaLike, as_schema, check_level


def row_udf(
    fn: Callable[..., Any],
    input_schema: SchemaLike,
    result_schema: SchemaLike | None = None,
    *,
    result_type: Any = None,
    level: str = "bounds",
    name: str | None = None,
    deterministic: bool = True,
    func_type: str = "general",
):
    """A PyFlink scalar function: `fn(row, *args)` for each BYTES value `row` of `input_schema`.

    Give exactly one of `result_schema` (the function returns rows, which leave as BYTES) and
    `result_type` (a pyflink DataType: the function returns values of that type). A NULL
    input gives NULL without calling `fn`. `level` is the check made on each input row:
    "bounds" (every access checked, the default), "full" (the whole row validated first) or
    "none" (rows this job wrote itself). Use it as any udf:
    `table.select(f(col("row")))`, or `t_env.create_temporary_function("f", f)` for SQL.

    `func_type="pandas"` makes it a pandas UDF, as PyFlink's `udf(..., func_type="pandas")`:
    PyFlink then hands Python a whole Arrow batch per call, the batch's rows are made in one
    native call, and `fn` still runs once per row — without PyFlink's per-row call cost
    (process mode only, as every pandas UDF).
    """
    from pyflink.table import DataTypes
    from pyflink.table.udf import udf

    from ._tasks import RowPandasScalarFunction, RowScalarFunction

    if func_type not in ("general", "pandas"):
        raise ValueError(f"func_type must be 'general' or 'pandas', not {func_type!r}")
    out_json, out_type = _result(result_schema, result_type, DataTypes)
    task = RowPandasScalarFunction if func_type == "pandas" else RowScalarFunction
    impl = task(
        fn,
        as_schema(input_schema, "input_schema").to_json(),
        out_json,
        check_level(level),
    )
    return udf(
        impl,
        result_type=out_type,
        name=name or _name_of(fn),
        deterministic=deterministic,
        func_type=func_type,
    )


def row_udtf(
    fn: Callable[..., Iterable[Any]],
    input_schema: SchemaLike,
    result_schema: SchemaLike | None = None,
    *,
    result_type: Any = None,
    level: str = "bounds",
    name: str | None = None,
    deterministic: bool = True,
):
    """A PyFlink table function: `fn(row, *args)` returns (or yields) any number of results per
    BYTES value, each a row of `result_schema` (one BYTES column) or a value of `result_type`.

    A NULL input gives no rows. Use it as any udtf: `table.join_lateral(t(col("row")))` or
    `LATERAL TABLE(t(row))` in SQL. `level` as in `row_udf`.
    """
    from pyflink.table import DataTypes
    from pyflink.table.udf import udtf

    from ._tasks import RowTableFunction

    out_json, out_type = _result(result_schema, result_type, DataTypes)
    impl = RowTableFunction(
        fn,
        as_schema(input_schema, "input_schema").to_json(),
        out_json,
        check_level(level),
    )
    return udtf(
        impl,
        result_types=out_type,
        name=name or _name_of(fn),
        deterministic=deterministic,
    )


def _result(result_schema: Any, result_type: Any, data_types: Any) -> tuple:
    """(result schema JSON or None, the Flink result type)."""
    if (result_schema is None) == (result_type is None):
        raise TypeError(
            "give exactly one of result_schema (rows out, as BYTES) and result_type (values of a Flink type)"
        )
    if result_schema is not None:
        return as_schema(result_schema, "result_schema").to_json(), data_types.BYTES()
    return None, result_type


def _name_of(fn: Any) -> str:
    return getattr(fn, "__name__", type(fn).__name__)
