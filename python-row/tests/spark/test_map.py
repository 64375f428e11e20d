"""map_rows / map_row_batches on nested data give exactly what a plain Python UDF gives."""

import dataclasses

import numpy as np
import pyarrow as pa
import pytest
import zerorow
import zerorow.spark as zs
from orders import OUT_DDL, as_tuples, logic, orders, row_fn
from zerorow.spark import functions as zf


@pytest.fixture(scope="module")
def df(spark):
    return orders(spark).cache()


@pytest.fixture(scope="module")
def expected(spark, df):
    from pyspark.sql import functions as F

    @F.udf(
        returnType="struct<order_id:bigint,country:string,total:double,channel:string,placed:timestamp,since:date>"
    )
    def plain(order_id, customer, items, tags, placed):
        if order_id % 17 == 16:
            return None
        return logic(order_id, customer, items, tags, placed)

    rows = (
        df.select(plain("order_id", "customer", "items", "tags", "placed").alias("o"))
        .where("o is not null")
        .select("o.*")
        .collect()
    )
    assert len(rows) > 1800
    return as_tuples(rows)


def test_the_session_is_on_the_jar_path(spark):
    assert zs.session_path(spark) == "jar"
    assert zs.has_functions(spark)


@pytest.mark.parametrize("use_jar", [True, False], ids=["jar", "python"])
def test_map_rows_equals_a_python_udf(df, expected, use_jar):
    out = zs.map_rows(df, row_fn, OUT_DDL, use_jar=use_jar)
    assert [f.name for f in out.schema.fields] == [
        "order_id",
        "country",
        "total",
        "channel",
        "placed",
        "since",
    ]
    assert as_tuples(out.collect()) == expected


@dataclasses.dataclass
class Out:
    order_id: int
    country: str | None
    total: float
    channel: str


def test_map_rows_returns_dataclasses_and_rows(df, expected):
    """fn may return a dataclass (schema given as the class) or a pyspark Row."""
    from pyspark.sql import Row

    def as_dc(r):
        d = row_fn(r)
        return (
            None
            if d is None
            else Out(d["order_id"], d["country"], d["total"], d["channel"])
        )

    out = zs.map_rows(df, as_dc, Out)
    got = sorted(tuple(r) for r in out.collect())
    assert got == [e[:4] for e in expected]
    for use_jar in (True, False):
        out2 = zs.map_rows(
            df,
            lambda r: None if row_fn(r) is None else Row(**row_fn(r)),
            OUT_DDL,
            use_jar=use_jar,
        )
        assert as_tuples(out2.collect()) == expected, use_jar


def batch_fn(b):
    """The same logic, column-wise: one field of every row per call."""
    ids = b.column("order_id").to_numpy()
    qty = b.column("items.qty")
    price = b.column("items.price")
    total = qty.per_row(qty.to_numpy() * price.to_numpy(), len(b))
    keep = ids % 17 != 16
    country = b.column("customer.country").to_arrow()
    channel = pa.array([t["channel"] for t in (r.tags for r in b)])
    cols = {
        "order_id": pa.array(ids),
        "country": country,
        "total": pa.array(total),
        "channel": channel,
        "placed": b.column("placed").to_arrow(),
        "since": b.column("customer.since").to_arrow(),
    }
    return pa.record_batch(cols).filter(pa.array(keep))


@pytest.mark.parametrize("use_jar", [True, False], ids=["jar", "python"])
def test_map_row_batches_equals_a_python_udf(df, expected, use_jar):
    out = zs.map_row_batches(df, batch_fn, OUT_DDL, use_jar=use_jar)
    got = as_tuples(out.collect())
    assert [g[:2] + g[3:] for g in got] == [e[:2] + e[3:] for e in expected]
    assert np.allclose([g[2] for g in got], [e[2] for e in expected])


def test_map_row_batches_returning_objects(df, expected):
    out = zs.map_row_batches(
        df, lambda b: [o for o in map(row_fn, b) if o is not None], OUT_DDL
    )
    assert as_tuples(out.collect()) == expected


