"""Rows of one schema in an Arrow binary buffer, as zero-copy views and as columns."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from .. import _zerorow
from .._views import BinaryRow
from ..schema import Schema
from ._columns import Column, read_column


class RowBatch:
    """The rows a task got in one Arrow batch: `len`, `batch[k]` / iteration (zero-copy
    `BinaryRow` views over the Arrow buffer) and `batch.column("a.b")`, which reads one field
    of every row in a few vectorised steps (see `Column`).

    `data` is the Arrow data buffer (any buffer-protocol object), `starts` / `ends` the int64
    byte offsets of each row in it."""

    __slots__ = ("_cols", "_level", "_mv", "_np", "data", "ends", "schema", "starts")

    def __init__(
        self,
        schema: Schema,
        data: Any,
        starts: np.ndarray,
        ends: np.ndarray,
        level: str = "bounds",
    ) -> None:
        self.schema = schema
        self.data = data
        self.starts = starts
        self.ends = ends
        self._mv = memoryview(data).cast("B") if data is not None else memoryview(b"")
        self._np = None
        self._level = level
        self._cols: dict = {}

    @classmethod
    def from_arrow_binary(cls, arr, schema: Schema, level: str = "bounds") -> RowBatch:
        """Views over a pyarrow binary / large_binary array (sliced arrays and nulls handled:
        a null entry is not a row and is left out)."""
        bufs = arr.buffers()
        width = "<i8" if str(arr.type) in ("large_binary", "large_string") else "<i4"
        n = len(arr)
        offs = (
            np.frombuffer(
                bufs[1],
                dtype=width,
                count=n + 1,
                offset=arr.offset * np.dtype(width).itemsize,
            )
            if n
            else np.zeros(1, width)
        )
        if arr.null_count:
            keep = np.asarray(arr.is_valid())
            starts, ends = offs[:-1][keep], offs[1:][keep]
        else:
            starts, ends = offs[:-1], offs[1:]
        return cls(
            schema,
            bufs[2] if n else None,
            starts.astype(np.int64),
            ends.astype(np.int64),
            level,
        )

    @classmethod
    def from_rows(cls, batch) -> RowBatch:
        """Over a zerorow.RowBatch (rows built by the native core from Arrow columns)."""
        offs = np.frombuffer(batch.offsets, dtype="<i8")
        return cls(batch.schema, batch.data, offs[:-1], offs[1:])

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, k: int) -> BinaryRow:
        n = len(self.starts)
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError(f"row index {k} out of range for a batch of {n} rows")
        return BinaryRow(
            self.schema, self._mv[int(self.starts[k]) : int(self.ends[k])], self._level
        )

    def __iter__(self) -> Iterator[BinaryRow]:
        return iter(self.rows())

    def rows(self) -> list[BinaryRow]:
        """Every row's view, made in one native call (all share one hold on the buffer)."""
        return _zerorow.make_rows(
            self.schema,
            self.schema._native,
            self._mv,
            np.ascontiguousarray(self.starts, np.int64),
            np.ascontiguousarray(self.ends, np.int64),
            self._level,
        )

    def column(self, path: str | int) -> Column:
        """Field `path` of every row ("order_id", "customer.country", "items.qty")."""
        if isinstance(path, int):
            path = self.schema.names[path]
        col = self._cols.get(path)
        if col is None:
            if self._np is None:
                self._np = np.frombuffer(self._mv, dtype=np.uint8)
            col = read_column(
                self._np, self.starts, self.ends - self.starts, self.schema, path
            )
            self._cols[path] = col
        return col

    def rows_bytes(self) -> tuple:
        """(data, int64 offsets) of the rows end to end (copied only when not already so)."""
        if len(self.starts) and (
            self.starts[0] != 0 or (self.starts[1:] != self.ends[:-1]).any()
        ):
            parts = [
                self._mv[a:b]
                for a, b in zip(self.starts.tolist(), self.ends.tolist(), strict=False)
            ]
            data = b"".join(parts)
            offs = np.zeros(len(parts) + 1, np.int64)
            np.cumsum(self.ends - self.starts, out=offs[1:])
            return data, offs
        end = int(self.ends[-1]) if len(self.ends) else 0
        return self._mv[:end], np.concatenate([[0], self.ends]).astype(np.int64)

    def to_arrow(self):
        """The rows decoded to a pyarrow.RecordBatch (one column per field), by cpp-row."""
        from ..arrow import RowBatch as Rows

        data, offs = self.rows_bytes()
        return Rows(self.schema, data, offs).to_arrow()

    def __repr__(self) -> str:
        return f"zerorow.spark.RowBatch({len(self)} rows, {self.schema!r})"
