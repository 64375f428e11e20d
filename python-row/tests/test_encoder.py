"""Encoder round trips and write-time errors (SPEC §3.1, §3.5, §6.1)."""

import datetime as dt
import decimal
import math
import zoneinfo
from dataclasses import dataclass
from typing import Annotated, Dict, List, NamedTuple, Optional

import numpy as np
import pytest
import zerorow
from test_schema import Color, Everything, Leaf, Point

PARIS = zoneinfo.ZoneInfo("Europe/Paris")
IST = dt.timezone(dt.timedelta(hours=5, minutes=30))


def everything():
    return Everything(
        i=-5,
        f=1.25,
        b=True,
        s="ü",
        by=b"\x00\xff",
        d=dt.date(2024, 2, 29),
        ts=dt.datetime(1969, 12, 31, 23, 59, 59, 999999),
        tsz=dt.datetime(2023, 11, 14, 23, 13, 20, tzinfo=PARIS),
        tsu=dt.datetime(2023, 1, 1, tzinfo=dt.UTC),
        tso=dt.datetime(2023, 1, 1, 12, tzinfo=IST),
        t=dt.time(23, 59, 59, 1),
        du=dt.timedelta(days=-1, microseconds=3),
        dec=decimal.Decimal("-12.30"),
        color=Color.GREEN,
        opt=None,
        li=[1, 2],
        lst=["a", "b"],
        tup=(3, 4),
        st={5},
        fst=frozenset({"z"}),
        dd={"k": 0.5},
        nested=Leaf(9),
        pt=Point(1.0, 2.0),
        w8=-128,
        w16=32767,
        w32=-(2**31),
        f32=0.5,
        pa32=7,
        palist=[1, 2, 3],
        np16=np.int16(3),
        npf=np.float32(1.5),
        arr=np.array([1.0, 2.0]),
    )


def test_round_trip_everything():
    enc = zerorow.encoder(Everything)
    obj = everything()
    row = enc.to_row(obj)
    row.validate()
    back = enc.from_row(row)
    for name in Everything.__dataclass_fields__:
        a, b = getattr(obj, name), getattr(back, name)
        if isinstance(a, np.ndarray):
            assert isinstance(b, np.ndarray) and a.tolist() == b.tolist()
        else:
            assert a == b, name
            assert type(b) is type(a) or name in ("np16", "npf"), name
    assert back.tsz.tzinfo == PARIS and back.tso.utcoffset() == dt.timedelta(
        hours=5, minutes=30
    )
    assert enc.decode(enc.encode(obj), level="full").color is Color.GREEN
    assert row.get_raw("d") == (dt.date(2024, 2, 29) - dt.date(1970, 1, 1)).days


def test_named_tuple_and_nested_classes():
    class Pair(NamedTuple):
        a: Leaf
        b: Optional[Leaf]

    enc = zerorow.encoder(Pair)
    p = Pair(Leaf(1), None)
    assert enc.from_row(enc.to_row(p)) == p


@dataclass
class Small:
    a: zerorow.int32
    d: Annotated[decimal.Decimal, zerorow.decimal(5, 2)]
    s: str
    xs: List[zerorow.int8]


def test_int_out_of_range_names_path_and_value():
    enc = zerorow.encoder(Small)
    with pytest.raises(zerorow.InvalidDataError) as e:
        enc.encode(Small(2**31, decimal.Decimal(0), "", []))
    assert (
        e.value.path == "a" and "2147483648" in str(e.value) and "int32" in str(e.value)
    )
    with pytest.raises(zerorow.InvalidDataError) as e:
        enc.encode(Small(0, decimal.Decimal(0), "", [1, 200]))
    assert e.value.path == "xs[1]" and "200" in str(e.value)


def test_decimal_rounding_and_precision_are_errors():
    enc = zerorow.encoder(Small)
    assert enc.to_row(Small(0, decimal.Decimal("1.5"), "", [])).d == decimal.Decimal(
        "1.50"
    )
    with pytest.raises(zerorow.InvalidDataError, match="rounding") as e:
        enc.encode(Small(0, decimal.Decimal("1.005"), "", []))
    assert e.value.path == "d"
    with pytest.raises(zerorow.InvalidDataError, match="precision"):
        enc.encode(Small(0, decimal.Decimal("1000"), "", []))
    with pytest.raises(zerorow.InvalidDataError):
        enc.encode(Small(0, decimal.Decimal("NaN"), "", []))


def test_wrong_python_types():
    enc = zerorow.encoder(Small)
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        enc.encode(Small("x", decimal.Decimal(0), "", []))
    assert e.value.path == "a" and isinstance(e.value, TypeError)
    with pytest.raises(zerorow.SchemaMismatchError):
        enc.encode(Small(0, decimal.Decimal(0), 5, []))
    with pytest.raises(zerorow.SchemaMismatchError):
        enc.encode(Small(0, 1.5, "", []))
    with pytest.raises(zerorow.SchemaMismatchError):
        enc.encode(Small(0, decimal.Decimal(0), "", "abc"))
    # str is nullable (SPEC Appendix A); None for a non-nullable field is invalid_data
    assert enc.decode(enc.encode(Small(0, decimal.Decimal(0), None, []))).s is None
    with pytest.raises(zerorow.InvalidDataError, match="non-nullable") as e:
        enc.encode(Small(None, decimal.Decimal(0), "", []))
    assert e.value.path == "a"
    with pytest.raises(zerorow.SchemaMismatchError, match="no attribute"):
        enc.encode(object())