def test_an_exception_in_fn_reaches_the_driver(df):
    def bad(r):
        if r.order_id == 1234:
            raise ValueError(f"order {r.order_id} has no customer id")
        return {"order_id": r.order_id}

    for use_jar in (True, False):
        with pytest.raises(Exception, match="order 1234 has no customer id"):
            zs.map_rows(df, bad, "order_id BIGINT", use_jar=use_jar).collect()


def test_a_wrong_result_names_the_field(df):
    with pytest.raises(Exception, match="order_id"):
        zs.map_rows(
            df, lambda r: {"order_id": "not a number"}, "order_id BIGINT"
        ).collect()


def test_encode_decode_and_functions(spark, df):
    from pyspark.sql import functions as F

    for use_jar in (True, False):
        enc = zs.encode(df, use_jar=use_jar)
        assert enc.columns == ["row"] and zs.raw_schema(enc) == zs.struct_to_schema(
            df.schema
        )
        back = zs.decode(enc, "row", use_jar=use_jar)
        assert sorted(back.collect()) == sorted(df.collect())
    # column expressions (call_function, so the same on Spark Connect)
    s = zs.struct_to_schema(df.schema)
    both = df.select(
        zf.zerorow_decode(zf.zerorow_encode(F.struct(*df.columns)), s).alias("o")
    ).select("o.*")
    assert sorted(both.collect()) == sorted(df.collect())
    # the bytes Spark writes are the bytes zerorow's Python encoder writes (SPEC §9)
    one = (
        df.where("order_id = 42")
        .select(zf.zerorow_encode(*df.columns).alias("row"))
        .first()["row"]
    )
    view = zerorow.BinaryRow(s, bytes(one))
    assert view.order_id == 42 and view.customer.name == "n42"


def test_decode_permissive_mode_nulls_malformed_rows(spark):
    s = zerorow.Schema(
        [
            zerorow.field("a", zerorow.int64, nullable=False),
            zerorow.field("b", zerorow.string),
        ]
    )
    good = zerorow.BinaryRow(
        s, zerorow._zerorow.encode(s._native, {"a": 7, "b": "x"})
    ).to_bytes()
    bad = good[:8]  # truncated
    df = spark.createDataFrame([(bytearray(good),), (bytearray(bad),)], "row BINARY")
    before = zf.malformed_rows(spark)
    rows = df.select(
        zf.zerorow_decode("row", s, {"mode": "PERMISSIVE"}).alias("o")
    ).collect()
    assert [r.o for r in rows][1] is None and rows[0].o.a == 7
    assert zf.malformed_rows(spark) - before == 1
    with pytest.raises(Exception, match="(?i)truncated|invalid"):
        df.select(zf.zerorow_decode("row", s).alias("o")).collect()


def test_raw_rows_with_null_entries_and_slices_are_skipped(spark):
    s = zerorow.Schema([zerorow.field("a", zerorow.int64, nullable=False)])
    rows = [
        bytearray(zerorow._zerorow.encode(s._native, {"a": i})) if i % 4 else None
        for i in range(40)
    ]
    from pyspark.sql.types import BinaryType, StructField, StructType

    df = spark.createDataFrame(
        [(r,) for r in rows],
        StructType(
            [StructField("row", BinaryType(), True, {"zerorow.schema": s.to_json()})]
        ),
    )
    out = zs.map_rows(df, lambda r: {"a": r.a * 2}, "a BIGINT")
    assert sorted(x.a for x in out.collect()) == [2 * i for i in range(40) if i % 4]


def test_bad_arguments_are_clear(spark, df):
    with pytest.raises(TypeError, match="schema must be"):
        zs.map_rows(df, row_fn, 42)
    with pytest.raises(ValueError, match="no zerorow.schema metadata"):
        zs.decode(df.select(df["customer.name"].cast("binary").alias("b")), "b")
    from pyspark.ml.linalg import VectorUDT
    from pyspark.sql.types import StructType

    with pytest.raises(
        zerorow.UnsupportedError,
        match="cannot map field s.vec of Spark type vector to zerorow: it is a user-defined",
    ):
        zs.struct_to_schema(StructType().add("s", StructType().add("vec", VectorUDT())))
