"""Types, fields and schemas (SPEC §3, §4), the Python objects over cpp-row's Schema.

cpp-row parses and checks every schema (SPEC §4.1 rules: names, decimal parameters, depth),
and gives its canonical JSON and fingerprint (SPEC §4.2); this module builds the Python
objects (DataType, Field, Schema) from that canonical JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import UTC, timedelta, timezone, tzinfo
from typing import Any

from . import _zerorow
from .errors import error

PRIMITIVES = (
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "float32",
    "float64",
    "string",
    "binary",
    "date32",
    "time",
    "timestamp",
    "duration",
)
MAX_DEPTH = 64  # SPEC §7
FORMAT_VERSION = 1


class DataType:
    """An immutable zerorow type. Build with the factories (`zerorow.int32`, `zerorow.list_(...)`)."""

    __slots__ = (
        "id",
        "tz",
        "precision",
        "scale",
        "element",
        "element_nullable",
        "key",
        "value",
        "value_nullable",
        "fields",
        "_json",
        "_layout",
    )

    def __init__(
        self,
        id: str,
        *,
        tz: str | None = None,
        precision: int = 0,
        scale: int = 0,
        element: DataType | None = None,
        element_nullable: bool = True,
        key: DataType | None = None,
        value: DataType | None = None,
        value_nullable: bool = True,
        fields: Sequence[Field] = (),
    ) -> None:
        self.id = id
        self.tz = tz
        self.precision, self.scale = precision, scale
        self.element, self.element_nullable = element, element_nullable
        self.key, self.value, self.value_nullable = key, value, value_nullable
        self.fields = tuple(fields)
        # Deterministic JSON text (to_json() is cpp-row's). Equality and hashing use the text
        # without aliases: an alias changes no byte (SPEC §4.2, §13.2).
        self._json = json.dumps(
            self.to_json_obj(), separators=(",", ":"), ensure_ascii=False
        )
        self._layout = json.dumps(
            self.to_json_obj(aliases=False), separators=(",", ":"), ensure_ascii=False
        )

    def to_json_obj(self, aliases: bool = True) -> str | dict:
        """The type as parsed JSON (SPEC §4.1 shape); aliases=False leaves field aliases out."""
        if self.id in PRIMITIVES and not (self.id == "timestamp" and self.tz):
            return self.id
        if self.id == "timestamp":
            return {"type": "timestamp", "tz": self.tz}
        if self.id == "decimal":
            return {"type": "decimal", "precision": self.precision, "scale": self.scale}
        if self.id == "list":
            return {
                "type": "list",
                "element": self.element.to_json_obj(aliases),
                "element_nullable": self.element_nullable,
            }
        if self.id == "map":
            return {
                "type": "map",
                "key": self.key.to_json_obj(aliases),
                "value": self.value.to_json_obj(aliases),
                "value_nullable": self.value_nullable,
            }
        return {
            "type": "struct",
            "fields": [f.to_json_obj(aliases) for f in self.fields],
        }

    def to_json(self) -> str:
        """Canonical JSON text of the type (SPEC §4.1), by cpp-row (which checks it too)."""
        return _zerorow.canonical_type_json(self._json)

    def __eq__(self, other: object) -> bool:
        """Same layout: aliases are left out, as from the fingerprint (SPEC §4.2)."""
        return isinstance(other, DataType) and other._layout == self._layout

    def __hash__(self) -> int:
        return hash(self._layout)

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
        if self.id == "timestamp" and self.tz:
            return f"timestamp[{self.tz}]"
        return self.id


class Field:
    """A struct field: name, type, nullability (SPEC §1), and `aliases`, the names the field
    had before (SPEC §13.2): a reader schema finds a renamed field by them in rows written under
    an old name. Aliases are in the canonical JSON but not in the fingerprint nor in equality."""

    __slots__ = ("name", "type", "nullable", "aliases")

    def __init__(
        self,
        name: str,
        type: DataType,
        nullable: bool = True,
        aliases: Sequence[str] = (),
    ) -> None:
        if isinstance(aliases, str):
            raise TypeError(
                f"aliases of field {name!r} must be a list of names, not the str {aliases!r}"
            )
        self.name, self.type, self.nullable = name, type, nullable
        self.aliases = tuple(aliases)

    def to_json_obj(self, aliases: bool = True) -> dict:
        out = {
            "name": self.name,
            "type": self.type.to_json_obj(aliases),
            "nullable": self.nullable,
        }
        if aliases and self.aliases:  # SPEC §4.1: last, only when there is one
            out["aliases"] = list(self.aliases)
        return out

    def __eq__(self, other: object) -> bool:
        """Same name, type and nullability; aliases are left out (SPEC §4.2)."""
        return isinstance(other, Field) and (
            other.name,
            other.type,
            other.nullable,
        ) == (self.name, self.type, self.nullable)

    def __hash__(self) -> int:
        return hash((self.name, self.type, self.nullable))

    def __repr__(self) -> str:
        text = f"{self.name}: {self.type!r}{'' if self.nullable else ' not null'}"
        return text + (f" (aliases {', '.join(self.aliases)})" if self.aliases else "")


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


def list_(element: DataType, element_nullable: bool = True) -> DataType:
    return DataType("list", element=element, element_nullable=element_nullable)


def map_(key: DataType, value: DataType, value_nullable: bool = True) -> DataType:
    return DataType("map", key=key, value=value, value_nullable=value_nullable)


def struct(fields: Sequence[Field]) -> DataType:
    return DataType("struct", fields=fields)


def field(
    name: str, type: DataType, nullable: bool = True, aliases: Sequence[str] = ()
) -> Field:
    """A struct field; `aliases` are the names it had before (SPEC §13.2)."""
    return Field(name, type, nullable, aliases)


# ---- building from canonical JSON (already checked by cpp-row) ---------------------------
def _build(obj: Any) -> DataType:
    """The DataType of a canonical JSON type object (from cpp-row: no checks needed here)."""
    if isinstance(obj, str):
        return DataType(obj)
    tid = obj["type"]
    if tid == "timestamp":
        return DataType("timestamp", tz=obj.get("tz") or None)
    if tid == "decimal":
        return DataType("decimal", precision=obj["precision"], scale=obj["scale"])
    if tid == "list":
        return DataType(
            "list",
            element=_build(obj["element"]),
            element_nullable=obj["element_nullable"],
        )
    if tid == "map":
        return DataType(
            "map",
            key=_build(obj["key"]),
            value=_build(obj["value"]),
            value_nullable=obj["value_nullable"],
        )
    return DataType(
        "struct",
        fields=[
            Field(f["name"], _build(f["type"]), f["nullable"], f.get("aliases", ()))
            for f in obj["fields"]
        ],
    )


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
        import zoneinfo

        return zoneinfo.ZoneInfo(name)
    except Exception:  # an unknown zone fails when a value is read, not when loading
        return _UnknownZone(name)


def _native_obj(obj: Any) -> Any:
    """The JSON object for the native compiler, with tzinfo objects added."""
    if isinstance(obj, dict):
        out = {
            k: _native_obj(v) if k != "fields" else [_native_obj(f) for f in v]
            for k, v in obj.items()
        }
        if obj.get("type") == "timestamp" and obj.get("tz"):
            out["_tzinfo"] = resolve_tz(obj["tz"])
        return out
    return obj


# ---- Schema --------------------------------------------------------------------------
class Schema:
    """The struct type of a top-level row: ordered fields, canonical JSON, fingerprint."""

    __slots__ = ("_type", "_native", "_names", "_json", "_fp", "__weakref__")

    def __init__(self, fields: Sequence[Field] | DataType) -> None:
        t = fields if isinstance(fields, DataType) else struct(list(fields))
        if not isinstance(t, DataType) or t.id != "struct":
            raise TypeError(f"a schema is a struct type, got {t!r}")
        self._init(t._json)

    def _init(self, text: str) -> None:
        # cpp-row parses and checks the schema (SPEC §4.1) and gives the canonical JSON.
        native_json = _zerorow.canonical_schema_json(text)
        obj = json.loads(native_json)
        self._type = _build(obj)
        self._native = _zerorow.CompiledSchema(_native_obj(obj), native_json)
        self._json = native_json
        self._fp = self._native.fingerprint()
        self._names = {f.name: i for i, f in enumerate(self._type.fields)}

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
        s._init(text)
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
        n = len(self._type.fields)
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
        return self._type.fields[self._names[key] if isinstance(key, str) else key]

    def index(self, name: str) -> int:
        """Ordinal of the field `name` (KeyError if absent)."""
        return self._names[name]

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
        import pyarrow as pa

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
