"""The command line with damaged, cut and foreign files: it never writes damage, never
destroys a file, and names the file, the row and the byte of every problem."""

import json
import os
import shutil
import struct
import subprocess
import sys

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import zerorow
from cli_data import ENCODER, order, write_orders
from click.testing import CliRunner
from zerorow.cli import main


def run(*args, stdin=None, env=None):
    return CliRunner(env=env).invoke(main, [str(a) for a in args], input=stdin)


def rows_with(damage, n=8, at=(3,)):
    """Row bytes of orders 0..n-1, `damage(bytearray)` applied to those at `at`."""
    rows = [bytearray(ENCODER.encode(order(i))) for i in range(n)]
    for k in at:
        damage(rows[k])
    return [bytes(r) for r in rows]


def cut_string_size(row):
    """customer's size one byte shorter: its last byte is left in the padding (SPEC §2.4)."""
    slot = 8 + 8 * ENCODER.schema.index("customer")
    (ref,) = struct.unpack_from("<Q", row, slot)
    struct.pack_into("<Q", row, slot, ref - 1)


def null_bit_on_order_id(row):
    row[0] |= 1  # order_id (field 0) is not nullable


@pytest.fixture
def damaged(tmp_path):
    path = tmp_path / "damaged.zrow"
    # row 1: customer cut short; row 10 (row 2 of the second eight): order_id marked null
    rows = rows_with(cut_string_size, at=(1,)) + rows_with(
        null_bit_on_order_id, at=(2,)
    )
    zerorow.write_file(path, rows, ENCODER.schema)
    return path


def test_convert_validates_at_full_and_names_file_row_and_byte(damaged, tmp_path):
    out = tmp_path / "out.parquet"
    result = run("convert", damaged, out)
    assert result.exit_code == 1, result.output
    f = zerorow.open_file(damaged)
    byte = f.location(1)[3]
    assert (
        f"row file '{damaged}', row 1 (batch 0, byte {byte}): invalid_data at customer"
        in (result.output)
    )
    assert "Traceback" not in result.output and not out.exists()
    assert os.listdir(tmp_path) == ["damaged.zrow"]  # no temporary file left either


def test_skip_invalid_writes_the_rest_and_counts(damaged, tmp_path):
    out = tmp_path / "out.jsonl"
    result = run("convert", damaged, out, "--skip-invalid")
    assert result.exit_code == 0, result.output
    assert (
        "16 rows" not in result.stderr
        and "14 rows, 2 invalid rows left out" in result.stderr
    )
    assert "row 1 (batch 0" in result.stderr and "row 10 (batch 0" in result.stderr
    ids = [json.loads(line)["order_id"] for line in out.read_text().splitlines()]
    assert ids == [0, 2, 3, 4, 5, 6, 7, 0, 1, 3, 4, 5, 6, 7]


def test_level_bounds_converts_what_reads(damaged, tmp_path):
    # the stated trade: below full, a row damaged within its bounds converts as it reads
    damaged = tmp_path / "cut_string.zrow"
    zerorow.write_file(damaged, rows_with(cut_string_size, at=(1,)), ENCODER.schema)
    out = tmp_path / "out.parquet"
    result = run("convert", damaged, out, "--level", "bounds")
    assert result.exit_code == 0, result.output
    assert pq.read_table(out).column("customer").to_pylist()[1] == "customer-"
    assert run("convert", damaged, out, "--level", "none").exit_code == 0
    assert (
        run("convert", damaged, out, "--skip-invalid", "--level", "none").exit_code == 2
    )


def test_help_states_the_level(damaged):
    text = " ".join(run("convert", "--help").output.split())
    assert "--level [none|bounds|full]" in text and "[default: full]" in text
    assert "--skip-invalid" in text and "--recover" in text


def test_a_failed_convert_keeps_the_existing_output(damaged, tmp_path):
    good = tmp_path / "good.zrow"
    write_orders(good, 5)
    out = tmp_path / "out.parquet"
    assert run("convert", good, out).exit_code == 0
    before = out.read_bytes()
    result = run("convert", damaged, out)
    assert result.exit_code == 1
    assert out.read_bytes() == before  # still the earlier conversion, whole
    assert sorted(os.listdir(tmp_path)) == ["damaged.zrow", "good.zrow", "out.parquet"]


