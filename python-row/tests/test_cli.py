"""The `zerorow` command line with real files: exit status, output, bad files, directories."""

import json
import os
import shutil
import subprocess
import sys

import pytest
import zerorow
from cli_data import (
    ENCODER,
    ENCODER_V2,
    write_orders,
    write_orders_v2,
    write_with_bad_row,
)
from click.testing import CliRunner
from zerorow.cli import main

FP = ENCODER.schema.fingerprint_hex


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def orders(tmp_path):
    path = tmp_path / "orders.zrow"
    write_orders(path, 12)
    return path


@pytest.fixture
def folder(tmp_path):
    """A directory as an engine leaves it: two part files and a `_SUCCESS` marker."""
    d = tmp_path / "out"
    d.mkdir()
    write_orders(d / "part-00000.zrow", 5)
    write_orders(d / "part-00001.zrow", 7, start=5)
    (d / "_SUCCESS").write_bytes(b"")
    return d


# ---- help and usage ---------------------------------------------------------------------
@pytest.mark.parametrize("command", ["inspect", "cat", "validate", "convert", "schema"])
def test_every_command_has_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0, result.output
    assert (
        "Usage: main " + command in result.output
        or f"{command} [OPTIONS]" in result.output
    )


def test_installed_script_runs(orders):
    script = shutil.which("zerorow", path=os.path.dirname(sys.executable))
    assert script is not None, "pip install ./python-row installs the zerorow script"
    done = subprocess.run(  # noqa: PLW1510 - the return code is asserted
        [script, "inspect", str(orders)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "12" in done.stdout and FP in done.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["inspect"],  # missing argument
        ["cat", "{orders}", "--format", "xml"],  # bad choice
        ["cat", "{orders}", "--limit", "-1"],  # out of range
        ["frobnicate"],  # unknown command
        ["inspect", "{missing}"],  # missing file
        ["convert", "{orders}", "{tmp}/out.xyz"],  # unknown extension
        ["schema", "no_colon_here"],  # neither a file nor module:Class
        ["cat", "{orders}", "--columns", "items.nope"],
    ],
)
def test_usage_errors_exit_2(args, orders, tmp_path):
    args = [
        a.format(orders=orders, missing=tmp_path / "missing.zrow", tmp=tmp_path)
        for a in args
    ]
    result = run(*args)
    assert result.exit_code == 2, result.output


def test_unknown_column_names_the_fields(orders):
    result = run("cat", orders, "--columns", "items.nope")
    assert "items has no field 'nope'" in result.output
    assert "sku, quantity, price" in result.output


# ---- inspect ---------------------------------------------------------------------------
def test_inspect_file(orders):
    result = run("inspect", orders)
    assert result.exit_code == 0, result.output
    out = result.output
    for text in (
        "order_id",
        "items",
        "sku",
        "decimal(10, 2)",
        "tags",
        FP,
        "orders.zrow",
        "12",
    ):
        assert text in out, text


def test_inspect_gives_format_version_batches_rows_and_sizes(tmp_path, monkeypatch):
    from zerorow.cli.inspect import _human

    monkeypatch.setattr(
        zerorow.files, "BATCH_ROWS", 5
    )  # 12 rows: batches of 5, 5 and 2
    path = tmp_path / "orders.zrow"
    write_orders(path, 12)
    result = run("inspect", path)
    assert result.exit_code == 0, result.output
    [line] = [x for x in result.output.splitlines() if "orders.zrow" in x and FP in x]
    cells = [c.strip() for c in line.strip("│ ").split("│")]
    f = zerorow.open_file(str(path))
    row_bytes = sum(len(r.to_bytes()) for r in f)
    assert cells == [
        "orders.zrow",
        str(zerorow.FORMAT_VERSION),  # from the file's metadata (SPEC §5)
        FP,
        "3",
        "12",
        _human(row_bytes),
        _human(path.stat().st_size),
        "none",  # compression (SPEC §5.2)
        "crc32c",  # the rows' checksums (SPEC §5.1), written by default
    ]
    assert row_bytes > 1024 and _human(row_bytes).endswith("KiB")


def test_inspect_directory_totals(folder):
    result = run("inspect", folder)
    assert result.exit_code == 0, result.output
    assert "part-00000.zrow" in result.output and "part-00001.zrow" in result.output
    assert "total" in result.output and "_SUCCESS" not in result.output
    # one schema tree for files sharing a schema
    assert result.output.count(FP) == 3  # tree title + two rows


