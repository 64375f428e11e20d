"""The SPEC 1.2 types through zerorow.spark (SPEC Appendix B): NullType, CHAR/VARCHAR, both
interval types and (Spark 4) a VARIANT from parse_json map both ways, and map_rows reads them
zero-copy with the right Python values; the Python-side path refuses what Spark's Arrow
conversion cannot carry, naming the field."""

import pytest
import zerorow
import zerorow.spark as zs

SQL = """
SELECT id,
       NULL AS n,
       CAST(concat('c', id) AS STRING) AS s,
       make_ym_interval(CAST(id AS INT), 1) AS ym,
       CASE WHEN id % 2 = 0 THEN NULL
            ELSE make_interval(0, 1, 0, CAST(id AS INT), 0, 0, 0.5) END AS cal,
       parse_json(CASE WHEN id = 3 THEN 'null'
                       ELSE concat('{"id": ', id, ', "xs": [true, "x", 1.5]}') END) AS v
FROM range(4)
"""


def test_types_map_both_ways(spark):
    from pyspark.sql import types as T

    struct = T.StructType.fromDDL(
        "n VOID, c CHAR(3), vc VARCHAR(5), ym INTERVAL YEAR TO MONTH, m INTERVAL MONTH, "
        "v VARIANT, l ARRAY<VOID>"
    ).add("cal", T.CalendarIntervalType())
    schema = zs.struct_to_schema(struct)
    assert [f.type for f in schema.fields] == [
        zerorow.null_type,
        zerorow.string,
        zerorow.string,
        zerorow.interval_ym,
        zerorow.interval_ym,
        zerorow.variant,
        zerorow.list_(zerorow.null_type, True),
        zerorow.interval,
    ]
    back = zs.schema_to_struct(schema)
    assert back.simpleString() == (
        "struct<n:void,c:string,vc:string,ym:interval year to month,"
        "m:interval year to month,v:variant,l:array<void>,cal:interval>"
    )
    fixed = zerorow.Schema(
        [
            zerorow.field("f", zerorow.fixed_binary(3)),
            zerorow.field("u", zerorow.uuid, nullable=False),
        ]
    )
    assert zs.schema_to_struct(fixed).simpleString() == "struct<f:binary,u:binary>"


def test_every_zerorow_type_has_a_spark_entry():
    from zerorow.schema import TYPES
    from zerorow.spark._types import TO_SPARK

    assert set(TO_SPARK) == set(TYPES)


def read_new_types(r):
    v = r.v
    return {
        "id": r.id,
        "n_is_none": r.n is None,
        "s": r.s,
        "ym": r.ym,
        "cal": None if r.cal is None else tuple(r.cal),
        "v_type": v.type,
        "v_json": v.to_json(),
        "out_ym": r.ym,
        "out_cal": r.cal,
        "out_v": v,
        "out_n": None,
    }


OUT = (
    "id BIGINT, n_is_none BOOLEAN, s STRING, ym INT, cal ARRAY<BIGINT>, v_type STRING, "
    "v_json STRING, out_ym INTERVAL YEAR TO MONTH, out_cal INTERVAL, out_v VARIANT, "
    "out_n VOID"
)


def test_map_rows_reads_the_new_types_in_place(spark):
    df = spark.sql(SQL)
    out = zs.map_rows(df, read_new_types, OUT).orderBy("id")
    # pyspark cannot collect an interval (its fromInternal is not implemented): the written
    # intervals are compared in Spark below
    rows = out.drop("out_ym", "out_cal").collect()
    assert [(r.id, r.n_is_none, r.s, r.ym) for r in rows] == [
        (i, True, f"c{i}", 12 * i + 1) for i in range(4)
    ]
    assert [r.cal for r in rows] == [None, [1, 1, 500_000], None, [1, 3, 500_000]]
    assert [r.v_type for r in rows] == ["object", "object", "object", "null"]
    assert rows[1].v_json == '{"id":1,"xs":[true,"x",1.5]}'
    # the values written back by map_rows are the values read: Spark compares them
    checked = out.selectExpr(
        "id",
        "out_ym = make_ym_interval(CAST(id AS INT), 1) AS ym_ok",
        "to_json(out_v) AS vj",
        "out_n IS NULL AS n_ok",
        "CAST(out_cal AS STRING) AS cal",
    ).collect()
    assert all(r.ym_ok and r.n_ok for r in checked)
    assert [r.vj for r in checked] == [
        spark.sql(SQL).orderBy("id").selectExpr("to_json(v)").collect()[i][0]
        for i in range(4)
    ]
    assert checked[1].cal == "1 months 1 days 0.5 seconds"
    assert checked[0].cal is None


def test_the_python_side_path_refuses_what_arrow_cannot_carry(spark):
    df = spark.sql("SELECT id, make_ym_interval(1, 2) AS since FROM range(2)")
    with pytest.raises(
        zerorow.UnsupportedError,
        match="cannot map field since of Spark type interval year to month to zerorow: "
        "Spark's Arrow conversion has no form for it",
    ):
        zs.map_rows(df, read_new_types, OUT, use_jar=False)
