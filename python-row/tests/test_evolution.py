"""Schema evolution (SPEC §13) from Python: the flexibility criteria serializer users ask for
(field added, removed, reordered, renamed, widened, nullable -> not-null refused, nested
structs evolved inside a list and a map, a class renamed, depth 3), the resolved views'
Python protocols, misuse, encoders, Arrow, files, and the property test."""

import dataclasses
import datetime as dt
import decimal
import pickle
from typing import Annotated, Optional

import numpy as np
import pyarrow as pa
import pytest
import zerorow
from hypothesis import HealthCheck, given, settings
from strategies import evolutions, refusals, same, values
from zerorow import _zerorow

F = zerorow.field
RAW = 1 | 2 | 4  # raw temporal ints, deep, maps as pairs (the vector runner's mode)


def row_of(schema, value):
    return _zerorow.encode(schema._native, value)


def raw(row):
    return {n: _zerorow.get(row, i, RAW) for i, n in enumerate(row._field_names())}


# ---- the flexibility criteria ------------------------------------------------------------
W = zerorow.Schema(
    [
        F("id", zerorow.int32, False),
        F("name", zerorow.string),
        F("gone", zerorow.float64),
    ]
)


def test_field_added_reads_as_null_and_a_not_null_one_is_refused():
    r = zerorow.Schema([*W.fields, F("email", zerorow.string)])
    row = zerorow.resolve(W, r).view(row_of(W, {"id": 1, "name": "a", "gone": 2.0}))
    assert row.email is None and row.is_null("email") and row.id == 1
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        zerorow.resolve(
            W, zerorow.Schema([*W.fields, F("email", zerorow.string, False)])
        )
    assert e.value.path == "email" and 'no field named "email"' in str(e.value)


def test_field_removed_is_skipped_and_fields_reorder_freely():
    r = zerorow.Schema([F("name", zerorow.string), F("id", zerorow.int32, False)])
    row = zerorow.resolve(W, r).view(row_of(W, {"id": 7, "name": "b", "gone": 1.5}))
    assert row.to_dict() == {"name": "b", "id": 7}
    assert row[0] == "b" and row[-1] == 7 and row["id"] == 7 and len(row) == 2
    assert row.keys() == ["name", "id"] and list(row) == ["b", 7]
    with pytest.raises(AttributeError):
        row.gone


def test_field_renamed_through_an_alias_name_first():
    r = zerorow.Schema(
        [
            F("key", zerorow.int64, False, aliases=["nope", "id"]),
            F("name", zerorow.string),
        ]
    )
    row = zerorow.resolve(W, r).view(row_of(W, {"id": -4, "name": "c", "gone": None}))
    assert row.key == -4 and row["key"] == -4
    assert r.field("key").aliases == ("nope", "id")
    assert (
        r.fingerprint
        == zerorow.Schema(
            [F("key", zerorow.int64, False), F("name", zerorow.string)]
        ).fingerprint
    )


@pytest.mark.parametrize(
    "writer,reader,value,expect",
    [
        (zerorow.int8, zerorow.int16, -128, -128),
        (zerorow.int8, zerorow.int32, 127, 127),
        (zerorow.int8, zerorow.int64, -1, -1),
        (zerorow.int8, zerorow.float32, -128, -128.0),
        (zerorow.int8, zerorow.float64, 5, 5.0),
        (zerorow.int16, zerorow.int32, -32768, -32768),
        (zerorow.int16, zerorow.int64, 32767, 32767),
        (zerorow.int16, zerorow.float32, -32768, -32768.0),
        (zerorow.int16, zerorow.float64, 3, 3.0),
        (zerorow.int32, zerorow.int64, -(2**31), -(2**31)),
        (zerorow.int32, zerorow.float64, 2**31 - 1, float(2**31 - 1)),
        (zerorow.float32, zerorow.float64, 0.1, float(np.float32(0.1))),
        (zerorow.string, zerorow.binary, "hé", "hé".encode()),
        (
            zerorow.decimal(9, 2),
            zerorow.decimal(20, 5),
            decimal.Decimal("-1234567.89"),
            decimal.Decimal("-1234567.89000"),
        ),
        (
            zerorow.timestamp("UTC"),
            zerorow.timestamp("+05:30"),
            dt.datetime(2024, 1, 1, tzinfo=dt.UTC),
            dt.datetime(
                2024, 1, 1, 5, 30, tzinfo=dt.timezone(dt.timedelta(hours=5, minutes=30))
            ),
        ),
    ],
)
def test_each_widening_reads_exactly(writer, reader, value, expect):
    w = zerorow.Schema([F("v", writer)])
    r = zerorow.Schema([F("v", reader)])
    got = zerorow.resolve(w, r).view(row_of(w, {"v": value})).v
    assert got == expect and type(got) is type(expect)
    if isinstance(expect, decimal.Decimal):
        assert str(got) == str(expect)


