"""Schema evolution (SPEC §13): resolve a writer schema against a reader schema, then read
rows laid out by the writer as the reader's values.

A resolution is a plan that mirrors the reader's type, built once per (writer, reader):

  ("struct", [(reader name, writer name or None when absent, plan or Default), ...])
  ("list", element plan)
  ("map", key plan, value plan)
  ("value", convert)     convert: writer value -> reader value (a widening of §13.3)

An absent reader field reads Default(value) when it has a default (§13.7), else null.
Reading a row validates it against the writer schema at level full (§13.4), decodes it,
and walks the plan. Every refusal happens in resolve(), never while reading (§13.1).
"""

from collections import namedtuple

from .decode import read_top
from .errors import FormatError
from .schema import canonical_json, fingerprint
from .values import Interval

Default = namedtuple("Default", "value")

# §13.3: the exact widenings between numeric types, writer -> readers.
NUMERIC_WIDENINGS = {
    "int8": ("int16", "int32", "int64", "float32", "float64"),
    "int16": ("int32", "int64", "float32", "float64"),
    "int32": ("int64", "float64"),
    "float32": ("float64",),
}


class Resolution:
    """The writer and reader schemas of a resolved pair, and the plan between them."""

    def __init__(self, writer, reader, plan):
        self.writer, self.reader, self.plan = writer, reader, plan

    @property
    def identity(self):
        """Same fingerprint: the reader reads the writer's rows as they are (§13.4)."""
        return self.plan is None

    def read(self, data):
        """The reader's values of one row laid out by the writer schema."""
        return apply(self.plan, read_top(self.writer, data))


def resolve(writer, reader):
    """Resolves two parsed schemas (§13.1–§13.3), or raises schema_mismatch at the schema
    path of the reader's value that cannot be read."""
    if fingerprint(writer) == fingerprint(reader):
        return Resolution(writer, reader, None)
    return Resolution(writer, reader, _match(writer, reader, "", in_key=False))


def apply(plan, value):
    """Walks a plan over a decoded writer value (values.py forms)."""
    if value is None or plan is None:
        return value
    kind = plan[0]
    if kind == "value":
        return plan[1](value)
    if kind == "list":
        return [apply(plan[1], e) for e in value]
    if kind == "map":
        return [(apply(plan[1], k), apply(plan[2], v)) for k, v in value]
    return {
        name: _absent(sub) if source is None else apply(sub, value[source])
        for name, source, sub in plan[1]
    }


def _absent(sub):
    """A reader field the writer does not have: its default, else null (§13.1, §13.7)."""
    return sub.value if isinstance(sub, Default) else None


def _match(w, r, path, in_key):
    """The plan reading writer type w as reader type r at schema path `path`. Inside a
    map key (`in_key`) structs match field for field (§13.1)."""
    wk, rk = w["type"], r["type"]
    if wk == "null" and rk != "null":
        return ("value", _to_null)  # every writer value is null (§13.3)
    if wk == rk == "struct":
        return _struct_key(w, r, path) if in_key else _struct(w, r, path)
    if wk == rk == "list":
        element = path + "[]"
        _nullability(
            w["element_nullable"], r["element_nullable"], element, "elements are"
        )
        return ("list", _match(w["element"], r["element"], element, in_key))
    if wk == rk == "map":
        values = path + "{values}"
        _nullability(w["value_nullable"], r["value_nullable"], values, "map values are")
        return (
            "map",
            _match(w["key"], r["key"], path + "{keys}", in_key=True),
            _match(w["value"], r["value"], values, in_key),
        )
    convert = widening(w, r)
    if convert is None:
        raise _cannot_read(w, r, path)
    return ("value", convert)


