"""Encoders: dataclass / NamedTuple instances <-> rows (DESIGN §3).

Encoding runs in the native core, which walks the objects along the compiled schema and
fetches attributes with the C API; decoding reads with the native views and builds the user's
classes with a converter precompiled per schema.
"""

from __future__ import annotations

from typing import Any, Generic, Iterable, TypeVar

from . import _zerorow
from ._views import RowData
from .infer import struct_node
from .schema import Schema

T = TypeVar("T")


class Encoder(Generic[T]):
    """Rows of one class. Build with `zerorow.encoder(cls)`."""

    def __init__(self, cls: type[T]) -> None:
        self.cls = cls
        node = struct_node(cls)
        self.schema = Schema(node.type)
        self._native = self.schema._native
        self._plan = node.plan()
        plan = self._plan
        self._conv = lambda row: _zerorow.decode_row(plan, row)

    def encode(self, obj: T) -> bytes:
        """The row bytes of `obj` (SPEC §2.6 canonical layout)."""
        return _zerorow.encode(self._native, obj)

    def to_row(self, obj: T) -> RowData:
        """A row view over freshly encoded bytes of `obj`."""
        return RowData(self.schema, _zerorow.encode(self._native, obj))

    def from_row(self, row: RowData) -> T:
        """An instance of the class (nested classes too) from a row of this schema."""
        # Compared on cpp-row's types, so a nested row (row.f4[3]) needs no Schema built.
        if not (isinstance(row, RowData) and row._has_type(self._native)):
            from .errors import error

            raise error(
                "schema_mismatch",
                "",
                f"row schema {_fingerprint_of(row)} is not the encoder's {self.schema.fingerprint}",
            )
        return self._conv(row)

    def decode(self, buffer: Any, level: str = "bounds") -> T:
        """from_row(RowData(schema, buffer)); level "full" validates first."""
        return self._conv(RowData(self.schema, buffer, level))

    def encode_many(self, objs: Iterable[T]) -> tuple[bytes, list[int]]:
        """Rows of `objs` end to end, and the n+1 offsets."""
        import array

        data, offs = _zerorow.encode_many(self._native, _as_list(objs))
        a = array.array("q")
        a.frombytes(offs)
        return data, a.tolist()

    def to_arrow_record_batch(self, objs: Iterable[T]):
        """A pyarrow.RecordBatch with one column per field (SPEC §12)."""
        from .arrow import objects_to_batch

        return objects_to_batch(self, _as_list(objs))

    def to_arrow_table(self, objs: Iterable[T]):
        """A pyarrow.Table with one column per field (SPEC §12)."""
        import pyarrow as pa

        return pa.Table.from_batches([self.to_arrow_record_batch(objs)])

    def from_arrow(self, data: Any) -> list[T]:
        """Instances from a RecordBatch / Table / any Arrow PyCapsule exporter of this schema."""
        from .arrow import from_arrow

        return [self._conv(r) for r in from_arrow(data, self.schema)]

    def __repr__(self) -> str:
        return f"Encoder({self.cls.__qualname__}, {self.schema!r})"


def _as_list(objs: Iterable[Any]) -> Any:
    """A list or tuple as it is (the native encoder reads it in place); anything else, list
    and tuple subclasses included (they may iterate differently), copied to a list."""
    return objs if type(objs) is list or type(objs) is tuple else list(objs)


def _fingerprint_of(row: Any) -> str:
    return row.schema.fingerprint if isinstance(row, RowData) else type(row).__name__


def encoder(cls: type[T]) -> Encoder[T]:
    """The encoder of a dataclass or NamedTuple class."""
    return Encoder(cls)
