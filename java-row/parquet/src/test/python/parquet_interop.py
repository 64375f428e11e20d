#!/usr/bin/env python3
"""Parquet interop between zerorow-parquet (Java) and pyarrow, over the golden vectors.

  parquet_interop.py check DIR CASE...   read DIR/<case>.java.parquet (written by Java's
                                         ParquetRowWriter, 3 copies of the row) with
                                         pyarrow.parquet and compare with values.json
  parquet_interop.py write DIR CASE...   write DIR/<case>.py.parquet with pyarrow.parquet
                                         (defaults) from values.json, 3 copies of the row,
                                         for Java's ParquetRowReader to read

Run by ParquetPyarrowInteropTest (JUnit), which does the Java half of both directions.
The expected values come from format-spec/harness/arrow_equality.py (SPEC §12). Parquet
itself has no field for two things, and pyarrow reads them as Parquet says: a zone name
(an adjusted-to-UTC timestamp reads as tz=UTC; the instants are compared) and duration (a
plain INT64 reads as int64 microseconds). Nothing else is adjusted.
Prints `PASS|FAIL <check> <case>` lines (`SKIP write <case>: why` for a variant, which
pyarrow 21 cannot write as Parquet's VARIANT; `check` of a variant passes only when pyarrow
21 refuses to read it with its known message) and `N passed, N failed`.
"""

import os
import sys

import pyarrow as pa
import pyarrow.parquet as pq

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "format-spec", "harness"))
sys.path.insert(0, os.path.join(ROOT, "format-spec", "generator"))
import arrow_equality as ae  # noqa: E402
from zerorow_ref.schema import fingerprint, parse_schema  # noqa: E402

COPIES = 3

# The types SPEC 1.2 added, as Parquet keeps them (SPEC §12.3) and pyarrow 21 reads them
# (with arrow_extensions_enabled): null as UNKNOWN -> null, interval_ym as a plain INT32,
# fixed_binary(n) as FIXED_LEN_BYTE_ARRAY(n), uuid as FIXED_LEN_BYTE_ARRAY(16) UUID ->
# arrow.uuid, variant as its group of two binaries (pyarrow 21 has no parquet.variant type).
# An interval cannot be stored in Parquet (refused by the writer; ParquetRoundTripTest
# checks that). expected_table takes them through these two functions, which leave every
# other type to arrow_equality's.
VARIANT = pa.struct(
    [pa.field("metadata", pa.binary(), False), pa.field("value", pa.binary(), False)]
)
_arrow_type_11 = ae.arrow_type
_py_value_11 = ae.py_value


def arrow_type(t):
    kind = t if isinstance(t, str) else t["type"]
    if kind == "null":
        return pa.null()
    if kind == "interval_ym":
        return pa.int32()
    if kind == "fixed_binary":
        return pa.binary(t["size"])
    if kind == "uuid":
        return pa.uuid()
    if kind == "variant":
        return VARIANT
    if kind == "interval":
        raise ValueError("Parquet cannot hold an interval (SPEC §12.3)")
    return _arrow_type_11(t)


def py_value(t, v):
    kind = t if isinstance(t, str) else t["type"]
    if v is None:
        return None
    if kind in ("fixed_binary", "uuid"):
        return bytes.fromhex(v.replace("-", ""))
    if kind == "variant":
        return {
            "metadata": bytes.fromhex(v["metadata"]),
            "value": bytes.fromhex(v["value"]),
        }
    return _py_value_11(t, v)


# arrow_equality's functions recurse through these module names: nested types reach ours too
ae.arrow_type = arrow_type
ae.py_value = py_value


def has_kind(t, kind):
    if isinstance(t, str):
        return t == kind
    if t["type"] == kind:
        return True
    if t["type"] == "list":
        return has_kind(t["element"], kind)
    if t["type"] == "map":
        return has_kind(t["key"], kind) or has_kind(t["value"], kind)
    if t["type"] == "struct":
        return any(has_kind(f["type"], kind) for f in t["fields"])
    return False


def shape(t):
    """The Arrow type as Parquet keeps it: list/map child names dropped, zone -> UTC,
    duration -> int64."""
    if pa.types.is_timestamp(t):
        return f"timestamp[{t.unit}{', UTC' if t.tz else ''}]"
    if pa.types.is_duration(t):
        return "int64"
    if pa.types.is_map(t):
        return f"map<{shape(t.key_type)}, {shape(t.item_type)}{'' if t.item_field.nullable else ' not null'}>"
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return f"list<{shape(t.value_type)}{'' if t.value_field.nullable else ' not null'}>"
    if pa.types.is_struct(t):
        return (
            "struct<"
            + ", ".join(
                f"{t.field(i).name}: {shape(t.field(i).type)}{'' if t.field(i).nullable else ' not null'}"
                for i in range(t.num_fields)
            )
            + ">"
        )
    return str(t)


def _int_type(t):
    """t with timestamps, durations, times, dates and floats as same-width integers, so
    values compare exactly (NaN, -0.0, dates out of Python's range)."""
    if (
        pa.types.is_timestamp(t)
        or pa.types.is_duration(t)
        or pa.types.is_time64(t)
        or t == pa.float64()
    ):
        return pa.int64()
    if pa.types.is_date32(t) or t == pa.float32():
        return pa.int32()
    if pa.types.is_list(t):
        return pa.list_(t.value_field.with_type(_int_type(t.value_type)))
    if pa.types.is_map(t):
        return pa.map_(
            t.key_field.with_type(_int_type(t.key_type)),
            t.item_field.with_type(_int_type(t.item_type)),
        )
    if pa.types.is_struct(t):
        return pa.struct(
            [
                t.field(i).with_type(_int_type(t.field(i).type))
                for i in range(t.num_fields)
            ]
        )
    return t