# ---- cat -------------------------------------------------------------------------------
def test_cat_jsonl_columns_and_limit(orders):
    result = run(
        "cat",
        orders,
        "--format",
        "jsonl",
        "--limit",
        "4",
        "--columns",
        "order_id,customer,items.sku",
    )
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in result.output.splitlines()]
    assert [x["order_id"] for x in lines] == [0, 1, 2, 3]
    assert lines[3]["customer"] is None
    assert lines[2]["items.sku"] == ["sku-2-0", "sku-2-1", "sku-2-2"]


def test_cat_json_values(orders):
    result = run("cat", orders, "--format", "json", "--limit", "1")
    assert result.exit_code == 0, result.output
    [record] = json.loads(result.output)
    assert record["items"] == [{"sku": "sku-0-0", "quantity": 1, "price": "0.99"}]
    assert record["note"] == "AAE="  # base64 of b"\x00\x01"
    assert record["placed_at"].startswith("2026-01-01T00:00:00")
    assert record["tags"] == {"channel": "web"}


def test_cat_table_folds_long_lists_and_shows_nulls(orders):
    result = run(
        "cat", orders, "--columns", "order_id,customer,items.sku", "--limit", "6"
    )
    assert result.exit_code == 0, result.output
    assert "null" in result.output  # customer of order 3
    assert "(10 items)" in result.output  # order 5 has 10 items, 5 shown


def test_cat_directory_reads_across_files(folder):
    result = run(
        "cat", folder, "--format", "jsonl", "--columns", "order_id", "--limit", "100"
    )
    assert result.exit_code == 0, result.output
    assert [json.loads(x)["order_id"] for x in result.output.splitlines()] == list(
        range(12)
    )


# ---- validate --------------------------------------------------------------------------
def test_validate_good_file_and_directory(orders, folder):
    result = run("validate", orders)
    assert result.exit_code == 0, result.output
    assert "12 rows valid" in result.output
    result = run("validate", folder)
    assert result.exit_code == 0 and "12 rows valid" in result.output


def test_validate_invalid_row_names_file_batch_row_and_field(tmp_path):
    path = tmp_path / "bad.zrow"
    write_with_bad_row(path, bad_at=3)
    result = run("validate", path)
    assert result.exit_code == 1
    assert f"row file '{path}', row 3 (batch 0, byte " in result.output
    assert "invalid_data at items" in result.output
    assert "5 rows were valid" in result.output


def test_validate_stops_at_max_errors(tmp_path):
    d = tmp_path / "bad"
    d.mkdir()
    for k in range(3):
        write_with_bad_row(d / f"part-{k}.zrow", bad_at=k)
    result = run("validate", d, "--max-errors", "2")
    assert result.exit_code == 1
    assert "part-0.zrow', row 0 (batch 0, byte " in result.output
    assert "part-1.zrow', row 1 (batch 0, byte " in result.output
    assert (
        "part-2.zrow" not in result.output
        and "stopped at --max-errors" in result.output
    )


# ---- bad files: every command exits 1 with the file named --------------------------------
def _truncated(path):
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _corrupted(path):
    data = bytearray(path.read_bytes())
    data[-10:-6] = b"\xff\xff\xff\x7f"  # the footer length before the closing magic
    path.write_bytes(bytes(data))


def _empty(path):
    path.write_bytes(b"")


def _not_arrow(path):
    path.write_text("order_id,customer\n1,a\n")


@pytest.mark.parametrize("damage", [_truncated, _corrupted, _empty, _not_arrow])
@pytest.mark.parametrize("command", ["inspect", "cat", "validate", "convert"])
def test_bad_file_exits_1_naming_it(orders, tmp_path, damage, command):
    damage(orders)
    args = [command, orders] + (
        [tmp_path / "out.parquet"] if command == "convert" else []
    )
    result = run(*args)
    assert result.exit_code == 1, result.output
    assert str(orders) in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out.parquet").exists()


def test_empty_file_says_so(orders):
    _empty(orders)
    assert "empty file" in run("inspect", orders).output


def test_arrow_file_that_is_not_a_row_file(tmp_path):
    import pyarrow as pa

    path = tmp_path / "plain.zrow"
    with pa.ipc.new_file(str(path), pa.schema([("x", pa.int64())])) as w:
        w.write_batch(pa.record_batch([pa.array([1, 2])], names=["x"]))
    result = run("inspect", path)
    assert result.exit_code == 1
    assert "one binary column named 'row'" in result.output


def test_empty_directory_exits_1(tmp_path):
    result = run("inspect", tmp_path)
    assert result.exit_code == 1
    assert "holds no row files" in result.output


