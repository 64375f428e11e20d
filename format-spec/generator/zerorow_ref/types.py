"""The reference's one list of types (SPEC §3) and the storage kinds every dispatch uses.

Every place in zerorow_ref that does something per type keeps a table keyed by the type
names of TYPES and registers it with `dispatch(...)`; `test_types.py` checks that each
registered table handles exactly the types of the storage kinds it declares, so a type
added here and forgotten in one place fails the suite (format-spec/ADDING_A_TYPE.md).
"""

from collections import namedtuple

# Storage kinds (SPEC §3): how a value of the type is stored in a slot or an element.
FIXED = "fixed"  # the value in the slot / element (natural width)
BODY = "body"  # a reference to a body of bytes
ARRAY = "array"  # a reference to an array (§2.2)
MAP = "map"  # a reference to a map (§2.3)
ROW = "row"  # a reference to a row (§2.1)
NONE = "none"  # nothing: always null, the slot / element is 0 (§3.6)
KINDS = (FIXED, BODY, ARRAY, MAP, ROW, NONE)

TypeSpec = namedtuple("TypeSpec", "name kinds width params since")
"""kinds: the storage kinds the type can take (decimal: fixed or body by precision);
width: bytes per array element (§2.2); params: the canonical JSON keys after "type", in
order (§4.1); since: the spec version that added it."""


def _t(name, kinds, width=8, params=(), since="1.0"):
    return name, TypeSpec(name, frozenset(kinds), width, tuple(params), since)


TYPES = dict(
    [
        _t("null", [NONE], since="1.2"),
        _t("bool", [FIXED], 1),
        _t("int8", [FIXED], 1),
        _t("int16", [FIXED], 2),
        _t("int32", [FIXED], 4),
        _t("int64", [FIXED]),
        _t("float32", [FIXED], 4),
        _t("float64", [FIXED]),
        _t("date32", [FIXED], 4),
        _t("time", [FIXED]),
        _t("timestamp", [FIXED], params=["tz"]),
        _t("duration", [FIXED]),
        _t("interval_ym", [FIXED], 4, since="1.2"),
        _t("decimal", [FIXED, BODY], params=["precision", "scale"]),
        _t("string", [BODY]),
        _t("binary", [BODY]),
        _t("fixed_binary", [BODY], params=["size"], since="1.2"),
        _t("uuid", [BODY], since="1.2"),
        _t("interval", [BODY], since="1.2"),
        _t("variant", [BODY], since="1.2"),
        _t("list", [ARRAY], params=["element", "element_nullable"]),
        _t("map", [MAP], params=["key", "value", "value_nullable"]),
        _t("struct", [ROW], params=["fields"]),
    ]
)


def storage_kind(t):
    """The storage kind of a parsed type (§3): decimal p <= 18 is fixed, p > 18 a body."""
    if t["type"] == "decimal":
        return FIXED if t["precision"] <= 18 else BODY
    (kind,) = TYPES[t["type"]].kinds
    return kind


def element_width(t):
    """Bytes per element in an array (§2.2): the natural width of §3."""
    return TYPES[t["type"]].width


def body_size(t):
    """The size a body of this type must have (B4, §6.3 g), or None when any size goes."""
    if t["type"] == "fixed_binary":
        return t["size"]
    return 16 if t["type"] in ("uuid", "interval") else None


def null_reserve(t):
    """(body bytes, slot size) a row keeps for a null field of this type, or None.
    Reason: Spark's layout keeps a 16-byte body for a null decimal p > 18 (slot size 0,
    §3.5) and for a null interval (slot size 16, §3.7), so a value can be set in place."""
    if t["type"] == "decimal" and t["precision"] > 18:
        return 16, 0
    return (16, 16) if t["type"] == "interval" else None


def row_body_span(t, size):
    """Bytes a non-null body of `size` takes in a row: the reserve when the type keeps
    one (§3.5, §3.7), else the size padded to 8."""
    reserve = null_reserve(t)
    return max(reserve[0], pad8(size)) if reserve else pad8(size)


def pad8(n):
    return (n + 7) & ~7


def names(kinds):
    """The type names that can take one of the storage kinds."""
    return {n for n, spec in TYPES.items() if spec.kinds & set(kinds)}


DISPATCHES = []  # (where, kinds, table)


def dispatch(where, kinds, table):
    """Registers a table keyed by type name that must handle exactly the types of `kinds`
    (checked by test_types.py); returns the table."""
    DISPATCHES.append((where, frozenset(kinds), table))
    return table


def missing(dispatches=None):
    """[(where, types missing, types unknown)] for every registered table that does not
    handle exactly the types of its kinds; empty when every place handles every type."""
    out = []
    for where, kinds, table in DISPATCHES if dispatches is None else dispatches:
        want = names(kinds)
        lacking, extra = sorted(want - set(table)), sorted(set(table) - want)
        if lacking or extra:
            out.append((where, lacking, extra))
    return out
