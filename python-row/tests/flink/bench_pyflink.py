"""PyFlink benchmark (issue 14 item 6, `make bench-pyflink`): a Python scalar function that
reads 3 fields of a wide nested order — order_id, customer.country and the items' qty * price —
and returns one double, summed by the job, fed:

  zerorow bytes   the whole order as one BYTES column of zerorow rows (zerorow.flink.row_udf)
  zerorow pandas  the same function over the same column, as row_udf(..., func_type="pandas"):
                  one Python call per Arrow batch, the batch's rows made in one native call
  whole ROW       the whole order as one ROW-typed argument (a plain udf)
  3 columns       order_id, customer and items as three arguments (a plain udf)
  pandas          a pandas UDF over order_id, customer.country and the items as two arrays
                  (PyFlink's Arrow path takes no ARRAY<ROW>, so the source also carries
                  items_qty ARRAY<INT> and items_price ARRAY<DOUBLE>)
  Python floor    a plain udf over order_id alone (worker start + per-call cost)
  SQL floors      no Python: the scan of the 3 fields (a similar sum in SQL), and of the bytes

in process mode and in thread mode (PEMJA; pandas UDFs are process mode only), all in one
run, rounds interleaved, medians printed with ratios. The source is one JSON file (the order as
a nested object, the zerorow bytes as base64) read by Flink's filesystem connector, 200,000
rows, parallelism 1. Per-row costs are (time - the scan of what the variant reads) / rows.
"""

from __future__ import annotations

import argparse
import base64
import dataclasses
import datetime as dt
import json
import os
import platform
import random
import site
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import List

import zerorow
import zerorow.flink as zf


@dataclass
class Customer:
    id: int
    name: str
    country: str
    segment: str


@dataclass
class Item:
    sku: str
    qty: zerorow.int32
    price: float


LONGS = ["order_id"] + [f"l{i}" for i in range(1, 10)]
DOUBLES = [f"d{i}" for i in range(10)]
STRINGS = [f"s{i}" for i in range(8)]
# 30 top-level fields: 10 longs, 10 doubles, 8 strings, the customer, the items.
Order = dataclasses.make_dataclass(
    "Order",
    [(n, int) for n in LONGS]
    + [(n, float) for n in DOUBLES]
    + [(n, str) for n in STRINGS]
    + [("customer", Customer), ("items", List[Item])],
)
Order.__module__ = __name__
COUNTRIES = ["FR", "DE", "US", "JP", "BR"]


def make_orders(n: int, seed: int = 14) -> list:
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        longs = [i] + [rnd.randrange(1 << 40) for _ in range(9)]
        doubles = [rnd.random() * 1000 for _ in range(10)]
        strings = [f"{name}-{rnd.randrange(10**6):06d}" for name in STRINGS]
        customer = Customer(
            rnd.randrange(10**6), f"customer-{i}", rnd.choice(COUNTRIES), "retail"
        )
        items = [
            Item(
                f"sku-{rnd.randrange(10**4)}",
                rnd.randint(1, 9),
                round(rnd.random() * 100, 2),
            )
            for _ in range(rnd.randint(0, 5))
        ]
        out.append(Order(*longs, *doubles, *strings, customer, items))
    return out


# ---- the function, three ways ----------------------------------------------------------
def score(order_id, country, amount) -> float:
    return (order_id % 7) + (1.5 if country == "FR" else 0.5) + amount


def from_row(o) -> float:
    """Over a zerorow BinaryRow or a pyflink Row: the same attribute reads."""
    amount = 0.0
    for item in o.items:
        amount += item.qty * item.price
    return score(o.order_id, o.customer.country, amount)


def from_columns(order_id, customer, items) -> float:
    amount = 0.0
    for item in items:
        amount += item.qty * item.price
    return score(order_id, customer.country, amount)


def from_pandas(order_id, country, qty, price):
    import numpy as np
    import pandas as pd

    amount = np.fromiter(
        (
            float(np.dot(q, p)) if len(q) else 0.0
            for q, p in zip(qty, price, strict=False)
        ),
        dtype=np.float64,
        count=len(qty),
    )
    return pd.Series(
        (order_id.to_numpy() % 7)
        + np.where(country.to_numpy() == "FR", 1.5, 0.5)
        + amount
    )


def python_floor(order_id) -> float:
    return float(order_id)


# ---- the source --------------------------------------------------------------------------
def flink_order_ddl() -> str:
    fields = [f"`{n}` BIGINT" for n in LONGS] + [f"`{n}` DOUBLE" for n in DOUBLES]
    fields += [f"`{n}` STRING" for n in STRINGS]
    fields.append(
        "customer ROW<id BIGINT, name STRING, country STRING, segment STRING>"
    )
    fields.append("items ARRAY<ROW<sku STRING, qty INT, price DOUBLE>>")
    return "ROW<" + ", ".join(fields) + ">"