def test_row_file_with_no_rows(tmp_path):
    path = tmp_path / "none.zrow"
    zerorow.write_file(str(path), [], ENCODER.schema)
    assert run("validate", path).exit_code == 0
    result = run("cat", path)
    assert result.exit_code == 0 and "no rows" in result.output


# ---- schema ----------------------------------------------------------------------------
def test_schema_of_dataclass_and_file(orders, monkeypatch):
    monkeypatch.chdir(os.path.dirname(__file__))
    by_class = run("schema", "cli_data:Order")
    assert by_class.exit_code == 0, by_class.output
    assert by_class.output.strip() == ENCODER.schema.to_json()
    by_file = run("schema", orders)
    assert by_file.output.strip() == ENCODER.schema.to_json()
    indented = run("schema", orders, "--indent", "2")
    assert json.loads(indented.output) == json.loads(ENCODER.schema.to_json())


def test_schema_errors(monkeypatch):
    monkeypatch.chdir(os.path.dirname(__file__))
    assert run("schema", "no_such_module_zr:Order").exit_code == 2
    assert run("schema", "cli_data:Nope").exit_code == 2
    result = run("schema", "cli_data:write_orders")  # not a dataclass
    assert result.exit_code == 1
    assert "cli_data:write_orders" in result.output


def test_without_pyarrow_the_message_says_what_to_install(orders):
    # pyarrow is an optional dependency of the package; the command line needs it.
    code = (
        "import sys; sys.modules['pyarrow'] = None\n"
        "from zerorow.cli import main\n"
        f"main(['inspect', {str(orders)!r}])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1, done.stderr
    assert (
        "pip install 'zerorow[arrow]'" in done.stderr and "Traceback" not in done.stderr
    )


# ---- reading through a reader schema (SPEC §13) -------------------------------------------
@pytest.fixture
def evolved(tmp_path):
    """A directory written by two versions of the program, and the newer schema as JSON."""
    d = tmp_path / "evolved"
    d.mkdir()
    write_orders(d / "part-00000.zrow", 4)
    write_orders_v2(d / "part-00001.zrow", 3, start=4)
    reader = tmp_path / "order_v2.json"
    reader.write_text(ENCODER_V2.schema.to_json(), encoding="utf-8")
    return d, reader


def test_cat_with_a_reader_schema_reads_both_versions(evolved):
    folder, reader = evolved
    result = run("cat", folder, "--schema", reader, "--format", "jsonl")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert [r["order_id"] for r in rows] == list(range(7))
    assert list(rows[0]) == ["order_id", "buyer", "items", "priority"]
    assert rows[1]["buyer"] == "customer-1" and rows[1]["priority"] is None  # v1 row
    assert rows[4]["buyer"] == "buyer-4" and rows[4]["priority"] == 1  # v2 row
    assert rows[2]["items"][2] == {"sku": "sku-2-2", "quantity": 3, "price": "2.99"}


def test_cat_reader_schema_from_a_dataclass(evolved, monkeypatch):
    folder, _ = evolved
    monkeypatch.chdir(os.path.dirname(__file__))
    result = run("cat", folder, "-s", "cli_data:OrderV2", "-c", "buyer", "-f", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)[3] == {
        "buyer": None
    }  # customer of order 3 is null


def test_convert_with_a_reader_schema_writes_the_readers_columns(evolved, tmp_path):
    import pyarrow.parquet as pq

    folder, reader = evolved
    out = tmp_path / "v2.parquet"
    result = run("convert", folder, out, "--schema", reader, "--batch-rows", "2")
    assert result.exit_code == 0, result.output
    table = pq.read_table(out)
    assert table.column_names == ["order_id", "buyer", "items", "priority"]
    assert table.column("buyer").to_pylist()[:5] == [
        "customer-0",
        "customer-1",
        "customer-2",
        None,
        "buyer-4",
    ]
    assert table.schema.field("items").type.value_type.field("quantity").type == "int64"


def test_unresolvable_reader_schema_names_the_file_and_field(evolved, tmp_path):
    folder, _ = evolved
    reader = tmp_path / "narrowed.json"
    narrowed = json.loads(ENCODER_V2.schema.to_json())
    narrowed["fields"][0]["type"] = "int32"  # int64 order ids cannot be read as int32
    reader.write_text(json.dumps(narrowed), encoding="utf-8")
    result = run("cat", folder, "--schema", reader)
    assert result.exit_code == 1, result.output
    assert "part-00000.zrow" in result.output and "order_id" in result.output
    assert "Traceback" not in result.output


def test_schema_encodes_other_inputs(tmp_path, evolved):
    # --schema on an input that is not a row file is the schema it is encoded with
    # (columns by name, lossless conversions), as zerorow.from_arrow(data, schema)
    src = tmp_path / "plain.jsonl"
    src.write_text('{"order_id": 1, "extra": true}\n', encoding="utf-8")
    _, reader = evolved
    out = tmp_path / "out.zrow"
    result = run("convert", src, out, "--schema", reader)
    assert result.exit_code == 0, result.output
    f = zerorow.open_file(str(out))
    assert f.schema == ENCODER_V2.schema
    assert f[0].order_id == 1 and f[0].buyer is None and f[0].items is None


def test_mixed_schemas_without_a_reader_schema_say_how_to_read_them(evolved, tmp_path):
    folder, _ = evolved
    for args in (["cat", folder], ["convert", folder, tmp_path / "out.parquet"]):
        result = run(*args)
        assert result.exit_code == 1, result.output
        assert "part-00001.zrow" in result.output and "--schema" in result.output


def _spec12_file(tmp_path, with_interval=True):
    """A row file of SPEC 1.2's types (an interval only when asked: Parquet refuses it)."""
    import dataclasses
    import typing
    import uuid

    fields = [
        ("id", uuid.UUID),
        ("months", typing.Annotated[int, zerorow.interval_ym]),
        ("tag", typing.Annotated[bytes, zerorow.fixed_binary(4)]),
        ("doc", zerorow.Variant),
        ("nothing", None),
    ]
    if with_interval:
        fields.insert(1, ("span", zerorow.Interval))
    kinds = dataclasses.make_dataclass("Kinds", fields)

    def values(k):
        v = {
            "id": uuid.UUID(int=k),
            "months": 14 + k,
            "tag": b"abcd",
            "doc": zerorow.Variant.from_json('{"a": [1, 2.5]}'),
            "nothing": None,
        }
        if with_interval:
            v["span"] = zerorow.Interval(1, -2, 3)
        return kinds(**v)

    path = tmp_path / ("kinds.zrow" if with_interval else "plain.zrow")
    zerorow.write_file(
        path, [values(k) for k in range(2)], zerorow.Encoder(kinds).schema
    )
    return path


def test_cat_and_convert_show_the_spec12_types(tmp_path):
    """interval_ym as months (pyarrow cannot read Arrow's month_interval), a uuid as its text,
    a variant as its JSON text, an interval as its three parts; Parquet refuses an interval
    naming the column (SPEC §12.3) and takes the rest."""
    import pyarrow.parquet as pq

    path = _spec12_file(tmp_path)
    # one column a table, so no width cuts a value
    for column, shown in (
        ("id", "00000000-0000-0000-0000-000000000001"),
        ("span", "{months: 1, days: -2, microseconds: 3}"),
        ("doc", '{"a":[1,2.5]}'),
        ("months", "15"),
    ):
        table = run("cat", path, "-c", column)
        assert table.exit_code == 0, table.output
        assert shown in table.output, table.output
    as_json = run("cat", path, "-f", "jsonl")
    assert as_json.exit_code == 0, as_json.output
    first = json.loads(as_json.output.splitlines()[0])
    assert first == {
        "id": "00000000-0000-0000-0000-000000000000",
        "span": {"months": 1, "days": -2, "microseconds": 3},
        "months": 14,
        "tag": "YWJjZA==",
        "doc": '{"a":[1,2.5]}',
        "nothing": None,
    }
    for out in ("k.jsonl", "k.csv"):
        done = run("convert", path, tmp_path / out)
        assert done.exit_code == 0, done.output
    csv = (tmp_path / "k.csv").read_text().splitlines()
    assert csv[1].startswith('"00000000-0000-0000-0000-000000000000",')
    refused = run("convert", path, tmp_path / "k.parquet")
    assert refused.exit_code == 1, refused.output
    assert "Parquet cannot hold the interval columns span" in refused.output
    plain = _spec12_file(tmp_path, with_interval=False)
    done = run("convert", plain, tmp_path / "p.parquet")
    assert done.exit_code == 0, done.output
    back = pq.read_table(tmp_path / "p.parquet")
    assert back.column("months").to_pylist() == [14, 15]
    back_rows = zerorow.arrow.read_parquet(str(tmp_path / "p.parquet"))
    assert back_rows[0].doc.to_json() == '{"a":[1,2.5]}'  # the VARIANT group kept
