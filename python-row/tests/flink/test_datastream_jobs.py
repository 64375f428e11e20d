"""DataStream jobs: a stream of row bytes mapped by Python functions over BinaryRows, in process
mode and in thread mode, on the StreamExecutionEnvironment zerorow.flink.configure set up."""

from __future__ import annotations

import os
import sys

import pytest
import zerorow.flink as zf
from flink_orders import (
    Item,
    Order,
    Summary,
    encode_order,
    explode,
    make_orders,
    summarize,
)
from pyflink.common import Configuration, Types
from pyflink.java_gateway import get_gateway
from zerorow.flink.environment import _Options

N = 30


def test_configure_sets_up_a_stream_environment(stream_env):
    """The session's stream environment went through configure (conftest): the jar once in
    pipeline.jars, the workers on this interpreter and its site-packages (which thread mode
    needs, and the thread-mode job below uses)."""
    assert zf.configure(stream_env) is stream_env  # a second call changes nothing
    options = _Options(stream_env)
    jars = options.get("pipeline.jars") or ""
    assert jars.count(zf.jar_path().as_uri()) == 1, jars
    assert options.get("python.executable") == sys.executable
    paths = (options.get("python.pythonpath") or "").split(os.pathsep)
    assert any(os.path.isdir(os.path.join(p, "zerorow")) for p in paths), paths


@pytest.mark.parametrize("mode", ["process", "thread"])
def test_map_and_flat_map_over_row_bytes(stream_env, mode):
    conf = Configuration()
    conf.set_string("python.execution-mode", mode)
    stream_env.configure(conf)
    orders = make_orders(N)
    # pyflink's from_collection cannot take byte arrays: a map writes the rows.
    rows = stream_env.from_collection(list(range(N)), type_info=Types.LONG()).map(
        encode_order, output_type=zf.row_type_info()
    )
    summaries = rows.map(
        zf.row_map(summarize, Order, Summary), output_type=zf.row_type_info()
    )
    summary_text = summaries.map(
        zf.row_map(
            lambda s: f"summary {s.order_id} {s.total} pid {os.getpid()}",
            Summary,
            plain_result=True,
        ),
        output_type=Types.STRING(),
    )
    items = rows.flat_map(
        zf.row_flat_map(explode, Order, Item), output_type=zf.row_type_info()
    )
    item_text = items.map(
        zf.row_map(lambda i: f"item {i.sku} {i.qty}", Item, plain_result=True),
        output_type=Types.STRING(),
    )
    got = list(summary_text.union(item_text).execute_and_collect())
    pids = {int(line.rsplit(" ", 1)[1]) for line in got if line.startswith("summary")}
    got = sorted(line.split(" pid ")[0] for line in got)
    expected = [f"summary {o.order_id} {summarize(o).total}" for o in orders]
    expected += [f"item {i.sku} {i.qty}" for o in orders for i in explode(o)]
    assert len(expected) > 2 * N
    assert got == sorted(expected)
    # thread mode runs the functions inside the JVM (PEMJA), process mode in Beam workers
    jvm = get_gateway().jvm.ProcessHandle.current().pid()
    assert (pids == {jvm}) if mode == "thread" else (jvm not in pids), (pids, jvm)


def test_a_map_needs_a_result_schema_or_plain_result():
    with pytest.raises(TypeError, match="result_schema .* or plain_result=True"):
        zf.row_map(summarize, Order)
    with pytest.raises(TypeError, match="not both or neither"):
        zf.row_flat_map(explode, Order, Item, plain_result=True)
