"""zerorow.flink's pure-Python parts (no JVM): schemas, the per-record codec, errors, the jar
lookup. These run in the main .venv too, where pyflink is absent."""

from __future__ import annotations

import gc
import os
import subprocess
import sys

import pytest
import zerorow
import zerorow.flink as zf
from flink_orders import ORDER, SUMMARY, Order, make_orders, summarize
from zerorow.flink._codec import (
    as_schema,
    batch_reader,
    check_level,
    row_reader,
    row_writer,
)


def test_importing_zerorow_flink_does_not_import_pyflink():
    code = "import sys, zerorow, zerorow.flink; print(any(m.split('.')[0] == 'pyflink' for m in sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"


def test_schemas_from_a_schema_its_json_or_a_class():
    assert as_schema(Order, "input_schema") == ORDER.schema
    assert as_schema(ORDER.schema.to_json(), "input_schema") == ORDER.schema
    assert as_schema(ORDER.schema, "input_schema") is ORDER.schema
    with pytest.raises(
        TypeError, match="input_schema must be a zerorow.Schema.*not int"
    ):
        as_schema(42, "input_schema")
    with pytest.raises(
        ValueError,
        match="level must be one of 'none', 'bounds', 'full', not 'unchecked'",
    ):
        check_level("unchecked")


def test_reader_gives_a_zero_copy_row_over_the_bytes_it_is_given():
    order = make_orders(4)[3]
    data = ORDER.encode(order)
    for level in ("none", "bounds", "full"):
        row = row_reader(ORDER.schema.to_json(), level)(data)
        assert isinstance(row, zerorow.BinaryRow)
        assert summarize(row) == summarize(order)
        assert (
            row.to_memoryview().obj is data
        )  # a view of PyFlink's bytes object, no copy


def test_reader_is_one_native_function_that_holds_its_schema():
    order = make_orders(4)[3]
    data = ORDER.encode(order)
    read = row_reader(ORDER.schema.to_json(), "bounds")
    assert not hasattr(read, "__code__")  # native: no Python frame per row
    gc.collect()  # the reader keeps its schema (parsed from JSON: no one else holds it)
    rows = [read(data), read(bytearray(data)), read(memoryview(data))]
    del read
    gc.collect()  # and each view keeps what it needs without the reader
    assert [summarize(r) for r in rows] == [summarize(order)] * 3
    with pytest.raises(TypeError, match="bytes-like object is required, not 'int'"):
        row_reader(ORDER.schema.to_json(), "bounds")(42)
    with pytest.raises(TypeError):
        row_reader(ORDER.schema.to_json(), "bounds")(data, "bounds")
    # a bad level fails when the reader is made, before any row
    native = zerorow._zerorow.row_reader
    with pytest.raises(ValueError, match="level must be 'none', 'bounds' or 'full'"):
        native(ORDER.schema, ORDER.schema._native, "unchecked")
    with pytest.raises(TypeError, match="compiled must be a CompiledSchema, not str"):
        native(ORDER.schema, "not a compiled schema", "bounds")


def test_reader_errors_name_the_field():
    bad = bytearray(ORDER.encode(make_orders(3)[2]))
    bad[8 + 8 * 4 + 7] = 0x7F  # the `items` reference points past the end
    with pytest.raises(zerorow.InvalidDataError) as info:
        row_reader(ORDER.schema.to_json(), "full")(bytes(bad))
    assert info.value.path == "items"
    with pytest.raises(zerorow.InvalidDataError, match="invalid_data at items"):
        row_reader(ORDER.schema.to_json(), "bounds")(bytes(bad)).items
    with pytest.raises(zerorow.TruncatedError):
        row_reader(ORDER.schema.to_json(), "bounds")(bytes(bad[:16]))


def test_batch_reader_makes_the_rows_of_a_batch_with_nulls_in_place():
    orders = make_orders(5)
    values = [ORDER.encode(o) for o in orders]
    values[1] = values[4] = None
    for level in ("none", "bounds", "full"):
        rows = batch_reader(ORDER.schema.to_json(), level)(values)
        assert [r is None for r in rows] == [v is None for v in values]
        got = [summarize(r) for r in rows if r is not None]
        assert got == [summarize(orders[k]) for k in (0, 2, 3)]
    assert batch_reader(ORDER.schema.to_json(), "bounds")([None, None]) == [None, None]
    bad = bytearray(values[0])
    bad[8 + 8 * 4 + 7] = 0x7F  # the `items` reference points past the end
    with pytest.raises(zerorow.InvalidDataError) as info:
        batch_reader(ORDER.schema.to_json(), "full")([values[2], bytes(bad)])
    assert info.value.path == "items"


def test_writer_encodes_dataclasses_dicts_and_passes_rows_of_its_schema():
    write = row_writer(SUMMARY.schema.to_json())
    s = summarize(make_orders(3)[2])
    data = write(s)
    assert data == SUMMARY.encode(s)
    assert write({f: getattr(s, f) for f in SUMMARY.schema.names}) == data
    row = zerorow.BinaryRow(SUMMARY.schema, data)
    assert write(row) == data
    assert write(None) is None


def test_writer_refuses_rows_of_another_schema_and_objects_without_the_fields():
    write = row_writer(SUMMARY.schema.to_json())
    other = ORDER.to_row(make_orders(1)[0])
    with pytest.raises(zerorow.SchemaMismatchError) as info:
        write(other)
    assert ORDER.schema.fingerprint_hex in str(
        info.value
    ) and SUMMARY.schema.fingerprint_hex in str(info.value)
    with pytest.raises(
        zerorow.SchemaMismatchError, match="has no attribute 'order_id'"
    ):
        write(object())
    with pytest.raises(zerorow.SchemaMismatchError, match="total"):
        write({"order_id": 1, "total": "not a number", "n_items": 0, "tag_sum": 0})


def test_schema_literal_quotes_for_sql():
    s = zerorow.Schema([zerorow.field("it's", zerorow.int32)])
    literal = zf.schema_literal(s)
    assert literal.startswith("'") and literal.endswith("'") and "it''s" in literal
    assert zerorow.Schema.from_json(literal[1:-1].replace("''", "'")) == s


def test_jar_lookup(monkeypatch, tmp_path):
    monkeypatch.setenv(zf.JAR_ENV, str(tmp_path / "missing.jar"))
    with pytest.raises(
        FileNotFoundError, match="ZEROROW_FLINK_JAR=.*missing.jar is not a file"
    ):
        zf.jar_path()
    jar = tmp_path / "zerorow-flink.jar"
    jar.write_bytes(b"PK")
    monkeypatch.setenv(zf.JAR_ENV, str(jar))
    assert zf.jar_path() == jar.resolve()
    monkeypatch.delenv(zf.JAR_ENV)
    shipped = os.path.join(os.path.dirname(zf.__file__), "zerorow-flink.jar")
    if os.path.isfile(shipped):
        assert str(zf.jar_path()) == shipped
    else:
        with pytest.raises(
            FileNotFoundError, match="set ZEROROW_FLINK_JAR.*make build-flink"
        ):
            zf.jar_path()
