"""Nested test orders generated on the JVM, and the one piece of logic every path runs."""

from decimal import Decimal

ORDERS_SQL = """
select id as order_id,
       cast(id % 7 as int) as small,
       if(id % 11 = 0, null, id * 0.25d) as amount,
       id % 2 = 0 as flag,
       timestamp_micros(1700000000000000 + id * 1000003) as placed,
       if(id % 5 = 0, null,
          named_struct('name', concat('n', id),
                       'country', if(id % 3 = 0, null, concat('c', id % 4)),
                       'since', date_add(date'2020-01-01', cast(id as int)))) as customer,
       if(id % 13 = 0, null,
          transform(filter(sequence(0, 3), k -> k < id % 4),
                    k -> named_struct('sku', concat('s', k), 'qty', k + 1,
                                      'price', cast((k + 1) * 1.25 as decimal(10, 2))))) as items,
       map('channel', if(id % 2 = 0, 'web', 'store')) as tags
from range({n})
"""

OUT_DDL = "order_id BIGINT, country STRING, total DOUBLE, channel STRING, placed TIMESTAMP, since DATE"


def orders(spark, n=2000, partitions=3):
    return spark.sql(ORDERS_SQL.format(n=n)).repartition(partitions)


def logic(order_id, customer, items, tags, placed):
    """What every path computes; `customer`/`items` are whatever the path reads (row views,
    pyspark Rows): they only need attribute access and iteration."""
    total = 0.0
    for it in items or ():
        total += it.qty * float(it.price)
    return {
        "order_id": order_id,
        "country": customer.country if customer is not None else None,
        "total": total,
        "channel": tags["channel"],
        "placed": placed,
        "since": customer.since if customer is not None else None,
    }


def row_fn(r):
    if r.order_id % 17 == 16:
        return None  # dropped
    return logic(r.order_id, r.customer, r.items, r.tags, r.placed)


def as_tuples(rows):
    out = []
    for r in rows:
        d = r.asDict() if hasattr(r, "asDict") else dict(r)
        out.append(
            tuple(
                d[k]
                for k in ("order_id", "country", "total", "channel", "placed", "since")
            )
        )
    return sorted(out)


__all__ = ["ORDERS_SQL", "OUT_DDL", "Decimal", "as_tuples", "logic", "orders", "row_fn"]