def test_cat_skips_to_the_row_a_message_names(damaged):
    result = run(
        "cat", damaged, "--offset", "10", "-n", "2", "-f", "jsonl", "-c", "order_id"
    )
    assert result.exit_code == 1  # row 10 is the damaged one: named, not printed
    assert f"row file '{damaged}', row 10 (batch 0, byte " in result.output
    result = run(
        "cat", damaged, "--offset", "11", "-n", "2", "-f", "jsonl", "-c", "order_id"
    )
    assert [json.loads(x)["order_id"] for x in result.stdout.splitlines()] == [3, 4]


def test_validate_uses_the_same_numbering(damaged):
    result = run("validate", damaged)
    assert result.exit_code == 1
    assert f"row file '{damaged}', row 1 (batch 0, byte " in result.output
    assert (
        "row 10 (batch 0, byte " in result.output
    )  # the second damaged row, in the file
    assert "2 errors; 14 rows were valid" in result.output


def test_python_full_check_gives_the_same_row_as_validate(damaged):
    with pytest.raises(zerorow.InvalidDataError) as e:
        zerorow.open_file(damaged, level="full")
    assert e.value.row == 1 and e.value.batch == 0 and e.value.file == str(damaged)
    assert e.value.offset == zerorow.open_file(damaged).location(1)[3]
    assert e.value.path == "customer"


# ---- cut files --------------------------------------------------------------------------------
@pytest.fixture
def three_batches(tmp_path, monkeypatch):
    monkeypatch.setattr(zerorow.files, "BATCH_ROWS", 4)
    path = tmp_path / "orders.zrow"
    write_orders(path, 12)
    return path


def cut(path, keep):
    data = path.read_bytes()
    path.write_bytes(data[:keep] if keep >= 0 else data[:keep])
    return len(data)


def test_every_cut_point_is_truncated_naming_the_offset(three_batches, tmp_path):
    data = three_batches.read_bytes()
    seen_rows = set()
    for keep in range(0, len(data), 7):
        part = tmp_path / "part.zrow"
        part.write_bytes(data[:keep])
        with pytest.raises(zerorow.TruncatedError) as e:
            zerorow.open_file(part)
        assert e.value.offset == keep and f"is cut at byte {keep}" in str(e.value)
        assert e.value.file == str(part)
        try:
            f = zerorow.open_file(part, recover=True)
        except zerorow.TruncatedError:
            assert "nothing can be recovered" in str(e.value)
            continue
        assert len(f) in (0, 4, 8, 12) and [r.order_id for r in f] == list(
            range(len(f))
        )
        assert f.recovered[0].offset == keep
        lost = f.recovered[0].rows_lost  # None: the file does not tell
        assert lost is None or len(f) + lost <= 12
        seen_rows.add(len(f))
    assert seen_rows == {0, 4, 8, 12}


def test_a_cut_in_a_batch_says_how_many_rows_it_lost(three_batches):
    f = zerorow.open_file(three_batches)
    end_of_batch_1 = f.location(8)[3]  # a byte of batch 2's rows
    f.close()
    cut(three_batches, end_of_batch_1 + 16)
    with pytest.raises(zerorow.TruncatedError) as e:
        zerorow.open_file(three_batches)
    assert e.value.rows_lost == 4 and "the 4 rows of the cut batch are lost" in str(
        e.value
    )
    assert "reads the 8 rows of the 2 complete batches" in str(e.value)


def test_convert_and_cat_of_a_cut_file(three_batches, tmp_path):
    size = cut(three_batches, -30)
    out = tmp_path / "out.parquet"
    result = run("convert", three_batches, out)
    assert result.exit_code == 1
    assert f"is cut at byte {size - 30} (the file ends there)" in result.output
    assert "--recover" in result.output and not out.exists()
    result = run("convert", three_batches, out, "--recover")
    assert result.exit_code == 0, result.output
    assert "recovered: " in result.stderr and "no rows are lost" in result.stderr
    assert pq.read_table(out).num_rows == 12
    result = run("cat", three_batches, "--recover", "-f", "jsonl", "-c", "order_id")
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 12


def test_a_damaged_footer_is_invalid_and_recoverable(three_batches):
    data = bytearray(three_batches.read_bytes())
    data[-20:-12] = b"\xee" * 8  # inside the footer, the closing magic intact
    three_batches.write_bytes(bytes(data))
    with pytest.raises(zerorow.InvalidDataError, match="damaged footer"):
        zerorow.open_file(three_batches)
    f = zerorow.open_file(three_batches, recover=True)
    assert len(f) == 12 and f.recovered[0].rows_lost == 0


