"""Schema JSON, fingerprint and inference from dataclasses / NamedTuples."""

import datetime as dt
import decimal
import enum
import os
import zoneinfo
from dataclasses import dataclass
from typing import Annotated, Dict, FrozenSet, List, NamedTuple, Optional, Set, Tuple

import numpy as np
import pyarrow as pa
import pytest
import zerorow
from conftest import VECTORS


def test_json_round_trip_and_fingerprint():
    text = (
        '{"type":"struct","fields":[{"name":"f1","type":"int32","nullable":false},'
        '{"name":"f2","type":{"type":"list","element":"int32","element_nullable":true},"nullable":true}]}'
    )
    s = zerorow.Schema.from_json(text)
    assert s.to_json() == text
    assert zerorow.Schema.from_json(s.to_json()) == s
    h = 0xCBF29CE484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001B3) % 2**64
    assert s.fingerprint == h and isinstance(s.fingerprint, int)
    assert s.fingerprint_hex == f"{h:016x}" and 0 <= s.fingerprint < 2**64
    assert len(s) == 2 and s.fixed_region_size == 8 + 2 * 8


def test_json_reader_accepts_any_spelling():
    a = zerorow.Schema.from_json(
        ' { "fields" : [ {"nullable":true, "type":{"type":"int32"}, "name":"x\\u0041"} ], "type":"struct" } '
    )
    assert (
        a.to_json()
        == '{"type":"struct","fields":[{"name":"xA","type":"int32","nullable":true}]}'
    )


@pytest.mark.parametrize(
    "text,kind",
    [
        (
            '{"type":"struct","fields":[{"name":"x","type":"uint32","nullable":true}]}',
            "unsupported",
        ),
        ('{"type":"struct","fields":[{"name":"x","type":"int32"}]}', "invalid_data"),
        (
            '{"type":"struct","fields":[{"name":"x","type":{"type":"decimal","precision":39,"scale":0},"nullable":true}]}',
            "unsupported",
        ),
        ('{"type":"struct","fields":[', "invalid_data"),
        (
            '{"type":"struct","fields":[{"name":"","type":"int32","nullable":true}]}',
            "invalid_data",
        ),
    ],
)
def test_json_errors(text, kind):
    with pytest.raises(zerorow.ZerorowError) as e:
        zerorow.Schema.from_json(text)
    assert e.value.kind == kind


class Color(enum.Enum):
    RED = 1
    GREEN = 2


@dataclass
class Leaf:
    x: int


class Point(NamedTuple):
    x: float
    y: float


@dataclass
class Everything:
    i: int
    f: float
    b: bool
    s: str
    by: bytes
    d: dt.date
    ts: dt.datetime
    tsz: Annotated[dt.datetime, zoneinfo.ZoneInfo("Europe/Paris")]
    tsu: Annotated[dt.datetime, dt.UTC]
    tso: Annotated[dt.datetime, dt.timezone(dt.timedelta(hours=5, minutes=30))]
    t: dt.time
    du: dt.timedelta
    dec: Annotated[decimal.Decimal, zerorow.decimal(10, 2)]
    color: Color
    opt: Optional[int]
    li: List[int]
    lst: list[str]
    tup: Tuple[int, ...]
    st: Set[int]
    fst: FrozenSet[str]
    dd: Dict[str, float]
    nested: Leaf
    pt: Point
    w8: zerorow.int8
    w16: Annotated[int, zerorow.int16]
    w32: Annotated[int, zerorow.int32]
    f32: zerorow.float32
    pa32: pa.int32
    palist: List[pa.int64]
    np16: np.int16
    npf: np.float32
    arr: Annotated[np.ndarray, np.float64]


def test_inference_rules():
    s = zerorow.infer_schema(Everything)
    t = {f.name: (repr(f.type), f.nullable) for f in s.fields}
    assert (
        t["i"] == ("int64", False)
        and t["f"] == ("float64", False)
        and t["b"] == ("bool", False)
    )
    # SPEC Appendix A rule 1: only primitive scalars are non-nullable by default
    assert (
        t["s"] == ("string", True)
        and t["by"] == ("binary", True)
        and t["d"] == ("date32", True)
    )
    assert t["ts"] == ("timestamp", True) and t["tsz"][0] == "timestamp[Europe/Paris]"
    assert t["tsu"][0] == "timestamp[UTC]" and t["tso"][0] == "timestamp[+05:30]"
    assert (
        t["t"][0] == "time"
        and t["du"][0] == "duration"
        and t["dec"][0] == "decimal(10, 2)"
    )
    assert t["color"] == ("string", True) and t["opt"] == ("int64", True)
    assert t["dec"][1] and t["t"][1] and t["du"][1] and t["li"][1] and t["dd"][1]
    assert t["nested"][1] and t["pt"][1]
    assert [t[k][1] for k in ("w8", "w16", "w32", "f32", "pa32", "np16", "npf")] == [
        False
    ] * 7
    assert (
        t["li"][0] == "list<int64>"
        and t["lst"][0] == "list<string>"
        and t["tup"][0] == "list<int64>"
    )
    assert (
        t["st"][0] == "list<int64>"
        and t["fst"][0] == "list<string>"
        and t["dd"][0] == "map<string, float64>"
    )
    assert t["nested"][0] == "struct<x: int64 not null>"
    assert t["pt"][0] == "struct<x: float64 not null, y: float64 not null>"
    assert [
        t[k][0]
        for k in ("w8", "w16", "w32", "f32", "pa32", "palist", "np16", "npf", "arr")
    ] == [
        "int8",
        "int16",
        "int32",
        "float32",
        "int32",
        "list<int64>",
        "int16",
        "float32",
        "list<float64 not null>",  # rule 2: a NumPy array with a dtype has no nulls
    ]


