"""Schema model of SPEC.md §4: parse, canonical JSON, fingerprint, depth.

Types are plain dicts in the canonical JSON shape ({"type": "list", "element": ...}),
with parameterless types normalised to {"type": name} in memory. Every parsed field has
an "aliases" list (empty when the JSON has none, SPEC §13.2) and, when it has a default
(§13.7), a "default" holding the Python value (values.py forms).

Paths in schema errors are schema paths (SPEC §13.1): `a[]`, `m{keys}`, `m{values}.x`.
"""

import json

from . import jsontext, values
from .errors import FormatError
from .types import TYPES, dispatch

__all__ = [
    "FormatError",
    "MAX_DEPTH",
    "canonical_json",
    "describe",
    "fingerprint",
    "parse_schema",
    "parse_type",
    "type_depth",
]

MAX_DEPTH = 64
MAX_FIXED_BINARY = (1 << 31) - 8
FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3


def parse_schema(text):
    try:
        doc = json.loads(text)
    except ValueError as e:
        raise FormatError("invalid_data", "", f"schema is not JSON: {e}") from None
    t = parse_type(doc, "")
    if t["type"] != "struct":
        raise FormatError("invalid_data", "", "a schema must be a struct type")
    depth = type_depth(t)
    if depth > MAX_DEPTH:
        raise FormatError(
            "unsupported",
            "",
            f"expected nesting depth <= {MAX_DEPTH} but found {depth}",
        )
    return t


def parse_type(doc, path, in_key=False):
    """A parsed type; `in_key`: inside a map key type, where `null` cannot stand (§3.6)."""
    if isinstance(doc, str):
        doc = {"type": doc}
    if not isinstance(doc, dict) or not isinstance(doc.get("type"), str):
        raise FormatError("invalid_data", path, f"expected a type but found {doc!r}")
    name = doc["type"]
    if name not in TYPES:
        raise FormatError("unsupported", path, f"unknown type {name!r}")
    return _PARSE[name](doc, path, in_key)


def _simple(doc, path, in_key):
    return {"type": doc["type"]}


def _null(doc, path, in_key):
    if in_key:
        raise FormatError(
            "invalid_data",
            path,
            "a map key cannot be or hold the type null (keys are never null)",
        )
    return {"type": "null"}


def _timestamp(doc, path, in_key):
    if doc.get("tz") is None:
        return {"type": "timestamp"}
    return {"type": "timestamp", "tz": _need(doc, "tz", str, path)}


def _decimal(doc, path, in_key):
    p, s = _need(doc, "precision", int, path), _need(doc, "scale", int, path)
    if not (1 <= p <= 38 and 0 <= s <= p):
        raise FormatError(
            "unsupported",
            path,
            f"expected 1 <= precision <= 38 and 0 <= scale <= precision but found decimal({p},{s})",
        )
    return {"type": "decimal", "precision": p, "scale": s}


def _fixed_binary(doc, path, in_key):
    n = _need(doc, "size", int, path)
    if not 1 <= n <= MAX_FIXED_BINARY:
        raise FormatError(
            "unsupported",
            path,
            f"expected 1 <= fixed_binary size <= {MAX_FIXED_BINARY} but found {n}",
        )
    return {"type": "fixed_binary", "size": n}


def _list(doc, path, in_key):
    element = parse_type(_need(doc, "element", object, path), path + "[]", in_key)
    nullable = _need(doc, "element_nullable", bool, path)
    _null_needs_nullable(element, nullable, path + "[]", "list elements")
    return {"type": "list", "element": element, "element_nullable": nullable}


def _map(doc, path, in_key):
    key = parse_type(_need(doc, "key", object, path), path + "{keys}", True)
    value = parse_type(_need(doc, "value", object, path), path + "{values}", in_key)
    nullable = _need(doc, "value_nullable", bool, path)
    _null_needs_nullable(value, nullable, path + "{values}", "map values")
    return {"type": "map", "key": key, "value": value, "value_nullable": nullable}


