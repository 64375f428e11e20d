"""`zerorow convert`: every format pair through real files, streaming in bounded memory."""

import json
import os
import re
import subprocess
import sys

import pyarrow.parquet as pq
import pytest
import zerorow
from cli_data import ENCODER, order, write_orders
from click.testing import CliRunner
from zerorow.cli import main


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def orders(tmp_path):
    path = tmp_path / "orders.zrow"
    write_orders(path, 50)
    return path


def decoded(path):
    return [r.to_dict() for r in zerorow.open_file(str(path))]


@pytest.mark.parametrize("ext", [".parquet", ".arrow", ".jsonl"])
def test_rows_to_format_and_back(orders, tmp_path, ext):
    mid, back = tmp_path / f"mid{ext}", tmp_path / "back.zrow"
    result = run("convert", orders, mid)
    assert result.exit_code == 0, result.output
    assert "50 rows" in result.output
    result = run("convert", mid, back) if ext != ".jsonl" else None
    if ext == ".jsonl":
        lines = [json.loads(x) for x in mid.read_text().splitlines()]
        assert len(lines) == 50 and lines[5]["items"][9]["sku"] == "sku-5-9"
        return
    assert result.exit_code == 0, result.output
    # Parquet and Arrow IPC keep every zerorow type: the round trip gives the same schema and rows
    assert zerorow.open_file(str(back)).schema == ENCODER.schema
    assert decoded(back) == decoded(orders)


def test_parquet_content_matches_the_rows(orders, tmp_path):
    out = tmp_path / "o.parquet"
    assert run("convert", orders, out).exit_code == 0
    table = pq.read_table(out)
    assert table.num_rows == 50
    assert table.column("order_id").to_pylist() == list(range(50))
    assert table.column("customer").null_count == sum(
        1 for i in range(50) if i % 4 == 3
    )


def test_csv_both_ways(tmp_path):
    src = tmp_path / "in.csv"
    src.write_text("id,name,score\n1,ann,0.5\n2,,1.5\n3,cy,\n")
    rows = tmp_path / "flat.zrow"
    result = run("convert", src, rows)
    assert result.exit_code == 0, result.output
    f = zerorow.open_file(str(rows))
    assert [str(x.type) for x in f.schema.fields] == ["int64", "string", "float64"]
    assert [r.to_dict() for r in f] == [
        {"id": 1, "name": "ann", "score": 0.5},
        {"id": 2, "name": None, "score": 1.5},
        {"id": 3, "name": "cy", "score": None},
    ]
    back = tmp_path / "back.csv"
    assert run("convert", rows, back).exit_code == 0
    assert back.read_text().splitlines()[0] == '"id","name","score"'


def test_csv_refuses_nested_columns(orders, tmp_path):
    out = tmp_path / "o.csv"
    result = run("convert", orders, out)
    assert result.exit_code == 1
    assert "CSV has no nested values" in result.output and "items" in result.output
    assert not out.exists()


