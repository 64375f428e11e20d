"""python-row as its users meet it: no silent change of data, errors that name the object,
Arrow hand-offs (pyarrow, polars, DuckDB), and the Python idioms (SPEC Appendix A rules 4-8)."""

import datetime as dt
import enum
import pickle
from dataclasses import dataclass, field
from typing import Dict, List, Optional

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
import zerorow


class Color(enum.Enum):
    RED = 1
    GREEN = "g"


@dataclass
class Paint:
    id: int
    color: Color
    colors: List[Color]
    by_name: Dict[str, Optional[Color]]


PAINT = zerorow.encoder(Paint)


# ---- 1. no silent change of data ---------------------------------------------------------
def test_enum_fields_take_members_their_values_or_names_only():
    p = Paint(1, Color.GREEN, [Color.RED], {"a": Color.RED, "b": None})
    assert PAINT.decode(PAINT.encode(p)) == p
    # a member's exact value, or its name, is that member
    same = Paint(1, "g", [1], {"a": "RED", "b": None})
    assert PAINT.encode(same) == PAINT.encode(p)
    for bad, path in [
        (Paint(1, "BLUE", [], {}), "color"),
        (Paint(1, Color.RED, [Color.RED, "x"], {}), "colors[1]"),
        (
            Paint(1, Color.RED, [], {"a": 1.0}),
            "by_name{values}[0]",
        ),  # 1.0 is not the value 1
        (Paint(1, 2, [], {}), "color"),
    ]:
        with pytest.raises(zerorow.SchemaMismatchError, match="a member of Color") as e:
            PAINT.encode(bad)
        assert e.value.path == path


def test_decoding_an_unknown_enum_name_is_a_typed_error_with_the_path():
    @dataclass
    class Loose:
        id: int
        color: str
        colors: List[str]
        by_name: Dict[str, Optional[str]]

    data = zerorow.encoder(Loose).encode(Loose(1, "RED", ["GREEN", "PINK"], {}))
    with pytest.raises(zerorow.InvalidDataError, match="'PINK'") as e:
        PAINT.decode(data)
    assert e.value.path == "colors[1]" and "RED, GREEN" in str(e.value)


@dataclass
class Person:
    name: str
    age: int
    nick: Optional[str] = None


PERSON = zerorow.encoder(Person)


def test_a_dict_for_a_struct_must_have_the_fields():
    assert PERSON.decode(PERSON.encode({"name": "a", "age": 3})) == Person("a", 3)
    with pytest.raises(zerorow.SchemaMismatchError, match="'agee'") as e:
        PERSON.encode({"name": "a", "age": 3, "agee": 4})
    assert e.value.path == ""
    with pytest.raises(zerorow.SchemaMismatchError, match="no key 'age'") as e:
        PERSON.encode({"name": "a"})
    assert e.value.path == "age"


def test_a_time_with_a_zone_is_refused():
    @dataclass
    class Alarm:
        at: dt.time

    enc = zerorow.encoder(Alarm)
    assert enc.decode(enc.encode(Alarm(dt.time(7, 30)))) == Alarm(dt.time(7, 30))
    with pytest.raises(zerorow.SchemaMismatchError, match="without tzinfo") as e:
        enc.encode(Alarm(dt.time(7, 30, tzinfo=dt.UTC)))
    assert e.value.path == "at"


@dataclass
class Tick:
    t: dt.datetime
    d: dt.timedelta


def test_sub_microsecond_values_are_floored_unless_strict():
    enc, strict = zerorow.encoder(Tick), zerorow.encoder(Tick, strict=True)
    epoch = dt.datetime(1970, 1, 1)
    cases = [  # (value, duration, floored µs of each)
        (pd.Timestamp(1999, unit="ns"), pd.Timedelta(1999, unit="ns"), 1, 1),
        (pd.Timestamp(-1, unit="ns"), pd.Timedelta(-1, unit="ns"), -1, -1),
        (np.datetime64(-1, "ns"), np.timedelta64(-1001, "ns"), -1, -2),
    ]
    for t, d, t_us, d_us in cases:
        got = enc.decode(enc.encode(Tick(t, d)))
        assert got.t == epoch + dt.timedelta(microseconds=t_us)
        assert got.d == dt.timedelta(microseconds=d_us)
        with pytest.raises(zerorow.InvalidDataError, match="nanoseconds|finer") as e:
            strict.encode(Tick(t, dt.timedelta(0)))
        assert e.value.path == "t"
    whole = Tick(pd.Timestamp(5000, unit="ns"), np.timedelta64(3, "ms"))
    assert strict.decode(strict.encode(whole)) == Tick(
        epoch + dt.timedelta(microseconds=5), dt.timedelta(milliseconds=3)
    )
    assert pickle.loads(pickle.dumps(strict)).strict


