"""Types, fields and schemas (SPEC §3, §4), the Python objects over cpp-row's Schema.

cpp-row parses and checks every schema (SPEC §4.1 rules: names, decimal parameters, depth),
and gives its canonical JSON and fingerprint (SPEC §4.2). The Python objects are handles to
cpp-row's: a DataType holds cpp-row's type, a Schema its compiled schema (cpp-row's Schema
with the extras only Python needs, laid once beside its nodes), so that a schema is built
once, from a JSON text or from types, and never through JSON on the Python side.
"""

from __future__ import annotations

import enum
import json
import zoneinfo
from collections.abc import Iterator, Sequence
from datetime import UTC, timedelta, timezone, tzinfo
from typing import Any, NamedTuple

from . import _zerorow
from .errors import ZerorowError, error


class StorageKind(enum.StrEnum):
    """How a value is stored (SPEC §3 "Storage kinds"): in the slot, or referenced."""

    FIXED = "fixed"
    BODY = "body"
    ARRAY = "array"
    MAP = "map"
    ROW = "row"
    NONE = "none"


class TypeInfo(NamedTuple):
    """One row of the type table: the JSON name (SPEC §4.1), the storage kind, the parameters
    a type of it carries (in canonical JSON order), and the Python value a reader gives."""

    name: str
    storage: StorageKind
    params: tuple[str, ...]
    value: str


_F, _B = StorageKind.FIXED, StorageKind.BODY
# THE list of types of the Python package (SPEC §3), in cpp-row's TypeId order: the schema,
# inference, the views and the native bridge read it, and tests/test_type_table.py checks it
# against cpp-row's list (zerorow/types.h) and that every dispatch handles every entry
# (format-spec/ADDING_A_TYPE.md). decimal is "fixed" up to precision 18, "body" above.
TYPES: dict[str, TypeInfo] = {
    t.name: t
    for t in (
        TypeInfo("bool", _F, (), "bool"),
        TypeInfo("int8", _F, (), "int"),
        TypeInfo("int16", _F, (), "int"),
        TypeInfo("int32", _F, (), "int"),
        TypeInfo("int64", _F, (), "int"),
        TypeInfo("float32", _F, (), "float"),
        TypeInfo("float64", _F, (), "float"),
        TypeInfo("string", _B, (), "str"),
        TypeInfo("binary", _B, (), "bytes"),
        TypeInfo("date32", _F, (), "datetime.date"),
        TypeInfo("time", _F, (), "datetime.time"),
        TypeInfo("timestamp", _F, ("tz",), "datetime.datetime"),
        TypeInfo("duration", _F, (), "datetime.timedelta"),
        TypeInfo("decimal", _F, ("precision", "scale"), "decimal.Decimal"),
        TypeInfo(
            "list", StorageKind.ARRAY, ("element", "element_nullable"), "BinaryArray"
        ),
        TypeInfo(
            "map", StorageKind.MAP, ("key", "value", "value_nullable"), "BinaryMap"
        ),
        TypeInfo("struct", StorageKind.ROW, ("fields",), "BinaryRow"),
        TypeInfo("null", StorageKind.NONE, (), "None"),
        TypeInfo("interval_ym", _F, (), "int"),
        TypeInfo("interval", _B, (), "zerorow.Interval"),
        TypeInfo("fixed_binary", _B, ("size",), "bytes"),
        TypeInfo("uuid", _B, (), "uuid.UUID"),
        TypeInfo("variant", _B, (), "zerorow.Variant"),
    )
}
# Types written as a bare JSON string (no parameters; a naive timestamp too).
PRIMITIVES = tuple(n for n, t in TYPES.items() if not t.params) + ("timestamp",)
MAX_DEPTH = 64  # SPEC §7
FORMAT_VERSION = 1
_NO_DEFAULT: Any = object()  # a Field without a default (None is no default, SPEC A.10)