def write_source(path: str, orders: list, encoder) -> None:
    with open(path, "w") as f:
        for o in orders:
            r = dataclasses.asdict(o)
            f.write(
                json.dumps(
                    {
                        "r": r,
                        "zr": base64.b64encode(encoder.encode(o)).decode(),
                        "items_qty": [i["qty"] for i in r["items"]],
                        "items_price": [i["price"] for i in r["items"]],
                    }
                )
                + "\n"
            )


# ---- the jobs ----------------------------------------------------------------------------
def make_env(path: str):
    from pyflink.table import EnvironmentSettings, TableEnvironment

    t_env = TableEnvironment.create(EnvironmentSettings.in_batch_mode())
    config = t_env.get_config()
    config.set("parallelism.default", "1")
    config.set("python.executable", sys.executable)
    config.set("python.pythonpath", os.pathsep.join(site.getsitepackages()))
    t_env.add_python_file(os.path.abspath(__file__))
    t_env.execute_sql(f"""
        CREATE TEMPORARY TABLE orders (
          r {flink_order_ddl()},
          zr BYTES,
          items_qty ARRAY<INT>,
          items_price ARRAY<DOUBLE>
        ) WITH ('connector' = 'filesystem', 'path' = '{path}', 'format' = 'json')""")
    return t_env


def register(t_env, encoder_schema) -> None:
    from pyflink.table import DataTypes
    from pyflink.table.udf import udf

    double = DataTypes.DOUBLE()
    t_env.create_temporary_function(
        "zr_score", zf.row_udf(from_row, encoder_schema, result_type=double)
    )
    t_env.create_temporary_function(
        "zr_pandas_score",
        zf.row_udf(from_row, encoder_schema, result_type=double, func_type="pandas"),
    )
    t_env.create_temporary_function("row_score", udf(from_row, result_type=double))
    t_env.create_temporary_function("cols_score", udf(from_columns, result_type=double))
    t_env.create_temporary_function(
        "pandas_score", udf(from_pandas, result_type=double, func_type="pandas")
    )
    t_env.create_temporary_function("py_floor", udf(python_floor, result_type=double))


VARIANTS = {
    "zerorow bytes": "SELECT SUM(zr_score(zr)) FROM orders",
    "zerorow pandas": "SELECT SUM(zr_pandas_score(zr)) FROM orders",
    "whole ROW": "SELECT SUM(row_score(r)) FROM orders",
    "3 columns": "SELECT SUM(cols_score(r.order_id, r.customer, r.items)) FROM orders",
    "pandas": "SELECT SUM(pandas_score(r.order_id, r.customer.country, items_qty, items_price)) FROM orders",
    "Python floor": "SELECT SUM(py_floor(r.order_id)) FROM orders",
}
# The scans, no Python: of the order's 3 fields (the ROW variants' input) and of the bytes.
SQL_FLOORS = {
    "SQL floor (r)": "SELECT SUM(MOD(r.order_id, 7) + CASE WHEN r.customer.country = 'FR' THEN 1.5 ELSE 0.5 END"
    " + CARDINALITY(r.items)) FROM orders",
    "SQL floor (zr)": "SELECT COUNT(zr) FROM orders",  # Flink SQL has no length of BYTES
}


def floor_of(name: str) -> str:
    return "SQL floor (zr)" if name.startswith("zerorow") else "SQL floor (r)"


def run_job(t_env, mode: str, sql: str) -> tuple:
    t_env.get_config().set("python.execution-mode", mode)
    start = time.perf_counter()
    with t_env.execute_sql(sql).collect() as rows:
        value = list(rows)[0][0]
    return time.perf_counter() - start, value


def plan(modes: list) -> list:
    jobs = [("-", name, sql) for name, sql in SQL_FLOORS.items()]
    for mode in modes:
        for name, sql in VARIANTS.items():
            if mode == "thread" and "pandas" in name:
                continue  # pandas UDFs run in process mode only
            jobs.append((mode, name, sql))
    return jobs


def measure(t_env, jobs: list, repeats: int) -> dict:
    """Rounds interleave every job (the machine is shared: neighbours' load hits all alike)."""
    times: dict = {(m, n): [] for m, n, _ in jobs}
    values: dict = {}
    for mode in sorted(
        {m for m, _, _ in jobs} - {"-"}
    ):  # warm-up: JVM, planner, workers
        run_job(t_env, mode, VARIANTS["zerorow bytes"])
    for _ in range(repeats):
        for mode, name, sql in jobs:
            seconds, value = run_job(t_env, "process" if mode == "-" else mode, sql)
            times[(mode, name)].append(seconds)
            values[(mode, name)] = value
    return {k: (statistics.median(v), v, values[k]) for k, v in times.items()}


# ---- the report --------------------------------------------------------------------------
def per_row(results: dict, rows: int) -> dict:
    """µs per row above the scan of what the variant reads."""
    return {
        (m, n): (v[0] - results[("-", floor_of(n))][0]) / rows * 1e6
        for (m, n), v in results.items()
        if m != "-"
    }


