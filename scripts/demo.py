#!/usr/bin/env python3
"""`make demo`: Java writes rows, Python reads them in place, Spark hands them to Python.

1. Java (java-row + java-row/arrow) encodes Order records with `Encoders.rowEncoder` and
   writes them to a row file: Arrow IPC with one binary column `row` (SPEC.md §5).
2. Python (`zerorow`) memory-maps the file, checks the schema fingerprint, reads a few
   fields of a few rows in place (nothing else is decoded), then converts all rows to an
   Arrow table through the C Data Interface.
3. Spark (local[2], the zerorow connector jar) reads the same file with
   `format("zerorow")` in raw mode, `zerorow.spark.map_rows` runs a Python function over
   zero-copy rows, and the result comes back as a DataFrame, shown as an Arrow table; the
   same job through a pickled Python UDF is timed beside it.
"""

import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROWS = int(os.environ.get("DEMO_ROWS", "200000"))


def java_classpath():
    arrow = os.path.join(ROOT, "java-row", "arrow", "target")
    with open(os.path.join(arrow, "demo-classpath.txt")) as f:
        deps = f.read().strip()
    return os.pathsep.join(
        [
            os.path.join(ROOT, "java-row", "target", "classes"),
            os.path.join(arrow, "classes"),
            deps,
        ]
    )


def write_with_java(path):
    # Arrow Java runs on the class path here (unnamed module), so ALL-UNNAMED is the target.
    cmd = [
        "java",
        "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-Dslf4j.internal.verbosity=ERROR",
        "-cp",
        java_classpath(),
        os.path.join(ROOT, "scripts", "demo", "WriteOrders.java"),
        path,
        str(ROWS),
    ]
    subprocess.run(cmd, check=True)


def read_with_python(path):
    import zerorow

    start = time.perf_counter()
    rows = zerorow.open_file(path)
    print(
        f"python: opened {len(rows):,} rows memory-mapped in {(time.perf_counter() - start) * 1e3:.1f} ms,"
        f" schema fingerprint {rows.schema.fingerprint_hex}"
    )
    start = time.perf_counter()
    order = rows[123_456 % len(rows)]
    print(
        f"python: rows[{order.orderId}]: customer={order.customer!r} first sku={order.items[0].sku!r}"
        f" price={order.items[0].price} placedAt={order.placedAt} tags={dict(order.tags)}"
    )
    web = sum(1 for r in rows if r.tags["channel"] == "web")
    print(
        f"python: {web:,} web orders, counted reading one map entry per row in place"
        f" ({(time.perf_counter() - start) * 1e3:.0f} ms)"
    )
    start = time.perf_counter()
    table = rows.to_arrow()
    print(
        f"python: all rows -> Arrow table in {(time.perf_counter() - start) * 1e3:.0f} ms"
    )
    print(table.schema)
    print(table.slice(0, 5).to_pandas().to_string(max_colwidth=60))
    return table


def order_summary(order):
    """The Python function of the Spark job: reads a few fields of a row in place."""
    total = 0.0
    for item in order.items:
        total += item.quantity * float(item.price)
    return {
        "order_id": order.orderId,
        "customer": order.customer,
        "channel": order.tags["channel"],
        "items": len(order.items),
        "total": round(total, 2),
    }


SUMMARY = "order_id BIGINT, customer STRING, channel STRING, items INT, total DOUBLE"
UDF_TYPE = (
    "struct<order_id:bigint,customer:string,channel:string,items:int,total:double>"
)


def spark_job(folder):
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    import zerorow.spark
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    builder = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
    )
    spark = zerorow.spark.configure(builder).getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    print(f"spark: {spark.version}, zerorow path: {zerorow.spark.session_path(spark)}")
    raw = spark.read.format("zerorow").option("mode", "raw").load(folder)
    print(f'spark: format("zerorow") raw mode -> {raw.schema.simpleString()}')

    def zerorow_job():
        return zerorow.spark.map_rows(raw, order_summary, SUMMARY).toArrow()

    decoded = spark.read.format("zerorow").load(folder)
    udf = F.udf(lambda r: order_summary(_RowAdapter(r)), UDF_TYPE)

    def udf_job():
        return (
            decoded.select(udf(F.struct(*decoded.columns)).alias("s"))
            .select("s.*")
            .toArrow()
        )

    zerorow_job(), udf_job()  # warm up the Python workers once for both
    t0 = time.perf_counter()
    table = zerorow_job()
    t_zr = time.perf_counter() - t0
    t0 = time.perf_counter()
    check = udf_job()
    t_udf = time.perf_counter() - t0
    table = table.sort_by("order_id")
    assert table.to_pylist() == check.sort_by("order_id").to_pylist(), (
        "map_rows and the pickled UDF disagree"
    )
    print(table.slice(0, 5).to_pandas().to_string())
    print(
        f"spark: map_rows over zero-copy rows {t_zr:.2f} s; the same job as a pickled UDF {t_udf:.2f} s"
        f" ({t_udf / t_zr:.1f}x)"
    )
    spark.stop()
    return table


class _RowAdapter:
    """A pyspark Row read like a zerorow row, so both jobs run the one function."""

    def __init__(self, r):
        self._r = r

    def __getattr__(self, name):
        v = getattr(self._r, name)
        if isinstance(v, list):
            return [_RowAdapter(x) if hasattr(x, "asDict") else x for x in v]
        return v


def main():
    with tempfile.TemporaryDirectory() as tmp:
        folder = os.path.join(tmp, "orders")
        os.mkdir(folder)
        path = os.path.join(folder, "orders.zrow")
        write_with_java(path)
        table = read_with_python(path)
        assert table.num_rows == ROWS, (table.num_rows, ROWS)
        summary = spark_job(folder)
        assert summary.num_rows == ROWS, (summary.num_rows, ROWS)
    print(
        f"demo: OK, {ROWS:,} rows from Java read in Python and by a Spark job's Python function"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