class DataType:
    """An immutable zerorow type. Build with the factories (`zerorow.int32`, `zerorow.list_(...)`).

    A handle to cpp-row's type (`_t`, a NativeType), as pyarrow's types are handles to Arrow
    C++'s: the parameters are read from it, and a schema is checked and compiled from it with no
    JSON in between. The child types and fields are Python objects made when first asked (or
    the ones given to the constructor)."""

    __slots__ = ("id", "_t", "_layout", "_element", "_key", "_value", "_struct_fields")

    def __init__(
        self,
        id: str,
        *,
        tz: str | None = None,
        precision: int = 0,
        scale: int = 0,
        size: int = 0,
        element: DataType | None = None,
        element_nullable: bool = True,
        key: DataType | None = None,
        value: DataType | None = None,
        value_nullable: bool = True,
        fields: Sequence[Field] = (),
    ) -> None:
        if id not in TYPES:
            raise error("unsupported", "", f"unknown type {id!r}")
        self.id = id
        self._element, self._key, self._value = element, key, value
        self._struct_fields = tuple(fields)
        self._layout = None
        self._t = _zerorow.make_type(
            id,
            tz or "",
            precision,
            scale,
            size,
            None if element is None else element._t,
            element_nullable,
            None if key is None else key._t,
            None if value is None else value._t,
            value_nullable,
            [f._native_field() for f in self._struct_fields],
        )

    @classmethod
    def _wrap(cls, t: Any) -> DataType:
        """The DataType over cpp-row's type `t` (a NativeType)."""
        out = cls.__new__(cls)
        out.id, out._t, out._layout = t.id, t, None
        out._element = out._key = out._value = None
        out._struct_fields = None
        return out

    def __reduce__(self):
        return (_type_from_json, (self._t.to_json(),))

    @property
    def tz(self) -> str | None:
        return self._t.tz or None if self.id == "timestamp" else None

    @property
    def precision(self) -> int:
        return self._t.precision

    @property
    def scale(self) -> int:
        return self._t.scale

    @property
    def size(self) -> int:
        return self._t.size if self.id == "fixed_binary" else 0

    @property
    def element(self) -> DataType | None:
        if self._element is None and self.id == "list":
            self._element = DataType._wrap(self._t.element)
        return self._element

    @property
    def element_nullable(self) -> bool:
        return self._t.element_nullable

    @property
    def key(self) -> DataType | None:
        if self._key is None and self.id == "map":
            self._key = DataType._wrap(self._t.key)
        return self._key

    @property
    def value(self) -> DataType | None:
        if self._value is None and self.id == "map":
            self._value = DataType._wrap(self._t.value)
        return self._value

    @property
    def value_nullable(self) -> bool:
        return self._t.value_nullable

    @property
    def fields(self) -> tuple[Field, ...]:
        if self._struct_fields is None:
            self._struct_fields = tuple(Field._wrap(*f) for f in self._t.fields())
        return self._struct_fields

    @property
    def storage(self) -> StorageKind:
        """The storage kind (SPEC §3); decimal with precision > 18 is stored in a body."""
        if self.id == "decimal" and self.precision > 18:
            return StorageKind.BODY
        return TYPES[self.id].storage

    def to_json_obj(self, aliases: bool = True) -> str | dict:
        """The type as parsed JSON (SPEC §4.1 shape); aliases=False leaves field aliases and
        defaults out (the layout, which the fingerprint covers)."""
        return json.loads(self._t.to_json() if aliases else self._layout_json())

    def _layout_json(self) -> str:
        if self._layout is None:
            self._layout = self._t.layout_json()
        return self._layout

    def to_json(self) -> str:
        """Canonical JSON text of the type (SPEC §4.1), by cpp-row (which checks it too)."""
        return _zerorow.canonical_type_json(self._t.to_json())

    def __eq__(self, other: object) -> bool:
        """Same layout: aliases are left out, as from the fingerprint (SPEC §4.2)."""
        return isinstance(other, DataType) and (
            other._t.is_(self._t) or other._layout_json() == self._layout_json()
        )

    def __hash__(self) -> int:
        return hash(self._layout_json())

    def __repr__(self) -> str:
        if self.id == "list":
            return (
                f"list<{self.element!r}{'' if self.element_nullable else ' not null'}>"
            )
        if self.id == "map":
            return f"map<{self.key!r}, {self.value!r}{'' if self.value_nullable else ' not null'}>"
        if self.id == "struct":
            return "struct<" + ", ".join(repr(f) for f in self.fields) + ">"
        if self.id == "decimal":
            return f"decimal({self.precision}, {self.scale})"
        if self.id == "fixed_binary":
            return f"fixed_binary({self.size})"
        if self.id == "timestamp" and self.tz:
            return f"timestamp[{self.tz}]"
        return self.id


def _type_from_json(text: str) -> DataType:
    """The DataType of one type's JSON text (pickling), parsed and checked by cpp-row."""
    return DataType._wrap(_zerorow.parse_type(text))