def _struct(doc, path, in_key):
    fields, seen = [], set()
    for f in _need(doc, "fields", list, path):
        fname = _need(f, "name", str, path)
        fpath = f"{path}.{fname}" if path else fname
        if not fname or fname in seen:
            raise FormatError(
                "invalid_data",
                fpath,
                f"field names must be non-empty and unique, found {fname!r} twice or empty",
            )
        seen.add(fname)
        field = {
            "name": fname,
            "type": parse_type(_need(f, "type", object, fpath), fpath, in_key),
            "nullable": _need(f, "nullable", bool, fpath),
            "aliases": _aliases(f, fpath),
        }
        _null_needs_nullable(field["type"], field["nullable"], fpath, "a field")
        if "default" in f:
            field["default"] = _default(field, f["default"], fpath)
        fields.append(field)
    _check_aliases(fields, path)
    return {"type": "struct", "fields": fields}


_PARSE = dispatch(
    "schema.parse",
    ("fixed", "body", "array", "map", "row", "none"),
    {
        "null": _null,
        "bool": _simple,
        "int8": _simple,
        "int16": _simple,
        "int32": _simple,
        "int64": _simple,
        "float32": _simple,
        "float64": _simple,
        "date32": _simple,
        "time": _simple,
        "timestamp": _timestamp,
        "duration": _simple,
        "interval_ym": _simple,
        "decimal": _decimal,
        "string": _simple,
        "binary": _simple,
        "fixed_binary": _fixed_binary,
        "uuid": _simple,
        "interval": _simple,
        "variant": _simple,
        "list": _list,
        "map": _map,
        "struct": _struct,
    },
)


def _null_needs_nullable(t, nullable, path, what):
    """§3.6: a value of type null is always null, so it stands only where a null can."""
    if t["type"] == "null" and not nullable:
        raise FormatError(
            "invalid_data",
            path,
            f"{what} of type null must be nullable (a null type is always null)",
        )


def _default(field, doc, path):
    """A field's default (§13.7): a non-null value of its type, checked as values.json
    is read, strictly; any problem is invalid_data at the field's schema path."""
    if field["type"]["type"] == "null":
        raise FormatError("invalid_data", path, "a field of type null has no default")
    if doc is None:
        raise FormatError("invalid_data", path, "a default must be a value, found null")
    try:
        return values.from_json(field["type"], doc, path, strict=True)
    except FormatError as e:
        where = f" (at {e.path})" if e.path != path else ""
        raise FormatError(
            "invalid_data",
            path,
            f"default {json.dumps(doc)} is not a {describe(field['type'])} value{where}: "
            + e.message,
        ) from None


def _aliases(f, path):
    """A field's former names (SPEC §13.2): a list of strings, absent meaning none."""
    aliases = f.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        raise FormatError(
            "invalid_data",
            path,
            f"key 'aliases' must be a list of strings, found {aliases!r}",
        )
    return list(aliases)


def _check_aliases(fields, path):
    """The alias rules of SPEC §4.1, reported at the field that carries the offending
    alias (the later of two fields that share one)."""
    names = {f["name"] for f in fields}
    claimed = {}  # alias -> the field that listed it first
    for f in fields:
        fpath = f"{path}.{f['name']}" if path else f["name"]
        for i, alias in enumerate(f["aliases"]):
            if not alias:
                why = "an alias must not be empty"
            elif alias in f["aliases"][:i]:
                why = f'alias "{alias}" is listed twice'
            elif alias in names:
                why = f'alias "{alias}" is the name of a field of the same struct'
            elif alias in claimed:
                why = f'alias "{alias}" is already an alias of field "{claimed[alias]}"'
            else:
                claimed[alias] = f["name"]
                continue
            raise FormatError("invalid_data", fpath, why)


def _need(doc, key, kind, path):
    if not isinstance(doc, dict) or key not in doc:
        raise FormatError("invalid_data", path, f"missing key {key!r}")
    v = doc[key]
    if (
        kind is int
        and (isinstance(v, bool) or not isinstance(v, int))
        or kind is not object
        and kind is not int
        and not isinstance(v, kind)
    ):
        raise FormatError(
            "invalid_data", path, f"key {key!r} must be {kind.__name__}, found {v!r}"
        )
    return v


def type_depth(t):
    """Levels of nesting: a struct/list/map counts one, primitives zero (the top row is 1)."""
    kind = t["type"]
    if kind == "struct":
        return 1 + max((type_depth(f["type"]) for f in t["fields"]), default=0)
    if kind == "list":
        return 1 + type_depth(t["element"])
    if kind == "map":
        return 1 + max(type_depth(t["key"]), type_depth(t["value"]))
    return 0