def test_seed_schema_matches_the_golden_shape():
    @dataclass
    class Bar:
        f1: str
        f2: List[pa.int64]

    @dataclass
    class Foo:
        f1: pa.int32
        f2: List[pa.int32]
        f3: Dict[str, pa.int32]
        f4: List[Bar]

    s = zerorow.encoder(Foo).schema
    assert [repr(f.type) for f in s.fields] == [
        "int32",
        "list<int32>",
        "map<string, int32>",
        "list<struct<f1: string, f2: list<int64>>>",
    ]
    # SPEC Appendix A: the seed infers exactly the golden vector's schema, in every language
    with open(os.path.join(VECTORS, "seed_foo_small", "schema.json")) as f:
        golden = zerorow.Schema.from_json(f.read())
    assert s.to_json() == golden.to_json()
    assert s.fingerprint == golden.fingerprint


def test_not_null_annotation():
    @dataclass
    class N:
        s: Annotated[str, zerorow.not_null]
        li: Annotated[List[int], zerorow.not_null]
        w: Annotated[int, zerorow.int32, zerorow.not_null]
        plain: str
        opt: Optional[float]

    s = zerorow.infer_schema(N)
    assert [(f.name, f.nullable) for f in s.fields] == [
        ("s", False),
        ("li", False),
        ("w", False),
        ("plain", True),
        ("opt", True),
    ]
    assert repr(s.fields[2].type) == "int32"
    assert repr(zerorow.not_null) == "zerorow.not_null"


def test_not_null_is_rejected_where_it_cannot_apply():
    @dataclass
    class OnElement:
        xs: List[Annotated[str, zerorow.not_null]]

    with pytest.raises(TypeError, match="not_null"):
        zerorow.infer_schema(OnElement)

    @dataclass
    class Contradiction:
        x: Annotated[Optional[str], zerorow.not_null]

    with pytest.raises(TypeError, match="contradict"):
        zerorow.infer_schema(Contradiction)


def test_unmappable_annotation_raises_type_error_naming_class_field_annotation():
    class Opaque:
        pass

    @dataclass
    class Bad:
        ok: int
        bad: Opaque

    with pytest.raises(TypeError) as e:
        zerorow.infer_schema(Bad)
    msg = str(e.value)
    assert "Bad.bad" in msg and "Opaque" in msg


def test_decimal_without_precision_is_rejected():
    @dataclass
    class D:
        x: decimal.Decimal

    with pytest.raises(TypeError, match="D.x"):
        zerorow.infer_schema(D)


def test_recursive_class_rejected():
    @dataclass
    class Node:
        child: Optional["Node"]

    with pytest.raises(TypeError):
        zerorow.infer_schema(Node)


def test_types_built_by_the_factories_are_checked_when_the_schema_is_made():
    # A DataType is a handle to cpp-row's type: the factories build it unchecked, as before,
    # and the schema made of it applies the SPEC §4.1 rules, naming the field and the number.
    big = zerorow.fixed_binary(3_000_000_000)
    assert big.size == 3_000_000_000 and repr(big) == "fixed_binary(3000000000)"
    with pytest.raises(zerorow.UnsupportedError, match=r"at blob: .* found 3000000000"):
        zerorow.Schema([zerorow.field("blob", big)])
    with pytest.raises(
        zerorow.UnsupportedError, match=r"at d\S*: .* precision .* found 39"
    ):
        zerorow.Schema([zerorow.field("d", zerorow.list_(zerorow.decimal(39, 2)))])
    # the same type from JSON and from the factories: equal, same hash, same canonical JSON
    built = zerorow.map_(zerorow.string, zerorow.timestamp("UTC"), False)
    parsed = zerorow.Schema.from_json(
        zerorow.Schema([zerorow.field("m", built)]).to_json()
    ).fields[0]
    assert parsed.type == built and hash(parsed.type) == hash(built)
    assert parsed.type.to_json() == built.to_json() and parsed.type is not built