class Field:
    """A struct field: name, type, nullability (SPEC §1), `aliases`, the names the field had
    before (SPEC §13.2), and `default`, the value a reader reads when the writer has no such
    field (SPEC §13.7; `has_default` tells whether there is one). Aliases and defaults are in
    the canonical JSON but not in the fingerprint nor in equality."""

    __slots__ = ("name", "type", "nullable", "aliases", "_default", "_default_json")

    def __init__(
        self,
        name: str,
        type: DataType,
        nullable: bool = True,
        aliases: Sequence[str] = (),
        default: Any = _NO_DEFAULT,
    ) -> None:
        if isinstance(aliases, str):
            raise TypeError(
                f"aliases of field {name!r} must be a list of names, not the str {aliases!r}"
            )
        self.name, self.type, self.nullable = name, type, nullable
        self.aliases = tuple(aliases)
        self._default, self._default_json = _NO_DEFAULT, None
        if default is not _NO_DEFAULT and default is not None:
            self._default_json = default_json(type, default, name)
            self._default = default

    @classmethod
    def _wrap(
        cls,
        name: str,
        t: Any,
        nullable: bool,
        aliases: tuple,
        default_json: str | None,
    ) -> Field:
        """A Field over one of cpp-row's fields (NativeType.fields()); the default's Python
        value is read when first asked."""
        out = cls.__new__(cls)
        out.name, out.type, out.nullable, out.aliases = (
            name,
            DataType._wrap(t),
            nullable,
            aliases,
        )
        out._default, out._default_json = _NO_DEFAULT, default_json
        return out

    def _native_field(self) -> tuple:
        """The field as cpp-row's struct factory takes it (make_type)."""
        return (
            self.name,
            self.type._t,
            self.nullable,
            list(self.aliases),
            self._default_json,
        )

    @property
    def has_default(self) -> bool:
        return self._default_json is not None

    @property
    def default(self) -> Any:
        """The default's Python value (read from its canonical JSON when the schema was loaded
        from JSON, when first asked: a value Python's types cannot hold, a timestamp past year
        9999, raises then, not when the schema loads)."""
        if self._default_json is None:
            return None
        if self._default is _NO_DEFAULT:
            _, self._default = _zerorow.default_value(
                self.type._t.to_json(), self._default_json
            )
        return self._default

    def to_json_obj(self, aliases: bool = True) -> dict:
        out = {
            "name": self.name,
            "type": self.type.to_json_obj(aliases),
            "nullable": self.nullable,
        }
        # SPEC §4.1: after "nullable", only when there is one
        if aliases and self.aliases:
            out["aliases"] = list(self.aliases)
        if aliases and self._default_json is not None:  # SPEC §4.1: last
            out["default"] = json.loads(self._default_json)
        return out

    def __eq__(self, other: object) -> bool:
        """Same name, type and nullability; aliases and defaults are left out (SPEC §4.2)."""
        return isinstance(other, Field) and (
            other.name,
            other.type,
            other.nullable,
        ) == (self.name, self.type, self.nullable)

    def __hash__(self) -> int:
        return hash((self.name, self.type, self.nullable))

    def __repr__(self) -> str:
        text = f"{self.name}: {self.type!r}{'' if self.nullable else ' not null'}"
        text += f" (aliases {', '.join(self.aliases)})" if self.aliases else ""
        return text + (f" = {self.default!r}" if self.has_default else "")


def default_json(t: DataType, value: Any, name: str = "") -> str:
    """The canonical values.json text (SPEC §10) of `value` as a default of type `t`, by the
    encoder and cpp-row; InvalidDataError naming the field when it is not a value of `t`."""
    if t.id == "null":
        raise error(
            "invalid_data", name, "a field of type null has no default (SPEC §13.7)"
        )
    try:
        one = Schema([Field("default", t)])
        return _zerorow.default_json(one._native, value)
    except Exception as e:  # a value the encoder refuses: not a value of the type
        if isinstance(e, ZerorowError) and e.kind == "unsupported":
            raise
        raise error(
            "invalid_data",
            name,
            f"default {value!r} is not a value of {t!r}: {e}",
        ) from None


# ---- fingerprint (cpp-row) -------------------------------------------------------------
def fingerprint_hex(text: str | bytes) -> str:
    """cpp-row's FNV-1a 64 of `text` as 16 lowercase hex digits (SPEC §4.2)."""
    return _zerorow.fingerprint_hex(
        text.encode() if isinstance(text, str) else bytes(text)
    )


