"""Table API jobs: BYTES columns of rows written by python-row reach Python scalar and table
functions as zero-copy BinaryRows, in process mode and in thread mode (PEMJA), and the results
equal the same logic over plain Python objects and, in process mode, over the whole ROW
argument."""

from __future__ import annotations

import os

import pytest
import zerorow.flink as zf
from conftest import N
from flink_orders import (
    ITEM,
    ORDER,
    SUMMARY,
    Item,
    Order,
    Summary,
    explode,
    fail_on_seven,
    flink_summary_type,
    make_orders,
    summarize,
    summarize_row,
)
from pyflink.table import DataTypes
from pyflink.table.expressions import col
from pyflink.table.udf import udf


def _jvm_pid() -> int:
    from pyflink.java_gateway import get_gateway

    return get_gateway().jvm.ProcessHandle.current().pid()


def _run(t_env, source, mode):
    """One job per mode: every order's summary as zerorow bytes, its total as a double and the
    id of the process that ran the function (scalar functions), each item (a table function,
    left outer: orders without items keep one row), and in process mode the same summary by
    the pandas form and by a plain udf over the whole ROW argument. Rows grouped by order id:
    {id: (the scalar columns, [items])}."""
    t_env.get_config().set("python.execution-mode", mode)
    b = col("b")
    zr = zf.row_udf(summarize, Order, Summary)
    total = zf.row_udf(
        lambda o: float(sum(i.qty * i.price for i in o.items)),
        Order,
        result_type=DataTypes.DOUBLE(),
    )
    pid = zf.row_udf(lambda o: os.getpid(), Order, result_type=DataTypes.BIGINT())
    items = zf.row_udtf(explode, Order, Item)
    columns = [col("id"), col("item"), zr(b), total(b), pid(b)]
    if mode == "process":  # pandas UDFs run in process mode only
        columns.append(zf.row_udf(summarize, Order, Summary, func_type="pandas")(b))
        # flatten: pyflink's collect() cannot convert a ROW value with a NULL field inside;
        # thread mode fails on a ROW argument holding a NULL row (customer = NULL)
        columns.append(
            udf(summarize_row, result_type=flink_summary_type())(col("r")).flatten
        )
    table = source.left_outer_join_lateral(items(b).alias("item")).select(*columns)
    got: dict = {}
    for oid, item, *scalars in (tuple(r) for r in table.execute().collect()):
        entry = got.setdefault(oid, (tuple(scalars), []))
        assert entry[0] == tuple(scalars), oid  # the same on each of the order's rows
        if item is not None:
            entry[1].append(ITEM.decode(item))
    return got


@pytest.mark.parametrize("mode", ["process", "thread"])
def test_bytes_to_rows_and_back_equal_the_whole_row_path(t_env, source, orders, mode):
    """PEMJA runs the functions inside the JVM (thread mode), the Beam workers in their own
    processes (process mode): scalar and table functions alike."""
    got = _run(t_env, source, mode)
    assert sorted(got) == list(range(N + 1))
    jvm = _jvm_pid()
    for order in orders:
        (zr_bytes, total, pid, *process_only), items = got[order.order_id]
        assert isinstance(zr_bytes, (bytes, bytearray)), type(zr_bytes)
        from_bytes = SUMMARY.decode(zr_bytes, level="full")
        assert from_bytes == summarize(order), order.order_id
        assert total == from_bytes.total
        assert (pid == jvm) == (mode == "thread"), (pid, jvm)
        assert sorted(items, key=repr) == sorted(explode(order), key=repr)
        if mode == "process":
            zr_pandas, *whole = process_only
            assert bytes(zr_pandas) == bytes(zr_bytes), order.order_id
            assert Summary(*whole) == from_bytes, order.order_id
    assert sum(len(items) for _, items in got.values()) > N
    # NULL in: NULL out and no items, the functions not called
    assert set(got[N][0]) == {None} and got[N][1] == []


def test_an_error_in_the_function_reaches_the_client_with_its_message(t_env, source):
    t_env.get_config().set("python.execution-mode", "process")
    failing = zf.row_udf(fail_on_seven, Order, Summary)
    with pytest.raises(Exception) as info:
        list(source.select(failing(col("b"))).execute().collect())
    text = str(info.value)
    assert "ValueError" in text and "order 7 refused: 2 items" in text, text[-2000:]


def test_a_malformed_row_names_the_field_in_the_job_error(t_env):
    t_env.get_config().set("python.execution-mode", "process")
    good = bytearray(ORDER.encode(make_orders(3)[2]))
    good[8 + 8 * 4 + 7] = 0x7F  # the `items` reference now points far past the end
    table = t_env.from_elements(
        [(1, good)],
        DataTypes.ROW(
            [
                DataTypes.FIELD("id", DataTypes.BIGINT()),
                DataTypes.FIELD("b", DataTypes.BYTES()),
            ]
        ),
    )
    count = zf.row_udf(lambda o: len(o.items), Order, result_type=DataTypes.INT())
    with pytest.raises(Exception) as info:
        list(table.select(count(col("b"))).execute().collect())
    text = str(info.value)
    assert "InvalidDataError" in text and "invalid_data at items" in text, text[-2000:]


def test_a_function_needs_exactly_one_kind_of_result():
    with pytest.raises(ValueError, match="func_type must be 'general' or 'pandas'"):
        zf.row_udf(summarize, Order, Summary, func_type="vectorized")
    with pytest.raises(
        TypeError, match="exactly one of result_schema .* and result_type"
    ):
        zf.row_udf(summarize, Order)
    with pytest.raises(TypeError, match="exactly one of result_schema"):
        zf.row_udtf(explode, Order, Item, result_type=DataTypes.BYTES())
    with pytest.raises(TypeError, match="input_schema must be a zerorow.Schema"):
        zf.row_udf(summarize, 3, Summary)
