"""The SPEC 1.2 types in Python (null, interval_ym, interval, fixed_binary, uuid, variant) and
field defaults (SPEC §13.7): values, inference, errors, evolution."""

from __future__ import annotations

import dataclasses
import datetime as dt
import decimal
import json
import uuid
from typing import Annotated, Optional

import numpy as np
import pytest
import zerorow


def test_variant_built_from_python_values_and_json_text():
    v = zerorow.Variant.of({"b": [True, "x"], "a": 1})
    assert v.type == "object"
    assert v.to_json() == '{"a":1,"b":[true,"x"]}'  # keys in stored (sorted) order
    assert v == zerorow.Variant.from_json('{"b":[true,"x"],"a":1}')
    # SPEC §11.7's bytes.
    assert v.metadata.hex() == "1102000102" + "6162"
    assert v.value.hex() == "020200010002" + "0a0c01030200010304" + "0578"
    assert v["b"][1].to_python() == "x"
    assert v.at("$.b[0]").type == "bool"
    assert v.keys() == ["a", "b"] and len(v) == 2
    with pytest.raises(KeyError):
        v["missing"]
    with pytest.raises(IndexError):
        v["b"][5]


def test_variant_to_python_of_every_scalar():
    values = {
        "i": 2**40,
        "big": 2**70,  # beyond int64: decimal16 of scale 0
        "f": 1.5,
        "d": decimal.Decimal("0.0000000001"),
        "s": "é" * 70,
        "b": b"\x00\x01",
        "day": dt.date(2024, 1, 31),
        "t": dt.time(13, 45, 0, 250000),
        "ts": dt.datetime(2024, 1, 31, 13, 45, tzinfo=dt.UTC),
        "naive": dt.datetime(2024, 1, 31, 13, 45),
        "u": uuid.UUID(int=9),
        "none": None,
        "f32": np.float32(0.5),
    }
    v = zerorow.Variant.of(values)
    back = v.to_python()
    assert back["big"] == decimal.Decimal(2**70)
    assert back["f32"] == 0.5 and v["f32"].type == "float"
    assert v["d"].type == "decimal8"  # precision max(digits, scale) = 10
    assert v["big"].type == "decimal16"
    for k in ("i", "f", "d", "s", "b", "day", "t", "ts", "naive", "u", "none"):
        assert back[k] == values[k], k
    json.loads(v.to_json())  # valid JSON text


def test_variant_refuses_what_it_cannot_hold():
    with pytest.raises(zerorow.InvalidDataError, match="duplicate key"):
        zerorow.Variant.from_json('{"a":1,"a":2}')
    with pytest.raises(zerorow.InvalidDataError, match="38 digits"):
        zerorow.Variant.of(10**40)
    with pytest.raises(zerorow.SchemaMismatchError, match="set"):
        zerorow.Variant.of({1, 2})
    with pytest.raises(zerorow.InvalidDataError, match="version"):
        zerorow.Variant(b"\x02\x00\x00", b"\x00")


@dataclasses.dataclass
class Event:
    id: uuid.UUID
    span: zerorow.Interval
    months: Annotated[int, zerorow.interval_ym]
    key: Annotated[bytes, zerorow.fixed_binary(4)]
    payload: zerorow.Variant
    nothing: None
    tags: Optional[list[zerorow.Variant]] = None


def test_inference_and_round_trip_of_the_new_types():
    enc = zerorow.encoder(Event)
    s = enc.schema
    assert [repr(f.type) for f in s] == [
        "uuid",
        "interval",
        "interval_ym",
        "fixed_binary(4)",
        "variant",
        "null",
        "list<variant>",
    ]
    assert [f.nullable for f in s] == [True, True, False, True, True, True, True]
    e = Event(
        uuid.UUID(int=1),
        zerorow.Interval(1, -2, 3),
        14,
        b"abcd",
        zerorow.Variant.of([1, "x"]),
        None,
        [zerorow.Variant.of(None)],
    )
    row = enc.to_row(e)
    row.validate("full")
    assert row.id == uuid.UUID(int=1) and row.months == 14 and row.nothing is None
    assert enc.from_row(row) == e
    assert "Interval(months=1, days=-2, microseconds=3)" in repr(row)
    html = row._repr_html_()
    assert "00000000-0000-0000-0000-000000000001" in html and "Variant(" in html
    with pytest.raises(zerorow.InvalidDataError) as err:
        enc.encode(dataclasses.replace(e, key=b"abc"))
    assert err.value.path == "key"
    with pytest.raises(zerorow.SchemaMismatchError) as err:
        enc.encode(dataclasses.replace(e, nothing=1))
    assert err.value.path == "nothing"


