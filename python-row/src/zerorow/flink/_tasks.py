"""The pyflink function classes behind `row_udf` (general and pandas), `row_udtf`, `row_map`
and `row_flat_map`.

This module imports pyflink; `functions` and `datastream` import it only when a function is
built. The classes live at module level so that the workers unpickle them by reference.
The native schema objects do not pickle: only the JSON texts travel, and each task makes
its reader and writer in open().
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyflink.datastream.functions import FlatMapFunction, MapFunction
from pyflink.table.udf import ScalarFunction, TableFunction

from ._codec import batch_reader, row_reader, row_writer


def _as_is(value: Any) -> Any:
    return value


class _RowTask:
    """What every kind shares: the user's function, the two schemas, the check level."""

    def __init__(
        self, fn: Callable, input_json: str, output_json: str | None, level: str
    ) -> None:
        self._fn, self._input_json, self._output_json, self._level = (
            fn,
            input_json,
            output_json,
            level,
        )
        self._read: Any = None
        self._write: Any = None

    def open(self, context: Any) -> None:
        self._read = row_reader(self._input_json, self._level)
        self._write = (
            row_writer(self._output_json) if self._output_json is not None else _as_is
        )

    def close(self) -> None:
        self._read = self._write = None


class RowScalarFunction(_RowTask, ScalarFunction):
    def eval(self, data: Any, *args: Any) -> Any:
        if data is None:
            return None
        if self._output_json is None:  # a plain value: no writer call per row
            return self._fn(self._read(data), *args)
        return self._write(self._fn(self._read(data), *args))


class RowPandasScalarFunction(_RowTask, ScalarFunction):
    """`row_udf(..., func_type="pandas")`: PyFlink calls eval once per Arrow batch with pandas
    Series; the rows of the whole batch are made in one native call and `fn` runs once per
    row, with no PyFlink call between rows."""

    def open(self, context: Any) -> None:
        super().open(context)
        self._read = batch_reader(self._input_json, self._level)

    def eval(self, data: Any, *args: Any) -> Any:
        import pandas as pd

        fn, write = self._fn, self._write
        rows = self._read(data.tolist())
        if args:
            extra = zip(*(a.tolist() for a in args), strict=True)
            out = [
                None if r is None else write(fn(r, *a))
                for r, a in zip(rows, extra, strict=True)
            ]
        else:
            out = [None if r is None else write(fn(r)) for r in rows]
        return pd.Series(out)


class RowTableFunction(_RowTask, TableFunction):
    def eval(self, data: Any, *args: Any) -> Any:
        if data is None:
            return
        write = self._write
        for out in self._fn(self._read(data), *args) or ():
            yield write(out)


class RowMapFunction(_RowTask, MapFunction):
    def map(self, value: Any) -> Any:
        if value is None:
            return None
        return self._write(self._fn(self._read(value)))


class RowFlatMapFunction(_RowTask, FlatMapFunction):
    def flat_map(self, value: Any) -> Any:
        if value is None:
            return
        write = self._write
        for out in self._fn(self._read(value)) or ():
            yield write(out)
