"""scripts/bench_report.py: tables found in outputs, ratio charts, the report-file contract."""

import json
import re
import subprocess
import sys
from pathlib import Path

import bench_report as br

PYTHON_OUT = """python 3.11.2, zerorow 1.0.0; median of 7; ratio = anchor / zerorow
seed partial read ...   zerorow 1.4 µs  pyfory 25 µs (17.86×)

| case | zerorow | anchor | anchor time | anchor / zerorow |
| --- | --- | --- | --- | --- |
| seed partial read, 100,000 elements (wrap + 3 reads) | 1.4 µs | pyfory | 25 µs | 17.86× |
| seed partial read, 100,000 elements (wrap + 3 reads) | 1.4 µs | pickle.loads | 250 ms | 178571.43× |
| objects -> Arrow, interleaved | - | from_pylist(dicts) | - | 2.91× (2.76–2.98×) |
"""

JAVA_OUT = """# Run complete. Total time: 00:01:02 (JMH's own line, not a title)
| shape | operation | zerorow ops/µs | Fory ops/µs | Spark ops/µs | zerorow/Fory | zerorow/Spark | B/op |
|---|---|---:|---:|---:|---:|---:|---|
| flat | encode | 10.000 | 5.000 | NaN | 2.00× | NaN× | 48 · 96 · NaN |
| foo | decode | 1.000 | 2.000 | NaN | 0.50× | NaN× | 1 · 2 · 3 |
some trailing log line
"""

CPP_OUT = """## zerorow C++ ratios (same run)

| measure | zerorow | anchor | ratio | target |
| --- | --- | --- | --- | --- |
| int64 field read, bounds-checked (ns/row) | 1.20 | plain load 1.00 | 1.20x | |
| validate foo, level full (GB/s; ns/row) | 1.50; 30.1 | memcpy 10.00 | 0.15 | |
"""


def test_tables_are_found_with_their_titles():
    [py] = br.tables_in(PYTHON_OUT)
    assert py.header == ["case", "zerorow", "anchor", "anchor time", "anchor / zerorow"]
    assert len(py.rows) == 3
    [java] = br.tables_in(JAVA_OUT)
    assert (
        java.title == "table 1: shape · operation · zerorow ops/µs …"
        and len(java.rows) == 2
    )
    [cpp] = br.tables_in(CPP_OUT)
    assert cpp.title == "zerorow C++ ratios (same run)"
    assert br.tables_in("| not | a table |\nbecause no separator\n") == []


def test_ratio_columns_and_chart_cases():
    spec = br.chart_cases(br.tables_in(PYTHON_OUT)[0])
    assert spec["ratio_label"] == "anchor / zerorow"
    assert [c["ratio"] for c in spec["cases"]] == [17.86, 178571.43, 2.91]
    assert (
        spec["cases"][0]["label"]
        == "seed partial read, 100,000 elements (wrap + 3 reads) · pyfory"
    )
    java = br.chart_cases(br.tables_in(JAVA_OUT)[0])
    assert (
        java["ratio_label"] == "zerorow/Fory"
    )  # NaN cells skipped, the first ratio column
    assert [(c["label"], c["ratio"]) for c in java["cases"]] == [
        ("flat · encode", 2.0),
        ("foo · decode", 0.5),
    ]
    cpp = br.chart_cases(br.tables_in(CPP_OUT)[0])
    assert [c["ratio"] for c in cpp["cases"]] == [1.2, 0.15]


def test_a_table_without_ratios_has_no_chart():
    [t] = br.tables_in("| a | b |\n|---|---|\n| x | 1 µs |\n")
    assert br.chart_cases(t) is None


def _run(tmp_path, target, log_text, files=()):
    log = tmp_path / f"{target}.log"
    log.write_text(log_text)
    return br.Run(
        target,
        f"make {target}",
        0,
        62.0,
        "1.0 1.1 1.2",
        "2.0 2.1 2.2",
        log,
        list(files),
    )


