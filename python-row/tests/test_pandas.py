"""pandas DataFrames through rows and row files: what pandas had comes back as it went in."""

import dataclasses
import datetime as dt
import decimal
from typing import Optional

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
import zerorow
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# ---- every dtype: a strategy of its values (None where it may be missing) -------------------


def _ints(bits, signed=True):
    lo, hi = (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if signed else (0, 2**bits - 1)
    return st.integers(lo, hi)


_MICROS = st.integers(-(2**52), 2**52).map(lambda us: us * 1000)  # ns, on whole µs
_DAYS = st.integers(-700_000, 2_900_000)
_TEXT = st.text(max_size=8)  # any code point, control characters and quotes included


def _maybe(values):
    return st.one_of(st.none(), values)


def _numpy(dtype, values):
    return values, lambda xs: np.array(xs, dtype=dtype)


def _masked(dtype, values):
    return _maybe(values), lambda xs: pd.array(
        [pd.NA if x is None else x for x in xs], dtype=dtype
    )


def _categorical(values, ordered):
    def build(data):
        xs, extra = data
        categories = list(dict.fromkeys([x for x in xs if x is not None] + extra))
        return pd.Categorical(xs, categories=categories, ordered=ordered)

    return build


# name -> (strategy of one value, list of values -> column)
DTYPES = {
    **{f"int{b}": _numpy(f"int{b}", _ints(b)) for b in (8, 16, 32, 64)},  # numpy ints
    **{f"uint{b}": _numpy(f"uint{b}", _ints(b, False)) for b in (8, 16, 32)},
    "float16": _numpy("float16", st.floats(width=16)),
    "float32": _numpy("float32", st.floats(width=32)),
    "float64": _numpy("float64", st.floats()),
    "bool": _numpy("bool", st.booleans()),
    **{f"Int{b}": _masked(f"Int{b}", _ints(b)) for b in (8, 16, 32, 64)},
    **{f"UInt{b}": _masked(f"UInt{b}", _ints(b, False)) for b in (8, 16, 32)},
    "Float32": _masked("Float32", st.floats(width=32, allow_nan=False)),
    "Float64": _masked("Float64", st.floats(allow_nan=False)),
    "boolean": _masked("boolean", st.booleans()),
    "string": _masked("string", _TEXT),
    "object str": (_maybe(_TEXT), lambda xs: pd.Series(xs, dtype=object)),
    "object bytes": (
        _maybe(st.binary(max_size=8)),
        lambda xs: pd.Series(xs, dtype=object),
    ),
    "object date": (
        _maybe(
            _DAYS.map(lambda d: dt.date(1, 1, 1) + dt.timedelta(days=d % 3_000_000))
        ),
        lambda xs: pd.Series(xs, dtype=object),
    ),
    "object decimal": (
        _maybe(st.decimals(places=2, min_value=-(10**6), max_value=10**6)),
        lambda xs: pd.Series(xs, dtype=object),
    ),
    "object list": (
        _maybe(st.lists(_ints(64), max_size=3)),
        lambda xs: pd.Series(xs, dtype=object),
    ),
    "object big int": (
        _maybe(_ints(64)),  # never through float, though a value is missing
        lambda xs: pd.Series(xs, dtype=object),
    ),
    "datetime64[ns]": (
        _maybe(_MICROS),
        lambda xs: pd.Series(
            np.array([np.datetime64("NaT") if x is None else x for x in xs], "M8[ns]")
        ),
    ),
    "datetime64[us]": (
        _maybe(st.integers(-(2**60), 2**60)),
        lambda xs: pd.Series(
            np.array([np.datetime64("NaT") if x is None else x for x in xs], "M8[us]")
        ),
    ),
    "datetime64[ns, tz]": (
        st.tuples(
            st.lists(_maybe(_MICROS), max_size=0),
            st.sampled_from(["UTC", "Europe/Paris", "Asia/Kolkata"]),
        ),
        None,  # built by _column
    ),
    "timedelta64[ns]": (
        _maybe(_MICROS),
        lambda xs: pd.Series(
            np.array([np.timedelta64("NaT") if x is None else x for x in xs], "m8[ns]")
        ),
    ),
    "category str": (_TEXT, None),
    "category int": (_ints(16), None),
}


@st.composite
def _column(draw, name, n):
    values, build = DTYPES[name]
    if name == "datetime64[ns, tz]":
        tz = draw(st.sampled_from(["UTC", "Europe/Paris", "Asia/Kolkata"]))
        xs = draw(st.lists(_maybe(_MICROS), min_size=n, max_size=n))
        naive = np.array(
            [np.datetime64("NaT") if x is None else x for x in xs], "M8[ns]"
        )
        return pd.Series(naive).dt.tz_localize("UTC").dt.tz_convert(tz)
    if name.startswith("category"):
        xs = draw(st.lists(_maybe(values), min_size=n, max_size=n))
        extra = draw(st.lists(values, max_size=3))  # categories no value uses
        return pd.Series(_categorical(values, draw(st.booleans()))((xs, extra)))
    xs = draw(st.lists(values, min_size=n, max_size=n))
    return pd.Series(build(xs))


_INDEXES = ["range", "range step", "named int", "string", "multi", "datetime tz"]


def _index(kind, n):
    if kind == "range":
        return pd.RangeIndex(n)
    if kind == "range step":
        return pd.RangeIndex(5, 5 + 3 * n, 3, name="r")
    if kind == "named int":
        return pd.Index(np.arange(n, dtype="int32") * 7, name="id")
    if kind == "string":
        return pd.Index([f"k{i}" for i in range(n)], dtype=object)
    if kind == "multi":
        return pd.MultiIndex.from_arrays(
            [np.arange(n), [f"s{i % 3}" for i in range(n)]], names=["a", None]
        )
    # a DatetimeIndex's freq is not kept (it is not in pandas' metadata; Parquet drops it too)
    at = pd.date_range("2024-03-30", periods=n, freq="7h", tz="Europe/Paris")
    return pd.DatetimeIndex(at, name="at", freq=None)


@st.composite
def frames(draw):
    n = draw(st.integers(0, 12))
    names = draw(st.lists(st.sampled_from(sorted(DTYPES)), min_size=1, max_size=6))
    columns = {f"c{k} {name}": draw(_column(name, n)) for k, name in enumerate(names)}
    df = pd.DataFrame({k: v.array for k, v in columns.items()})
    df.index = _index(draw(st.sampled_from(_INDEXES)), n)
    if draw(st.booleans()):  # integer column labels, restored as integers
        df.columns = list(range(len(df.columns)))
    return df


@st.composite
def every_dtype(draw):
    """One frame with a column of every dtype above (so each run covers them all)."""
    n = draw(st.integers(0, 6))
    df = pd.DataFrame({name: draw(_column(name, n)).array for name in sorted(DTYPES)})
    df.index = _index(draw(st.sampled_from(_INDEXES)), n)
    return df


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(every_dtype())
def test_a_frame_of_every_dtype_round_trips(df):
    pd.testing.assert_frame_equal(zerorow.from_pandas(df).to_pandas(), df)


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(frames())
def test_every_dtype_round_trips_through_rows(df):
    pd.testing.assert_frame_equal(zerorow.from_pandas(df).to_pandas(), df)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(frames())
def test_every_dtype_round_trips_through_a_row_file(tmp_path_factory, df):
    path = tmp_path_factory.mktemp("pd") / "frame.zrow"
    zerorow.write_file(path, df)
    with zerorow.open_file(path) as f:
        pd.testing.assert_frame_equal(f.to_pandas(), df)
        for batch in f.row_batches():  # one batch: the whole frame again
            pd.testing.assert_frame_equal(batch.to_pandas(), df)


# ---- the cases the issue names, one by one ---------------------------------------------------
def test_big_integers_never_pass_through_float():
    df = pd.DataFrame({"a": pd.array([9007199254740993, None], dtype="Int64")})
    back = zerorow.from_pandas(df).to_pandas()
    assert back["a"].dtype == "Int64" and back["a"][0] == 9007199254740993


def test_categories_keep_their_order_and_the_unused_ones():
    cat = pd.Categorical(["b", "a", None], categories=["c", "b", "a"], ordered=True)
    back = zerorow.from_pandas(pd.DataFrame({"x": cat})).to_pandas()["x"]
    assert list(back.cat.categories) == ["c", "b", "a"] and back.cat.ordered
    assert back.isna().tolist() == [False, False, True]


def test_index_and_column_labels_come_back():
    df = pd.DataFrame({1: [1.5, 2.5], 2: ["x", "y"]})
    df.index = pd.Index(["a", "b"], name="key")
    rows = zerorow.from_pandas(df)
    assert rows.schema.names == ["1", "2", "key"]  # the index is a field of the rows
    pd.testing.assert_frame_equal(rows.to_pandas(), df)


def test_frames_without_metadata_keep_ints_out_of_float(tmp_path):
    # rows from anywhere else: nullable int and bool fields come back in pandas' nullable dtypes
    schema = zerorow.Schema(
        [
            zerorow.field("id", zerorow.int64, nullable=False),
            zerorow.field("n", zerorow.int64),
            zerorow.field("ok", zerorow.bool_),
            zerorow.field("s", zerorow.string),
        ]
    )
    objs = [
        {"id": 1, "n": 2**62 + 1, "ok": True, "s": "a"},
        {"id": 2, "n": None, "ok": None, "s": None},
    ]
    path = tmp_path / "plain.zrow"
    zerorow.write_file(path, objs, schema)
    with zerorow.open_file(path) as f:
        df = f.to_pandas()
        assert [str(t) for t in df.dtypes] == ["int64", "Int64", "boolean", "object"]
        assert df["n"][0] == 2**62 + 1 and df["n"].isna()[1]
        assert zerorow.to_pandas(list(f)).equals(df)  # a list of rows
        assert f[:1].to_pandas().equals(df[:1])


def test_lists_of_structs_and_lists_as_pandas():
    from dataclasses import dataclass

    @dataclass
    class Item:
        sku: str
        qty: Optional[zerorow.int32]

    @dataclass
    class Order:
        items: list[Item]
        scores: list[zerorow.int16]

    enc = zerorow.encoder(Order)
    row = enc.to_row(Order([Item("a", 1), Item("b", None)], [3, 4]))
    items = row.items.to_pandas()
    assert list(items.columns) == ["sku", "qty"] and str(items["qty"].dtype) == "Int32"
    assert items["qty"].isna().tolist() == [False, True]
    scores = row.scores.to_pandas()
    assert str(scores.dtype) == "Int16" and scores.tolist() == [
        3,
        4,
    ]  # elements nullable


def test_resolved_rows_as_pandas(tmp_path):
    # rows read through a reader schema (SPEC §13) are the reader's columns in pandas
    old = zerorow.Schema([zerorow.field("id", zerorow.int32, nullable=False)])
    new = zerorow.Schema(
        [
            zerorow.field("id", zerorow.int64, nullable=False),
            zerorow.field("note", zerorow.string),
        ]
    )
    path = tmp_path / "old.zrow"
    zerorow.write_file(path, [{"id": 1}, {"id": 2}], old)
    with zerorow.open_file(path, schema=new) as f:
        assert isinstance(f[0], zerorow.ResolvedRow)
        df = f.to_pandas()
        assert list(df.columns) == ["id", "note"] and df["id"].tolist() == [1, 2]
        assert zerorow.to_pandas([f[1]]).to_dict("records") == [{"id": 2, "note": None}]


def test_a_frame_read_through_another_schema_drops_the_metadata(tmp_path):
    df = pd.DataFrame({"a": pd.array([1, 2], dtype="Int8")})
    path = tmp_path / "a.zrow"
    zerorow.write_file(path, df, preserve_index=False)
    reader = zerorow.Schema(
        [zerorow.field("a", zerorow.int16), zerorow.field("b", zerorow.string)]
    )
    with zerorow.open_file(path, schema=reader) as f:
        back = f.to_pandas()  # other columns than the frame's: plain mapping
        assert list(back.columns) == ["a", "b"] and str(back["a"].dtype) == "Int16"


@pytest.mark.parametrize(
    "column, message",
    [
        (np.array([1j, 2]), "complex128"),
        (pd.period_range("2020", periods=2, freq="M"), "extension type pandas.period"),
        (pd.interval_range(0, 2), "extension type pandas.interval"),
        (pd.arrays.SparseArray([0, 1]), "Sparse"),
        (["a", 1], "Conversion failed for column x"),
    ],
)
def test_what_cannot_be_rows_is_refused_naming_the_column(column, message):
    with pytest.raises(zerorow.UnsupportedError) as e:
        zerorow.from_pandas(pd.DataFrame({"x": column}))
    assert message in str(e.value) and "x" in str(e.value)


def test_frames_whose_names_cannot_be_fields_are_refused():
    with pytest.raises(zerorow.UnsupportedError, match="Duplicate column names"):
        zerorow.from_pandas(pd.DataFrame([[1, 2]], columns=["a", "a"]))
    with pytest.raises(zerorow.UnsupportedError, match="column 0 has no name"):
        zerorow.from_pandas(pd.DataFrame({"": [1]}))
    with pytest.raises(
        zerorow.UnsupportedError, match="column 1 has the name of an earl"
    ):
        zerorow.from_arrow(
            pa.Table.from_arrays([pa.array([1]), pa.array([2])], ["a", "a"])
        )


def test_empty_frames_and_all_missing_object_columns():
    # Arrow types them null; from a DataFrame they are string columns of nulls
    df = pd.DataFrame(
        {"x": pd.Series([], dtype=object), "n": pd.Series([], dtype="int8")}
    )
    rows = zerorow.from_pandas(df)
    assert str(rows.schema) == "Schema(x: string, n: int8)" and len(rows) == 0
    pd.testing.assert_frame_equal(rows.to_pandas(), df)
    df = pd.DataFrame({"x": [None, None]})
    pd.testing.assert_frame_equal(zerorow.from_pandas(df).to_pandas(), df)
    rows = zerorow.from_arrow(
        pa.table({"x": pa.nulls(2)})
    )  # the Arrow mapping: SPEC §12.2
    assert str(rows.schema) == "Schema(x: null)" and [r.x for r in rows] == [None, None]


def test_uint64_columns_are_decimal_20_0():
    # SPEC §12.2: uint64 is widened to decimal(20, 0), which holds every value
    df = pd.DataFrame(
        {
            "x": np.array([0, 2**64 - 1], dtype="uint64"),
            "y": pd.array([1, None], dtype="UInt64"),
        }
    )
    rows = zerorow.from_pandas(df)
    assert str(rows.schema) == "Schema(x: decimal(20, 0), y: decimal(20, 0))"
    assert [(r.x, r.y) for r in rows] == [
        (decimal.Decimal(0), decimal.Decimal(1)),
        (decimal.Decimal(2**64 - 1), None),
    ]


def test_from_pandas_takes_a_schema_and_write_file_stores_the_frame(tmp_path):
    df = pd.DataFrame({"id": np.array([1, 2], dtype="int16"), "x": ["a", "b"]})
    schema = zerorow.Schema(
        [
            zerorow.field("x", zerorow.string),
            zerorow.field("id", zerorow.int64, nullable=False),
        ]
    )
    rows = zerorow.from_pandas(df, schema)  # columns by name, int16 widened losslessly
    assert rows.schema == schema and rows[1].id == 2
    # the frame's own columns: its metadata gives it back (int16 again), in the rows' order
    pd.testing.assert_frame_equal(rows.to_pandas(), df[["x", "id"]])
    path = tmp_path / "df.zrow"
    assert zerorow.write_file(path, df) == 2
    with zerorow.open_file(path) as f:
        assert f.pandas_metadata is not None
        pd.testing.assert_frame_equal(f.to_pandas(), df)
    with pytest.raises(TypeError, match="DataFrame"):
        zerorow.from_pandas({"id": [1]})


def test_spec12_types_as_pandas(tmp_path):
    """SPEC 1.2's types give pandas the values a row view gives (interval_ym: int months, which
    pyarrow cannot convert from Arrow's month_interval at all; uuid: uuid.UUID), a variant its
    JSON text (a Variant in a cell breaks pandas' printing) and an interval a DateOffset."""
    import typing
    import uuid

    @dataclasses.dataclass
    class Kinds:
        id: uuid.UUID
        span: zerorow.Interval
        months: typing.Annotated[int, zerorow.interval_ym]
        term: typing.Optional[typing.Annotated[int, zerorow.interval_ym]]
        tag: typing.Annotated[bytes, zerorow.fixed_binary(4)]
        doc: typing.Optional[zerorow.Variant]
        nothing: None

    rows = [
        Kinds(
            uuid.UUID(int=k),
            zerorow.Interval(1, 2, 3),
            -14 + k,
            None if k == 1 else k,
            b"abcd",
            None if k == 2 else zerorow.Variant.from_json('{"a": [1, 2.5]}'),
            None,
        )
        for k in range(3)
    ]
    path = tmp_path / "kinds.zrow"
    zerorow.write_file(path, rows, zerorow.Encoder(Kinds).schema)
    f = zerorow.open_file(path)
    df = f.to_pandas()
    assert str(df)  # prints (a Variant object in a cell would fail here)
    assert list(df["id"]) == [uuid.UUID(int=k) for k in range(3)]
    assert list(df["months"]) == [-14, -13, -12]
    assert df["term"].dtype == pd.Int32Dtype()
    assert df["term"].isna().tolist() == [False, True, False]
    assert list(df["doc"])[:2] == ['{"a":[1,2.5]}'] * 2 and df["doc"][2] is None
    assert df["span"][0] == pd.DateOffset(
        months=1, days=2, microseconds=3, nanoseconds=0
    )
    assert list(df["tag"]) == [b"abcd"] * 3
    assert df["nothing"].isna().all()
    batch = zerorow.from_arrow(f.to_arrow())
    assert list(batch.to_pandas()["months"]) == [-14, -13, -12]