@pytest.mark.parametrize(
    "writer,reader",
    [
        (zerorow.int32, zerorow.float32),
        (zerorow.int64, zerorow.float64),
        (zerorow.int64, zerorow.int32),
        (zerorow.float64, zerorow.int64),
        (zerorow.binary, zerorow.string),
        (zerorow.date32, zerorow.timestamp()),
        (zerorow.timestamp(), zerorow.timestamp("UTC")),
        (zerorow.time, zerorow.duration),
        (zerorow.decimal(5, 2), zerorow.decimal(5, 1)),
        (zerorow.decimal(10, 2), zerorow.decimal(10, 3)),
        (zerorow.list_(zerorow.int32), zerorow.map_(zerorow.int32, zerorow.int32)),
    ],
)
def test_each_refused_change_names_the_path_and_both_types(writer, reader):
    w = zerorow.Schema([F("v", writer)])
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        zerorow.resolve(w, zerorow.Schema([F("v", reader)]))
    assert e.value.kind == "schema_mismatch" and e.value.path == "v"
    assert (
        f"writer type {writer.to_json()} cannot be read as {reader.to_json()}"
        in str(e.value)
    )


def test_nullable_to_not_null_is_refused_at_every_level():
    cases = [
        ([F("a", zerorow.int32)], [F("a", zerorow.int32, False)], "a", "field is"),
        (
            [F("l", zerorow.list_(zerorow.int32))],
            [F("l", zerorow.list_(zerorow.int32, False))],
            "l[]",
            "elements are",
        ),
        (
            [F("m", zerorow.map_(zerorow.string, zerorow.int32))],
            [F("m", zerorow.map_(zerorow.string, zerorow.int32, False))],
            "m{values}",
            "map values are",
        ),
    ]
    for w, r, path, what in cases:
        with pytest.raises(zerorow.SchemaMismatchError) as e:
            zerorow.resolve(zerorow.Schema(w), zerorow.Schema(r))
        assert e.value.path == path and f"writer {what} nullable" in str(e.value)
    # not-null -> nullable widens
    res = zerorow.resolve(zerorow.Schema(cases[0][1]), zerorow.Schema(cases[0][0]))
    assert not res.is_identity


ITEM_W = zerorow.struct(
    [F("sku", zerorow.string), F("qty", zerorow.int16), F("note", zerorow.string)]
)
ITEM_R = zerorow.struct(
    [
        F("qty", zerorow.int64),
        F("code", zerorow.string, aliases=["sku"]),
        F("price", zerorow.float64),
    ]
)


def test_nested_struct_evolved_inside_a_list_and_a_map_at_depth_three():
    w = zerorow.Schema(
        [
            F(
                "o",
                zerorow.struct(
                    [
                        F("items", zerorow.list_(ITEM_W)),
                        F("by", zerorow.map_(zerorow.string, ITEM_W)),
                    ]
                ),
            )
        ]
    )
    r = zerorow.Schema(
        [
            F(
                "o",
                zerorow.struct(
                    [
                        F("by", zerorow.map_(zerorow.string, ITEM_R)),
                        F("items", zerorow.list_(ITEM_R)),
                    ]
                ),
            )
        ]
    )
    value = {
        "o": {
            "items": [{"sku": "a", "qty": 2, "note": "x"}, None],
            "by": [("k", {"sku": "b", "qty": -3, "note": None})],
        }
    }
    row = zerorow.resolve(w, r).view(row_of(w, value))
    assert (
        row.o.items[0].qty == 2
        and row.o.items[0].code == "a"
        and row.o.items[0].price is None
    )
    assert row.o.items[1] is None and len(row.o.items) == 2
    assert row.o.by["k"].code == "b" and row.o.by["k"].qty == -3
    assert row.to_dict() == {
        "o": {
            "by": {"k": {"qty": -3, "code": "b", "price": None}},
            "items": [{"qty": 2, "code": "a", "price": None}, None],
        }
    }
    # a refusal deep inside names the reader's schema path
    bad = zerorow.Schema(
        [
            F(
                "o",
                zerorow.struct(
                    [
                        F(
                            "items",
                            zerorow.list_(zerorow.struct([F("qty", zerorow.int8)])),
                        )
                    ]
                ),
            )
        ]
    )
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        zerorow.resolve(w, bad)
    assert e.value.path == "o.items[].qty"


