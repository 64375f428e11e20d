"""Schema inference from dataclasses and NamedTuples (SPEC §2: the types; SPEC Appendix A: the rules).

Rules (README "Schema inference"): `int` -> int64, `float` -> float64, `bool`, `str` -> string,
`bytes` -> binary, `date` -> date32, `datetime` -> timestamp (zone from an Annotated tzinfo or
zerorow.timestamp(tz)), `time`, `timedelta` -> duration, `Decimal` needs
`Annotated[Decimal, zerorow.decimal(p, s)]`, Enum -> string (the member's name), `uuid.UUID`
-> uuid, `zerorow.Interval` -> interval, `zerorow.Variant` -> variant, `None` -> null,
`Annotated[int, zerorow.interval_ym]`, `Annotated[bytes, zerorow.fixed_binary(n)]`,
list/tuple[X, ...]/set/frozenset/Sequence -> list, dict/Mapping -> map, nested dataclasses and
NamedTuples -> struct. Width markers (`zerorow.int32`, pyarrow factories, NumPy scalar types)
work as annotations and inside Annotated.

Nullability is SPEC Appendix A, the same rule as Java's: a field is non-nullable exactly when
its type is a primitive scalar (`bool`, `int`, `float` or a width marker, not wrapped in
Optional) or when it is annotated `Annotated[X, zerorow.not_null]`; everything else (str,
bytes, dates and times, Decimal, Enum, lists, dicts, nested classes) is nullable. List
elements and map values are nullable, except the elements of a NumPy array with a declared
dtype; map keys never are.
"""

from __future__ import annotations

import collections.abc as cabc
import dataclasses
import datetime as dt
import decimal as dec
import enum
import sys
import typing
import uuid
from collections.abc import Callable
from typing import Any

from . import _zerorow
from . import schema as zs
from .schema import _NO_DEFAULT, DataType, Field, Schema
from .values import Interval

_DEEP = 2


