"""Rows <-> Arrow (SPEC §12), the PyCapsule protocol, and row files (SPEC §5)."""

import datetime as dt
import decimal
from dataclasses import dataclass
from typing import Annotated, Dict, List, Optional

import pyarrow as pa
import pytest
import zerorow


@dataclass
class Item:
    name: str
    qty: zerorow.int32


@dataclass
class Order:
    id: int
    when: Annotated[dt.datetime, dt.UTC]
    day: dt.date
    price: Annotated[decimal.Decimal, zerorow.decimal(9, 2)]
    tags: List[str]
    attrs: Dict[str, int]
    items: List[Item]
    note: Optional[str]


ENC = zerorow.encoder(Order)
ORDERS = [
    Order(
        i,
        dt.datetime(2024, 1, 1, i % 24, tzinfo=dt.UTC),
        dt.date(2024, 1, 1 + i % 28),
        decimal.Decimal(i) / 4,
        [f"t{i}"] * (i % 3),
        {"a": i},
        [Item("x", i)],
        None if i % 2 else "n",
    )
    for i in range(50)
]


def test_arrow_types_follow_spec_12():
    t = zerorow.arrow.schema_to_arrow(ENC.schema)
    assert t.field("when").type == pa.timestamp("us", tz="UTC")
    assert t.field("price").type == pa.decimal128(9, 2)
    assert t.field("attrs").type == pa.map_(pa.utf8(), pa.int64())
    assert t.field("id").nullable is False and t.field("note").nullable is True
    assert zerorow.arrow.arrow_to_schema(t) == ENC.schema


def test_encoder_to_arrow_and_back():
    batch = ENC.to_arrow_record_batch(ORDERS)
    assert batch.num_rows == 50 and batch.column("id").to_pylist() == list(range(50))
    assert batch.column("items")[3].as_py() == [{"name": "x", "qty": 3}]
    table = ENC.to_arrow_table(ORDERS)
    assert table.num_rows == 50
    assert ENC.from_arrow(batch) == ORDERS
    assert ENC.from_arrow(table) == ORDERS


def test_capsule_protocol_round_trip():
    rows = zerorow.from_arrow(ENC.to_arrow_record_batch(ORDERS), ENC.schema)
    assert isinstance(rows, zerorow.RowBatch) and len(rows) == 50
    assert rows[7].items[0].qty == 7 and rows[-1].id == 49
    assert pa.record_batch(rows).num_rows == 50
    assert pa.table(rows).column("id").to_pylist() == list(range(50))
    assert pa.schema(rows) == zerorow.arrow.schema_to_arrow(ENC.schema)
    again = zerorow.from_arrow(rows)  # any exporter of the protocol
    streamed = zerorow.from_arrow(pa.table(rows), ENC.schema)
    assert [r.to_bytes() for r in streamed] == [r.to_bytes() for r in rows]
    assert pa.RecordBatchReader.from_stream(rows).read_all().num_rows == 50
    assert [r.to_bytes() for r in again] == [r.to_bytes() for r in rows]
    assert rows.to_binary_array()[0].as_py() == rows[0].to_bytes()


def test_from_arrow_floors_sub_microseconds_unless_strict():
    # SPEC Appendix A rule 6: floor toward negative infinity, as Spark and Flink truncate
    s = zerorow.Schema([zerorow.field("t", zerorow.timestamp(), False)])
    ok = pa.record_batch([pa.array([1_000_000_000], pa.timestamp("ns"))], names=["t"])
    assert zerorow.from_arrow(ok, s)[0].get_raw("t") == 1_000_000
    fine = pa.record_batch(
        [pa.array([1, 1999, -1, None], pa.timestamp("ns"))], names=["t"]
    )
    rows = zerorow.from_arrow(
        fine, s.__class__([zerorow.field("t", zerorow.timestamp())])
    )
    assert [r.get_raw("t") for r in rows] == [0, 1, -1, None]
    with pytest.raises(zerorow.InvalidDataError, match="nanoseconds") as e:
        zerorow.from_arrow(fine, s, strict=True)
    assert e.value.path == "[0].t" and "1" in str(e.value)
    ms = pa.record_batch([pa.array([3], pa.timestamp("ms"))], names=["t"])
    assert zerorow.from_arrow(ms, s, strict=True)[0].get_raw("t") == 3000
    other = pa.record_batch([pa.array(["x"])], names=["t"])
    with pytest.raises(zerorow.SchemaMismatchError):
        zerorow.from_arrow(other, s)