def test_rows_of_different_schemas_are_never_equal():
    a = zerorow.Schema([zerorow.field("x", zerorow.int64)])
    b = zerorow.Schema([zerorow.field("x", zerorow.float64)])
    data = bytes(16)
    assert zerorow.BinaryRow(a, data) == zerorow.BinaryRow(a, bytearray(data))
    assert zerorow.BinaryRow(a, data) != zerorow.BinaryRow(b, data)


def test_init_false_fields_are_derived_state_outside_the_schema():
    @dataclass
    class Box:
        w: int
        h: int
        area: int = field(init=False)

        def __post_init__(self):
            self.area = self.w * self.h

    enc = zerorow.encoder(Box)
    assert enc.schema.names == ["w", "h"]
    assert enc.decode(enc.encode(Box(2, 3))).area == 6


def test_field_order_name_sorts_fields_like_fory():
    @dataclass
    class Inner:
        z: int
        a: str

    @dataclass
    class Outer:
        name: str
        inner: Inner
        b: int

    by_name = zerorow.encoder(Outer, field_order="name")
    assert by_name.schema.names == ["b", "inner", "name"]
    assert by_name.schema.field("inner").type.fields[0].name == "a"
    assert zerorow.infer_schema(Outer, field_order="name") == by_name.schema
    assert zerorow.infer_schema(Outer).names == ["name", "inner", "b"]
    obj = Outer("n", Inner(1, "x"), 2)
    assert by_name.decode(by_name.encode(obj)) == obj
    with pytest.raises(ValueError, match="field_order"):
        zerorow.encoder(Outer, field_order="size")


# ---- 2. errors that point at the cause -----------------------------------------------------
def test_batch_calls_name_the_index_of_the_failing_object(tmp_path):
    objs = [Person("a", 1), Person("b", 2), Person("c", "3")]
    calls = [
        PERSON.encode_many,
        PERSON.to_arrow_record_batch,
        PERSON.to_arrow_table,
        lambda o: zerorow.write_file(tmp_path / "p.arrow", o, PERSON.schema),
    ]
    for call in calls:
        with pytest.raises(zerorow.SchemaMismatchError) as e:
            call(objs)
        assert e.value.path == "[2].age"
        assert (
            str(e.value)
            == "schema_mismatch at [2].age: expected int64 but found str '3'"
        )


def test_api_misuse_gives_type_errors_that_say_what_is_expected():
    class NotADataclass:
        x: int

    with pytest.raises(TypeError, match="dataclasses and typing.NamedTuple"):
        zerorow.encoder(NotADataclass)
    with pytest.raises(TypeError, match="expected an object with the schema's fields"):
        PERSON.encode(None)
    with pytest.raises(TypeError, match="to_arrow_record_batch"):
        zerorow.to_arrow([Person("a", 1)])
    with pytest.raises(TypeError, match="iterable of objects"):
        PERSON.to_arrow_record_batch(None)
    with pytest.raises(TypeError, match="BinaryRow"):
        PERSON.from_row(Person("a", 1))


def test_overflow_messages_give_the_declared_bounds_and_short_floats():
    @dataclass
    class Narrow:
        a: zerorow.int32
        b: zerorow.int8
        f: zerorow.float32

    enc = zerorow.encoder(Narrow)
    with pytest.raises(zerorow.InvalidDataError) as e:
        enc.encode(Narrow(2**40, 0, 0.0))
    assert "expected -2147483648 <= v <= 2147483647" in str(e.value)
    with pytest.raises(zerorow.InvalidDataError, match=r"expected -128 <= v <= 127"):
        enc.encode(Narrow(0, 2**70, 0.0))
    with pytest.raises(zerorow.InvalidDataError) as e:
        enc.encode(Narrow(0, 0, 1e39))
    assert str(e.value) == (
        "invalid_data at f: 1e+39 is out of range for float32: expected |v| <= "
        "3.4028234663852886e+38"
    )