# ---- factories ------------------------------------------------------------------------
bool_ = DataType("bool")
int8 = DataType("int8")
int16 = DataType("int16")
int32 = DataType("int32")
int64 = DataType("int64")
float32 = DataType("float32")
float64 = DataType("float64")
string = DataType("string")
binary = DataType("binary")
date32 = DataType("date32")
time = DataType("time")
duration = DataType("duration")


def timestamp(tz: str | None = None) -> DataType:
    """Timestamp in µs; `tz` an IANA name or "+HH:MM" (None: naive wall-clock time)."""
    return DataType("timestamp", tz=tz or None)


def decimal(precision: int, scale: int = 0) -> DataType:
    """decimal(p, s), 1 <= p <= 38, 0 <= s <= p (SPEC §3.5; checked when a Schema is made)."""
    return DataType("decimal", precision=precision, scale=scale)


null_type = DataType("null")  # always null (SPEC §3.6)
interval_ym = DataType("interval_ym")  # months, an int (SPEC §3.7)
# zerorow.Interval(months, days, microseconds) (SPEC §3.7)
interval = DataType("interval")
uuid = DataType("uuid")  # uuid.UUID (SPEC §3.8)
variant = DataType("variant")  # zerorow.Variant (SPEC §3.9)


def fixed_binary(size: int) -> DataType:
    """Exactly `size` bytes, 1 <= size <= 2**31 - 8 (SPEC §3.8; checked when a Schema is made)."""
    return DataType("fixed_binary", size=size)


def list_(element: DataType, element_nullable: bool = True) -> DataType:
    return DataType("list", element=element, element_nullable=element_nullable)


def map_(key: DataType, value: DataType, value_nullable: bool = True) -> DataType:
    return DataType("map", key=key, value=value, value_nullable=value_nullable)


def struct(fields: Sequence[Field]) -> DataType:
    return DataType("struct", fields=fields)


def field(
    name: str,
    type: DataType,
    nullable: bool = True,
    aliases: Sequence[str] = (),
    default: Any = _NO_DEFAULT,
) -> Field:
    """A struct field; `aliases` are the names it had before (SPEC §13.2), `default` the value
    a reader reads when the writer lacks the field (SPEC §13.7)."""
    return Field(name, type, nullable, aliases, default)


# ---- time zones ----------------------------------------------------------------------
class _UnknownZone(tzinfo):
    """Stands in for a zone this machine does not know: using it raises, loading does not."""

    def __init__(self, name: str) -> None:
        self.name = name

    def _fail(self, *_: Any) -> Any:
        raise error(
            "unsupported", "", f"time zone {self.name!r} is not known on this machine"
        )

    utcoffset = dst = tzname = fromutc = _fail


def resolve_tz(name: str) -> tzinfo:
    """tzinfo for a schema zone: "UTC", "+HH:MM"/"-HH:MM", or an IANA name (zoneinfo)."""
    if name in ("UTC", "Z"):
        return UTC
    if (
        len(name) == 6
        and name[0] in "+-"
        and name[3] == ":"
        and name[1:3].isdigit()
        and name[4:].isdigit()
    ):
        delta = timedelta(hours=int(name[1:3]), minutes=int(name[4:]))
        return timezone(-delta if name[0] == "-" else delta)
    try:
        return zoneinfo.ZoneInfo(name)
    except Exception:  # an unknown zone fails when a value is read, not when loading
        return _UnknownZone(name)