class _NotNull:
    """The marker of `Annotated[X, zerorow.not_null]`: the field is not nullable."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "zerorow.not_null"

    def __reduce__(self):
        return "not_null"


not_null = _NotNull()


class Aliases:
    """The marker of `Annotated[X, zerorow.aliases("old_name", ...)]`: the names the field had
    before it was renamed (SPEC §13.2). The inferred field gets them as its aliases, so a reader
    built from the class still finds the field in rows written under an old name (Java's twin is
    `@Aliases("old_name")`). Aliases are not part of the fingerprint."""

    __slots__ = ("names",)

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names

    def __repr__(self) -> str:
        return "zerorow.aliases(" + ", ".join(repr(n) for n in self.names) + ")"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Aliases) and other.names == self.names

    def __hash__(self) -> int:
        return hash(self.names)


def aliases(*names: str) -> Aliases:
    """`Annotated[X, zerorow.aliases("old_name")]`: the field's former names, the most likely
    first (SPEC §13.2)."""
    for n in names:
        if not isinstance(n, str):
            raise TypeError(f"zerorow.aliases takes field names (str), got {n!r}")
    return Aliases(tuple(names))


def _field_aliases(ann: Any) -> tuple[str, ...]:
    """The names of every zerorow.aliases marker on a field's annotation (also inside
    Optional); list elements and map values have no names, so their annotations are not read."""
    origin, args = typing.get_origin(ann), typing.get_args(ann)
    if origin is typing.Annotated:
        own = tuple(n for m in args[1:] if isinstance(m, Aliases) for n in m.names)
        return own + _field_aliases(args[0])
    if origin is typing.Union or (
        sys.version_info >= (3, 10)
        and origin is getattr(__import__("types"), "UnionType", None)
    ):
        return tuple(n for a in args for n in _field_aliases(a))
    return ()


# Field types that are non-nullable without Optional (SPEC Appendix A rule 1).
_PRIMITIVE_IDS = frozenset(
    ("bool", "int8", "int16", "int32", "int64", "float32", "float64", "interval_ym")
)


def _has_not_null(ann: Any) -> bool:
    return typing.get_origin(ann) is typing.Annotated and any(
        m is not_null for m in typing.get_args(ann)[1:]
    )


def _element_node(
    ann: Any, where: str, stack: tuple, order: str = "declaration"
) -> Node:
    """A list element / map key or value: not_null does not apply there (rule 2)."""
    if _has_not_null(ann):
        raise TypeError(
            f"{where}: zerorow.not_null applies to fields, not to list elements or map "
            "values (SPEC Appendix A rule 2)"
        )
    return infer_node(ann, where, stack, order)


def field_nullable(ann: Any, node: Node) -> bool:
    """SPEC Appendix A rule 1 for a field annotated `ann` that inferred to `node`."""
    if node.nullable:  # Optional[X] anywhere around the type
        if _has_not_null(ann):
            raise TypeError(
                f"{ann!r}: Optional and zerorow.not_null contradict each other"
            )
        return True
    if _has_not_null(ann):
        return False
    return node.type.id not in _PRIMITIVE_IDS


class Node:
    """An inferred type plus how to turn a value read from a row back into the Python type.

    `conv` is None when the value read in deep mode (lists, dicts, scalars) is already right.
    """

    __slots__ = (
        "type",
        "nullable",
        "conv",
        "cls",
        "fields",
        "tag",
        "container",
        "children",
        "enum",
    )

    def __init__(
        self,
        type: DataType,
        nullable: bool = False,
        conv: Callable | None = None,
        cls: Any = None,
        fields: tuple = (),
        tag: str | None = None,
        container: Any = None,
        children: tuple = (),
    ) -> None:
        self.type, self.nullable, self.conv, self.cls, self.fields = (
            type,
            nullable,
            conv,
            cls,
            fields,
        )
        # how the native decoder rebuilds the value: "value" (as read), "call" (conv(value)),
        # "struct" (cls(**fields)), "seq" (container([...])), "map" ({k: v})
        self.tag = tag or ("value" if conv is None else "call")
        self.container, self.children = container, children
        self.enum = (
            None  # an Enum class: the encoder accepts only its members (EnumNames)
        )

    def with_(self, **changes: Any) -> Node:
        n = Node(
            self.type,
            self.nullable,
            self.conv,
            self.cls,
            self.fields,
            self.tag,
            self.container,
            self.children,
        )
        n.enum = self.enum
        for k, v in changes.items():
            setattr(n, k, v)
        return n

    def plan(self):
        """The native decode plan of this node (zerorow._zerorow.DecodePlan)."""
        kinds = {"value": 0, "struct": 1, "seq": 2, "map": 3, "call": 4}
        if self.tag == "struct":
            names = [n for n, _ in self.fields]
            return _zerorow.DecodePlan(
                5 if _fills_dict(self.cls, names) else 1,
                self.cls,
                names,
                [c.plan() for _, c in self.fields],
            )
        if self.tag in ("seq", "map"):
            return _zerorow.DecodePlan(
                kinds[self.tag], self.container, [], [c.plan() for c in self.children]
            )
        return _zerorow.DecodePlan(kinds[self.tag], self.conv, [], [])


def _fills_dict(cls: Any, names: list[str]) -> bool:
    """True when `cls(**fields)` is the same as a new instance whose __dict__ gets the fields
    in order, as pickle rebuilds an object: a dataclass whose __init__ is the one dataclasses
    generated (no __post_init__, its parameters exactly the row's fields in order), made by
    object.__new__, setting attributes with object.__setattr__ (or frozen), with a __dict__
    and no __slots__ anywhere. The native decoder then fills the instance directly instead
    of calling the generated __init__ with keywords."""
    if not isinstance(cls, type) or not dataclasses.is_dataclass(cls):
        return False
    init = cls.__dict__.get("__init__")
    code = getattr(init, "__code__", None)
    if code is None or code.co_filename != "<string>" or hasattr(cls, "__post_init__"):
        return False  # an __init__ of the user's, or code run after it
    params = code.co_varnames[1 : code.co_argcount + code.co_kwonlyargcount]
    if list(params) != names or code.co_flags & 0x0C:  # no *args / **kwargs
        return False
    setter = cls.__setattr__
    frozen = getattr(cls, "__dataclass_params__", None)
    generated = (
        getattr(getattr(setter, "__code__", None), "co_filename", "") == "<string>"
    )
    if setter is not object.__setattr__ and not (
        frozen and frozen.frozen and generated
    ):
        return False
    if cls.__new__ is not object.__new__ or not cls.__dictoffset__:
        return False
    return not any("__slots__" in k.__dict__ for k in cls.__mro__)


_SIMPLE = {
    bool: zs.bool_,
    int: zs.int64,
    float: zs.float64,
    str: zs.string,
    bytes: zs.binary,
    bytearray: zs.binary,
    dt.date: zs.date32,
    dt.time: zs.time,
    dt.timedelta: zs.duration,
    uuid.UUID: zs.uuid,
    Interval: zs.interval,
    _zerorow.Variant: zs.variant,
}


_WIDTHS = ("int8", "int16", "int32", "int64", "float32", "float64")


def _zone_name(tz: dt.tzinfo) -> str:
    """The schema zone of a tzinfo: zoneinfo key, "UTC", or "+HH:MM" for a fixed offset."""
    if tz is dt.UTC:
        return "UTC"
    key = getattr(tz, "key", None) or getattr(tz, "zone", None)
    if isinstance(key, str):
        return key
    if isinstance(tz, dt.timezone):
        off = tz.utcoffset(None)
        if off == dt.timedelta(0):
            return "UTC"
        sign = "-" if off < dt.timedelta(0) else "+"
        minutes = abs(int(off.total_seconds())) // 60
        return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"
    raise TypeError(
        f"cannot name the time zone {tz!r}: use zoneinfo.ZoneInfo or datetime.timezone"
    )


def _marker_type(m: Any) -> DataType | None:
    """A DataType for a width marker: zerorow type, pyarrow factory/type, NumPy scalar type/dtype."""
    if isinstance(m, DataType):
        return m
    if isinstance(m, dt.tzinfo):
        return zs.timestamp(_zone_name(m))
    mod = getattr(m, "__module__", "") or ""
    if mod.startswith("pyarrow"):
        return _arrow_marker(m)
    if mod.startswith("numpy") or type(m).__module__.startswith("numpy"):
        return _numpy_marker(m)
    return None


def _arrow_marker(m: Any) -> DataType | None:
    import pyarrow as pa

    if callable(m) and not isinstance(m, pa.DataType):
        try:
            m = m()
        except TypeError:
            return None
    if isinstance(m, pa.DataType):
        from .arrow import arrow_to_type

        return arrow_to_type(m)
    return None


def _numpy_marker(m: Any) -> DataType | None:
    import numpy as np

    try:
        d = np.dtype(m)
    except TypeError:
        return None
    kinds = {
        ("b", 1): zs.bool_,
        ("i", 1): zs.int8,
        ("i", 2): zs.int16,
        ("i", 4): zs.int32,
        ("i", 8): zs.int64,
        # unsigned: the type SPEC §12.2 gives the Arrow type of the same width (rule 11)
        ("u", 1): zs.int16,
        ("u", 2): zs.int32,
        ("u", 4): zs.int64,
        ("u", 8): zs.decimal(20, 0),
        ("f", 4): zs.float32,
        ("f", 8): zs.float64,
    }
    t = kinds.get((d.kind, d.itemsize))
    if t is None and d.kind == "U":
        t = zs.string
    if t is None and d.kind == "S":
        t = zs.binary
    if t is None and d.kind == "M":
        t = zs.timestamp()
    if t is None and d.kind == "m":
        t = zs.duration
    return t


def _is_struct_class(tp: Any) -> bool:
    return isinstance(tp, type) and (
        dataclasses.is_dataclass(tp)
        or (
            issubclass(tp, tuple)
            and hasattr(tp, "_fields")
            and hasattr(tp, "__annotations__")
        )
    )


def _enum_from_name(cls: type) -> Callable:
    members = cls.__members__

    def conv(name: str) -> Any:
        try:
            return members[name]
        except KeyError:
            raise ValueError(
                f"expected a member name of {cls.__qualname__} ({', '.join(members)}) but "
                f"found {name!r}"
            ) from None

    return conv


class EnumNames:
    """The encoder's check of an Enum field: a member, a member's exact value, or a member's
    name gives that member's name; anything else None (refused with the path)."""

    __slots__ = ("cls",)

    def __init__(self, cls: type) -> None:
        self.cls = cls

    def __call__(self, v: Any) -> str | None:
        cls = self.cls
        if isinstance(v, cls):
            return v.name
        if type(v) is str and v in cls.__members__:
            return cls.__members__[v].name
        try:
            m = cls._value2member_map_.get(v)
        except TypeError:  # an unhashable value
            return None
        if m is not None and type(m.value) is type(v):
            return m.name
        return None

    def describe(self) -> str:
        names = ", ".join(self.cls.__members__)
        return f"a member of {self.cls.__qualname__} ({names}), its value or its name"

    def __reduce__(self):
        return (EnumNames, (self.cls,))


def _none_ok(conv: Callable) -> Callable:
    return lambda v: None if v is None else conv(v)


def _seq_node(t: DataType, kind: type, elem: Node) -> Node:
    if elem.conv is None and kind is list:
        return Node(t)
    ec = (lambda x: x) if elem.conv is None else _none_ok(elem.conv)
    return Node(
        t,
        False,
        lambda a: kind([ec(x) for x in a]),
        tag="seq",
        container=kind,
        children=(elem,),
    )


def infer_node(
    ann: Any, where: str, stack: tuple = (), order: str = "declaration"
) -> Node:
    """The Node for annotation `ann`; `where` names the class and field for errors."""
    origin, args = typing.get_origin(ann), typing.get_args(ann)
    # Optional[X] / X | None
    if origin is typing.Union or (
        sys.version_info >= (3, 10)
        and origin is getattr(__import__("types"), "UnionType", None)
    ):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1 and len(rest) < len(args):
            return infer_node(rest[0], where, stack, order).with_(nullable=True)
        raise TypeError(
            f"{where}: cannot map the union {ann!r} (only Optional[X] is supported)"
        )
    if origin is typing.Annotated:
        base, meta = args[0], args[1:]
        marks = [t for t in (_marker_type(m) for m in meta) if t is not None]
        if not marks:
            return infer_node(base, where, stack, order)
        t = marks[-1]
        np_mod = sys.modules.get("numpy")
        if np_mod is not None and base is np_mod.ndarray:
            return _ndarray_node(t, where)
        bnode = (
            infer_node(base, where, stack, order)
            if base not in (int, float, dec.Decimal, dt.datetime)
            else None
        )
        if t.id == "timestamp" and base is dt.datetime:
            return Node(t)
        return Node(t) if bnode is None else bnode.with_(type=t)
    if (
        isinstance(ann, typing.TypeVar) and ann.__name__ in _WIDTHS
    ):  # pyfory-style int32 markers
        return Node(DataType(ann.__name__))
    marker = _marker_type(ann)
    if marker is not None and not (
        isinstance(ann, type)
        and ann.__module__ == "numpy"
        and ann.__name__ == "ndarray"
    ):
        return Node(marker)
    if ann is dt.datetime:
        return Node(zs.timestamp())
    # SPEC Appendix A: None -> null, always nullable
    if ann is None or ann is type(None):
        return Node(zs.null_type, True)
    if isinstance(ann, type) and issubclass(ann, enum.Enum):
        n = Node(zs.string, False, _enum_from_name(ann))  # tag "call"
        n.enum = ann
        return n
    if ann in _SIMPLE:
        conv = bytearray if ann is bytearray else None
        return Node(_SIMPLE[ann], False, conv)
    if ann is dec.Decimal:
        raise TypeError(
            f"{where}: Decimal needs a precision and scale: Annotated[Decimal, zerorow.decimal(p, s)]"
        )
    if (
        origin
        in (list, cabc.Sequence, cabc.MutableSequence, cabc.Iterable, cabc.Collection)
        and len(args) == 1
    ):
        e = _element_node(args[0], where, stack, order)
        return _seq_node(zs.list_(e.type, True), list, e)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        e = _element_node(args[0], where, stack, order)
        return _seq_node(zs.list_(e.type, True), tuple, e)
    if origin in (set, frozenset, cabc.Set, cabc.MutableSet) and len(args) == 1:
        e = _element_node(args[0], where, stack, order)
        return _seq_node(
            zs.list_(e.type, True), frozenset if origin is frozenset else set, e
        )
    if origin in (dict, cabc.Mapping, cabc.MutableMapping) and len(args) == 2:
        k = _element_node(args[0], where, stack, order)
        v = _element_node(args[1], where, stack, order)
        t = zs.map_(k.type, v.type, True)
        if k.conv is None and v.conv is None:
            return Node(t)
        kc, vc = _none_ok(k.conv or (lambda x: x)), _none_ok(v.conv or (lambda x: x))
        return Node(
            t,
            False,
            lambda m: {kc(a): vc(b) for a, b in m.items()},
            tag="map",
            container=dict,
            children=(k, v),
        )
    if _is_struct_class(ann):
        return struct_node(ann, stack, order)
    np_mod = sys.modules.get("numpy")
    if np_mod is not None and ann is np_mod.ndarray:
        raise TypeError(
            f"{where}: numpy.ndarray needs a dtype: Annotated[np.ndarray, np.float64]"
        )
    raise TypeError(f"{where}: cannot map the annotation {ann!r} to a zerorow type")


def _ndarray_node(elem: DataType, where: str) -> Node:
    import numpy as np

    def conv(values: list):  # called on the list read in deep mode
        return np.array(values, dtype=_numpy_dtype(elem))

    # A declared dtype has no missing values: the elements are not nullable (rule 2).
    return Node(zs.list_(elem, False), False, conv)


def _numpy_dtype(t: DataType) -> Any:
    return {
        "bool": "?",
        "int8": "i1",
        "int16": "i2",
        "int32": "i4",
        "int64": "i8",
        "float32": "f4",
        "float64": "f8",
        "string": object,
        "binary": object,
    }.get(t.id, object)


FIELD_ORDERS = ("declaration", "name")


def struct_node(cls: type, stack: tuple = (), order: str = "declaration") -> Node:
    """Node of a dataclass / NamedTuple: a struct with one field per annotated attribute, in
    declaration order or, with order="name", sorted by name (Apache Fory's row layout), at
    every level. A dataclass field with init=False is derived state and not part of the
    schema (SPEC Appendix A rule 4)."""
    if order not in FIELD_ORDERS:
        raise ValueError(f"field_order must be 'declaration' or 'name', not {order!r}")
    if not _is_struct_class(cls):
        raise TypeError(
            f"zerorow encodes dataclasses and typing.NamedTuple classes (with annotated "
            f"fields); got {cls!r}"
        )
    if cls in stack:
        raise TypeError(
            f"{cls.__qualname__} refers to itself; recursive types have no fixed schema"
        )
    try:
        hints = typing.get_type_hints(cls, include_extras=True)
    except Exception as e:
        raise TypeError(
            f"cannot resolve the annotations of {cls.__qualname__}: {e}"
        ) from e
    if dataclasses.is_dataclass(cls):
        names = [f.name for f in dataclasses.fields(cls) if f.init]
    else:
        names = list(cls._fields)
    defaults = _defaults(cls)
    if order == "name":
        names = sorted(names)
    fields, nodes = [], []
    for name in names:
        if name not in hints:
            raise TypeError(f"{cls.__qualname__}.{name} has no annotation")
        n = infer_node(
            hints[name],
            f"{cls.__qualname__}.{name} ({hints[name]!r})",
            stack + (cls,),
            order,
        )
        default = defaults.get(name, _NO_DEFAULT)
        try:
            fields.append(
                Field(
                    name,
                    n.type,
                    field_nullable(hints[name], n),
                    _field_aliases(hints[name]),
                    default,
                )
            )
        except (
            Exception
        ) as e:  # SPEC Appendix A rule 10: an error naming class, field, value
            raise TypeError(
                f"{cls.__qualname__}.{name}: the default {default!r} is not a value of "
                f"{n.type!r}: {e}"
            ) from None
        nodes.append((name, n))
    t = zs.struct(fields)
    return Node(t, False, _struct_conv(cls, nodes), cls, tuple(nodes), tag="struct")


_MISSING_TYPE = type(dataclasses.MISSING)


def _defaults(cls: type) -> dict[str, Any]:
    """SPEC Appendix A rule 10: a dataclass field's default or default_factory (called once,
    now) and a NamedTuple's defaults; None gives no default."""
    if dataclasses.is_dataclass(cls):
        out = {}
        for f in dataclasses.fields(cls):
            # by type, not identity: a class unpickled elsewhere (cloudpickle, as Spark's
            # workers get a driver's dataclass) holds a copy of the MISSING sentinel
            if not isinstance(f.default, _MISSING_TYPE):
                out[f.name] = f.default
            elif not isinstance(f.default_factory, _MISSING_TYPE):
                out[f.name] = f.default_factory()
        return out
    return dict(getattr(cls, "_field_defaults", {}))


def _struct_conv(cls: type, nodes: list) -> Callable:
    plan = [
        (i, name, None if n.conv is None else _none_ok(n.conv))
        for i, (name, n) in enumerate(nodes)
    ]

    def conv(row):
        get = row._get
        kw = {}
        for i, name, c in plan:
            kw[name] = get(i, _DEEP) if c is None else c(get(i, 0))
        return cls(**kw)

    return conv


def infer_schema(cls: type, field_order: str = "declaration") -> Schema:
    """The schema of a dataclass or NamedTuple (see the module docstring for the rules);
    field_order="name" sorts the fields by name at every level, as Apache Fory lays them out."""
    return Schema(struct_node(cls, (), field_order).type)


def enum_checks(node: Node, at: tuple = (), out: dict | None = None) -> dict:
    """The Enum checks of an encoder (the side table its compiled schema takes): the ordinal
    path of each Enum-typed string node (a field's ordinal; 0 for a list element; 0 / 1 for a
    map's key / value) -> its EnumNames."""
    out = {} if out is None else out
    if node.enum is not None:
        out[at] = EnumNames(node.enum)
    elif node.tag == "struct":
        for i, (_, n) in enumerate(node.fields):
            enum_checks(n, at + (i,), out)
    elif node.tag == "seq" and node.children:
        enum_checks(node.children[0], at + (0,), out)
    elif node.tag == "map" and node.children:
        enum_checks(node.children[0], at + (0,), out)
        enum_checks(node.children[1], at + (1,), out)
    return out
