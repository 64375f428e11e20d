"""Row files (SPEC §5): Arrow IPC files with one non-null binary column `row` whose field
metadata carries the format version, the schema's canonical JSON and its fingerprint."""

from __future__ import annotations

import bisect
from typing import Any, Iterable, Iterator, Optional

from ._views import RowData
from .errors import error
from .schema import FORMAT_VERSION, Schema, fingerprint_hex

BATCH_ROWS = 65536


def _rows_bytes(items: Iterable[Any], schema: Schema) -> Iterator[bytes]:
    from . import _zerorow

    for x in items:
        if isinstance(x, RowData):
            if x.schema != schema:
                raise error(
                    "schema_mismatch",
                    "",
                    f"row of schema {x.schema.fingerprint}, file schema {schema.fingerprint}",
                )
            yield x.to_bytes()
        elif isinstance(x, (bytes, bytearray, memoryview)):
            yield bytes(x)
        else:
            yield _zerorow.encode(schema._native, x)


def write_file(path: str, rows_or_objs: Iterable[Any], schema: Schema) -> int:
    """Writes rows (RowData, row bytes, or objects to encode) to an Arrow IPC row file; returns the count."""
    import pyarrow as pa

    meta = {
        "zerorow.version": str(FORMAT_VERSION),
        "zerorow.schema": schema.to_json(),
        "zerorow.fingerprint": schema.fingerprint,
    }
    aschema = pa.schema(
        [pa.field("row", pa.large_binary(), nullable=False, metadata=meta)]
    )
    n = 0
    with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_file(sink, aschema) as w:
        batch: list = []
        for b in _rows_bytes(rows_or_objs, schema):
            batch.append(b)
            if len(batch) == BATCH_ROWS:
                w.write_batch(
                    pa.record_batch(
                        [pa.array(batch, pa.large_binary())], schema=aschema
                    )
                )
                n += len(batch)
                batch = []
        if batch or n == 0:
            w.write_batch(
                pa.record_batch([pa.array(batch, pa.large_binary())], schema=aschema)
            )
            n += len(batch)
    return n


class RowFile:
    """A memory-mapped row file: len(), random access by index, iteration, to_arrow()."""

    def __init__(
        self, path: str, schema: Optional[Schema] = None, level: str = "bounds"
    ) -> None:
        import pyarrow as pa

        self._source = pa.memory_map(str(path), "r")
        self._reader = pa.ipc.open_file(self._source)
        fields = self._reader.schema
        if fields.names != ["row"] or not (
            pa.types.is_binary(fields.field(0).type)
            or pa.types.is_large_binary(fields.field(0).type)
        ):
            raise error(
                "invalid_data",
                "",
                f"a row file has one binary column named 'row', found {fields}",
            )
        meta = {
            k.decode(): v.decode() for k, v in (fields.field(0).metadata or {}).items()
        }
        for key in ("zerorow.version", "zerorow.schema", "zerorow.fingerprint"):
            if key not in meta:
                raise error("invalid_data", "", f"row column metadata lacks {key}")
        if meta["zerorow.version"].split(".")[0] != "1":
            raise error(
                "unsupported",
                "",
                f"format version {meta['zerorow.version']} (this reader: 1)",
            )
        if fingerprint_hex(meta["zerorow.schema"]) != meta["zerorow.fingerprint"]:
            raise error(
                "invalid_data", "", "zerorow.fingerprint does not match zerorow.schema"
            )
        self.schema = Schema.from_json(meta["zerorow.schema"])
        if schema is not None and schema.fingerprint != self.schema.fingerprint:
            raise error(
                "schema_mismatch",
                "",
                f"expected schema {schema.fingerprint} but the file has {self.schema.fingerprint}",
            )
        if level not in ("none", "bounds", "full", "unchecked"):
            raise ValueError(
                f"level must be 'bounds', 'full' or 'unchecked', not {level!r}"
            )
        self._level = level
        self._row_level = "unchecked" if level == "unchecked" else "bounds"
        self._batches = [
            self._reader.get_batch(i).column(0)
            for i in range(self._reader.num_record_batches)
        ]
        self._starts = [0]
        for b in self._batches:
            if b.null_count:
                raise error("invalid_data", "", "the row column has null entries")
            self._starts.append(self._starts[-1] + len(b))
        self._views = [self._batch_view(b) for b in self._batches]
        if level == "full":
            for r in self:
                r.validate()

    @staticmethod
    def _batch_view(col) -> tuple:
        import numpy as np

        bufs = col.buffers()
        width = "<i8" if col.type.id == 22 or str(col.type) == "large_binary" else "<i4"
        offsets = np.frombuffer(bufs[1], dtype=width, count=len(col) + 1 + col.offset)[
            col.offset :
        ]
        data = memoryview(bufs[2]) if bufs[2] is not None else memoryview(b"")
        return offsets, data

    def __len__(self) -> int:
        return self._starts[-1]

    def __getitem__(self, k: int) -> RowData:
        n = len(self)
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError("row index out of range")
        b = bisect.bisect_right(self._starts, k) - 1
        offsets, data = self._views[b]
        j = k - self._starts[b]
        return RowData(
            self.schema, data[int(offsets[j]) : int(offsets[j + 1])], self._row_level
        )

    def __iter__(self) -> Iterator[RowData]:
        for k in range(len(self)):
            yield self[k]

    def to_arrow(self):
        """The rows decoded to a pyarrow.Table with one column per field (SPEC §12)."""
        import pyarrow as pa

        from .arrow import RowBatch, schema_to_arrow

        if len(self) == 0:
            return schema_to_arrow(self.schema).empty_table()
        # Each Arrow batch of the file is exported straight from the mapped buffer: only the
        # offsets are widened to int64, the rows are not copied before cpp-row decodes them.
        return pa.Table.from_batches(
            [
                RowBatch(self.schema, data, offsets.astype("<i8")).to_arrow()
                for offsets, data in self._views
                if len(offsets) > 1
            ]
        )

    def close(self) -> None:
        self._views = []
        self._batches = []
        self._source.close()

    def __enter__(self) -> RowFile:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def open_file(
    path: str, schema: Optional[Schema] = None, level: str = "bounds"
) -> RowFile:
    """Opens a row file memory-mapped; `schema` checks the fingerprint, level "full" validates every row."""
    return RowFile(path, schema, level)