@dataclasses.dataclass
class OrderV1:
    id: zerorow.int32
    sku: str
    qty: zerorow.int16


@dataclasses.dataclass
class Order:  # renamed class, a field renamed, one widened, one added, one removed
    id: int
    quantity: Annotated[int, zerorow.aliases("qty")]
    note: Optional[str] = None


@dataclasses.dataclass
class RenamedOrderV1:  # the same structure under another class name
    id: zerorow.int32
    sku: str
    qty: zerorow.int16


def test_a_renamed_class_reads_the_same_rows():
    old = zerorow.encoder(OrderV1)
    data = old.encode(OrderV1(1, "a", 3))
    renamed = zerorow.encoder(RenamedOrderV1)
    assert renamed.schema == old.schema  # schemas are structural
    assert renamed.decode(data) == RenamedOrderV1(1, "a", 3)


def test_encoders_decode_rows_of_an_older_writer_into_the_reader_class():
    old, new = zerorow.encoder(OrderV1), zerorow.encoder(Order)
    assert new.schema.field("quantity").aliases == ("qty",)
    data = old.encode(OrderV1(7, "a", -2))
    assert new.decode(data, writer=old.schema) == Order(7, -2, None)
    res = zerorow.resolve(old.schema, new.schema)
    row = res.view(data)
    assert new.from_row(row) == Order(7, -2, None)
    assert new.resolution(old.schema) is new.resolution(
        old.schema
    )  # one per fingerprint
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        new.from_row(old.to_row(OrderV1(1, "b", 1)))
    assert "zerorow.resolve" in str(e.value)
    with pytest.raises(zerorow.SchemaMismatchError):
        old.from_row(row)  # read as Order's schema, not OrderV1's
    # the newer writer -> the older class: its int64 id cannot narrow back to int32
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        old.decode(new.encode(Order(3, 4, "n")), writer=new.schema)
    assert e.value.path == "id"


@dataclasses.dataclass
class OrderV2:  # OrderV1 and a nullable field added in front
    note: Optional[str]
    id: zerorow.int32
    sku: str
    qty: zerorow.int16


def test_encoders_decode_rows_of_a_newer_writer_into_the_older_class():
    old, newer = zerorow.encoder(OrderV1), zerorow.encoder(OrderV2)
    data = newer.encode(OrderV2("gift", 5, "b", 2))
    assert old.decode(data, writer=newer.schema) == OrderV1(5, "b", 2)
    res = zerorow.resolve(newer.schema, old.schema)
    assert not res.is_identity  # the field OrderV1 lacks is skipped
    assert old.from_row(res.view(data)) == OrderV1(5, "b", 2)
    row = newer.to_row(OrderV2(None, 6, "c", -1))
    assert old.from_row(res.view(row)) == OrderV1(6, "c", -1)
    assert old.to_row(old.from_row(res.view(row))) == res.view(row).to_reader_row()


def test_identity_resolution_gives_the_plain_view():
    w = zerorow.Schema([F("a", zerorow.int32)])
    r = zerorow.Schema([F("a", zerorow.int32, aliases=["b"])])
    res = zerorow.resolve(w, r)
    assert res.is_identity and r == w and r.to_json() != w.to_json()
    data = row_of(w, {"a": 3})
    view = res.view(data)
    assert type(view) is zerorow.BinaryRow and view.a == 3
    plain = zerorow.BinaryRow(w, data)
    assert res.view(plain) is plain