def test_row_files(tmp_path):
    path = tmp_path / "orders.arrow"
    assert zerorow.write_file(path, ORDERS, ENC.schema) == 50
    with zerorow.open_file(path, schema=ENC.schema, level="full") as f:
        assert len(f) == 50 and f[10].id == 10 and f[-1].id == 49
        assert [r.id for r in f] == list(range(50))
        assert ENC.from_row(f[5]) == ORDERS[5]
        assert f.to_arrow().column("id").to_pylist() == list(range(50))
    meta = pa.ipc.open_file(pa.memory_map(str(path))).schema.field("row").metadata
    assert meta[b"zerorow.fingerprint"].decode() == ENC.schema.fingerprint_hex
    # a reader schema the file's cannot be resolved to (SPEC §13.5): refused at open, naming it
    other = zerorow.Schema([zerorow.field("x", zerorow.int32, nullable=False)])
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        zerorow.open_file(path, schema=other)
    assert str(path) in str(e.value) and e.value.path == "x"


def test_row_file_with_bad_fingerprint(tmp_path):
    path = tmp_path / "bad.arrow"
    meta = {
        "zerorow.version": "1",
        "zerorow.schema": ENC.schema.to_json(),
        "zerorow.fingerprint": "0" * 16,
    }
    schema = pa.schema([pa.field("row", pa.binary(), nullable=False, metadata=meta)])
    with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_file(sink, schema) as w:
        w.write_batch(
            pa.record_batch([pa.array([ENC.encode(ORDERS[0])])], schema=schema)
        )
    with pytest.raises(zerorow.InvalidDataError) as e:
        zerorow.open_file(path)
    # both fingerprints and the file are named
    assert ENC.schema.fingerprint_hex in str(e.value) and "0" * 16 in str(e.value)
    assert "bad.arrow" in str(e.value)
    meta["zerorow.version"] = "2"
    meta["zerorow.fingerprint"] = ENC.schema.fingerprint_hex
    schema = pa.schema([pa.field("row", pa.binary(), nullable=False, metadata=meta)])
    with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_file(sink, schema) as w:
        w.write_batch(
            pa.record_batch([pa.array([ENC.encode(ORDERS[0])])], schema=schema)
        )
    with pytest.raises(zerorow.UnsupportedError):
        zerorow.open_file(path)


def test_requested_schema_is_honoured_when_equal_and_rejected_otherwise():
    rows = zerorow.from_arrow(ENC.to_arrow_record_batch(ORDERS[:5]), ENC.schema)
    own = pa.record_batch(rows).schema
    assert pa.record_batch(rows, schema=own).num_rows == 5
    assert pa.table(rows, schema=own).num_rows == 5
    other = pa.schema([own.field(i) for i in range(1, len(own))])
    with pytest.raises(zerorow.SchemaMismatchError, match="requested_schema"):
        rows.__arrow_c_array__(other.__arrow_c_schema__())
    with pytest.raises(zerorow.SchemaMismatchError, match="requested_schema"):
        rows.__arrow_c_stream__(other.__arrow_c_schema__())


def test_row_file_to_arrow_over_several_batches(tmp_path, monkeypatch):
    from zerorow import files

    monkeypatch.setattr(files, "BATCH_ROWS", 7)  # 50 rows -> 8 Arrow batches
    path = tmp_path / "orders.arrow"
    zerorow.write_file(path, ORDERS, ENC.schema)
    with zerorow.open_file(path, schema=ENC.schema) as f:
        table = f.to_arrow()
        assert table.num_rows == 50 and len(table.to_batches()) == 8
        assert table == pa.Table.from_batches([ENC.to_arrow_record_batch(ORDERS)])
    with zerorow.open_file(path, level="none") as f:
        assert [r.id for r in f] == list(range(50))


def test_shared_bodies_cannot_amplify_the_export():
    # 100 outer elements that all reference one inner list of 100 ints: valid at level
    # "bounds", rejected at "full" (SPEC §6.3 rule e); exporting it would need 10,000
    # elements from 1,264 bytes, so cpp-row's ExportRows refuses it (SPEC §6.2).
    import struct

    inner_t = zerorow.list_(zerorow.int32, False)
    schema = zerorow.Schema([zerorow.field("l", zerorow.list_(inner_t, False), False)])
    n, outer = 100, 16
    outer_fixed, inner_size = 8 + 16 + 8 * n, 8 + 16 + 4 * n
    b = bytearray(outer + outer_fixed + inner_size)
    struct.pack_into("<Q", b, 8, (outer << 32) | (outer_fixed + inner_size))
    struct.pack_into("<q", b, outer, n)
    for e in range(n):
        struct.pack_into("<Q", b, outer + 24 + 8 * e, (outer_fixed << 32) | inner_size)
    struct.pack_into("<q", b, outer + outer_fixed, n)
    data = bytes(b)
    zerorow.validate(schema, data, level="bounds")
    with pytest.raises(zerorow.InvalidDataError):
        zerorow.validate(schema, data)
    with pytest.raises(zerorow.InvalidDataError, match="shared or overlap") as e:
        zerorow.RowBatch(schema, data, [0, len(data)]).to_arrow()
    assert e.value.path.startswith("l")