def test_report_from_logs_and_from_report_files(tmp_path):
    # A target following the file contract: a Markdown file and a JSON chart beside it.
    folder = tmp_path / "spark-connector" / "target" / "bench-report"
    folder.mkdir(parents=True)
    md = folder / "bench-spark.md"
    md.write_text(
        "# Spark UDFs\n\n| job | zerorow | pickled UDF | ratio |\n| --- | --- | --- | --- |\n| map | 1 s | 3 s | 3.00× |\n"
    )
    md.with_suffix(".json").write_text(
        json.dumps(
            {
                "title": "Spark jobs",
                "ratio_label": "pickled / zerorow",
                "cases": [{"label": "map", "ratio": 3.0}],
            }
        )
    )
    runs = [
        _run(tmp_path, "bench-python", PYTHON_OUT),
        _run(
            tmp_path,
            "bench-spark",
            "| printed | table |\n|---|---|\n| x | 9.0× |\n",
            [md],
        ),
    ]
    out = tmp_path / "BENCHMARKS.md"
    br.report(runs, quick=True, out=out)
    text = out.read_text()
    assert "## `bench-python`" in text and "## `bench-spark`" in text
    assert (
        "| seed partial read, 100,000 elements (wrap + 3 reads) | 1.4 µs | pyfory | 25 µs | 17.86× |"
        in text
    )
    assert (
        "### Spark UDFs" in text and "| printed | table |" not in text
    )  # the file replaces the log
    assert (
        "Reproduce: `make bench-python`" in text and "load 1.0 1.1 1.2 before" in text
    )
    assert "Machine: " in text and "make bench-quick" in text
    charts = sorted(p.name for p in (tmp_path / "docs" / "bench").glob("*.png"))
    assert charts == ["bench-python-1-1.png", "bench-spark-1-1.png"]
    assert "![Spark jobs](docs/bench/bench-spark-1-1.png)" in text


def test_a_failed_target_is_reported(tmp_path):
    run = _run(tmp_path, "bench-cpp", "boom")
    run.status = 2
    text = "\n".join(br.sections(run, tmp_path))
    assert (
        "The target failed (exit status 2)" in text
        and "(no tables in its output)" in text
    )


def test_quick_vars_reach_the_targets():
    java = br.QUICK_VARS["JAVA_BENCH_ARGS"].split()
    off = br.QUICK_VARS["JAVA_BENCH_OFF_ARGS"].split()
    assert java[:8] == off[:8] == br.JMH_QUICK.split()
    # the run with the bounds checks off measures zerorow's benchmarks of the first run, so
    # every line of the table has both (no NaN)
    assert off[8:] and all(x.endswith("Zerorow") for x in off[8:])
    assert all(any(x.startswith(y) for y in java[8:]) for x in off[8:]), (java, off)
    assert not set("'\"()|*[") & set(" ".join(java + off))  # no shell quoting needed
    # java-row/arrow's table prints each score's error: JMH gives none below 3 iterations
    assert "-i 3" in br.QUICK_VARS["JAVA_ARROW_BENCH_ARGS"]
    assert br.QUICK_VARS["BENCH_QUICK"] == "1"
    parts = "".join(
        p.read_text() for p in br.ROOT.glob("**/part.mk") if ".venv" not in p.parts
    )
    for name in ("JAVA_BENCH_ARGS", "JAVA_BENCH_OFF_ARGS", "JAVA_ARROW_BENCH_ARGS"):
        assert f"$({name})" in parts, name
    # the targets with no JMH read BENCH_QUICK in their part.mk
    for name in ("CPP_BENCH_MIN_TIME", "PYTHON_BENCH_ARGS"):
        assert re.search(rf"^{name} \?= \$\(if \$\(BENCH_QUICK\),", parts, re.M), name
        assert f"$({name})" in parts, name
    makefile = Path(br.ROOT / "Makefile").read_text()
    assert "scripts/bench_report.py $(BENCH_TARGETS)" in makefile
    assert "scripts/bench_report.py --quick $(BENCH_TARGETS)" in makefile