def test_floats_canonical_nan_and_negative_zero():
    @dataclass
    class F:
        a: float
        b: zerorow.float32

    enc = zerorow.encoder(F)
    r = enc.to_row(F(float("nan"), -0.0))
    assert math.isnan(r.a) and math.copysign(1, r.b) == -1
    assert (
        enc.encode(F(-float("nan"), 0.0))[8:16] == b"\x00\x00\x00\x00\x00\x00\xf8\x7f"
    )
    with pytest.raises(zerorow.InvalidDataError):
        enc.encode(F(0.0, 1e300))


def test_timestamp_zone_rules():
    @dataclass
    class T:
        naive: dt.datetime
        aware: Annotated[dt.datetime, zoneinfo.ZoneInfo("Europe/Paris")]

    enc = zerorow.encoder(T)
    with pytest.raises(zerorow.SchemaMismatchError):
        enc.encode(
            T(
                dt.datetime(2020, 1, 1, tzinfo=dt.UTC),
                dt.datetime(2020, 1, 1, tzinfo=PARIS),
            )
        )
    with pytest.raises(zerorow.SchemaMismatchError):
        enc.encode(T(dt.datetime(2020, 1, 1), dt.datetime(2020, 1, 1)))
    utc = dt.datetime(2020, 6, 1, 12, tzinfo=dt.UTC)
    r = enc.to_row(T(dt.datetime(2020, 1, 1), utc))
    assert r.aware == utc and r.aware.tzinfo == PARIS and r.aware.hour == 14
    assert r.get_raw("aware") == 1591012800000000


def test_big_decimal_and_null_reserve():
    @dataclass
    class B:
        a: Optional[Annotated[decimal.Decimal, zerorow.decimal(38, 10)]]
        b: Optional[Annotated[decimal.Decimal, zerorow.decimal(20, 0)]]

    enc = zerorow.encoder(B)
    v = decimal.Decimal("-9999999999999999999999999999.9999999999")
    r = enc.to_row(B(v, None))
    r.validate()
    assert r.a == v and r.b is None and len(r.to_bytes()) == 8 + 16 + 32


def test_dict_and_pairs_inputs_and_rows_as_struct_values():
    s = zerorow.Schema.from_json(
        '{"type":"struct","fields":[{"name":"m","type":{"type":"map","key":"int32","value":"string","value_nullable":true},"nullable":true},'
        '{"name":"inner","type":{"type":"struct","fields":[{"name":"x","type":"int64","nullable":false}]},"nullable":true}]}'
    )
    from zerorow import _zerorow

    a = _zerorow.encode(s._native, {"m": {1: "a", 2: None}, "inner": {"x": 3}})
    b = _zerorow.encode(s._native, {"m": [(1, "a"), (2, None)], "inner": {"x": 3}})
    assert a == b
    r = zerorow.BinaryRow(s, a)
    c = _zerorow.encode(s._native, {"m": r.m, "inner": r.inner})
    assert c == a


def test_numpy_arrays_take_the_buffer_fast_path_and_match_lists():
    @dataclass
    class A:
        f: Annotated[np.ndarray, np.float64]
        i: List[zerorow.int32]
        b: List[bool]

    enc = zerorow.encoder(A)
    fast = enc.encode(
        A(
            np.array([1.0, float("nan"), -0.0]),
            np.array([1, -2], dtype=np.int32),
            np.array([True, False]),
        )
    )
    slow = enc.encode(A([1.0, float("nan"), -0.0], [1, -2], [True, False]))
    assert fast == slow
    zerorow.validate(enc.schema, fast)
    # a dtype that is not the element type falls back to the checked per-element path
    assert enc.encode(
        A(np.array([1, 2]), np.array([1, -2], dtype=np.int64), [True])
    ) == enc.encode(A([1.0, 2.0], [1, -2], [True]))
    with pytest.raises(zerorow.InvalidDataError):
        enc.encode(A([], np.array([2**40]), []))


def test_map_lookup_uses_an_index():
    @dataclass
    class M:
        m: Dict[str, int]

    enc = zerorow.encoder(M)
    r = enc.to_row(M({f"k{i}": i for i in range(1000)}))
    assert (
        r.m["k999"] == 999 and "k5" in r.m and "zz" not in r.m and r.m.get("zz") is None
    )


def test_duplicate_map_keys_are_rejected():
    s = zerorow.Schema(
        [zerorow.field("m", zerorow.map_(zerorow.string, zerorow.int32))]
    )
    from zerorow import _zerorow

    with pytest.raises(zerorow.InvalidDataError, match="equal keys") as e:
        _zerorow.encode(s._native, {"m": [("a", 1), ("a", 2)]})
    assert e.value.path == "m"
