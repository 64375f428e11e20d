"""Schema model of SPEC.md §4: parse, canonical JSON, fingerprint, depth.

Types are plain dicts in the canonical JSON shape ({"type": "list", "element": ...}),
with parameterless types normalised to {"type": name} in memory. Every parsed field has
an "aliases" list (empty when the JSON has none, SPEC §13.2).

Paths in schema errors are schema paths (SPEC §13.1): `a[]`, `m{keys}`, `m{values}.x`.
"""

import json

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
MAX_DEPTH = 64
FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3


class FormatError(Exception):
    """A spec error (SPEC §6.1): kind, field path, message with both numbers."""

    def __init__(self, kind, path, message):
        super().__init__(f"{kind} at {path or '<row>'}: {message}")
        self.kind, self.path, self.message = kind, path, message


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


def parse_type(doc, path):
    if isinstance(doc, str):
        doc = {"type": doc}
    if not isinstance(doc, dict) or not isinstance(doc.get("type"), str):
        raise FormatError("invalid_data", path, f"expected a type but found {doc!r}")
    name = doc["type"]
    if name in PRIMITIVES:
        out = {"type": name}
        if name == "timestamp" and doc.get("tz") is not None:
            out["tz"] = _need(doc, "tz", str, path)
        return out
    if name == "decimal":
        p, s = _need(doc, "precision", int, path), _need(doc, "scale", int, path)
        if not (1 <= p <= 38 and 0 <= s <= p):
            raise FormatError(
                "unsupported",
                path,
                f"expected 1 <= precision <= 38 and 0 <= scale <= precision but found decimal({p},{s})",
            )
        return {"type": "decimal", "precision": p, "scale": s}
    if name == "list":
        return {
            "type": "list",
            "element": parse_type(_need(doc, "element", object, path), path + "[]"),
            "element_nullable": _need(doc, "element_nullable", bool, path),
        }
    if name == "map":
        return {
            "type": "map",
            "key": parse_type(_need(doc, "key", object, path), path + "{keys}"),
            "value": parse_type(_need(doc, "value", object, path), path + "{values}"),
            "value_nullable": _need(doc, "value_nullable", bool, path),
        }
    if name == "struct":
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
            fields.append(
                {
                    "name": fname,
                    "type": parse_type(_need(f, "type", object, fpath), fpath),
                    "nullable": _need(f, "nullable", bool, fpath),
                    "aliases": _aliases(f, fpath),
                }
            )
        _check_aliases(fields, path)
        return {"type": "struct", "fields": fields}
    raise FormatError("unsupported", path, f"unknown type {name!r}")


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


def _jstr(s):
    out = ['"']
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ord(ch) < 0x20:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def canonical_json(t, aliases=True):
    """The canonical text of SPEC §4.1; without aliases it is the text the fingerprint
    hashes (§4.2)."""
    kind = t["type"]
    if kind in PRIMITIVES and "tz" not in t:
        return _jstr(kind)
    if kind == "timestamp":
        return '{{"type":"timestamp","tz":{}}}'.format(_jstr(t["tz"]))
    if kind == "decimal":
        return '{{"type":"decimal","precision":{},"scale":{}}}'.format(
            t["precision"],
            t["scale"],
        )
    if kind == "list":
        return '{{"type":"list","element":{},"element_nullable":{}}}'.format(
            canonical_json(t["element"], aliases), _jbool(t["element_nullable"])
        )
    if kind == "map":
        return '{{"type":"map","key":{},"value":{},"value_nullable":{}}}'.format(
            canonical_json(t["key"], aliases),
            canonical_json(t["value"], aliases),
            _jbool(t["value_nullable"]),
        )
    fields = ",".join(_field_json(f, aliases) for f in t["fields"])
    return f'{{"type":"struct","fields":[{fields}]}}'


def _field_json(f, aliases):
    text = '{{"name":{},"type":{},"nullable":{}'.format(
        _jstr(f["name"]), canonical_json(f["type"], aliases), _jbool(f["nullable"])
    )
    if aliases and f.get("aliases"):  # written last, and only when there is one
        text += ',"aliases":[{}]'.format(",".join(_jstr(a) for a in f["aliases"]))
    return text + "}"


def _jbool(b):
    return "true" if b else "false"


def fingerprint(t):
    """FNV-1a over the canonical JSON without aliases (SPEC §4.2, §13.2)."""
    h = FNV_OFFSET
    for b in canonical_json(t, aliases=False).encode("utf-8"):
        h = ((h ^ b) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


# Natural widths of SPEC §3: how many bytes a value takes in an array element.
_WIDTH = {
    "bool": 1,
    "int8": 1,
    "int16": 2,
    "int32": 4,
    "float32": 4,
    "date32": 4,
    "int64": 8,
    "float64": 8,
    "time": 8,
    "timestamp": 8,
    "duration": 8,
}


def element_width(t):
    return _WIDTH.get(t["type"], 8)


def is_fixed(t):
    return t["type"] in _WIDTH or (t["type"] == "decimal" and t["precision"] <= 18)


def is_big_decimal(t):
    return t["type"] == "decimal" and t["precision"] > 18


def describe(t):
    """Short type text for annotations: list<int32>, decimal(38,10) ..."""
    kind = t["type"]
    if kind == "decimal":
        return f"decimal({t['precision']},{t['scale']})"
    if kind == "timestamp":
        return f"timestamp[{t['tz']}]" if "tz" in t else "timestamp"
    if kind == "list":
        return f"list<{describe(t['element'])}>"
    if kind == "map":
        return f"map<{describe(t['key'])},{describe(t['value'])}>"
    if kind == "struct":
        return "struct<" + ",".join(f["name"] for f in t["fields"]) + ">"
    return kind
