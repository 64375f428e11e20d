"""The Spark example of the root README.md: that block is an excerpt of this test (the
paragraphs between the markers; scripts/tests/test_root_readme.py checks it), run here on
the suite's session."""

import zerorow.spark
from conftest import local_builder


def test_the_root_readmes_spark_example(spark, tmp_path):
    session, builder, folder = spark, local_builder(), str(tmp_path / "orders")
    # ---- README.md: Spark ----
    spark = zerorow.spark.configure(builder).getOrCreate()  # jar + SQL functions
    orders = spark.sql("""select id as order_id, transform(sequence(1, 3),
        k -> named_struct('qty', k, 'price', k * 2.5d)) as items from range(1000)""")
    orders.write.format("zerorow").mode("overwrite").save(folder)  # row files
    rows = spark.read.format("zerorow").option("mode", "raw").load(folder)

    def total(o):  # o: a zero-copy BinaryRow; only the fields read are touched
        return {"id": o.order_id, "total": sum(i.qty * i.price for i in o.items)}

    totals = zerorow.spark.map_rows(rows, total, "id BIGINT, total DOUBLE")
    # ---- end ----
    assert spark is session
    assert totals.count() == 1000
    assert totals.where("id = 7").first().total == 35.0  # 1·2.5 + 2·5.0 + 3·7.5
    # the rows went through the files: raw mode hands map_rows one binary row per order
    assert rows.columns == ["row"] and zerorow.spark.session_path(spark) == "jar"