# ---- canonical JSON and fingerprint (§4.1, §4.2) ---------------------------------------------


def canonical_json(t, extras=True):
    """The canonical text of SPEC §4.1; without `extras` (aliases and defaults) it is the
    text the fingerprint hashes (§4.2)."""
    return _CANONICAL[t["type"]](t, extras)


def _bare(t, extras):
    return jsontext.string(t["type"])


def _canonical_timestamp(t, extras):
    if "tz" not in t:
        return '"timestamp"'
    return '{{"type":"timestamp","tz":{}}}'.format(jsontext.string(t["tz"]))


def _canonical_params(t, extras):
    """{"type":NAME, then the type's parameters in the order of its TYPES entry}."""
    parts = [f'"type":{jsontext.string(t["type"])}']
    for key in TYPES[t["type"]].params:
        v = t[key]
        if isinstance(v, dict):
            text = canonical_json(v, extras)
        elif isinstance(v, bool):
            text = "true" if v else "false"
        else:
            text = str(v)
        parts.append(f"{jsontext.string(key)}:{text}")
    return "{" + ",".join(parts) + "}"


def _canonical_struct(t, extras):
    fields = ",".join(_field_json(f, extras) for f in t["fields"])
    return f'{{"type":"struct","fields":[{fields}]}}'


# A type without parameters is its bare name (§4.1): derived from TYPES, so only a type
# with parameters needs its own entry.
_BARE = {name for name, spec in TYPES.items() if not spec.params}

_CANONICAL = dispatch(
    "schema.canonical_json",
    ("fixed", "body", "array", "map", "row", "none"),
    {
        **dict.fromkeys(_BARE, _bare),
        "timestamp": _canonical_timestamp,
        "decimal": _canonical_params,
        "fixed_binary": _canonical_params,
        "list": _canonical_params,
        "map": _canonical_params,
        "struct": _canonical_struct,
    },
)


def _field_json(f, extras):
    text = '{{"name":{},"type":{},"nullable":{}'.format(
        jsontext.string(f["name"]),
        canonical_json(f["type"], extras),
        "true" if f["nullable"] else "false",
    )
    if extras and f.get("aliases"):  # after "nullable", only when there is one
        text += ',"aliases":[{}]'.format(
            ",".join(jsontext.string(a) for a in f["aliases"])
        )
    if extras and "default" in f:  # last (§13.7)
        text += ',"default":' + default_json(f["type"], f["default"])
    return text + "}"


def default_json(t, v):
    """A default in canonical JSON: its values.json form (§10), floats in the notation of
    §4.1, a struct's keys in field order."""
    return _json_value(values.to_json(t, v))


def _json_value(j):
    if isinstance(j, float):
        return jsontext.number(j)
    if isinstance(j, list):
        return "[" + ",".join(_json_value(e) for e in j) + "]"
    if isinstance(j, dict):
        return (
            "{"
            + ",".join(f"{jsontext.string(k)}:{_json_value(e)}" for k, e in j.items())
            + "}"
        )
    return jsontext.value(j)


def fingerprint(t):
    """FNV-1a over the canonical JSON without aliases and defaults (SPEC §4.2)."""
    h = FNV_OFFSET
    for b in canonical_json(t, extras=False).encode("utf-8"):
        h = ((h ^ b) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


# ---- short type text for annotations ----------------------------------------------------------


def describe(t):
    """Short type text for annotations: list<int32>, decimal(38,10) ..."""
    return _DESCRIBE[t["type"]](t)


_DESCRIBE = dispatch(
    "schema.describe",
    ("fixed", "body", "array", "map", "row", "none"),
    {
        **dict.fromkeys(_BARE, lambda t: t["type"]),
        "decimal": lambda t: f"decimal({t['precision']},{t['scale']})",
        "timestamp": lambda t: f"timestamp[{t['tz']}]" if "tz" in t else "timestamp",
        "fixed_binary": lambda t: f"fixed_binary({t['size']})",
        "list": lambda t: f"list<{describe(t['element'])}>",
        "map": lambda t: f"map<{describe(t['key'])},{describe(t['value'])}>",
        "struct": lambda t: "struct<" + ",".join(f["name"] for f in t["fields"]) + ">",
    },
)