# ---- the views' Python protocols ---------------------------------------------------------
PW = zerorow.Schema(
    [
        F("xs", zerorow.list_(zerorow.int32)),
        F("m", zerorow.map_(zerorow.string, zerorow.int16)),
        F("f", zerorow.float32),
        F("d", zerorow.list_(zerorow.decimal(5, 2), False)),
    ]
)
PR = zerorow.Schema(
    [
        F("m", zerorow.map_(zerorow.string, zerorow.int64)),
        F("xs", zerorow.list_(zerorow.int64)),
        F("f", zerorow.float64),
        F("d", zerorow.list_(zerorow.decimal(9, 4), False)),
    ]
)
PV = {
    "xs": [1, None, -3],
    "m": [("a", 1), ("b", -2)],
    "f": 1.5,
    "d": [decimal.Decimal("1.25")],
}


def test_resolved_views_follow_the_python_protocols():
    res = zerorow.resolve(PW, PR)
    row = res.view(row_of(PW, PV))
    assert (
        isinstance(row, zerorow.ResolvedRow)
        and row.schema == PR
        and row.resolution is res
    )
    xs = row.xs
    assert isinstance(xs, zerorow.ResolvedArray) and len(xs) == 3 and xs[-1] == -3
    assert xs[0:2] == [1, None] and list(reversed(xs)) == [-3, None, 1]
    assert (
        -3 in xs
        and xs.index(-3) == 2
        and xs.count(None) == 1
        and xs.to_list() == [1, None, -3]
    )
    assert xs == [1, None, -3] and xs == (1, None, -3)
    m = row.m
    assert (
        isinstance(m, zerorow.ResolvedMap) and len(m) == 2 and m["b"] == -2 and "a" in m
    )
    assert (
        list(m) == ["a", "b"]
        and list(m.values()) == [1, -2]
        and m.items() == [("a", 1), ("b", -2)]
    )
    assert (
        m.get("zz", 9) == 9 and m == {"a": 1, "b": -2} and dict(m) == {"a": 1, "b": -2}
    )
    with pytest.raises(KeyError):
        m["zz"]
    assert row.get("missing", 1) == 1 and row.get("f") == 1.5
    assert repr(row).startswith(
        "ResolvedRow(m={'a': 1, 'b': -2}, xs=[1, None, -3], f=1.5"
    )
    assert (
        repr(xs) == "ResolvedArray([1, None, -3])"
        and repr(m) == "ResolvedMap({'a': 1, 'b': -2})"
    )
    assert "ResolvedRow" in row._repr_html_() and "ResolvedArray" in xs._repr_html_()
    assert pickle.loads(pickle.dumps(row)) == row
    assert pickle.loads(pickle.dumps(res)).view(row.to_bytes()) == row
    assert row == row.to_reader_row() and row.to_reader_row() == row
    assert row.writer_row().schema == PW and row.writer_row().xs == [1, None, -3]
    assert row.to_dict() == {
        "m": {"a": 1, "b": -2},
        "xs": [1, None, -3],
        "f": 1.5,
        "d": [decimal.Decimal("1.2500")],
    }
    assert row != res.view(row_of(PW, {**PV, "f": 2.0}))
    row.validate()
    with pytest.raises(TypeError):
        hash(row)