def test_jsonl_to_rows(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text('{"a": 1, "b": [1, 2]}\n{"a": 2, "b": null}\n')
    out = tmp_path / "o.zrow"
    assert run("convert", src, out).exit_code == 0
    assert [r.to_dict() for r in zerorow.open_file(str(out))] == [
        {"a": 1, "b": [1, 2]},
        {"a": 2, "b": None},
    ]


def test_from_and_to_override_extensions(orders, tmp_path):
    out = tmp_path / "data.bin"
    assert run("convert", orders, out, "--to", "parquet").exit_code == 0
    assert pq.read_metadata(out).num_rows == 50
    back = tmp_path / "back.dat"
    result = run("convert", out, back, "--from", "parquet", "--to", "rows")
    assert result.exit_code == 0, result.output
    assert len(zerorow.open_file(str(back))) == 50


def test_directory_of_row_files_to_one_parquet(tmp_path):
    d = tmp_path / "parts"
    d.mkdir()
    write_orders(d / "part-0.zrow", 3)
    write_orders(d / "part-1.zrow", 4, start=3)
    out = tmp_path / "all.parquet"
    assert run("convert", d, out).exit_code == 0
    assert pq.read_table(out).column("order_id").to_pylist() == list(range(7))


def test_same_file_is_a_usage_error(orders):
    assert run("convert", orders, orders).exit_code == 2


# A file of ~120 MB of rows converts to Parquet while the memory the conversion allocates
# (Arrow's pool, which holds every decoded batch and the Parquet writer's buffers, plus the
# Python heap) peaks far below the file's size: the rows are read from the memory map one
# slice of --batch-rows at a time. (RSS would count the mapped file's pages, so it is not
# the measure here.)
STREAM_CHECK = r"""
import sys, tracemalloc
import pyarrow as pa
from zerorow.cli import main
tracemalloc.start()
main(["convert", sys.argv[1], sys.argv[2], "--batch-rows", "2000"], standalone_mode=False)
print(pa.default_memory_pool().max_memory() + tracemalloc.get_traced_memory()[1])
"""


def test_convert_streams_in_bounded_memory(tmp_path):
    import dataclasses

    path = tmp_path / "big.zrow"
    blob = "x" * 2000

    def rows():
        for i in range(60_000):
            yield ENCODER.to_row(
                dataclasses.replace(order(i % 7), customer=blob, order_id=i)
            )

    zerorow.write_file(str(path), rows(), ENCODER.schema)
    size = path.stat().st_size
    assert size > 100 * 2**20
    out = tmp_path / "big.parquet"
    done = subprocess.run(  # noqa: PLW1510 - the return code is asserted
        [sys.executable, "-c", STREAM_CHECK, str(path), str(out)],
        capture_output=True,
        text=True,
        cwd=os.path.dirname(__file__),
    )
    assert done.returncode == 0, done.stderr
    grown = int(done.stdout.split()[-1])
    assert grown < size / 4, (
        f"the conversion allocated {grown:,} bytes at its peak for a {size:,}-byte file"
    )
    assert pq.read_metadata(out).num_rows == 60_000


# ---- the progress bar ----------------------------------------------------------------------
TERMINAL = {"TTY_COMPATIBLE": "1", "TTY_INTERACTIVE": "1", "COLUMNS": "120"}


@pytest.fixture
def slow_jsonl(monkeypatch):
    """The JSON Lines sink, taking 40 ms per batch: a long conversion, so the bar refreshes
    (10 times a second) while it runs."""
    import importlib
    import time

    # the module, not the click command that zerorow.cli exports under the same name
    convert_module = importlib.import_module("zerorow.cli.convert")
    sink = convert_module.SINKS["jsonl"]

    def slow(target, source):
        batches = source.arrow_batches

        def paced():
            for b in batches():
                time.sleep(0.04)
                yield b

        source.arrow_batches = paced
        return sink(target, source)

    monkeypatch.setitem(convert_module.SINKS, "jsonl", slow)


def test_a_long_conversion_shows_a_progress_bar_on_a_terminal(
    orders, tmp_path, slow_jsonl
):
    out = tmp_path / "o.jsonl"
    result = CliRunner(env=TERMINAL).invoke(
        main, ["convert", str(orders), str(out), "--batch-rows", "1", "--progress"]
    )
    assert result.exit_code == 0, result.output
    err = result.stderr
    assert "orders.zrow → o.jsonl" in err and "━" in err  # rich's bar, with its task
    done = {int(n) for n in re.findall(r"(\d+)/50\b", err)}
    assert done & set(range(1, 50)), f"no count between 0 and 50 shown: {sorted(done)}"
    assert (
        "\x1b[" in err
    )  # drawn in place with cursor controls, not printed line by line
    assert "50 rows" in err and len(out.read_text().splitlines()) == 50


def test_no_progress_bar_unless_asked_or_on_a_terminal(orders, tmp_path):
    for env, flag in (({}, []), (TERMINAL, ["--no-progress"])):
        out = tmp_path / "o.jsonl"
        result = CliRunner(env=env).invoke(
            main, ["convert", str(orders), str(out), *flag]
        )
        assert result.exit_code == 0, result.output
        assert "━" not in result.stderr and "/50" not in result.stderr, (env, flag)
        assert "50 rows" in result.stderr
