"""Hypothesis strategies: random zerorow types and values of them (raw forms: ints for
temporal types, Decimal, bytes, lists, maps as (key, value) pairs, structs as dicts)."""

import decimal
import math
import struct

import zerorow
from hypothesis import strategies as st

PRIMS = list(zerorow.schema.PRIMITIVES)  # every primitive type name of SPEC §3
KEYS = ["int32", "int64", "string", "bool"]


def _decimal_type():
    return st.integers(1, 38).flatmap(
        lambda p: st.integers(0, p).map(lambda s: zerorow.decimal(p, s))
    )


def _leaf():
    return st.one_of(
        st.sampled_from(PRIMS).map(zerorow.DataType),
        st.sampled_from(["UTC", "+05:30"]).map(zerorow.timestamp),
        _decimal_type(),
    )


def _fields(children):
    names = st.lists(
        st.text("abcxyz_é", min_size=1, max_size=4), min_size=0, max_size=5, unique=True
    )
    return names.flatmap(
        lambda ns: st.tuples(*[st.tuples(children, st.booleans()) for _ in ns]).map(
            lambda ts: [
                zerorow.field(n, t, nb) for n, (t, nb) in zip(ns, ts, strict=True)
            ]
        )
    )


def types():
    return st.recursive(
        _leaf(),
        lambda children: st.one_of(
            st.tuples(children, st.booleans()).map(lambda a: zerorow.list_(*a)),
            st.tuples(
                st.sampled_from(KEYS).map(zerorow.DataType), children, st.booleans()
            ).map(lambda a: zerorow.map_(*a)),
            _fields(children).map(zerorow.struct),
        ),
        max_leaves=8,
    )


def schemas():
    return _fields(types()).map(zerorow.Schema)


def values(t, nullable=False):
    v = _values(t)
    return st.one_of(st.none(), v) if nullable else v


def _values(t):
    i = t.id
    if i == "bool":
        return st.booleans()
    bits = {
        "int8": 8,
        "int16": 16,
        "int32": 32,
        "int64": 64,
        "date32": 32,
        "timestamp": 64,
        "duration": 64,
    }
    if i in bits:
        b = bits[i]
        return st.integers(-(2 ** (b - 1)), 2 ** (b - 1) - 1)
    if i == "time":
        return st.integers(0, 86_400_000_000 - 1)
    if i == "float64":
        return st.floats(allow_nan=True, allow_infinity=True)
    if i == "float32":
        return st.floats(width=32, allow_nan=True, allow_infinity=True)
    if i == "string":
        return st.text(max_size=20)
    if i == "binary":
        return st.binary(max_size=20)
    if i == "decimal":
        lim = 10**t.precision - 1
        return st.integers(-lim, lim).map(lambda u: decimal.Decimal(f"{u}E-{t.scale}"))
    if i == "list":
        return st.lists(values(t.element, t.element_nullable), max_size=5)
    if i == "map":
        return st.lists(
            st.tuples(_values(t.key), values(t.value, t.value_nullable)),
            max_size=4,
            unique_by=lambda kv: kv[0],
        )
    return st.tuples(*[values(f.type, f.nullable) for f in t.fields]).map(
        lambda vs: {f.name: v for f, v in zip(t.fields, vs, strict=True)}
    )


def rows():
    return schemas().flatmap(lambda s: st.tuples(st.just(s), _values(s.type)))


def same(t, a, b):
    """Value equality with NaN == NaN, -0.0 != 0.0 and float32 rounding."""
    if a is None or b is None:
        return a is None and b is None
    i = t.id
    if i in ("float32", "float64"):
        if i == "float32":
            a = struct.unpack("<f", struct.pack("<f", a))[0]
        return (math.isnan(a) and math.isnan(b)) or (
            a == b and math.copysign(1, a) == math.copysign(1, b)
        )
    if i == "list":
        return len(a) == len(b) and all(
            same(t.element, x, y) for x, y in zip(a, b, strict=True)
        )
    if i == "map":
        return len(a) == len(b) and all(
            same(t.key, k1, k2) and same(t.value, v1, v2)
            for (k1, v1), (k2, v2) in zip(a, b, strict=True)
        )
    if i == "struct":
        return all(same(f.type, a[f.name], b[f.name]) for f in t.fields)
    return a == b