def test_to_numpy_is_zero_copy_or_a_widened_copy():
    w = zerorow.Schema(
        [
            F("a", zerorow.list_(zerorow.int32, False)),
            F("b", zerorow.list_(zerorow.float32, False)),
            F("t", zerorow.list_(zerorow.timestamp("UTC"), False)),
        ]
    )
    r = zerorow.Schema(
        [
            F("a", zerorow.list_(zerorow.int64, False)),
            F("b", zerorow.list_(zerorow.float64, False)),
            F("t", zerorow.list_(zerorow.timestamp("+01:00"), False)),
            F("c", zerorow.int32),
        ]
    )
    row = zerorow.resolve(w, r).view(
        row_of(w, {"a": [1, -2], "b": [0.5, 2.5], "t": [0, 10]})
    )
    a = row.a.to_numpy()
    assert a.dtype == np.int64 and a.tolist() == [1, -2]
    assert row.b.to_numpy().dtype == np.float64 and row.b.to_numpy().tolist() == [
        0.5,
        2.5,
    ]
    t = row.t.to_numpy()  # same instants: no widening, a read-only view
    assert (
        t.dtype == np.dtype("<M8[us]")
        and not t.flags.writeable
        and t.tolist()[1] == dt.datetime(1970, 1, 1, 0, 0, 0, 10)
    )
    assert np.asarray(row.a).dtype == np.int64
    d = zerorow.resolve(PW, PR).view(row_of(PW, PV)).d.to_numpy()
    assert d.tolist() == [12500]  # unscaled at the reader's scale 4
    with pytest.raises(TypeError):
        zerorow.resolve(
            zerorow.Schema([F("s", zerorow.list_(zerorow.string))]),
            zerorow.Schema([F("s", zerorow.list_(zerorow.binary))]),
        ).view(
            row_of(
                zerorow.Schema([F("s", zerorow.list_(zerorow.string))]), {"s": ["x"]}
            )
        ).s.to_numpy()


# ---- misuse ------------------------------------------------------------------------------
def test_misuse_gives_typed_errors():
    res = zerorow.resolve(W, zerorow.Schema([F("id", zerorow.int64, False)]))
    other = zerorow.Schema([F("x", zerorow.string)])
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        res.view(
            zerorow.BinaryRow(other, row_of(other, {"x": "q"}))
        )  # a row of another schema
    assert W.fingerprint_hex in str(e.value)
    with pytest.raises(zerorow.TruncatedError):
        res.view(b"\0" * 8)
    with pytest.raises(TypeError):
        zerorow.resolve(W, "not a schema")
    with pytest.raises(TypeError):
        res.view(res.view(row_of(W, {"id": 1})))
    with pytest.raises(ValueError):
        res.view(row_of(W, {"id": 1}), level="sometimes")
    row = res.view(row_of(W, {"id": 1}))
    with pytest.raises(IndexError):
        row[1]
    with pytest.raises(KeyError):
        row["name"]
    with pytest.raises(TypeError):
        zerorow.field("a", zerorow.int32, aliases="old")  # a str, not a list of names


def test_alias_rules_are_checked_when_the_schema_is_made():
    for fields, path in [
        ([F("a", zerorow.int32, aliases=[""])], "a"),
        ([F("a", zerorow.int32, aliases=["x", "x"])], "a"),
        ([F("a", zerorow.int32, aliases=["b"]), F("b", zerorow.int32)], "a"),
        (
            [
                F("a", zerorow.int32, aliases=["x"]),
                F("b", zerorow.int32, aliases=["x"]),
            ],
            "b",
        ),
    ]:
        with pytest.raises(zerorow.InvalidDataError) as e:
            zerorow.Schema(fields)
        assert e.value.path == path
    s = zerorow.Schema([F("a", zerorow.int32, aliases=["old", "older"])])
    assert (
        s.to_json()
        == '{"type":"struct","fields":[{"name":"a","type":"int32","nullable":true,"aliases":["old","older"]}]}'
    )
    assert zerorow.Schema.from_json(s.to_json()).field("a").aliases == ("old", "older")
    assert repr(s.field("a")) == "a: int32 (aliases old, older)"


def test_resolved_reads_over_shared_bodies_keep_the_decode_budget():
    w = zerorow.Schema([F("l", zerorow.list_(zerorow.list_(zerorow.int8)))])
    inner = [[1] * 1000] + [[] for _ in range(63)]
    data = bytearray(row_of(w, {"l": inner}))
    lists = zerorow.BinaryRow(w, data).l
    refs = lists.to_bytes()
    start = (
        bytes(data).index(refs) + 16
    )  # the outer list's references, after count and bitmap
    for k in range(1, 64):
        data[start + 8 * k : start + 8 * k + 8] = data[start : start + 8]
    row = zerorow.resolve(
        w, zerorow.Schema([F("l", zerorow.list_(zerorow.list_(zerorow.int16)))])
    ).view(bytes(data))
    with pytest.raises(zerorow.InvalidDataError, match="share or overlap"):
        row.to_dict()
    with pytest.raises(zerorow.InvalidDataError, match="share or overlap"):
        row.to_reader_row()


