"""Hypothesis strategies: random zerorow types and values of them (raw forms: ints for
temporal types, Decimal, bytes, lists, maps as (key, value) pairs, structs as dicts)."""

import decimal
import math
import struct
import uuid

import zerorow
from hypothesis import strategies as st

# Every type name of SPEC §3 without parameters, but null: a value of type null is always
# null, so it needs a nullable place (test_new_types.py covers it).
PRIMS = [n for n in zerorow.schema.PRIMITIVES if n != "null"]
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
        st.sampled_from([1, 3, 16]).map(zerorow.fixed_binary),
    )


# Variant values: JSON-like values of a few levels (SPEC §3.9), built canonically.
_json_like = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
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
        "interval_ym": 32,
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
    if i == "fixed_binary":
        return st.binary(min_size=t.size, max_size=t.size)
    if i == "uuid":
        return st.integers(0, 2**128 - 1).map(lambda n: uuid.UUID(int=n))
    if i == "interval":
        i32 = st.integers(-(2**31), 2**31 - 1)
        return st.tuples(i32, i32, st.integers(-(2**63), 2**63 - 1)).map(
            lambda a: zerorow.Interval(*a)
        )
    if i == "variant":
        return _json_like.map(zerorow.Variant.of)
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


# ---- schema evolution (SPEC §13): allowed and refused changes of a writer schema ----------
# A reader type is drawn from a writer type by allowed changes; each change comes with the
# projection of a writer value (raw form, as values() draws them) to the reader's value, done
# by hand along the change, so a test compares it with what the resolution reads.

WIDENINGS = {  # SPEC §13.3
    "int8": ["int16", "int32", "int64", "float32", "float64"],
    "int16": ["int32", "int64", "float32", "float64"],
    "int32": ["int64", "float64"],
    "float32": ["float64"],
    "string": ["binary"],
    "interval_ym": ["interval"],
    "duration": ["interval"],
    "fixed_binary": ["binary"],
    "uuid": ["binary", "fixed_binary"],
}


def _f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def _scalar_change(draw, t, key):
    """(reader type, projection) of a scalar writer type: kept, or widened (SPEC §13.3)."""
    same = (t, lambda v: v)
    if not draw(st.booleans()):
        return same
    if t.id == "decimal":
        up = draw(st.integers(0, 38 - t.precision))
        more = draw(st.integers(0, up))
        return zerorow.decimal(t.precision + up, t.scale + more), lambda v: v
    if t.id == "timestamp" and t.tz:
        return zerorow.timestamp("Europe/Paris"), lambda v: v
    to = [r for r in WIDENINGS.get(t.id, []) if not (key and r.startswith("float"))]
    if not to:
        return same
    r = draw(st.sampled_from(to))
    if t.id == "interval_ym":  # m months is (m, 0, 0)
        return zerorow.interval, lambda v: zerorow.Interval(v, 0, 0)
    if t.id == "duration":  # d µs is (0, 0, d)
        return zerorow.interval, lambda v: zerorow.Interval(0, 0, v)
    if t.id == "uuid":  # its 16 bytes
        return (
            zerorow.binary if r == "binary" else zerorow.fixed_binary(16)
        ), lambda v: v.bytes
    if t.id == "fixed_binary":
        return zerorow.binary, lambda v: v
    if r == "binary":
        return zerorow.binary, lambda v: v.encode("utf-8")
    if t.id == "float32":
        return zerorow.float64, _f32
    if r.startswith("float"):
        return zerorow.DataType(r), float
    return zerorow.DataType(r), lambda v: v


def _none_ok(fn):
    return lambda v: None if v is None else fn(v)


def _evolve(draw, t, key=False):
    """(reader type, projection of a writer value) after random allowed changes."""
    if t.id == "list":
        et, ep = _evolve(draw, t.element, key)
        nullable = t.element_nullable or draw(st.booleans())
        return zerorow.list_(et, nullable), lambda v: [_none_ok(ep)(x) for x in v]
    if t.id == "map":
        kt, kp = _scalar_change(draw, t.key, True)
        vt, vp = _evolve(draw, t.value, key)
        nullable = t.value_nullable or draw(st.booleans())
        return zerorow.map_(kt, vt, nullable), lambda v: [
            (kp(k), _none_ok(vp)(x)) for k, x in v
        ]
    if t.id == "struct":
        return _evolve_struct(draw, t)
    return _scalar_change(draw, t, key)


