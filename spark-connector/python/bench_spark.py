#!/usr/bin/env python3
"""`make bench-spark`: a Python function over wide nested orders in Spark, every way at once.

1M orders (BENCH_ROWS) of 30 top-level fields — 10 longs, 10 doubles,
8 strings, a customer struct and 0-5 line items — are generated on the JVM and cached before
timing. The function reads order_id, customer.country and the items' qty * price and returns
one double; each job sums it. All variants run in this one process, side by side, in
interleaved rounds (the machine is shared: the ratios matter, not the absolute times). Each
job's CPU time is read from /proc, the driver's JVM and pyspark's Python workers apart, so the
table shows where a variant's time goes. Prints a table and writes it as markdown (--markdown).
"""

import argparse
import datetime as dt
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROWS = int(os.environ.get("BENCH_ROWS", "1000000"))
REPEATS = int(os.environ.get("BENCH_REPEATS", "3"))
WARMUP_ROWS = 20_000

ORDERS_SQL = """
select id as order_id, {longs}, {doubles}, {strings},
       named_struct('id', id % 100000, 'name', concat('customer-', id % 100000),
                    'country', element_at(array('DE', 'FR', 'US', 'GB', 'JP'), cast(id % 5 + 1 as int)),
                    'tier', cast(id % 3 as int)) as customer,
       transform(filter(sequence(0, 4), k -> k < id % 6),
                 k -> named_struct('sku', concat('sku-', (id + k) % 5000), 'qty', cast(k + 1 as int),
                                   'price', round(((id + k) % 100) * 0.37d + 1, 2))) as items
from range({n})
"""


def orders_sql(n):
    longs = ", ".join(f"id * {k + 3} % 1000003 as l{k}" for k in range(1, 10))
    doubles = ", ".join(f"id * {k}.25d as d{k}" for k in range(10))
    strings = ", ".join(f"concat('s{k}-', id % {1000 + k}) as s{k}" for k in range(8))
    return ORDERS_SQL.format(longs=longs, doubles=doubles, strings=strings, n=n)


# ---- the function, written for each way of getting at the fields --------------------------
def value(order_id, country, total):
    return total * (1.1 if country == "DE" else 1.0) + (order_id % 2)


def on_row(r):  # zerorow BinaryRow: reads three fields in place
    return {
        "v": value(
            r.order_id, r.customer.country, sum(i.qty * i.price for i in r.items)
        )
    }


def on_columns(b):  # zerorow.spark.RowBatch: one field of every row per call
    import numpy as np
    import pyarrow as pa

    qty, price = b.column("items.qty"), b.column("items.price")
    total = qty.per_row(qty.to_numpy() * price.to_numpy(), len(b))
    de = np.asarray(
        b.column("customer.country").to_arrow().to_numpy(zero_copy_only=False) == "DE"
    )
    oid = b.column("order_id").to_numpy()
    return pa.record_batch({"v": total * np.where(de, 1.1, 1.0) + (oid % 2)})


def on_python_objects(order_id, customer, items):  # pickled UDF / Arrow UDF: Rows
    return value(
        order_id, customer["country"], sum(i["qty"] * i["price"] for i in items)
    )


def pandas_fn(it):
    import pandas as pd

    for pdf in it:
        v = [
            value(o, c["country"], sum(i["qty"] * i["price"] for i in items))
            for o, c, items in zip(
                pdf["order_id"], pdf["customer"], pdf["items"], strict=False
            )
        ]
        yield pd.DataFrame({"v": v})


def arrow_pylist_fn(it):
    import pyarrow as pa

    for b in it:
        v = [
            value(
                r["order_id"],
                r["customer"]["country"],
                sum(i["qty"] * i["price"] for i in r["items"]),
            )
            for r in b.to_pylist()
        ]
        yield pa.record_batch({"v": pa.array(v, pa.float64())})


def arrow_vector_fn(it):
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    for b in it:
        items = b.column("items")
        flat = pc.list_flatten(items)
        prod = pc.multiply(
            pc.struct_field(flat, "qty").cast(pa.float64()),
            pc.struct_field(flat, "price"),
        )
        total = np.bincount(
            pc.list_parent_indices(items).to_numpy(),
            weights=prod.to_numpy(),
            minlength=len(b),
        )
        de = pc.equal(pc.struct_field(b.column("customer"), "country"), "DE").to_numpy(
            zero_copy_only=False
        )
        oid = b.column("order_id").to_numpy()
        yield pa.record_batch({"v": total * np.where(de, 1.1, 1.0) + (oid % 2)})


