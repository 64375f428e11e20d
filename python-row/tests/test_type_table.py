"""The one type table (zerorow.TYPES, format-spec/ADDING_A_TYPE.md): it lists cpp-row's types
in cpp-row's order, and every type goes through every Python dispatch — inference, the
encoder, the views, repr and HTML, decode, Arrow both ways. A type added to the table without
a sample here fails first; one a dispatch forgets fails in its own test."""

from __future__ import annotations

import dataclasses
import datetime as dt
import decimal
import uuid
from typing import Annotated, Any, Optional

import pyarrow as pa
import pytest
import zerorow
from zerorow import _zerorow

# One annotation and one value per type: inference must give the type, and the value must come
# back from every read path.
SAMPLES: dict[str, tuple[Any, Any]] = {
    "bool": (bool, True),
    "int8": (Annotated[int, zerorow.int8], -5),
    "int16": (Annotated[int, zerorow.int16], -300),
    "int32": (Annotated[int, zerorow.int32], 70000),
    "int64": (int, -(2**40)),
    "float32": (Annotated[float, zerorow.float32], 1.5),
    "float64": (float, 2.25),
    "string": (str, "héllo"),
    "binary": (bytes, b"\x00\x01"),
    "date32": (dt.date, dt.date(2024, 1, 31)),
    "time": (dt.time, dt.time(13, 45, 0, 250000)),
    "timestamp": (dt.datetime, dt.datetime(2024, 1, 31, 13, 45)),
    "duration": (dt.timedelta, dt.timedelta(days=1, microseconds=5)),
    "decimal": (
        Annotated[decimal.Decimal, zerorow.decimal(10, 2)],
        decimal.Decimal("12.34"),
    ),
    "list": (list[Optional[int]], [1, None, 3]),
    "map": (dict[str, int], {"a": 1}),
    "struct": (None, None),  # a nested dataclass, made below
    "null": (None, None),
    "interval_ym": (Annotated[int, zerorow.interval_ym], 14),
    "interval": (zerorow.Interval, zerorow.Interval(1, 2, 3)),
    "fixed_binary": (Annotated[bytes, zerorow.fixed_binary(4)], b"\x00\x01\x02\x03"),
    "uuid": (uuid.UUID, uuid.UUID("0f8fad5b-d9cb-469f-a165-70867728950e")),
    "variant": (zerorow.Variant, zerorow.Variant.of({"a": [1, 2.5, "x"]})),
}


@dataclasses.dataclass
class Inner:
    x: int


SAMPLES["struct"] = (Inner, Inner(7))


def test_the_table_is_cpp_rows_list_in_its_order():
    native = _zerorow.type_table()
    assert [name for name, _, _ in native] == list(zerorow.TYPES)
    for name, storage, _ in native:
        assert zerorow.TYPES[name].storage.value == storage, name


def test_every_type_has_a_sample():
    assert set(SAMPLES) == set(zerorow.TYPES)


def _holder(name: str):
    ann, _ = SAMPLES[name]
    return dataclasses.make_dataclass(f"Holder_{name}", [("v", ann)])


@pytest.mark.parametrize("name", list(zerorow.TYPES))
def test_every_dispatch_handles_every_type(name: str):
    ann, value = SAMPLES[name]
    cls = _holder(name)
    enc = zerorow.encoder(cls)  # inference
    t = enc.schema.field("v").type
    assert t.id == name
    # JSON both ways
    assert zerorow.Schema.from_json(enc.schema.to_json()) == enc.schema
    obj = cls(value)
    row = enc.to_row(obj)  # the encoder
    row.validate("full")
    read = row.v  # the views
    if name == "struct":
        assert read.x == 7
    elif name == "list":
        assert list(read) == value
    elif name == "map":
        assert dict(read.items()) == value
    else:
        assert read == value
    assert "v=" in repr(row)  # repr and HTML
    assert "<table>" in row._repr_html_()
    assert enc.from_row(row) == obj  # decode
    batch = enc.to_arrow_record_batch([obj, obj])  # Arrow out
    # Arrow in (cpp-row's SPEC §12.2 mapping)
    back = zerorow.from_arrow(batch, enc.schema)
    assert back[0].to_bytes() == row.to_bytes()
    assert zerorow.Schema.from_arrow(batch.schema).field("v").type == t


def test_every_storage_kind_is_used():
    kinds = {t.storage for t in zerorow.TYPES.values()}
    assert kinds == set(zerorow.StorageKind)


def test_a_python_type_outside_the_table_is_refused():
    with pytest.raises(zerorow.UnsupportedError, match="unknown type 'uint8'"):
        zerorow.DataType("uint8")
    assert pa.int8()  # pyarrow markers still map through the table