def test_arrow_import_errors_name_arrow_types():
    s = zerorow.Schema([zerorow.field("a", zerorow.int64)])
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        zerorow.from_arrow(pa.record_batch({"a": pa.array([1], pa.uint64())}), s)
    assert "uint64" in str(e.value) and "int64" in str(e.value) and e.value.path == "a"
    # Arrow types as Arrow prints them, never C Data format codes ("vu", "tdm").
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        zerorow.from_arrow(pa.record_batch({"a": pa.array(["x"], pa.string_view())}), s)
    assert "Arrow type string_view" in str(e.value) and '"vu"' not in str(e.value)
    with pytest.raises(zerorow.InvalidDataError) as e:
        zerorow.from_arrow(pa.record_batch({"d": pa.array([1], pa.date64())}))
    assert "date64[ms]" in str(e.value) and e.value.path == "[0].d"


def test_damaged_row_files_raise_zerorow_errors_naming_the_file(tmp_path):
    path = tmp_path / "p.arrow"
    zerorow.write_file(path, [Person("a", i) for i in range(100)], PERSON.schema)
    data = path.read_bytes()
    cut = tmp_path / "cut.arrow"
    cut.write_bytes(data[: len(data) // 2])
    with pytest.raises(zerorow.ZerorowError, match="cut.arrow"):
        zerorow.open_file(cut)
    # a reader schema the file's cannot be resolved to (SPEC §13.5): both fingerprints named
    other = zerorow.Schema([zerorow.field("x", zerorow.int32, nullable=False)])
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        zerorow.open_file(path, schema=other)
    assert other.fingerprint_hex in str(
        e.value
    ) and PERSON.schema.fingerprint_hex in str(e.value)


# ---- 3. Arrow hand-offs ---------------------------------------------------------------------
PEOPLE = [Person(f"p{i}", i, None if i % 2 else f"n{i}") for i in range(20)]


def test_from_arrow_without_a_schema_takes_every_arrow_source():
    table = PERSON.to_arrow_table(PEOPLE)
    want = [PERSON.encode(p) for p in PEOPLE]
    sources = [
        table,
        table.to_batches()[0],
        pa.RecordBatchReader.from_batches(table.schema, table.to_batches()),
    ]
    for src in sources:
        rows = zerorow.from_arrow(src)
        assert [r.to_bytes() for r in rows] == want
        # the schema is derived: same names and types, nullability from Arrow
        assert rows.schema.names == PERSON.schema.names


def test_from_arrow_matches_columns_by_name_and_takes_variants():
    n = 3
    batch = pa.record_batch(
        {
            "nick": pa.array(["a", None, "c"]).dictionary_encode(),
            "age": pa.array([1, 2, 3], pa.int16()),
            "name": pa.array(["x", "y", "z"], pa.string_view()),
            "extra": pa.array([0] * n),
        }
    )
    assert PERSON.from_arrow(batch) == [
        Person("x", 1, "a"),
        Person("y", 2),
        Person("z", 3, "c"),
    ]
    lossy = pa.record_batch({"name": ["x"], "age": pa.array([1.5])})
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        PERSON.from_arrow(lossy)
    assert (
        e.value.path == "age" and "double" in str(e.value) and "int64" in str(e.value)
    )
    with pytest.raises(zerorow.SchemaMismatchError, match="no column 'age'"):
        PERSON.from_arrow(pa.record_batch({"name": ["x"]}))


def test_polars_and_duckdb_take_batches_and_files(tmp_path):
    import duckdb  # both pinned in requirements-dev.txt
    import polars as pl

    rows = zerorow.from_arrow(PERSON.to_arrow_record_batch(PEOPLE))
    assert pl.DataFrame(rows).shape == (20, 3)
    assert pl.DataFrame(rows[2:5])["age"].to_list() == [2, 3, 4]
    assert pl.from_arrow(rows.to_arrow()).shape == (20, 3)
    path = tmp_path / "people.arrow"
    zerorow.write_file(path, PEOPLE, PERSON.schema)
    with zerorow.open_file(path) as f:
        df = pl.DataFrame(f)
        assert df["name"].to_list() == [p.name for p in PEOPLE]
        assert duckdb.sql("select sum(age) from f").fetchall()[0][0] == sum(range(20))
        assert pa.table(f).num_rows == 20
        # polars and DuckDB data come back through from_arrow
        back = zerorow.from_arrow(df, PERSON.schema)
        assert [r.to_bytes() for r in back] == [PERSON.encode(p) for p in PEOPLE]
        assert (
            len(zerorow.from_arrow(duckdb.sql("select name, age from f").arrow())) == 20
        )


def test_requested_schema_variants_are_honoured():
    rows = zerorow.from_arrow(PERSON.to_arrow_record_batch(PEOPLE), PERSON.schema)
    own = pa.record_batch(rows).schema
    want = pa.schema(
        [
            pa.field("name", pa.large_string()),
            pa.field("age", pa.int64(), False),
            pa.field("nick", pa.string_view()),
        ]
    )
    got = pa.record_batch(rows, schema=want)
    assert got.schema == want and got.column("name").to_pylist()[:2] == ["p0", "p1"]
    assert pa.table(rows, schema=want).num_rows == 20
    lossy = pa.schema([own.field(0), pa.field("age", pa.int8(), False), own.field(2)])
    with pytest.raises(zerorow.SchemaMismatchError, match="int8"):
        pa.record_batch(rows, schema=lossy)


# ---- 4. Python idioms -------------------------------------------------------------------------
def test_batches_and_files_are_sequences_with_slices_and_close(tmp_path):
    rows = zerorow.from_arrow(PERSON.to_arrow_record_batch(PEOPLE), PERSON.schema)
    part = rows[5:8]
    assert isinstance(part, zerorow.RowBatch) and part.data is rows.data  # zero-copy
    assert [r.age for r in part] == [5, 6, 7] and part[-1].age == 7
    assert pa.record_batch(part).column("age").to_pylist() == [5, 6, 7]
    assert part.to_binary_array().to_pylist() == [PERSON.encode(p) for p in PEOPLE[5:8]]
    assert [r.age for r in rows[::-7]] == [19, 12, 5] and rows[-1].age == 19
    assert rows.index(rows[3]) == 3 and rows[3] in rows and rows.count(rows[3]) == 1
    with pytest.raises(IndexError, match="20 rows"):
        rows[20]
    path = tmp_path / "people.arrow"
    zerorow.write_file(path, PEOPLE, PERSON.schema)
    f = zerorow.open_file(path)
    sub = f[10:]
    assert isinstance(sub, zerorow.RowFile) and len(sub) == 10 and sub[0].age == 10
    assert sub[-1].age == 19 and sub[::3].to_arrow().num_rows == 4
    assert pa.table(sub).column("age").to_pylist() == list(range(10, 20))
    f.close()
    for use in (
        lambda: f[0],
        lambda: len(f),
        lambda: sub[0],
        lambda: list(f),
        lambda: pa.table(f),
    ):
        with pytest.raises(ValueError, match="closed"):
            use()


def test_maps_equal_dicts_and_arrays_are_numpy_views():
    @dataclass
    class M:
        m: Dict[str, int]
        xs: List[zerorow.int32]

    enc = zerorow.encoder(M)
    row = enc.to_row(M({"a": 1, "b": 2}, [1, 2, 3]))
    assert row.m == {"b": 2, "a": 1} and {"a": 1, "b": 2} == row.m
    assert row.m != {"a": 1} and row.m != {"a": 1, "b": 3}
    view = np.asarray(row.xs)
    assert view.dtype == np.int32 and view.tolist() == [1, 2, 3]
    assert np.shares_memory(view, row.xs.to_numpy()) and not view.flags.writeable


def test_encoders_and_rows_pickle():
    enc = pickle.loads(pickle.dumps(PERSON))
    assert (
        enc.schema == PERSON.schema
        and enc.decode(PERSON.encode(PEOPLE[2])) == PEOPLE[2]
    )
    row = PERSON.to_row(PEOPLE[2])
    back = pickle.loads(pickle.dumps(row))
    assert back == row and back.schema == PERSON.schema
    nested = zerorow.encoder(Paint).to_row(Paint(1, Color.RED, [], {}))
    assert pickle.loads(pickle.dumps(nested)) == nested


def test_schemas_convert_to_and_from_arrow():
    arrow = pa.schema(PERSON.schema)
    assert arrow == PERSON.schema.to_arrow() and arrow.names == ["name", "age", "nick"]
    assert arrow.field("age").type == pa.int64() and not arrow.field("age").nullable
    assert zerorow.Schema.from_arrow(arrow) == PERSON.schema
    with pytest.raises(TypeError, match="__arrow_c_schema__"):
        zerorow.Schema.from_arrow("name: string")