def test_unsigned_numpy_annotations_infer_the_arrow_widenings():
    @dataclasses.dataclass
    class U:
        a: np.uint8
        b: np.uint32
        c: np.uint64

    assert [repr(f.type) for f in zerorow.infer_schema(U)] == [
        "int16",
        "int64",
        "decimal(20, 0)",
    ]


@dataclasses.dataclass
class OrderV1:
    id: int


@dataclasses.dataclass
class OrderV2:
    id: int
    count: int = 0
    currency: str = "EUR"
    tags: list[str] = dataclasses.field(default_factory=lambda: ["new"])
    note: Optional[str] = None  # None: no default


def test_dataclass_defaults_become_field_defaults_outside_the_fingerprint():
    s = zerorow.infer_schema(OrderV2)
    assert s.field("count").default == 0 and not s.field("count").nullable
    assert s.field("tags").default == ["new"]
    assert not s.field("note").has_default
    text = s.to_json()
    assert '"name":"count","type":"int64","nullable":false,"default":"0"}' in text
    assert '"default":"EUR"' in text and '"default":["new"]' in text
    plain = zerorow.Schema([zerorow.field(f.name, f.type, f.nullable) for f in s])
    assert s.fingerprint == plain.fingerprint and s == plain
    again = zerorow.Schema.from_json(text)
    assert again.to_json() == text and again.field("tags").default == ["new"]


def test_old_rows_read_the_reader_defaults():
    old = zerorow.encoder(OrderV1)
    new = zerorow.encoder(OrderV2)
    row = old.to_row(OrderV1(7))
    res = zerorow.resolve(old.schema, new.schema)
    view = res.view(row.to_bytes())
    assert view.count == 0 and view.currency == "EUR" and list(view.tags) == ["new"]
    assert view.note is None
    assert new.from_row(view) == OrderV2(7)
    assert zerorow.to_arrow([view]).to_pylist() == [
        {"id": 7, "count": 0, "currency": "EUR", "tags": ["new"], "note": None}
    ]


def test_a_default_that_is_not_a_value_of_the_type_is_an_error_naming_class_and_field():
    @dataclasses.dataclass
    class Bad:
        small: Annotated[int, zerorow.int8] = 1000

    with pytest.raises(
        TypeError, match=r"Bad\.small: the default 1000 is not a value of int8"
    ):
        zerorow.infer_schema(Bad)
    with pytest.raises(zerorow.InvalidDataError) as e:
        zerorow.field("n", zerorow.null_type, default=1)
    assert e.value.path == "n"
    with pytest.raises(zerorow.InvalidDataError) as e:
        zerorow.Schema.from_json(
            '{"type":"struct","fields":[{"name":"d","type":{"type":"decimal","precision":3,'
            '"scale":1},"nullable":true,"default":"1.25"}]}'
        )
    assert e.value.path == "d"


def test_a_dataclass_with_a_copied_missing_sentinel_has_no_defaults():
    # cloudpickle (Spark's workers) rebuilds a driver's dataclass with copies of
    # dataclasses.MISSING: still no default (SPEC Appendix A rule 10)
    import copy

    @dataclasses.dataclass
    class Total:
        order_id: int
        country: str = "DE"

    for f in dataclasses.fields(Total):
        if f.name == "order_id":
            f.default = copy.copy(dataclasses.MISSING)
        f.default_factory = copy.copy(dataclasses.MISSING)
    assert f.default_factory is not dataclasses.MISSING
    s = zerorow.infer_schema(Total)
    assert not s.field("order_id").has_default
    assert s.field("country").default == "DE"
