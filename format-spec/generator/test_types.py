"""The reference's one type list (zerorow_ref/types.py) drives every per-type table: each
registered table handles exactly the types of its storage kinds, and the vectors use every
type. A type added to TYPES and forgotten in one place fails here
(format-spec/ADDING_A_TYPE.md)."""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.join(HERE, "..", "vectors")
sys.path.insert(0, HERE)
import zerorow_vectors  # noqa: E402,F401  (imports every module that registers a table)
from zerorow_ref import types  # noqa: E402
from zerorow_ref.types import DISPATCHES, TYPES, TypeSpec, missing  # noqa: E402

# Every per-type table of the reference. A new table must be added here, so that a place
# which stops registering its table fails too.
TABLES = {
    "schema.parse",
    "schema.canonical_json",
    "schema.describe",
    "values.from_json",
    "values.to_json",
    "values.equal",
    "encode.fixed_formats",
    "encode.body",
    "encode.show",
    "decode.fixed",
    "decode.body",
}


def test_every_table_handles_exactly_its_types():
    assert missing() == []


def test_every_table_is_registered_once():
    wheres = [where for where, _, _ in DISPATCHES]
    assert sorted(wheres) == sorted(TABLES)


def test_a_type_missing_from_a_table_is_reported(monkeypatch):
    """The check is not vacuous: a new type, or an entry taken out of a table, fails it."""
    monkeypatch.setitem(
        TYPES, "int128", TypeSpec("int128", frozenset([types.FIXED]), 16, (), "9.9")
    )
    report = {where: lacking for where, lacking, _ in missing()}
    for where, kinds, _ in DISPATCHES:
        if types.FIXED in kinds:
            assert report[where] == ["int128"], where
    monkeypatch.delitem(TYPES, "int128")
    where, kinds, table = next(d for d in DISPATCHES if d[0] == "decode.body")
    shrunk = {k: v for k, v in table.items() if k != "uuid"}
    assert missing([(where, kinds, shrunk)]) == [(where, ["uuid"], [])]


def test_storage_kinds_of_the_spec_table():
    """SPEC §3's storage-kind table, written out once more as the spec states it."""
    spec = {
        types.FIXED: "bool int8 int16 int32 int64 float32 float64 date32 time timestamp "
        "duration interval_ym decimal",
        types.BODY: "string binary fixed_binary uuid decimal interval variant",
        types.ARRAY: "list",
        types.MAP: "map",
        types.ROW: "struct",
        types.NONE: "null",
    }
    for kind, text in spec.items():
        assert types.names([kind]) == set(text.split()), kind


def _type_names(t, out):
    if isinstance(t, str):
        out.add(t)
        return
    out.add(t["type"])
    for f in t.get("fields", []):
        _type_names(f["type"], out)
    for key in ("element", "key", "value"):
        if key in t:
            _type_names(t[key], out)


def test_the_golden_vectors_use_every_type():
    used = set()
    for name in os.listdir(VECTORS):
        path = os.path.join(VECTORS, name, "schema.json")
        if os.path.exists(path):
            _type_names(json.load(open(path, encoding="utf-8")), used)
    assert used == set(TYPES)


def test_the_evolution_vectors_give_a_default_of_every_type():
    """SPEC §13.7: a default of every type (null has none), at depth too."""
    with_default = set()
    evolution = os.path.join(VECTORS, "evolution")
    for name in os.listdir(evolution):
        reader = json.load(
            open(os.path.join(evolution, name, "reader.json"), encoding="utf-8")
        )
        _defaults(reader, with_default)
    assert with_default == set(TYPES) - {"null"}


def _defaults(t, out):
    if isinstance(t, str):
        return
    for f in t.get("fields", []):
        if "default" in f:
            out.add(f["type"] if isinstance(f["type"], str) else f["type"]["type"])
        _defaults(f["type"], out)
    for key in ("element", "key", "value"):
        if key in t:
            _defaults(t[key], out)
