#!/usr/bin/env python3
"""`make bench` / `make bench-quick`: runs every benchmark target and writes BENCHMARKS.md.

    python scripts/bench_report.py [--quick] [--out BENCHMARKS.md] TARGET...

The contract a benchmark target follows (so that this report picks it up):

1. It is listed in `BENCH_TARGETS` by its part's `part.mk` (`BENCH_TARGETS += bench-spark`)
   and runs with plain `make <target>`; zerorow and its anchors are measured side by side in
   that one run, with the ratio printed.
2. Its results are Markdown tables: `| a | b |` lines with a `| --- |` separator line. Either
   it prints them (this script keeps the target's whole output in `build/bench/<target>.log`
   and takes every table from it, titled by the nearest `#` heading above), or it writes
   them to files `<part>/target/bench-report/*.md` or `<part>/build/bench-report/*.md`
   (any depth of part folder). Files written during the target's run replace its printed
   tables, so a target that does both is not reported twice. A `.md` file may start with a
   `# title` line and hold prose beside its tables; it is included as it is.
3. Optionally, beside `name.md`, a `name.json` gives the chart of that file:
   `{"title": str, "ratio_label": str, "cases": [{"label": str, "ratio": float}, ...]}`.
   Without it, a chart is drawn for every table that has a ratio column (headed "ratio"
   with cells such as `2.31` or `2.31×`, or headed with "/" or "×" with every cell marked
   `2.31×` or `2.31x`), one bar per table line.
4. Quick mode (`make bench-quick`) runs the same targets with `BENCH_QUICK=1` in the
   environment and the variables in QUICK_VARS: a target makes itself smaller by reading
   either (its part.mk: `X ?= $(if $(BENCH_QUICK),small,full)`), printing the same tables.
   The issue bounds the whole quick run at 10 minutes once the parts are built; the report
   gives each target's time and the total, so a run that grows past it shows.
5. A table row may state a target in a cell of its own (`>= 0.5`, `≤ 1.3×`, `>= 1 GB/s`):
   the report checks it against the row's ratio (or, for a target in other units, its
   zerorow figure) and writes a note under the table for each row that misses it, linking
   the README that explains the figure (EXPLAINED).

The report records the machine, the date, the load (`/proc/loadavg` before and after each
target) and the command that reproduces each section; charts are PNGs in docs/bench/.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOG_DIR = ROOT / "build" / "bench"
CHART_DIR = "docs/bench"  # relative to the report, so the Markdown links work on GitHub
REPORT_GLOBS = (
    "*/target/bench-report/*.md",
    "*/build/bench-report/*.md",
    "*/*/target/bench-report/*.md",
    "*/*/build/bench-report/*.md",
)
# Smaller runs: JMH with one 1 s warm-up and one 1 s measured iteration per benchmark. Each
# JMH fork spends several seconds starting (Spark and Fory on the class path, their generated
# codecs) whatever it measures, so java-row's JMH runs only the seed shape's encode, decode and
# read, zerorow against Fory and Spark (9 forks), and the same three of zerorow again with
# the bounds checks off (3 forks); its interleaved runs (every shape and operation) keep
# their full size, having no knob. java-row/arrow's JMH keeps three measured iterations, so
# that its table has an error (JMH gives none below three). JMH takes regexps: no shell quoting.
JMH_QUICK = "-wi 1 -i 1 -w 1s -r 1s"
JAVA_QUICK = "FooBench.encode FooBench.decodeZerorow FooBench.decodeFory FooBench.decodeSpark FooBench.read"
JAVA_QUICK_OFF = "FooBench.encodeZerorow FooBench.decodeZerorow FooBench.readZerorow"
QUICK_VARS = {
    "BENCH_QUICK": "1",
    "JAVA_BENCH_ARGS": f"{JMH_QUICK} {JAVA_QUICK}",
    "JAVA_BENCH_OFF_ARGS": f"{JMH_QUICK} {JAVA_QUICK_OFF}",
    "JAVA_ARROW_BENCH_ARGS": "-wi 1 -i 3 -w 1s -r 1s",
}
QUICK_TEXT = (
    f"JMH `{JMH_QUICK}` (java-row/arrow: 3 measured iterations), java-row's JMH on the seed "
    "shape's encode, decode and read only; BENCH_QUICK=1: C++ `--benchmark_min_time=0.1`, Python "
    "`bench.py --quick` (100,000-element seed, 10,000-row Arrow batches, 3 repeats), "
    "Spark 200,000 orders on the JVM and in Python (one round after a 20,000-row warm-up), Flink's DataStream "
    "200,000 records, PyFlink 50,000 rows (one round)"
)
# The README that explains a target's figures, linked from the note under a row that misses
# its stated target (see the docstring, point 5).
EXPLAINED = {
    "bench-cpp": "cpp-row/README.md#benchmarks",
    "bench-python": "python-row/README.md#benchmarks",
    "bench-java": "java-row/bench/README.md",
    "bench-java-arrow": "java-row/arrow/README.md",
    "bench-spark-java": "spark-connector/README.md",
    "bench-spark": "spark-connector/README.md",
    "bench-flink": "flink-connector/README.md",
    "bench-pyflink": "flink-connector/README.md",
}


# ---- tables ----------------------------------------------------------------------------
@dataclass
class Table:
    title: str
    lines: list[str]

    @property
    def header(self) -> list[str]:
        return cells(self.lines[0])

    @property
    def rows(self) -> list[list[str]]:
        return [cells(line) for line in self.lines[2:]]


def cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


SEPARATOR = re.compile(r"^\|(\s*:?-{3,}:?\s*\|)+\s*$")


def tables_in(text: str) -> list[Table]:
    """Every Markdown table in `text`, titled by the nearest `#` heading above it."""
    out: list[Table] = []
    title = ""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if line.startswith(
            "##"
        ):  # a Markdown heading (JMH's own lines start with one '#')
            title = line.lstrip("#").strip()
        if (
            line.startswith("|")
            and i + 1 < len(lines)
            and SEPARATOR.match(lines[i + 1].strip())
        ):
            j = i + 2
            while j < len(lines) and lines[j].strip().startswith("|"):
                j += 1
            rows = [x.strip() for x in lines[i:j]]
            if not title:  # untitled: named by its first columns
                title = (
                    f"table {len(out) + 1}: " + " · ".join(cells(rows[0])[:3]) + " …"
                )
            out.append(Table(title, rows))
            title = ""
            i = j
            continue
        i += 1
    return out


# `2.31×`, `2.31x`, `2.31`, or with quartiles after it: `2.91× (2.76–2.98×)`
RATIO = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([×x])?\s*(\(.*\))?\s*$")
MISSING = ("", "nan", "nan×", "nanx", "-", "—")
NUMBER = re.compile(
    r"^[\d.,±;\s]+(\s*\S+)?$"
)  # a measurement such as `1.4 µs`, `12.3 ± 0.4`


def ratio_column(table: Table) -> int | None:
    """The first ratio column: headed "ratio" (plain numbers allowed), or headed with "/" or
    "×" and every value marked `×`/`x` (so `ops/µs` columns are not taken for ratios)."""
    for k, name in enumerate(table.header):
        named = "ratio" in name.lower()
        if not named and "/" not in name and "×" not in name:
            continue
        values = [
            r[k] for r in table.rows if k < len(r) and r[k].lower() not in MISSING
        ]
        marked = all(RATIO.match(v) and RATIO.match(v).group(2) for v in values)
        if values and all(RATIO.match(v) for v in values) and (named or marked):
            return k
    return None


def chart_cases(table: Table) -> dict | None:
    """The chart of a table: one bar per line with a ratio, labelled by the text columns."""
    k = ratio_column(table)
    if k is None:
        return None
    cases = []
    for r in table.rows:
        if k < len(r) and RATIO.match(r[k]):
            label = " · ".join(
                c for c in r[:k] if c.lower() not in MISSING and not NUMBER.match(c)
            )
            cases.append(
                {"label": label or "?", "ratio": float(RATIO.match(r[k]).group(1))}
            )
    return {"title": table.title, "ratio_label": table.header[k], "cases": cases}


# A stated target: `>= 0.5`, `<= 2x`, `≤ 1.3×`, `>= 1 GB/s`
TARGET = re.compile(r"^(<=|>=|≤|≥)\s*(\d+(?:\.\d+)?)\s*(.*?)\s*$")
FIRST_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def missed_targets(table: Table) -> list[tuple[str, str, str]]:
    """(row label, figure, target) for each row that misses the target it states. A target
    without a unit or in `x`/`×` bounds the nearest ratio cell to its left; one in another
    unit (`GB/s`) bounds the row's first figure (zerorow's, in that unit). A row whose figure
    is missing or not a number misses its target."""
    missed = []
    for r in table.rows:
        for k, cell in enumerate(r[1:], 1):
            m = TARGET.match(cell)
            if not m:
                continue
            op, bound, unit = m.group(1), float(m.group(2)), m.group(3)
            if unit.lower() in ("", "x", "×"):
                figure = next((c for c in reversed(r[1:k]) if RATIO.match(c)), "—")
            else:
                figure = r[1] if k > 1 else "—"
            number = FIRST_NUMBER.search(figure)
            value = float(number.group()) if number else None
            within = value is not None and (
                value <= bound if op in ("<=", "≤") else value >= bound
            )
            if not within:
                missed.append((r[0], figure, cell))
    return missed


def target_notes(tables: list[Table], target: str) -> list[str]:
    """Markdown lines under a table: one per row that misses its stated target."""
    lines = []
    for t in tables:
        for label, figure, bound in missed_targets(t):
            lines.append(
                f"- **Below its stated target**: {label}: {figure} where the target is "
                f"{bound}."
            )
    if lines and target in EXPLAINED:
        link = EXPLAINED[target]
        lines.append(f"- Why, and the figures against every target: [{link}]({link}).")
    return lines


def with_notes(text: str, notes: list[str]) -> str:
    return text + "\n\n" + "\n".join(notes) if notes else text


def draw_chart(spec: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cases = spec["cases"]
    fig, ax = plt.subplots(figsize=(9, 0.32 * len(cases) + 1.2))
    values = [c["ratio"] for c in cases]
    ax.barh(range(len(cases)), values, color="tab:blue")
    ax.set_yticks(range(len(cases)), [c["label"] for c in cases], fontsize=8)
    ax.invert_yaxis()
    ax.axvline(1, color="black", linewidth=0.8, linestyle=":")
    for y, v in enumerate(values):
        ax.text(v, y, f" {v:.2f}×", va="center", fontsize=7)
    ax.set_xlabel(spec.get("ratio_label", "ratio"))
    ax.set_title(spec.get("title", ""), fontsize=10, loc="left")
    if max(values) / max(min(values), 1e-9) > 100:  # e.g. pickle's 10^6×: a log scale
        ax.set_xscale("log")
        ax.set_xlim(min(values + [1]) / 2, max(values) * 8)
    else:
        ax.set_xlim(0, max(values + [1]) * 1.15)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)


# ---- running ---------------------------------------------------------------------------
@dataclass
class Run:
    target: str
    command: str
    status: int
    seconds: float
    load_before: str
    load_after: str
    log: Path
    report_files: list[Path] = field(default_factory=list)


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def run_target(target: str, quick: bool) -> Run:
    variables = [f"{k}={v}" for k, v in QUICK_VARS.items()] if quick else []
    cmd = ["make", "--no-print-directory", target] + variables
    shown = " ".join([cmd[0], cmd[2]] + [shlex.quote(v) for v in variables])
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    log = LOG_DIR / f"{target}.log"
    env = dict(os.environ, **({"BENCH_QUICK": "1"} if quick else {}))
    before, start = load(), time.time()
    print(f"==> {shown}", flush=True)
    with open(log, "w") as out:
        proc = subprocess.Popen(
            cmd,
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for line in proc.stdout:
            out.write(line)
            sys.stdout.write(line)
        status = proc.wait()
    files = sorted(
        p for g in REPORT_GLOBS for p in ROOT.glob(g) if p.stat().st_mtime >= start
    )
    run = Run(target, shown, status, time.time() - start, before, load(), log, files)
    meta = {k: str(v) if isinstance(v, Path) else v for k, v in run.__dict__.items()}
    meta["report_files"] = [str(p) for p in files]
    (LOG_DIR / f"{target}.run.json").write_text(json.dumps(meta, indent=1))
    return run


def saved_run(target: str) -> Run:
    """A run recorded by run_target (its log and `<target>.run.json` in build/bench/)."""
    meta = json.loads((LOG_DIR / f"{target}.run.json").read_text())
    meta["log"] = Path(meta["log"])
    meta["report_files"] = [Path(p) for p in meta["report_files"]]
    return Run(**meta)


# ---- the report --------------------------------------------------------------------------
def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        mem = int(Path("/proc/meminfo").read_text().split()[1]) / 2**20
    except OSError:
        mem = 0
    return f"{cpu}, {os.cpu_count()} cores, {mem:.0f} GiB, {platform.system()} {platform.release()}"


def commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            text=True,
            capture_output=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def sections(run: Run, out_dir: Path) -> list[str]:
    """The Markdown of one target: how it ran, its tables and their charts."""
    md = [f"## `{run.target}`", ""]
    md.append(
        f"Reproduce: `{run.command}` · took {run.seconds / 60:.1f} min · load "
        f"{run.load_before} before, {run.load_after} after · output: `build/bench/{run.target}.log`"
    )
    md.append("")
    if run.status != 0:
        md += [f"**The target failed (exit status {run.status}); see its log.**", ""]
    blocks = []  # (markdown text, chart specs)
    if run.report_files:
        for f in run.report_files:
            text = f.read_text()
            sidecar = f.with_suffix(".json")
            specs = (
                [json.loads(sidecar.read_text())]
                if sidecar.exists()
                else [s for t in tables_in(text) if (s := chart_cases(t))]
            )
            text = re.sub(r"^# ", "### ", text.strip(), flags=re.MULTILINE)
            notes = target_notes(tables_in(text), run.target)
            blocks.append((with_notes(text, notes), specs))
    else:
        for t in tables_in(run.log.read_text()):
            spec = chart_cases(t)
            text = f"### {t.title}\n\n" + "\n".join(t.lines)
            notes = target_notes([t], run.target)
            blocks.append((with_notes(text, notes), [spec] if spec else []))
    if not blocks:
        md += ["(no tables in its output)", ""]
    for k, (text, specs) in enumerate(blocks, 1):
        md += [text, ""]
        for n, spec in enumerate(specs, 1):
            if not spec["cases"]:
                continue
            name = f"{run.target}-{k}-{n}.png"
            draw_chart(spec, out_dir / CHART_DIR / name)
            md += [f"![{spec.get('title', '')}]({CHART_DIR}/{name})", ""]
    return md


def pinned(path: str, pattern: str) -> str:
    """The version `pattern` (one group) finds in a file of the repository, or "?"."""
    try:
        m = re.search(pattern, (ROOT / path).read_text(encoding="utf-8"), re.MULTILINE)
    except OSError:
        return "?"
    return m.group(1) if m else "?"


def anchors() -> str:
    """The anchors and engines, with the versions the build pins (the Python packages in
    requirements-dev.txt, installed into .venv; the Java ones in the root pom.xml; PyFlink's
    in its own venv's requirements)."""

    def pip(name: str, path: str = "requirements-dev.txt") -> str:
        return pinned(path, rf"^{re.escape(name)}==(\S+)")

    def pom(prop: str) -> str:
        return pinned("pom.xml", rf"<{re.escape(prop)}>([^<]+)</")

    return (
        f"Python: pyfory {pip('pyfory')} (row format), pickle (protocol 5, Python "
        f"{platform.python_version()}), pyarrow {pip('pyarrow')}; Java: fory-format "
        f"{pom('fory.version')}, Spark {pom('spark.version')}'s `UnsafeRow` and "
        f"`ArrowWriter`, parquet-avro {pom('parquet.version')} (Arrow Java "
        f"{pom('arrow.version')}); engines: Spark {pom('spark.version')} (pyspark "
        f"{pip('pyspark')}), Flink {pom('flink2.version')} (apache-flink "
        f"{pip('apache-flink', 'python-row/tests/flink/requirements.txt')})"
    )


def report(runs: list[Run], quick: bool, out: Path) -> None:
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    md = ["# zerorow benchmarks", ""]
    md.append(
        "Every benchmark of the project, each run measuring zerorow and its anchors side by "
        "side in one process, so the **ratios** are the result: the machine is shared and "
        "the absolute times move with its load. Ratios > 1 favour zerorow where the column "
        "says `anchor / zerorow` (times) or `zerorow / anchor` (throughput); each table's "
        "header says which. Charts draw the first ratio column of each table, with a dotted "
        "line at 1."
    )
    md.append("")
    md.append(
        f"- Run: `make {'bench-quick' if quick else 'bench'}` ({'quick sizes: ' + QUICK_TEXT if quick else 'full sizes'}), "
        f"{now}, commit {commit()}; {sum(r.seconds for r in runs) / 60:.1f} min in all"
    )
    md.append(f"- Machine: {machine()}")
    md.append(f"- Anchors: {anchors()}")
    md.append(
        f"- Targets: {', '.join(f'`{r.target}`' for r in runs)}; generated by "
        "`scripts/bench_report.py` (its docstring is the contract a new benchmark "
        "target follows to appear here)"
    )
    md.append("")
    for run in runs:
        md += sections(run, out.parent)
    out.write_text("\n".join(md).rstrip() + "\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("targets", nargs="+")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", type=Path, default=ROOT / "BENCHMARKS.md")
    ap.add_argument(
        "--report-only",
        action="store_true",
        help="rewrite the report from the runs recorded in build/bench/",
    )
    args = ap.parse_args()
    old = args.out.parent / CHART_DIR
    for png in old.glob("*.png") if old.exists() else []:
        png.unlink()  # charts of targets that no longer exist do not linger
    if args.report_only:
        runs = [saved_run(t) for t in args.targets]
    else:
        runs = [run_target(t, args.quick) for t in args.targets]
    report(runs, args.quick, args.out)
    failed = [r.target for r in runs if r.status != 0]
    print(
        f"wrote {args.out} ({len(runs)} targets{', failed: ' + ', '.join(failed) if failed else ''})"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