def arrow_nothing(it):
    import pyarrow as pa

    for b in it:
        yield pa.record_batch({"n": pa.array([b.num_rows], pa.int64())})


# ---- the session and the runs -------------------------------------------------------------
def session():
    import zerorow.spark as zs
    from pyspark.sql import SparkSession

    b = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.memory", os.environ.get("BENCH_DRIVER_MEMORY", "6g"))
    )
    spark = zs.configure(b).getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def _cpu_seconds(is_ours) -> float:
    """CPU seconds (user + system, with the children a process has waited for) of every
    process whose command line `is_ours` accepts, from /proc (0 where there is no /proc)."""
    tick, total = os.sysconf("SC_CLK_TCK"), 0
    for pid in os.listdir("/proc") if os.path.isdir("/proc") else ():
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read().split(b"\0")
            if not is_ours(int(pid), cmd):
                continue
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
        except (OSError, ValueError):
            continue  # gone meanwhile
    return total / tick


def _driver_jvm(pid: int, cmd: list) -> bool:
    """The JVM pyspark started for this session (its child, by spark-submit's exec)."""
    if not cmd[0].endswith(b"java"):
        return False
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[1]) == os.getpid()


def _python_worker(pid: int, cmd: list) -> bool:
    """pyspark's daemon and the workers it forks (the same command line); the workers it
    reaped are counted in the daemon's children times."""
    return b"pyspark.daemon" in cmd


def timed(job):
    """(seconds, result, JVM CPU seconds, Python workers' CPU seconds) of one job."""
    j0, p0 = _cpu_seconds(_driver_jvm), _cpu_seconds(_python_worker)
    t0 = time.perf_counter()
    result = job()
    t = time.perf_counter() - t0
    return t, result, _cpu_seconds(_driver_jvm) - j0, _cpu_seconds(_python_worker) - p0


def variants(spark, df, tmp):
    import zerorow.spark as zs
    from pyspark.sql import functions as F
    from zerorow.spark import functions as zf

    total = F.aggregate("items", F.lit(0.0), lambda acc, i: acc + i["qty"] * i["price"])
    sql_v = (
        total * F.when(F.col("customer.country") == "DE", 1.1).otherwise(1.0)
        + F.col("order_id") % 2
    )
    schema = zs.struct_to_schema(df.schema)

    def s(d):
        return d.agg(F.sum("v")).collect()[0][0]

    udf_b = F.udf(on_python_objects, "double")
    udf_c = F.udf(on_python_objects, "double", useArrow=True)
    cols3 = ["order_id", "customer", "items"]
    rf, pq = os.path.join(tmp, "rows"), os.path.join(tmp, "parquet")
    df.write.format("zerorow").save(rf)
    df.write.parquet(pq)

    def pruned(d):
        return (
            d.select("order_id", "l5", "s3")
            .agg(F.sum("order_id"), F.sum("l5"), F.max(F.length("s3")))
            .collect()[0]
        )

    return [
        ("a", "zerorow.spark.map_rows", lambda: s(zs.map_rows(df, on_row, "v DOUBLE"))),
        (
            "a2",
            "zerorow.spark.map_row_batches (column helpers)",
            lambda: s(zs.map_row_batches(df, on_columns, "v DOUBLE")),
        ),
        (
            "a-nojar",
            "map_rows without the jar (Python-side rows)",
            lambda: s(zs.map_rows(df, on_row, "v DOUBLE", use_jar=False)),
        ),
        ("b", "@udf (pickled rows)", lambda: s(df.select(udf_b(*cols3).alias("v")))),
        ("c", "@udf(useArrow=True)", lambda: s(df.select(udf_c(*cols3).alias("v")))),
        ("d", "mapInPandas", lambda: s(df.mapInPandas(pandas_fn, "v DOUBLE"))),
        (
            "e",
            "mapInArrow + to_pylist()",
            lambda: s(df.mapInArrow(arrow_pylist_fn, "v DOUBLE")),
        ),
        (
            "e2",
            "mapInArrow vectorised (pyarrow.compute)",
            lambda: s(df.mapInArrow(arrow_vector_fn, "v DOUBLE")),
        ),
        (
            "e2-3col",
            "mapInArrow vectorised, the 3 columns selected",
            lambda: s(df.select(*cols3).mapInArrow(arrow_vector_fn, "v DOUBLE")),
        ),
        (
            "f",
            "Spark SQL expressions (JVM floor)",
            lambda: s(df.select(sql_v.alias("v"))),
        ),
        (
            "g",
            "zerorow_encode + zerorow_decode, then (f)",
            lambda: s(
                df.select(
                    zf.zerorow_decode(
                        zf.zerorow_encode(F.struct(*df.columns)), schema
                    ).alias("o")
                )
                .select("o.*")
                .select(sql_v.alias("v"))
            ),
        ),
        (
            "n-rows",
            "do-nothing map_rows (whole row)",
            lambda: zs.map_rows(df, lambda r: None, "v DOUBLE").count(),
        ),
        (
            "n-arrow",
            "do-nothing mapInArrow (30 columns)",
            lambda: df.mapInArrow(arrow_nothing, "n BIGINT").count(),
        ),
        (
            "r-zr",
            'read 3 of 30 columns: format("zerorow")',
            lambda: pruned(spark.read.format("zerorow").load(rf)),
        ),
        (
            "r-pq",
            "read 3 of 30 columns: Parquet",
            lambda: pruned(spark.read.parquet(pq)),
        ),
    ]


