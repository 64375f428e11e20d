"""The pyflink function classes behind `row_udf`, `row_udtf`, `row_map` and `row_flat_map`.

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

from ._codec import row_reader, row_writer


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
        return self._write(self._fn(self._read(data), *args))


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