def table(results: dict, rows: int, notes: dict) -> str:
    cost = per_row(results, rows)
    lines = [
        "| mode | variant | median s | all runs s | time / zerorow bytes | µs/row above its scan | "
        "that / zerorow bytes' | result |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for (mode, name), (median, runs, _) in results.items():
        runs_text = ", ".join(f"{t:.2f}" for t in runs)
        if mode == "-":
            lines.append(f"| - | {name} | {median:.2f} | {runs_text} | | | | |")
            continue
        zr = (mode, "zerorow bytes")
        ratio = f"{median / results[zr][0]:.2f}×"
        cost_ratio = f"{cost[(mode, name)] / cost[zr]:.2f}×" if cost[zr] > 0 else "-"
        check = notes.get((mode, name), "" if name == "Python floor" else "sum checked")
        lines.append(
            f"| {mode} | {name} | {median:.2f} | {runs_text} | {ratio} | {cost[(mode, name)]:.2f} | "
            f"{cost_ratio} | {check} |"
        )
    return "\n".join(lines)


def targets(results: dict, rows: int) -> str:
    cost = per_row(results, rows)
    out = []
    for mode in ("process", "thread"):
        if (mode, "zerorow bytes") not in results:
            continue
        t = {n: results[(mode, n)][0] for m, n in results if m == mode}
        c = {n: cost[(mode, n)] for m, n in results if m == mode}
        out.append(
            f"- {mode} mode, job time: whole ROW / zerorow bytes = {t['whole ROW'] / t['zerorow bytes']:.2f}×, "
            f"zerorow bytes / 3 columns = {t['zerorow bytes'] / t['3 columns']:.2f}×; per row above the scan: "
            f"{c['whole ROW']:.1f} vs {c['zerorow bytes']:.1f} vs {c['3 columns']:.1f} µs "
            f"(whole ROW, zerorow bytes, 3 columns; targets: whole ROW ≥ 4× zerorow bytes, "
            f"zerorow bytes ≤ 1.2× 3 columns)"
        )
        if "zerorow pandas" in t:
            out.append(
                f"- {mode} mode, zerorow pandas: whole ROW / zerorow pandas = "
                f"{t['whole ROW'] / t['zerorow pandas']:.2f}× the job time, "
                f"zerorow pandas / 3 columns = {t['zerorow pandas'] / t['3 columns']:.2f}×; per row above "
                f"the scan {c['zerorow pandas']:.1f} µs: the whole ROW costs "
                f"{c['whole ROW'] / c['zerorow pandas']:.1f}× that, 3 columns "
                f"{c['3 columns'] / c['zerorow pandas']:.1f}×"
            )
    return "\n".join(out)


def check_values(results: dict, expected: float) -> dict:
    """Every Python variant must compute the same sum as plain Python did: the notes name
    those that do not (a wrong answer is reported beside its time, never dropped)."""
    notes = {}
    for (mode, name), (_, _, value) in results.items():
        if name in (
            "zerorow bytes",
            "zerorow pandas",
            "whole ROW",
            "3 columns",
            "pandas",
        ):
            if value is None or abs(value - expected) > 1e-9 * abs(expected):
                notes[(mode, name)] = f"WRONG SUM {value!r}, expected {expected!r}"
    return notes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=200_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--modes", default="process,thread")
    ap.add_argument("--markdown", help="write the table here")
    args = ap.parse_args()

    orders = make_orders(args.rows)
    encoder = zerorow.encoder(Order)
    expected = sum(from_row(o) for o in orders)
    path = os.path.join(tempfile.mkdtemp(prefix="bench-pyflink-"), "orders.json")
    write_source(path, orders, encoder)
    del orders

    t_env = make_env(path)
    register(t_env, encoder.schema)
    started = dt.datetime.now(dt.UTC)
    results = measure(t_env, plan(args.modes.split(",")), args.repeats)
    notes = check_values(results, expected)

    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    report = "\n".join(
        [
            "## PyFlink: a Python function over the whole order, as zerorow bytes and as "
            "PyFlink's own types",
            "",
            f"PyFlink {_version('apache-flink')}, Python {platform.python_version()}, {args.rows:,} rows, "
            f"parallelism 1, medians of {args.repeats} interleaved rounds; "
            f"{started:%Y-%m-%d %H:%M} UTC; load: {load.split('load average:')[-1].strip()}",
            f"command: make bench-pyflink (python-row/tests/flink/bench_pyflink.py --rows {args.rows} "
            f"--repeats {args.repeats} --modes {args.modes})",
            "",
            table(results, args.rows, notes),
            "",
            targets(results, args.rows),
        ]
    )
    print(report)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(report + "\n")


def _version(dist: str) -> str:
    from importlib.metadata import version

    return version(dist)


if __name__ == "__main__":
    main()