def column_costs(df, n):
    """What RowBatch.column() costs: the fields the benchmark's function reads, read from one
    batch of n encoded orders in this process (no Spark), with the column helpers and with row
    views; best of 5, in microseconds per row. Returns markdown lines."""
    import zerorow.spark as zs
    from zerorow.spark import RowBatch

    enc = zs.encode(df.limit(n))
    schema = zs.raw_schema(enc)
    arr = enc.toArrow().column(0).combine_chunks()

    def best(job):
        ts = []
        for _ in range(5):
            t0 = time.perf_counter()
            job()
            ts.append(time.perf_counter() - t0)
        return min(ts) / n * 1e6

    def col(path):
        return lambda: RowBatch.from_arrow_binary(arr, schema).column(path).to_numpy()

    def views(read):
        return lambda: [read(r) for r in RowBatch.from_arrow_binary(arr, schema).rows()]

    cases = [
        ("order_id", col("order_id"), views(lambda r: r.order_id)),
        (
            "customer.country",
            lambda: (
                RowBatch.from_arrow_binary(arr, schema)
                .column("customer.country")
                .to_arrow()
            ),
            views(lambda r: r.customer.country),
        ),
        ("items.qty", col("items.qty"), views(lambda r: [i.qty for i in r.items])),
        (
            "items.price",
            col("items.price"),
            views(lambda r: [i.price for i in r.items]),
        ),
    ]
    lines = [
        f"### RowBatch.column() vs row views: one batch of {n:,} orders, µs per row",
        "",
        "| field | column(path) | row views | views / column |",
        "| --- | ---: | ---: | ---: |",
    ]
    for path, c, v in cases:
        tc, tv = best(c), best(v)
        lines.append(f"| `{path}` | {tc:.3f} | {tv:.3f} | {tv / tc:.1f}x |")
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--markdown", help="write the table here as markdown")
    ap.add_argument("--only", help="comma-separated variant keys")
    args = ap.parse_args()
    spark = session()
    df = spark.sql(orders_sql(ROWS)).repartition(2).cache()
    assert df.count() == ROWS
    results, cpus = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        keep = args.only.split(",") if args.only else None
        # Every variant once over a few orders before anything is timed: the Python workers
        # start and import zerorow, and each job's code is generated and compiled, so a
        # round measures the work per row, not what a first run pays once (at small sizes,
        # BENCH_QUICK, that first run would otherwise be most of the time).
        small = spark.sql(orders_sql(WARMUP_ROWS)).repartition(2).cache()
        for key, _, job in variants(spark, small, os.path.join(tmp, "warm-up")):
            if keep is None or key in keep:
                job()
        jobs = [
            v
            for v in variants(spark, df, os.path.join(tmp, "timed"))
            if keep is None or v[0] in keep
        ]
        # Rounds interleave the variants: the machine is shared, and a neighbour's build then
        # slows every variant alike instead of the few that ran while it lasted.
        times: dict = {key: [] for key, _, _ in jobs}
        for rnd in range(REPEATS):
            for key, name, job in jobs:
                t, r, jvm, py = timed(job)
                times[key].append((t, jvm, py))
                results[key] = (name, statistics.median(x[0] for x in times[key]), r)
                cpus[key] = tuple(
                    statistics.median(x[i] for x in times[key]) for i in (1, 2)
                )
                print(
                    f"{rnd} {key:8} {name:48} {t:8.2f} s  JVM CPU {jvm:6.2f} s  "
                    f"Python CPU {py:6.2f} s   -> {r}",
                    flush=True,
                )
    table = (
        render(results, cpus)
        + "\n"
        + "\n".join(column_costs(df, min(ROWS // 4, 100_000)))
        + "\n"
    )
    print(table)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(table)
    check(results)
    spark.stop()


def render(results, cpus=None):
    load = (
        open("/proc/loadavg").read().split()[:3]
        if os.path.exists("/proc/loadavg")
        else ["?"] * 3
    )
    cpu = subprocess.run(
        ["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    import pyspark

    per_record = {k: results[k][1] for k in ("b", "c", "d", "e") if k in results}
    best_k = min(per_record, key=per_record.get) if per_record else None
    quick = (
        f" — QUICK RUN ({ROWS:,} orders, {REPEATS} round): per-job fixed costs weigh more "
        "than at 1M; spark-connector/README.md has the 1M figures"
        if os.environ.get("BENCH_QUICK")
        else ""
    )
    lines = [
        f"## A Python function over Spark rows: zerorow.spark vs PySpark's own paths (pyspark {pyspark.__version__}){quick}",
        "",
        f"{ROWS:,} orders (30 fields, customer struct, 0-5 items), local[2], pyspark {pyspark.__version__}, "
        f"median of {REPEATS} interleaved rounds; {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, load {' '.join(load)}, "
        f"{os.cpu_count()} cores {cpu}; `make bench-spark BENCH_ROWS={ROWS}`",
        "",
        "| variant | job | time (s) | time / (a) | time / (f) | JVM CPU (s) | Python workers' CPU (s) |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    ta, tf = results.get("a", (0, None))[1], results.get("f", (0, None))[1]
    for k, (name, t, _) in results.items():
        ra = f"{t / ta:.2f}x" if ta else ""
        rf = f"{t / tf:.1f}x" if tf else ""
        jvm, py = (cpus or {}).get(k, (float("nan"),) * 2)
        lines.append(
            f"| ({k}) | {name} | {t:.2f} | {ra} | {rf} | {jvm:.2f} | {py:.2f} |"
        )
    lines.append("")
    targets = []
    if best_k and "a" in results:
        targets.append(
            f"(a) vs best per-record path ({best_k}): {per_record[best_k] / ta:.2f}x faster (target >= 4x)"
        )
    if "d" in results and "a" in results:
        targets.append(
            f"(a) vs mapInPandas (d): {results['d'][1] / ta:.2f}x faster (target >= 4x)"
        )
    if "e2" in results and "a" in results:
        targets.append(
            f"(a) vs vectorised mapInArrow (e2): {results['e2'][1] / ta:.2f}x the time of (a)"
        )
    if "a2" in results and "e2" in results:
        targets.append(
            f"(a2) vs (e2): {results['e2'][1] / results['a2'][1]:.2f}x (target > 1)"
        )
    if "n-rows" in results and "n-arrow" in results:
        targets.append(
            f"do-nothing map_rows vs do-nothing mapInArrow: {results['n-rows'][1] / results['n-arrow'][1]:.2f} of its time (target < 1)"
        )
    if "g" in results and "f" in results:
        targets.append(
            f"(g) encode+decode vs (f): {results['g'][1] / tf:.2f}x (target <= 1.5)"
        )
    if "r-zr" in results and "r-pq" in results:
        targets.append(
            f"pruned read, row files vs Parquet: {results['r-zr'][1] / results['r-pq'][1]:.2f}x"
        )
    if "a-nojar" in results and "a" in results:
        targets.append(
            f"(a) without the jar vs with it: {results['a-nojar'][1] / ta:.2f}x"
        )
    if cpus and "a" in cpus and "d" in cpus:
        cores = os.cpu_count() or 1

        def spent(k):
            jvm, py = cpus[k]
            return f"JVM {jvm:.2f} s + Python workers {py:.2f} s = {(jvm + py) / cores:.2f} s on {cores} cores"

        targets.append(
            f"CPU (medians): (a) {spent('a')}; (d) {spent('d')}"
            + (f"; (n-rows) {spent('n-rows')}" if "n-rows" in cpus else "")
            + (f"; (f) {spent('f')}" if "f" in cpus else "")
        )
    lines += [f"- {t}" for t in targets]
    return "\n".join(lines) + "\n"


def check(results):
    """Every variant computed the same sum (the benchmark measures equal work)."""
    sums = {k: r for k, (_, _, r) in results.items() if isinstance(r, float)}
    ref = sums.get("f")
    bad = {
        k: v
        for k, v in sums.items()
        if ref is not None and abs(v - ref) > 1e-6 * abs(ref)
    }
    if bad:
        print(f"MISMATCH against (f) = {ref}: {bad}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