def test_an_arrow_stream_is_read_as_a_row_file(tmp_path):
    path = tmp_path / "orders.arrows"
    write_orders(tmp_path / "o.zrow", 3)
    table = pa.ipc.open_file(str(tmp_path / "o.zrow")).read_all()
    with pa.ipc.new_stream(str(path), table.schema) as w:
        w.write_table(table)
    assert [r.order_id for r in zerorow.open_file(path)] == [0, 1, 2]
    data = path.read_bytes()
    path.write_bytes(data[:-8])  # without its end-of-stream marker
    with pytest.raises(zerorow.TruncatedError, match="the end-of-stream marker"):
        zerorow.open_file(path)


# ---- files that are not row files -------------------------------------------------------------
def test_inspect_of_parquet_and_arrow_files_says_what_they_are(tmp_path):
    table = pa.table({"a": [1, 2], "b": ["x", "y"]})
    pq.write_table(table, tmp_path / "t.parquet")
    with pa.ipc.new_file(str(tmp_path / "t.arrow"), table.schema) as w:
        w.write_table(table)
    result = run("inspect", tmp_path / "t.parquet")
    assert result.exit_code == 1
    assert "is a Parquet file, not a row file: convert it with `zerorow convert" in (
        result.output
    )
    result = run("inspect", tmp_path / "t.arrow")
    assert result.exit_code == 1
    assert "an Arrow IPC file of 2 columns (a, b), not a row file" in result.output
    assert "zerorow convert" in result.output


# ---- stdin and stdout -----------------------------------------------------------------------------
@pytest.fixture
def orders(tmp_path):
    path = tmp_path / "orders.zrow"
    write_orders(path, 6)
    return path


def test_dash_is_stdin_for_every_command(orders):
    data = orders.read_bytes()
    result = run("cat", "-", "-f", "jsonl", "-c", "order_id", stdin=data)
    assert result.exit_code == 0, result.output
    assert [json.loads(x)["order_id"] for x in result.stdout.splitlines()] == list(
        range(6)
    )
    assert "<stdin>" in run("inspect", "-", stdin=data).output
    assert "6 rows valid" in run("validate", "-", stdin=data).output
    assert run("schema", "-", stdin=data).output.strip() == ENCODER.schema.to_json()
    bad = run("cat", "-", stdin=data[:100])
    assert bad.exit_code == 1 and "row file '<stdin>' is cut at byte 100" in bad.output


def test_convert_from_stdin_and_to_stdout(orders, tmp_path):
    data = orders.read_bytes()
    out = tmp_path / "o.parquet"
    result = run("convert", "-", out, stdin=data)  # the format of stdin from its bytes
    assert result.exit_code == 0, result.output
    assert pq.read_table(out).num_rows == 6
    result = run("convert", orders, "-", "--to", "jsonl")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout.splitlines()[5])["order_id"] == 5
    assert not (tmp_path / "-").exists() and not os.path.exists("-")
    result = run("convert", orders, "-", "--to", "rows")
    assert zerorow.open_file(result.stdout_bytes)[5].order_id == 5
    parquet = run("convert", "-", "-", "--to", "parquet", stdin=data).stdout_bytes
    assert (
        parquet.startswith(b"PAR1")
        and pq.read_table(pa.py_buffer(parquet)).num_rows == 6
    )
    result = run("convert", orders, "-")
    assert result.exit_code == 2 and "--from/--to" in result.output