def test_a_run_is_recorded_and_reported_again(tmp_path, monkeypatch):
    monkeypatch.setattr(br, "LOG_DIR", tmp_path)
    monkeypatch.setattr(br, "ROOT", tmp_path)
    (tmp_path / "Makefile").write_text(
        "bench-fake:\n\t@printf '| a | ratio |\\n|---|---|\\n| x | 2.5 |\\n'\n"
    )
    run = br.run_target("bench-fake", quick=True)
    assert run.status == 0 and "| x | 2.5 |" in run.log.read_text()
    again = br.saved_run("bench-fake")
    assert again == run
    out = tmp_path / "B.md"
    br.report([again], quick=True, out=out)
    assert (
        "| x | 2.5 |" in out.read_text()
        and (tmp_path / "docs/bench/bench-fake-1-1.png").exists()
    )


TARGETS_OUT = """## C++ figures

| measure | zerorow | anchor | ratio | target |
| --- | --- | --- | --- | --- |
| read, unchecked (ns/row) | 1.05 | plain load 1.01 | 1.04x | <= 2x |
| validate, level full (GB/s; ns/row) | 6.37; 16.3 | memcpy 54.96 | 0.12 | >= 1 GB/s |
| rows -> Arrow C Data, primitive12 (GB/s; ns/row) | 16.63; 6.3 | memcpy 54.96 | 0.30 | >= 0.5 |
| a row whose figure is missing | nan | | nan | ≥ 0.5 |
| resolved read (ns/row) | 1.35 | direct 1.25 | 1.42× | ≤ 1.3× |
| no target | 1.0 | | 9.0x | |
"""


def test_rows_that_miss_their_targets_are_found():
    [t] = br.tables_in(TARGETS_OUT)
    assert br.missed_targets(t) == [
        ("rows -> Arrow C Data, primitive12 (GB/s; ns/row)", "0.30", ">= 0.5"),
        ("a row whose figure is missing", "—", "≥ 0.5"),
        ("resolved read (ns/row)", "1.42×", "≤ 1.3×"),
    ]


def test_a_missed_target_gets_a_note_linking_its_readme(tmp_path):
    text = "\n".join(br.sections(_run(tmp_path, "bench-cpp", TARGETS_OUT), tmp_path))
    note = (
        "- **Below its stated target**: rows -> Arrow C Data, primitive12 (GB/s; ns/row): "
        "0.30 where the target is >= 0.5."
    )
    assert note in text
    assert "[cpp-row/README.md#benchmarks](cpp-row/README.md#benchmarks)" in text
    assert text.count("Below its stated target") == 3  # rows within target: no note
    for link in br.EXPLAINED.values():
        assert (br.ROOT / link.split("#")[0]).exists(), link


def test_the_header_names_the_anchors_and_their_versions(tmp_path):
    text = br.anchors()
    for anchor in (
        "pyfory 1.7.7",
        "pickle (protocol 5",
        "pyarrow 21.0.0",
        "fory-format 0.16.0",
        "Spark 4.2.0",
        "Flink 2.2.0",
        "pyspark 4.2.0",
        "apache-flink 2.2.0",
    ):
        assert anchor in text, anchor
    assert "?" not in text
    out = tmp_path / "B.md"
    br.report([_run(tmp_path, "bench-python", PYTHON_OUT)], quick=True, out=out)
    header = out.read_text().split("## `")[0]
    assert f"- Anchors: {text}" in header and "1.0 min in all" in header


def test_python_bench_prints_titled_tables():
    """bench.py's tables carry `##` titles that name the anchors with their versions (the
    report takes a printed table's title from the nearest `##` heading above it)."""
    done = subprocess.run(
        [sys.executable, str(br.ROOT / "python-row/bench/bench.py"), "--quick"]
        + ["--only", "record", "--only", "evolution"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    main, evolution = br.tables_in(done.stdout)
    assert (
        main.title.startswith("zerorow (Python 3.") and "median time of 3" in main.title
    )
    assert (
        "pyfory 1.7.7 (row format), pickle (protocol 5), pyarrow 21.0.0" in main.title
    )
    assert "resolved reads (schema evolution, SPEC §13.4)" in evolution.title
    assert evolution.header[-1] == "target"
    targets = [r[-1] for r in evolution.rows]
    assert targets == ["≤ 1.3×"] * 3 + ["", ""], targets
