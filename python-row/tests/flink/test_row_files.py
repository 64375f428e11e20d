"""Row files written by python-row, read by Flink's filesystem connector ('format' = 'zerorow'):
a file cut after its third batch is never read as complete (the query fails naming the file and
the byte where it ends; with 'zerorow.ignore-parse-errors' the complete batches are read), and
raw mode hands each row as BYTES to a `row_udf`."""

from __future__ import annotations

import os

import pyarrow as pa
import pytest
import zerorow
import zerorow.files
import zerorow.flink as zf
from flink_orders import (
    KINDS,
    ORDER,
    SUMMARY,
    Kinds,
    Order,
    Summary,
    make_kinds,
    make_orders,
    next_kinds,
    summarize,
)
from pyflink.table.expressions import col

SCHEMA = zerorow.Schema(
    [
        zerorow.field("id", zerorow.int64, nullable=False),
        zerorow.field("name", zerorow.string),
    ]
)


def _message_ends(data: bytes) -> list:
    """Where each message of the Arrow stream inside a file ends (the schema, then each batch),
    as byte offsets in the file (the stream starts after the 8 bytes of magic)."""
    stream = pa.BufferReader(pa.py_buffer(data[8:]))
    reader = pa.ipc.MessageReader.open_stream(stream)
    ends = []
    while True:
        try:
            reader.read_next_message()
        except StopIteration:
            return ends
        ends.append(8 + stream.tell())


@pytest.fixture()
def cut_dir(tmp_path, monkeypatch):
    """A folder with one file of 14 rows in batches of 4 (4, 4, 4, 2), cut after its third
    batch: its footer and its last batch are gone, as when the writer crashed."""
    monkeypatch.setattr(zerorow.files, "BATCH_ROWS", 4)
    whole = tmp_path / "whole.zrow"
    zerorow.write_file(
        str(whole), [{"id": i, "name": f"n{i}"} for i in range(14)], SCHEMA
    )
    data = whole.read_bytes()
    ends = _message_ends(data)
    assert len(ends) >= 5, ends  # schema, 4 batches (and the end marker)
    folder = tmp_path / "cut"
    folder.mkdir()
    (folder / "part-0.zrow").write_bytes(data[: ends[3]])
    return folder, ends[3]


def _table(t_env, name, folder, **options):
    extra = "".join(f", '{k}' = '{v}'" for k, v in options.items())
    t_env.execute_sql(f"DROP TEMPORARY TABLE IF EXISTS {name}")
    t_env.execute_sql(
        f"CREATE TEMPORARY TABLE {name} (id BIGINT NOT NULL, name STRING) WITH ("
        f"'connector' = 'filesystem', 'path' = '{folder.as_uri()}', "
        f"'format' = 'zerorow'{extra})"
    )


def test_a_cut_python_file_fails_naming_it_or_reads_its_complete_batches(
    t_env, cut_dir
):
    zf.configure(t_env)
    folder, cut = cut_dir
    _table(t_env, "cut_strict", folder)
    with pytest.raises(Exception) as info:
        list(t_env.execute_sql("SELECT id FROM cut_strict").collect())
    text = str(info.value)
    assert "truncated at <row>: row file file:" in text, text[-3000:]
    assert f"part-0.zrow: the file ends at byte {cut} without its footer" in text, text[
        -3000:
    ]

    _table(t_env, "cut_lenient", folder, **{"zerorow.ignore-parse-errors": "true"})
    rows = sorted(
        tuple(r) for r in t_env.execute_sql("SELECT * FROM cut_lenient").collect()
    )
    assert rows == [(i, f"n{i}") for i in range(12)]


def test_raw_mode_feeds_row_udf_from_files(t_env, tmp_path):
    zf.configure(t_env)
    t_env.get_config().set("python.execution-mode", "process")
    orders = make_orders(12)
    folder = tmp_path / "orders"
    folder.mkdir()
    zerorow.write_file(str(folder / "part-0.zrow"), orders, ORDER.schema)
    t_env.execute_sql("DROP TEMPORARY TABLE IF EXISTS raw_orders")
    t_env.execute_sql(
        "CREATE TEMPORARY TABLE raw_orders (`row` BYTES) WITH ("
        f"'connector' = 'filesystem', 'path' = '{folder.as_uri()}', "
        f"'format' = 'zerorow', 'zerorow.mode' = 'raw', "
        f"'zerorow.schema' = {zf.schema_literal(Order)})"
    )
    summary = zf.row_udf(summarize, Order, Summary)
    got = [
        bytes(r[0])
        for r in t_env.from_path("raw_orders")
        .select(summary(col("row")))
        .execute()
        .collect()
    ]
    decoded = sorted(
        (SUMMARY.decode(b, level="full") for b in got),
        key=lambda s: s.order_id,
    )
    assert decoded == [summarize(o) for o in orders]
    assert os.listdir(folder) == ["part-0.zrow"]


def test_spec12_types_pass_through_raw_files_and_row_udf(t_env, tmp_path):
    """null, fixed_binary, uuid, interval_ym, duration and variant (SPEC 1.2) in a row file,
    read in raw mode, through a row_udf that reads every field and writes it again, and out to
    a raw row file: the values are intact (README "Type mapping")."""
    zf.configure(t_env)
    t_env.get_config().set("python.execution-mode", "process")
    kinds = make_kinds(10)
    src = tmp_path / "kinds"
    out = tmp_path / "kinds_out"
    src.mkdir()
    zerorow.write_file(str(src / "part-0.zrow"), kinds, KINDS.schema)
    schema = zf.schema_literal(Kinds)
    for name, folder in (("raw_kinds", src), ("raw_kinds_out", out)):
        t_env.execute_sql(f"DROP TEMPORARY TABLE IF EXISTS {name}")
        t_env.execute_sql(
            f"CREATE TEMPORARY TABLE {name} (`row` BYTES) WITH ("
            f"'connector' = 'filesystem', 'path' = '{folder.as_uri()}', "
            f"'format' = 'zerorow', 'zerorow.mode' = 'raw', 'zerorow.schema' = {schema})"
        )
    again = zf.row_udf(next_kinds, Kinds, Kinds)
    t_env.from_path("raw_kinds").select(again(col("row"))).execute_insert(
        "raw_kinds_out"
    ).wait()
    with zerorow.open_file(str(out), KINDS.schema, "full") as f:
        got = sorted((KINDS.from_row(r) for r in f), key=lambda k: k.id)
    assert got == [next_kinds(k) for k in kinds]
    assert got[0].doc.to_json() == '{"l":[1.5,"x",null],"n":0}'
    assert got[0].months == -19 and got[3].months is None
