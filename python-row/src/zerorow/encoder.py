"""Encoders: dataclass / NamedTuple instances <-> rows (SPEC §1.1, "Encoder").

Encoding runs in the native core, which walks the objects along the compiled schema and
fetches attributes with the C API; decoding reads with the native views and builds the user's
classes with a converter precompiled per schema.
"""

from __future__ import annotations

import array
import contextlib
from collections.abc import Iterable, Iterator
from typing import Any, Generic, TypeVar

from . import _zerorow
from ._views import BinaryRow
from .arrow import from_arrow, objects_to_batch
from .errors import ZerorowError, error
from .evolution import ResolvedRow, resolve
from .infer import enum_checks, struct_node
from .levels import LevelLike, level_of
from .schema import Schema

T = TypeVar("T")


class Encoder(Generic[T]):
    """Rows of one class. Build with `zerorow.encoder(cls)`.

    strict=True refuses values finer than a microsecond (pandas Timestamp with nanoseconds,
    NumPy datetime64[ns]) instead of truncating them toward negative infinity (SPEC Appendix
    A). field_order="name" sorts fields by name, as Apache Fory lays out its rows. An encoder
    pickles (it is rebuilt from its class on load)."""

    def __init__(
        self, cls: type[T], strict: bool = False, field_order: str = "declaration"
    ) -> None:
        self.cls = cls
        self.strict = bool(strict)
        self.field_order = field_order
        node = struct_node(cls, (), field_order)
        self.schema = Schema(node.type)
        # The encoder's own compiled schema when it writes differently: the schema's cpp-row
        # Schema with the Enum checks of its fields and the strict flag (both only matter when
        # writing); else the schema's own.
        enums = enum_checks(node)
        self._native = (
            _zerorow.CompiledSchema.for_encoder(self.schema._native, enums, self.strict)
            if enums or self.strict
            else self.schema._native
        )
        self._plan = node.plan()
        plan = self._plan
        self._conv = lambda row: _zerorow.decode_row(plan, row)
        self._resolutions: dict[
            int, Any
        ] = {}  # writer fingerprint -> Resolution (SPEC §13)

    def __reduce__(self):
        return (Encoder, (self.cls, self.strict, self.field_order))

    def encode(self, obj: T) -> bytes:
        """The row bytes of `obj` (SPEC §2.6 canonical layout)."""
        return _zerorow.encode(self._native, obj)

    def to_row(self, obj: T) -> BinaryRow:
        """A row view over freshly encoded bytes of `obj`."""
        return BinaryRow(self.schema, _zerorow.encode(self._native, obj))

    def from_row(self, row: BinaryRow | ResolvedRow) -> T:
        """An instance of the class (nested classes too) from a row of this schema, or from a
        ResolvedRow whose reader schema is this one (a row of an older or newer writer, SPEC
        §13.4). A row whose references share bodies is refused before it decodes past one value
        per byte (SPEC §6.2)."""
        # Compared on cpp-row's types, so a nested row (row.f4[3]) needs no Schema built.
        if isinstance(row, ResolvedRow):
            if not row._has_type(self.schema._native):
                raise error(
                    "schema_mismatch",
                    "",
                    f"expected a row read as schema {self.schema.fingerprint_hex} but found "
                    f"one read as {row.schema.fingerprint_hex}",
                )
            return self._conv(row)
        if not isinstance(row, BinaryRow):
            raise TypeError(
                f"from_row needs a zerorow.BinaryRow of {self.cls.__qualname__}'s schema, got "
                f"{type(row).__name__}"
            )
        if not row._has_type(
            self.schema._native
        ):  # the rows' own compiled type: a pointer compare
            raise error(
                "schema_mismatch",
                "",
                f"expected a row of schema {self.schema.fingerprint_hex} but found one of "
                f"{row.schema.fingerprint_hex} (a row of another version of the schema: "
                "decode it with from_row(zerorow.resolve(row.schema, encoder.schema).view(row)) "
                "or decode(bytes, writer=row.schema))",
            )
        return self._conv(row)

    def decode(
        self, buffer: Any, level: LevelLike = "bounds", writer: Schema | None = None
    ) -> T:
        """from_row(BinaryRow(schema, buffer, level)): "full" validates first, "none" skips
        every check (bytes you wrote); the decode budget of SPEC §6.2 applies below full.
        With `writer`, the bytes are a row of that schema (an older or newer version of this
        class's): it is resolved to this encoder's schema (once per writer fingerprint) and
        read through the resolution (SPEC §13).

        `buffer` may also be a BinaryRow (or a ResolvedRow): decoded as from_row(row), after
        a full validation of its bytes when level is "full" (its bounds were checked when it
        was made); with `writer`, a BinaryRow of the writer schema is resolved as bytes are."""
        if isinstance(buffer, ResolvedRow) and writer is None:
            return self.from_row(buffer)
        if isinstance(buffer, BinaryRow) and writer is None:
            if level_of(level) == "full":
                buffer.validate("full")
            return self.from_row(buffer)
        if writer is None:
            return self._conv(BinaryRow(self.schema, buffer, level_of(level)))
        res = self._resolutions.get(writer.fingerprint) or self.resolution(writer)
        return self._conv(res.view(buffer, level_of(level)))

    def resolution(self, writer: Schema) -> Any:
        """The Resolution of `writer` to this encoder's schema, made once per writer
        fingerprint (SchemaMismatchError when the writer's rows cannot be read as this class)."""
        res = self._resolutions.get(writer.fingerprint)
        if res is None:
            res = resolve(writer, self.schema)
            self._resolutions[writer.fingerprint] = res
        return res

    def encode_many(self, objs: Iterable[T]) -> tuple[bytes, list[int]]:
        """Rows of `objs` end to end, and the n+1 offsets. An error names the failing
        object's index (`[2].x: ...`)."""
        data, offs = _zerorow.encode_many(self._native, _as_list(objs))
        a = array.array("q")
        a.frombytes(offs)
        return data, a.tolist()

    def to_arrow_record_batch(self, objs: Iterable[T]):
        """A pyarrow.RecordBatch with one column per field (SPEC §12)."""
        return objects_to_batch(self, _as_list(objs))

    def to_arrow_table(self, objs: Iterable[T]):
        """A pyarrow.Table with one column per field (SPEC §12)."""
        import pyarrow as pa  # optional (the `arrow` extra): imported when asked

        return pa.Table.from_batches([self.to_arrow_record_batch(objs)])

    def from_arrow(self, data: Any) -> list[T]:
        """Instances from a RecordBatch / Table / any Arrow PyCapsule exporter; columns are
        matched to this class's fields by name."""
        return [self._conv(r) for r in from_arrow(data, self.schema)]

    def __repr__(self) -> str:
        return f"Encoder({self.cls.__qualname__}, {self.schema!r})"