def _evolve_struct(draw, t):
    fields = []  # the reader's fields
    projections = []  # (reader name, writer name or None, projection)
    used: set[str] = set()

    def new_name():
        name = draw(_new_names.filter(lambda n: n not in used))
        used.add(name)
        return name

    for f in t.fields:
        if draw(st.integers(0, 5)) == 0:  # removed: the reader skips it
            continue
        ft, fp = _evolve(draw, f.type)
        name, aliases = f.name, ()
        if draw(st.integers(0, 3)) == 0:  # renamed: the reader lists the old name
            name, aliases = new_name(), (f.name,)
        nullable = f.nullable or draw(st.booleans())
        fields.append(zerorow.field(name, ft, nullable, aliases))
        projections.append((name, f.name, _none_ok(fp)))
    for _ in range(draw(st.integers(0, 2))):  # added: nullable, reads as null
        name = new_name()
        fields.append(zerorow.field(name, draw(types()), True))
        projections.append((name, None, None))
    # added: not null, reads as its default (SPEC §13.7)
    if draw(st.integers(0, 3)) == 0:
        name, added = new_name(), draw(types())
        default = draw(_values(added))
        fields.append(zerorow.field(name, added, False, default=default))
        projections.append((name, None, lambda _, d=default: d))
    order = draw(st.permutations(range(len(fields))))
    fields = [fields[k] for k in order]
    projections = [projections[k] for k in order]

    def project(v):
        return {
            r: (fn(None) if w is None and fn else None if w is None else fn(v[w]))
            for r, w, fn in projections
        }

    return zerorow.struct(fields), project


# Names no writer field has: the writer's alphabet (_fields) has no "n", "w" or digits.
_new_names = st.integers(0, 10**9).map(lambda k: f"new{k}")


@st.composite
def evolutions(draw):
    """(writer schema, reader schema, projection of a writer row's values to the reader's)."""
    writer = draw(schemas())
    reader_type, project = _evolve_struct(draw, writer.type)
    return writer, zerorow.Schema(reader_type), project


REFUSALS = {  # SPEC §13.3: a writer type and a reader type it cannot be read as
    "int64": ["int32", "float32", "float64"],
    "int32": ["int16", "float32"],
    "float64": ["float32", "int64"],
    "float32": ["int32"],
    "binary": ["string"],
    "date32": ["timestamp"],
    "time": ["duration"],
    "duration": ["time"],
    "bool": ["int8"],
}


def _refuse(draw, t, path):
    """(reader type, schema path) of a type with one refused change somewhere in it, or None
    when no change applies to it."""
    if t.id == "list":
        inner = _refuse(draw, t.element, path + "[]")
        if inner is None:
            return None
        return zerorow.list_(inner[0], t.element_nullable), inner[1]
    if t.id == "map":
        inner = _refuse(draw, t.value, path + "{values}")
        if inner is None:
            return None
        return zerorow.map_(t.key, inner[0], t.value_nullable), inner[1]
    if t.id == "struct":
        for k, f in enumerate(t.fields):
            fp = f"{path}.{f.name}" if path else f.name
            fields = list(t.fields)
            if f.nullable and draw(st.integers(0, 3)) == 0:  # nullable -> not null
                fields[k] = zerorow.field(f.name, f.type, False)
                return zerorow.struct(fields), fp
            inner = _refuse(draw, f.type, fp)
            if inner is not None:
                fields[k] = zerorow.field(f.name, inner[0], f.nullable)
                return zerorow.struct(fields), inner[1]
        if draw(st.booleans()):  # a not-null field the writer lacks
            name = draw(_new_names)
            fields = list(t.fields) + [zerorow.field(name, zerorow.int32, False)]
            return zerorow.struct(fields), f"{path}.{name}" if path else name
        return None
    if t.id == "timestamp":
        return (zerorow.timestamp() if t.tz else zerorow.timestamp("UTC")), path
    if t.id == "decimal" and t.scale > 0:
        return zerorow.decimal(t.precision, t.scale - 1), path
    if t.id in REFUSALS:
        return zerorow.DataType(draw(st.sampled_from(REFUSALS[t.id]))), path
    return None


@st.composite
def refusals(draw):
    """(writer schema, reader schema, schema path of the one refused change)."""
    writer = draw(schemas())
    out = _refuse(draw, writer.type, "")
    from hypothesis import assume

    assume(out is not None)
    return writer, zerorow.Schema(out[0]), out[1]