def test_a_closed_pipe_ends_quietly(tmp_path):
    path = tmp_path / "many.zrow"
    write_orders(path, 20_000)  # megabytes of output: more than a pipe holds
    script = shutil.which("zerorow", path=os.path.dirname(sys.executable))
    for args in (
        ["cat", path, "-n", "20000", "-f", "jsonl"],
        ["convert", path, "-", "--to", "jsonl"],
    ):
        reader = subprocess.Popen(  # noqa: S603 - our own script
            [script, *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        reader.stdout.readline()
        reader.stdout.close()  # as `head -1` does
        assert reader.wait(timeout=60) == 0
        err = reader.stderr.read()  # at most convert's summary line
        assert (
            b"Error" not in err and b"Traceback" not in err and b"Exception" not in err
        )


# ---- field paths, progress, JSON Lines --------------------------------------------------------------
def test_quoted_names_select_fields_with_dots(tmp_path):
    path = tmp_path / "iris.zrow"
    zerorow.write_file(
        path, pa.table({"Sepal.Length": [5.1, 4.9], "Species": ["a", "b"]})
    )
    result = run("cat", path, "-c", '"Sepal.Length",Species', "-f", "jsonl")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout.splitlines()[0]) == {
        "Sepal.Length": 5.1,
        "Species": "a",
    }
    bad = run("cat", path, "-c", "Sepal.Length")
    assert bad.exit_code == 2 and 'fields: "Sepal.Length", Species' in bad.output
    assert zerorow.parse_path('"Sepal.Length"') == ("Sepal.Length",)
    assert zerorow.parse_path('a."b.c".d') == ("a", "b.c", "d")
    assert zerorow.format_path(["a", "b.c", 'q"x']) == 'a."b.c"."q""x"'
    with pytest.raises(ValueError, match="not closed"):
        zerorow.parse_path('"a.b')


def test_progress_in_jupyter_redraws_one_line(orders, tmp_path):
    out = tmp_path / "o.jsonl"
    result = run(
        "convert", orders, out, "--batch-rows", "1", env={"JPY_PARENT_PID": "1"}
    )
    assert result.exit_code == 0, result.output
    assert "\rorders.zrow → o.jsonl: 6 / 6 rows (100%)" in result.stderr
    assert "━" not in result.stderr  # not rich's terminal bar
    piped = run("convert", orders, out, "--progress")  # asked for, outside a terminal
    assert "orders.zrow → o.jsonl: 6 / 6 rows (100%)" in piped.stderr
    assert "\r" not in piped.stderr


def test_json_lines_of_maps_are_objects_identically_in_cat_and_convert(
    orders, tmp_path
):
    out = tmp_path / "o.jsonl"
    assert run("convert", orders, out).exit_code == 0
    cat = run("cat", orders, "-f", "jsonl", "-n", "100")
    assert cat.stdout == out.read_text()
    first = json.loads(cat.stdout.splitlines()[0])
    assert first["tags"] == {"channel": "web"}  # string keys: an object
    assert first["items"][0] == {"sku": "sku-0-0", "quantity": 1, "price": "0.99"}
    back = tmp_path / "back.zrow"
    result = run("convert", out, back, "--schema", orders)
    assert result.exit_code == 0, result.output
    with zerorow.open_file(back) as b, zerorow.open_file(orders) as a:
        assert [r.to_bytes() for r in b] == [r.to_bytes() for r in a]  # exactly


def test_json_of_maps_with_other_keys_is_pairs(tmp_path):
    schema = zerorow.Schema(
        [zerorow.field("m", zerorow.map_(zerorow.int32, zerorow.float64))]
    )
    path = tmp_path / "m.zrow"
    zerorow.write_file(path, [{"m": {1: 0.5, 2: float("nan")}}, {"m": None}], schema)
    lines = run("cat", path, "-f", "jsonl").stdout.splitlines()
    assert lines == ['{"m":[[1,0.5],[2,NaN]]}', '{"m":null}']
    out = tmp_path / "m.jsonl"
    assert run("convert", path, out).exit_code == 0
    assert out.read_text().splitlines() == lines
    back = tmp_path / "back.zrow"
    assert run("convert", out, back, "--schema", path).exit_code == 0
    assert zerorow.open_file(back)[0].m[1] == 0.5


# ---- one Arrow -> rows mapping for the API and the command line -----------------------------------
def _arrow_inputs():
    strings = pa.array(["x", None, "x"])
    return {
        "dictionary": pa.table({"c": strings.dictionary_encode()}),
        "unsigned": pa.table(
            {
                "u8": pa.array([1, 255, None], pa.uint8()),
                "u16": pa.array([1, 65535, 0], pa.uint16()),
                "u32": pa.array([1, 2**32 - 1, 0], pa.uint32()),
            }
        ),
        "large and views": pa.table(
            {"s": strings.cast(pa.large_string()), "b": pa.array([b"a", b"", None])}
        ),
        "float16 and date64": pa.table(
            {
                "h": pa.array(
                    np.array([1.5, 0, 2], np.float16), mask=np.array([0, 1, 0], bool)
                ),
                "d": pa.array([0, 86_400_000, None], pa.date64()),
            }
        ),
        "nanoseconds": pa.table(
            {"t": pa.array([1_000, 2_000, None], pa.timestamp("ns"))}
        ),
        "no rows": pa.table(
            {"a": pa.array([], pa.int32()), "s": pa.array([], pa.string())}
        ),
        "null column": pa.table({"a": [1, 2, 3], "n": pa.nulls(3)}),
        "uint64": pa.table({"a": pa.array([1, 2, 3], pa.uint64())}),
    }


@pytest.mark.parametrize("name", sorted(_arrow_inputs()))
def test_convert_takes_what_from_arrow_takes(name, tmp_path):
    table = _arrow_inputs()[name]
    for fmt in ("parquet", "arrow"):
        src = tmp_path / f"in.{fmt}"
        if fmt == "parquet":
            pq.write_table(table, src)
        else:
            with pa.ipc.new_file(str(src), table.schema) as w:
                w.write_table(table)
        source = pq.read_table(src) if fmt == "parquet" else pa.ipc.open_file(str(src))
        source = source if fmt == "parquet" else source.read_all()
        out = tmp_path / "out.zrow"
        result = run("convert", src, out)
        try:
            rows = zerorow.from_arrow(source)
        except zerorow.ZerorowError as e:  # refused by both, with the same words
            assert result.exit_code == 1, (name, result.output)
            assert str(e) in result.output, (name, str(e), result.output)
            assert not out.exists()
            continue
        assert result.exit_code == 0, (name, fmt, result.output)
        with zerorow.open_file(out) as f:
            assert f.schema == rows.schema, name
            assert [r.to_bytes() for r in f] == [r.to_bytes() for r in rows], name
        schema_out = run("schema", src)
        assert schema_out.output.strip() == rows.schema.to_json(), name


def test_rows_of_arrow_input_are_numbered_in_the_whole_input(tmp_path):
    # invalid UTF-8 in the second batch: the row is named by its number in the input
    bad = pa.array([b"ok", b"\xff"], pa.binary())
    strings = pa.Array.from_buffers(pa.string(), 2, bad.buffers())
    path = tmp_path / "bad.arrow"
    schema = pa.schema([("carrier", pa.string())])
    with pa.ipc.new_file(str(path), schema) as w:
        w.write_batch(pa.record_batch([pa.array(["a"] * 5)], schema=schema))
        w.write_batch(pa.record_batch([strings], schema=schema))
    result = run("convert", path, tmp_path / "out.zrow")
    assert result.exit_code == 1
    assert (
        f"{path}: invalid_data at [6].carrier: string is not valid UTF-8"
        in result.output
    )
    table = pa.ipc.open_file(str(path)).read_all()
    with pytest.raises(zerorow.InvalidDataError) as e:
        zerorow.from_arrow(table)
    assert e.value.path == "[6].carrier"


def test_a_damaged_message_in_a_whole_file_is_damage_not_a_cut(three_batches):
    with zerorow.open_file(three_batches) as f:
        rows_of_batch_1 = f.location(4)[3]
    data = bytearray(three_batches.read_bytes())
    # batch 1's message starts before its rows: find its continuation marker and length
    start = data.rindex(b"\xff\xff\xff\xff", 0, rows_of_batch_1)
    struct.pack_into("<i", data, start + 4, 1 << 30)  # its header now claims a gigabyte
    three_batches.write_bytes(bytes(data))
    for recover in (False, True):
        with pytest.raises(zerorow.InvalidDataError) as e:
            zerorow.open_file(three_batches, recover=recover)
        assert f"is damaged at byte {start}" in str(e.value)
        assert (
            "but the footer starts at byte" in str(e.value) and e.value.offset == start
        )


def test_text_columns_empty_at_first_are_strings(tmp_path):
    # pyarrow guesses a column's type from its first block: one empty there would be "null"
    # (no zerorow type), and a value further down would not parse
    lines = ["id,note"] + [f"{i}," for i in range(30_000)] + ["30000,late"]
    src = tmp_path / "in.csv"
    src.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out.zrow"
    result = run("convert", src, out)
    assert result.exit_code == 0, result.output
    with zerorow.open_file(out) as f:
        assert (
            str(f.schema) == "Schema(id: int64, note: string)" and f[-1].note == "late"
        )
    src = tmp_path / "in.jsonl"
    src.write_text('{"a": 1, "b": null}\n{"a": 2, "b": null}\n')
    result = run("convert", src, out)
    assert result.exit_code == 0, result.output
    assert str(zerorow.open_file(out).schema) == "Schema(a: int64, b: string)"
