"""DataStream functions over zerorow rows carried as `bytes`: `row_map` and `row_flat_map`.

A stream of rows is a stream of `Types.PRIMITIVE_ARRAY(Types.BYTE())` (`row_type_info()`),
which PyFlink hands to Python as `bytes`; the user's function gets each as a zero-copy
`zerorow.BinaryRow` and returns rows that leave as bytes again (or, with `result_type`
given, plain values: pass the matching `output_type` to `map`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ._codec import SchemaLike, as_schema, check_level


def row_type_info():
    """The TypeInformation of a stream of rows: `Types.PRIMITIVE_ARRAY(Types.BYTE())`."""
    from pyflink.common import Types

    return Types.PRIMITIVE_ARRAY(Types.BYTE())


def row_map(
    fn: Callable[[Any], Any],
    input_schema: SchemaLike,
    result_schema: SchemaLike | None = None,
    *,
    plain_result: bool = False,
    level: str = "bounds",
):
    """A MapFunction: `stream.map(row_map(fn, s_in, s_out), output_type=row_type_info())`.

    `fn(row)` returns a row of `result_schema`; with `plain_result=True` (and no result schema)
    it returns any value, passed on as it is. `level` as in `zerorow.flink.row_udf`.
    """
    from ._tasks import RowMapFunction

    return RowMapFunction(
        fn, *_schemas(input_schema, result_schema, plain_result), check_level(level)
    )


def row_flat_map(
    fn: Callable[[Any], Iterable[Any]],
    input_schema: SchemaLike,
    result_schema: SchemaLike | None = None,
    *,
    plain_result: bool = False,
    level: str = "bounds",
):
    """A FlatMapFunction: `fn(row)` returns (or yields) any number of results per row."""
    from ._tasks import RowFlatMapFunction

    return RowFlatMapFunction(
        fn, *_schemas(input_schema, result_schema, plain_result), check_level(level)
    )


def _schemas(input_schema: Any, result_schema: Any, plain_result: bool) -> tuple:
    if (result_schema is None) != plain_result:
        raise TypeError(
            "give a result_schema (rows out, as bytes) or plain_result=True, not both or neither"
        )
    out = None if plain_result else as_schema(result_schema, "result_schema").to_json()
    return as_schema(input_schema, "input_schema").to_json(), out
