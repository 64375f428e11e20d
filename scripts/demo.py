#!/usr/bin/env python3
"""`make demo`: Java writes rows, Python reads them in place and shows an Arrow table.

1. Java (java-row + java-row/arrow) encodes Order records with `Encoders.rowEncoder` and
   writes them to a row file: Arrow IPC with one binary column `row` (SPEC.md §5).
2. Python (`zerorow`) memory-maps the file, checks the schema fingerprint, reads a few
   fields of a few rows in place (nothing else is decoded), then converts all rows to an
   Arrow table through the C Data Interface.
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
    return os.pathsep.join([os.path.join(ROOT, "java-row", "target", "classes"),
                            os.path.join(arrow, "classes"), deps])


def write_with_java(path):
    # Arrow Java runs on the class path here (unnamed module), so ALL-UNNAMED is the target.
    cmd = ["java", "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Dslf4j.internal.verbosity=ERROR",
           "-cp", java_classpath(), os.path.join(ROOT, "scripts", "demo", "WriteOrders.java"),
           path, str(ROWS)]
    subprocess.run(cmd, check=True)


def read_with_python(path):
    import zerorow

    start = time.perf_counter()
    rows = zerorow.open_file(path)
    print(f"python: opened {len(rows):,} rows memory-mapped in {(time.perf_counter() - start) * 1e3:.1f} ms,"
          f" schema fingerprint {rows.schema.fingerprint}")
    start = time.perf_counter()
    order = rows[123_456 % len(rows)]
    print(f"python: rows[{order.orderId}]: customer={order.customer!r} first sku={order.items[0].sku!r}"
          f" price={order.items[0].price} placedAt={order.placedAt} tags={dict(order.tags)}")
    web = sum(1 for r in rows if r.tags["channel"] == "web")
    print(f"python: {web:,} web orders, counted reading one map entry per row in place"
          f" ({(time.perf_counter() - start) * 1e3:.0f} ms)")
    start = time.perf_counter()
    table = rows.to_arrow()
    print(f"python: all rows -> Arrow table in {(time.perf_counter() - start) * 1e3:.0f} ms")
    print(table.schema)
    print(table.slice(0, 5).to_pandas().to_string(max_colwidth=60))
    return table


def main():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "orders.zrow")
        write_with_java(path)
        table = read_with_python(path)
        assert table.num_rows == ROWS, (table.num_rows, ROWS)
    print(f"demo: OK, {ROWS:,} rows from Java read in Python")
    return 0


if __name__ == "__main__":
    sys.exit(main())