def _struct(w, r, path):
    by_name = {f["name"]: f for f in w["fields"]}
    plan = []
    # The alias rules of §4.1 keep every name and alias of a reader struct distinct, so
    # no two reader fields can match the same writer field.
    for rf in r["fields"]:
        fpath = f"{path}.{rf['name']}" if path else rf["name"]
        wf = writer_field(by_name, rf)
        if wf is None and "default" in rf:
            plan.append((rf["name"], None, Default(rf["default"])))
            continue
        if wf is None:
            if not rf["nullable"]:
                names = ", ".join(f'"{n}"' for n in [rf["name"], *rf["aliases"]])
                raise FormatError(
                    "schema_mismatch",
                    fpath,
                    f"reader field is not nullable but the writer has no field named {names}",
                )
            plan.append((rf["name"], None, None))
            continue
        _nullability(wf["nullable"], rf["nullable"], fpath, "field is")
        plan.append(
            (rf["name"], wf["name"], _match(wf["type"], rf["type"], fpath, False))
        )
    return ("struct", plan)


def writer_field(by_name, rf):
    """§13.1: the writer field of the reader field's name, else of its first alias the
    writer has. The writer's own aliases play no part (§13.2)."""
    for name in [rf["name"], *rf["aliases"]]:
        if name in by_name:
            return by_name[name]
    return None


def _struct_key(w, r, path):
    """A struct inside a map key keeps its field names and order; field types may still
    widen, which keeps distinct keys distinct (§13.1)."""
    if [f["name"] for f in w["fields"]] != [f["name"] for f in r["fields"]]:
        raise _cannot_read(
            w, r, path, ": a struct in a map key must keep its field names and order"
        )
    plan = []
    for wf, rf in zip(w["fields"], r["fields"], strict=True):
        fpath = f"{path}.{rf['name']}" if path else rf["name"]
        _nullability(wf["nullable"], rf["nullable"], fpath, "field is")
        plan.append(
            (rf["name"], wf["name"], _match(wf["type"], rf["type"], fpath, True))
        )
    return ("struct", plan)


def widening(w, r):
    """The conversion of writer value type w to reader value type r: the identity for the
    same type, a §13.3 widening, or None when the change is refused."""
    wk, rk = w["type"], r["type"]
    if canonical_json(w) == canonical_json(r):
        return _same
    if rk in NUMERIC_WIDENINGS.get(wk, ()):
        return float if rk.startswith("float") else _same
    if wk == rk == "decimal" and _decimal_widens(w, r):
        factor = 10 ** (r["scale"] - w["scale"])
        return lambda unscaled: unscaled * factor
    if (wk, rk) == ("string", "binary"):
        return lambda text: text.encode("utf-8")
    if wk == rk == "timestamp" and "tz" in w and "tz" in r:
        return _same  # the stored instant is UTC; the zone only changes how it is shown
    return BYTES_AND_INTERVALS.get((wk, rk, r.get("size")))


def _to_null(v):
    return None


# §13.3 (1.2): the same bytes read as a wider binary type; months or µs as an interval.
BYTES_AND_INTERVALS = {
    ("interval_ym", "interval", None): lambda months: Interval(months, 0, 0),
    ("duration", "interval", None): lambda us: Interval(0, 0, us),
    ("fixed_binary", "binary", None): bytes,
    ("uuid", "binary", None): lambda u: u.bytes,
    ("uuid", "fixed_binary", 16): lambda u: u.bytes,
}


def _decimal_widens(w, r):
    """No fraction digit and no integer digit is lost."""
    return (
        r["scale"] >= w["scale"]
        and r["precision"] - r["scale"] >= w["precision"] - w["scale"]
    )


def _same(v):
    return v


def _nullability(writer_nullable, reader_nullable, path, what):
    if writer_nullable and not reader_nullable:
        raise FormatError(
            "schema_mismatch",
            path,
            f"writer {what} nullable and cannot be read as not-null",
        )


def _cannot_read(w, r, path, why=""):
    return FormatError(
        "schema_mismatch",
        path,
        f"writer type {_type_json(w)} cannot be read as {_type_json(r)}{why}",
    )


def _type_json(t):
    return canonical_json(t, extras=False)
