"""A DataStream job: a stream of row bytes mapped by Python functions over BinaryRows."""

from __future__ import annotations

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
from pyflink.common import Types

N = 30


def test_map_and_flat_map_over_row_bytes(stream_env):
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
            lambda s: f"summary {s.order_id} {s.total}", Summary, plain_result=True
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
    got = sorted(summary_text.union(item_text).execute_and_collect())
    expected = [f"summary {o.order_id} {summarize(o).total}" for o in orders]
    expected += [f"item {i.sku} {i.qty}" for o in orders for i in explode(o)]
    assert len(expected) > 2 * N
    assert got == sorted(expected)


def test_a_map_needs_a_result_schema_or_plain_result():
    import pytest

    with pytest.raises(TypeError, match="result_schema .* or plain_result=True"):
        zf.row_map(summarize, Order)
    with pytest.raises(TypeError, match="not both or neither"):
        zf.row_flat_map(explode, Order, Item, plain_result=True)