def _as_list(objs: Iterable[Any]) -> Any:
    """A list or tuple as it is (the native encoder reads it in place); anything else, list
    and tuple subclasses included (they may iterate differently), copied to a list."""
    if type(objs) is list or type(objs) is tuple:
        return objs
    if (
        objs is None
        or isinstance(objs, (str, bytes, dict))
        or not hasattr(objs, "__iter__")
    ):
        raise TypeError(
            f"expected an iterable of objects (a list of instances), got {type(objs).__name__}"
        )
    return list(objs)


@contextlib.contextmanager
def at_index(k: int) -> Iterator[None]:
    """Prefixes the path of a zerorow error raised inside with the object's index `[k]`."""
    try:
        yield
    except ZerorowError as e:
        path = f"[{k}]" + ("." + e.path if e.path and e.path[0] not in "[{" else e.path)
        text = str(e)
        sep = text.find(": ")
        msg = text[sep + 2 :] if sep >= 0 else text
        raise type(e)(f"{e.kind} at {path}: {msg}", e.kind, path) from e


def encoder(
    cls: type[T], strict: bool = False, field_order: str = "declaration"
) -> Encoder[T]:
    """The encoder of a dataclass or NamedTuple class (see Encoder for the options)."""
    return Encoder(cls, strict, field_order)