def plain(table):
    """The table's rows as Python values, with the integer views of _int_type (an extension
    column as its storage)."""
    cols = {}
    for name in table.column_names:
        col = table.column(name).combine_chunks()
        if isinstance(col.type, pa.ExtensionType):
            col = col.storage
        as_ints = _int_type(col.type)
        # pyarrow 21 aborts the process on a view of list<null> (a slice past the null child):
        # a view to the same type is left out
        cols[name] = (col if as_ints == col.type else col.view(as_ints)).to_pylist()
    return cols


def _storage_type(t):
    """t with every extension type (nested ones too) replaced by its storage type."""
    if isinstance(t, pa.BaseExtensionType):
        return t.storage_type
    if pa.types.is_list(t):
        return pa.list_(t.value_field.with_type(_storage_type(t.value_type)))
    if pa.types.is_map(t):
        return pa.map_(
            t.key_field.with_type(_storage_type(t.key_type)),
            t.item_field.with_type(_storage_type(t.item_type)),
        )
    if pa.types.is_struct(t):
        return pa.struct(
            [
                t.field(i).with_type(_storage_type(t.field(i).type))
                for i in range(t.num_fields)
            ]
        )
    return t


def _with_extensions(a, t):
    """The array `a` (of _storage_type(t), offset 0) as type t."""
    if a.type == t:
        return a
    if isinstance(t, pa.BaseExtensionType):
        return pa.ExtensionArray.from_storage(t, a)
    mask = a.is_null() if a.null_count else None
    if pa.types.is_map(t):
        return pa.MapArray.from_arrays(
            a.offsets,
            _with_extensions(a.keys, t.key_type),
            _with_extensions(a.items, t.item_type),
            type=t,
            mask=mask,
        )
    if pa.types.is_list(t):
        return pa.ListArray.from_arrays(
            a.offsets, _with_extensions(a.values, t.value_type), type=t, mask=mask
        )
    if pa.types.is_struct(t):
        return pa.StructArray.from_arrays(
            [
                _with_extensions(a.field(i), t.field(i).type)
                for i in range(t.num_fields)
            ],
            fields=list(t),
            mask=mask,
        )
    raise TypeError(f"no extension type to restore in {t}")


def expected_table(schema_json, values, copies):
    """arrow_equality's expected_table, for extension types nested in lists, maps and
    structs too (pyarrow 21 cannot build those from Python values: built as their storage,
    then wrapped)."""
    schema = ae.arrow_schema(schema_json)
    columns = []
    for f, af in zip(schema_json["fields"], schema, strict=True):
        v = ae.py_value(f["type"], values[f["name"]])
        storage = pa.array([v] * copies, type=_storage_type(af.type))
        columns.append(_with_extensions(storage, af.type))
    return pa.Table.from_arrays(columns, schema=schema)


# What pyarrow 21 says when asked to read Parquet's VARIANT (a group annotated VARIANT, as
# parquet-mr writes it): it cannot, so a Java file with a variant passes only when pyarrow
# refuses it with exactly this; the day pyarrow reads it, the check fails and must compare.
PYARROW_VARIANT_REFUSAL = "Logical type Variant cannot be applied to group node"


def check(directory, case):
    schema_json, values, _ = ae.load_case(case)
    if any(has_kind(f["type"], "variant") for f in schema_json["fields"]):
        try:
            pq.read_table(os.path.join(directory, case + ".java.parquet"))
        except OSError as e:
            if PYARROW_VARIANT_REFUSAL in str(e):
                return True, "pyarrow 21 refuses Parquet VARIANT, as expected"
            raise
        return False, "pyarrow now reads Parquet VARIANT: compare the values"
    expected = expected_table(schema_json, values, COPIES)
    actual = pq.read_table(
        os.path.join(directory, case + ".java.parquet"), arrow_extensions_enabled=True
    )
    for f in expected.schema:
        a = actual.schema.field(f.name)
        if shape(a.type) != shape(f.type) or a.nullable != f.nullable:
            return False, f"field {f.name}: {a} != expected {f}"
    if actual.column_names != expected.column_names:
        return False, f"columns {actual.column_names}"
    got, want = plain(actual), plain(expected)
    if got != want:
        return False, f"values {got!r} != expected {want!r}"
    meta = actual.schema.metadata or {}
    # the fingerprint leaves the aliases out (SPEC §4.2)
    text = meta.get(b"zerorow.schema", b"").decode()
    if not text or meta.get(b"zerorow.fingerprint", b"").decode() != fingerprint(
        parse_schema(text)
    ):
        return (
            False,
            "zerorow.schema / zerorow.fingerprint metadata missing or inconsistent",
        )
    return True, ""


def write(directory, case):
    schema_json, values, _ = ae.load_case(case)
    if any(has_kind(f["type"], "variant") for f in schema_json["fields"]):
        # pyarrow 21 writes a struct, without Parquet's VARIANT annotation: Java would read a
        # struct, not a variant. ParquetPyarrowInteropTest expects exactly these cases here.
        return None, "pyarrow 21 cannot write a Parquet VARIANT"
    pq.write_table(
        expected_table(schema_json, values, COPIES),
        os.path.join(directory, case + ".py.parquet"),
    )
    return True, ""


def main(argv):
    mode, directory, cases = argv[0], argv[1], argv[2:]
    passed = failed = 0
    for case in cases:
        try:
            ok, why = (check if mode == "check" else write)(directory, case)
        except Exception as e:  # reported per case
            ok, why = False, repr(e)
        if ok is None:
            print(f"SKIP {mode} {case}: {why}")
            continue
        print(f"{'PASS' if ok else 'FAIL'} {mode} {case}" + (f": {why}" if why else ""))
        passed += ok
        failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