# ---- Arrow and files ---------------------------------------------------------------------
def test_to_arrow_of_resolved_rows_has_the_reader_schema():
    res = zerorow.resolve(PW, PR)
    rows = [res.view(row_of(PW, {**PV, "f": float(k)})) for k in range(5)]
    batch = zerorow.to_arrow(rows)
    assert batch.schema == PR.to_arrow() and batch.column("f").to_pylist() == [
        0.0,
        1.0,
        2.0,
        3.0,
        4.0,
    ]
    assert batch.column("xs").type == pa.list_(pa.int64())


def test_open_file_resolves_each_file_and_directory(tmp_path):
    old, new = zerorow.encoder(OrderV1), zerorow.encoder(Order)
    d = tmp_path / "orders"
    d.mkdir()
    zerorow.write_file(
        d / "a.arrow", [OrderV1(i, "s", i) for i in range(3)], old.schema
    )
    zerorow.write_file(d / "b.arrow", [Order(10 + i, i) for i in range(2)], new.schema)
    zerorow.write_file(d / "c.arrow", [OrderV1(20, "t", 5)], old.schema)
    (d / "_SUCCESS").write_bytes(b"")
    with zerorow.open_file(d, schema=new.schema, level="full") as f:
        assert len(f) == 6 and [r.id for r in f] == [0, 1, 2, 10, 11, 20]
        assert [new.from_row(r) for r in f][3] == Order(10, 0)
        assert isinstance(f[0], zerorow.ResolvedRow) and type(f[3]) is zerorow.BinaryRow
        assert list(f.resolutions) == [
            old.schema.fingerprint
        ]  # one per distinct fingerprint
        table = f.to_arrow()
        assert table.schema == new.schema.to_arrow() and table.column(
            "quantity"
        ).to_pylist() == [0, 1, 2, 0, 1, 5]
        assert pa.table(f[1:4]).column("id").to_pylist() == [1, 2, 10]
        assert f[::2][1].id == 2
    with pytest.raises(
        zerorow.SchemaMismatchError
    ) as e:  # two schemas, no reader schema
        zerorow.open_file(d)
    assert "b.arrow" in str(e.value) and "a.arrow" in str(e.value)  # both files named
    strict = zerorow.Schema([*new.schema.fields, F("must", zerorow.int32, False)])
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        zerorow.open_file(d / "a.arrow", schema=strict)
    assert "a.arrow" in str(e.value) and e.value.path == "must"
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "_SUCCESS").write_bytes(b"")  # what an engine leaves is no row file
    with pytest.raises(FileNotFoundError):  # no file, no schema to read it with
        zerorow.open_file(empty)
    with zerorow.open_file(
        empty, schema=new.schema
    ) as f:  # as java-row's and cpp-row's sets
        assert len(f) == 0 and list(f) == [] and f.schema == new.schema
        assert (
            f.to_arrow().schema == new.schema.to_arrow() and f.to_arrow().num_rows == 0
        )
        assert pa.table(f).num_rows == 0


def test_a_file_written_with_aliases_keeps_its_fingerprint(tmp_path):
    path = tmp_path / "new.arrow"
    zerorow.write_file(path, [Order(1, 2)], zerorow.encoder(Order).schema)
    with zerorow.open_file(path) as f:
        assert f.schema.field("quantity").aliases == ("qty",) and f[0].quantity == 2


# ---- property tests ----------------------------------------------------------------------
@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(evolutions().flatmap(lambda e: values(e[0].type).map(lambda v: (*e, v))))
def test_resolved_values_equal_the_values_projected_by_hand(case):
    writer, reader, project, value = case
    row = zerorow.resolve(writer, reader).view(row_of(writer, value))
    assert same(reader.type, project(value), raw(row)), (writer, reader)
    relaid = row.to_reader_row() if isinstance(row, zerorow.ResolvedRow) else row
    back = zerorow.BinaryRow(reader, relaid.to_bytes(), level="full")
    assert same(reader.type, project(value), raw(back))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(refusals())
def test_refused_changes_are_refused_at_their_path(case):
    writer, reader, path = case
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        zerorow.resolve(writer, reader)
    assert e.value.path == path, (str(e.value), writer, reader)