# ---- Schema --------------------------------------------------------------------------
class Schema:
    """The struct type of a top-level row: ordered fields, canonical JSON, fingerprint."""

    __slots__ = ("_type", "_native", "_names", "_json", "_fp", "__weakref__")

    def __init__(self, fields: Sequence[Field] | DataType) -> None:
        t = fields if isinstance(fields, DataType) else struct(list(fields))
        if not isinstance(t, DataType) or t.id != "struct":
            raise TypeError(f"a schema is a struct type, got {t!r}")
        # cpp-row checks the struct type as a schema (SPEC §4.1), with no JSON in between.
        self._init(_zerorow.CompiledSchema.of_type(t._t))

    def _init(self, native: Any) -> None:
        """Holds a compiled schema (cpp-row's Schema, checked, and the extras of its nodes):
        the Python objects are handles to its types."""
        self._native = native
        self._type = DataType._wrap(native.struct_type())
        self._json = native.to_json()
        self._fp = native.fingerprint()
        self._names = None

    @classmethod
    def _of_type(cls, t: Any) -> Schema:
        """The schema of a struct type of cpp-row's (a nested row's NativeType)."""
        s = cls.__new__(cls)
        s._init(_zerorow.CompiledSchema.of_type(t))
        return s

    def _index(self) -> dict[str, int]:
        if self._names is None:
            self._names = {f.name: i for i, f in enumerate(self._type.fields)}
        return self._names

    @classmethod
    def from_json(cls, text: str | bytes) -> Schema:
        """Parses any JSON with canonical content (SPEC §4.1, by cpp-row); errors:
        UnsupportedError, InvalidDataError."""
        if isinstance(text, (bytes, bytearray, memoryview)):
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError as e:
                raise error(
                    "invalid_data", "", f"schema JSON is not UTF-8: {e}"
                ) from None
        if not isinstance(text, str):
            raise TypeError(
                f"schema JSON must be str or bytes, not {type(text).__name__}"
            )
        s = cls.__new__(cls)
        s._init(_zerorow.CompiledSchema.from_json(text))
        return s

    def to_json(self) -> str:
        """Canonical JSON text (SPEC §4.1), as cpp-row writes it."""
        return self._json

    @property
    def fingerprint(self) -> int:
        """FNV-1a 64 of the canonical JSON (SPEC §4.2), by cpp-row: an int in [0, 2**64)."""
        return self._fp

    @property
    def fingerprint_hex(self) -> str:
        """The fingerprint as 16 lowercase hex digits (how files and messages write it)."""
        return f"{self._fp:016x}"

    @property
    def fixed_region_size(self) -> int:
        """Bytes of a top-level row's null bitmap and slots (SPEC §2.1): 8*ceil(n/64) + 8n."""
        n = len(self)
        return (n + 63) // 64 * 8 + 8 * n

    @property
    def fields(self) -> tuple[Field, ...]:
        return self._type.fields

    @property
    def names(self) -> list[str]:
        return [f.name for f in self._type.fields]

    @property
    def type(self) -> DataType:
        """The struct type."""
        return self._type

    def field(self, key: str | int) -> Field:
        return self._type.fields[self._index()[key] if isinstance(key, str) else key]

    def index(self, name: str) -> int:
        """Ordinal of the field `name` (KeyError if absent)."""
        return self._index()[name]

    def __len__(self) -> int:
        """The number of fields (SPEC §1.1 "field count")."""
        return len(self._type.fields)

    def __iter__(self) -> Iterator[Field]:
        return iter(self._type.fields)

    def __eq__(self, other: object) -> bool:
        """Same layout (aliases left out, as from the fingerprint, SPEC §4.2)."""
        return isinstance(other, Schema) and other._type == self._type

    def __hash__(self) -> int:
        return hash(self._type)

    def __repr__(self) -> str:
        return "Schema(" + ", ".join(repr(f) for f in self.fields) + ")"

    def __reduce__(self):
        return (Schema.from_json, (self.to_json(),))

    # ---- Arrow (SPEC §12), through cpp-row's ExportSchema / ImportSchema ----
    def __arrow_c_schema__(self):
        """The Arrow schema of a batch of these rows (one column per field), as a PyCapsule:
        `pyarrow.schema(s)` takes it."""
        return _zerorow.arrow_schema_capsule(self._native)

    def to_arrow(self):
        """The pyarrow.Schema of a batch of these rows (SPEC §12)."""
        import pyarrow as pa  # optional (the `arrow` extra): imported when asked

        return pa.schema(self)

    @classmethod
    def from_arrow(cls, arrow_schema: Any) -> Schema:
        """The schema of an Arrow schema (a pyarrow.Schema or any `__arrow_c_schema__`
        exporter), SPEC §12 read backwards: every Arrow type a reader accepts maps to its
        zerorow type (large/view strings -> string, other timestamp units -> timestamp)."""
        if not hasattr(arrow_schema, "__arrow_c_schema__"):
            raise TypeError(
                "Schema.from_arrow needs a pyarrow.Schema or an object with "
                f"__arrow_c_schema__, got {type(arrow_schema).__name__}"
            )
        return cls.from_json(
            _zerorow.arrow_import_schema(arrow_schema.__arrow_c_schema__())
        )
