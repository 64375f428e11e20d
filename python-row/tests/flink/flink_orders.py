"""The records and the functions the PyFlink test jobs run. The jobs ship this folder to the
Python workers (add_python_file), so the functions unpickle there by reference."""

from __future__ import annotations

import dataclasses
import datetime as dt
import decimal
import uuid
from dataclasses import dataclass
from typing import Annotated, Dict, List, Optional

import zerorow


@dataclass
class Customer:
    id: int
    name: str
    country: Optional[str]


@dataclass
class Item:
    sku: str
    qty: zerorow.int32
    price: float


@dataclass
class Order:
    order_id: int
    placed: dt.date
    amount: Annotated[decimal.Decimal, zerorow.decimal(10, 2)]
    customer: Optional[Customer]
    items: List[Item]
    tags: Dict[str, zerorow.int32]
    note: Optional[str] = None


@dataclass
class Summary:
    order_id: int
    country: Optional[str]
    total: float
    n_items: zerorow.int32
    first_sku: Optional[str]
    tag_sum: int
    amount: Annotated[decimal.Decimal, zerorow.decimal(10, 2)]
    placed: dt.date


ORDER = zerorow.encoder(Order)
SUMMARY = zerorow.encoder(Summary)
ITEM = zerorow.encoder(Item)


def make_orders(n: int) -> List[Order]:
    """n orders with every shape: no customer, no country, 0-4 items, empty and full maps."""
    out = []
    for i in range(n):
        customer = (
            None
            if i % 7 == 3
            else Customer(
                1000 + i, f"name-{i}", None if i % 5 == 2 else "FR DE US".split()[i % 3]
            )
        )
        items = [Item(f"sku-{i}-{j}", j + 1, 0.25 * (i + j)) for j in range(i % 5)]
        tags = {f"t{k}": i * k for k in range(i % 3)}
        out.append(
            Order(
                i,
                dt.date(2024, 1, 1) + dt.timedelta(days=i),
                decimal.Decimal(i) / 4,
                customer,
                items,
                tags,
                None if i % 2 else f"note {i}",
            )
        )
    return out


def summarize(o) -> Summary:
    """The same logic over a zerorow BinaryRow and over a pyflink Row of the same fields."""
    items, c = o.items, o.customer
    return Summary(
        o.order_id,
        None if c is None else c.country,
        float(sum(i.qty * i.price for i in items)),
        len(items),
        items[0].sku if len(items) else None,
        sum(o.tags.values()),
        o.amount,
        o.placed,
    )


def summarize_row(o):
    """summarize() for the whole-ROW argument, as a pyflink Row (the ROW result type); a NULL
    order gives a row of NULLs."""
    from pyflink.common import Row

    if o is None:
        return Row(*(None for _ in dataclasses.fields(Summary)))
    s = summarize(o)
    return Row(*(getattr(s, f.name) for f in dataclasses.fields(s)))


def explode(o) -> List[Item]:
    """A table function: one row per item, the quantity doubled."""
    return [Item(i.sku, i.qty * 2, i.price) for i in o.items]


def fail_on_seven(o) -> Summary:
    if o.order_id == 7:
        raise ValueError(f"order {o.order_id} refused: {len(o.items)} items")
    return summarize(o)


def as_flink_value(obj):
    """A dataclass as the nested tuples pyflink's from_elements takes (bytes as bytearray)."""
    if dataclasses.is_dataclass(obj):
        return tuple(
            as_flink_value(getattr(obj, f.name)) for f in dataclasses.fields(obj)
        )
    if isinstance(obj, list):
        return [as_flink_value(v) for v in obj]
    if isinstance(obj, dict):
        return {k: as_flink_value(v) for k, v in obj.items()}
    return obj


def flink_order_type():
    """The Flink type of Order (the JVM side's mapping of its zerorow schema)."""
    from pyflink.table import DataTypes as T

    return T.ROW(
        [
            T.FIELD("order_id", T.BIGINT(False)),
            T.FIELD("placed", T.DATE()),
            T.FIELD("amount", T.DECIMAL(10, 2)),
            T.FIELD(
                "customer",
                T.ROW(
                    [
                        T.FIELD("id", T.BIGINT(False)),
                        T.FIELD("name", T.STRING()),
                        T.FIELD("country", T.STRING()),
                    ]
                ),
            ),
            T.FIELD(
                "items",
                T.ARRAY(
                    T.ROW(
                        [
                            T.FIELD("sku", T.STRING()),
                            T.FIELD("qty", T.INT(False)),
                            T.FIELD("price", T.DOUBLE(False)),
                        ]
                    )
                ),
            ),
            T.FIELD("tags", T.MAP(T.STRING(False), T.INT())),
            T.FIELD("note", T.STRING()),
        ]
    )


def flink_summary_type():
    from pyflink.table import DataTypes as T

    return T.ROW(
        [
            T.FIELD("order_id", T.BIGINT()),
            T.FIELD("country", T.STRING()),
            T.FIELD("total", T.DOUBLE()),
            T.FIELD("n_items", T.INT()),
            T.FIELD("first_sku", T.STRING()),
            T.FIELD("tag_sum", T.BIGINT()),
            T.FIELD("amount", T.DECIMAL(10, 2)),
            T.FIELD("placed", T.DATE()),
        ]
    )


def encode_order(i: int) -> bytes:
    """The row bytes of make_orders' order i (a DataStream map writes rows with it)."""
    return ORDER.encode(make_orders(i + 1)[i])


@dataclass
class Kinds:
    """SPEC 1.2's types (null, fixed_binary, uuid, interval_ym, duration, variant) in one row."""

    id: int
    nothing: None
    code: Annotated[bytes, zerorow.fixed_binary(4)]
    key: Optional[uuid.UUID]
    months: Optional[Annotated[int, zerorow.interval_ym]]
    span: Optional[dt.timedelta]
    doc: Optional[zerorow.Variant]
    codes: List[Optional[Annotated[bytes, zerorow.fixed_binary(2)]]]


KINDS = zerorow.encoder(Kinds)


def make_kinds(n: int) -> List[Kinds]:
    return [
        Kinds(
            id=i,
            nothing=None,
            code=bytes([i, i + 1, i + 2, i + 3]),
            key=None
            if i % 3 == 2
            else uuid.UUID(int=(i + 1) * 0x0102030405060708090A0B0C0D0E0F),
            months=None if i % 4 == 3 else i * 13 - 20,
            span=None if i % 5 == 4 else dt.timedelta(days=i, microseconds=i * 1001),
            doc=None
            if i % 2
            else zerorow.Variant.from_json(f'{{"n":{i},"l":[1.5,"x",null]}}'),
            codes=[bytes([i, 9]), None],
        )
        for i in range(n)
    ]


def next_kinds(k) -> Kinds:
    """Every field read from the row and written again; the months one more."""
    return Kinds(
        id=k.id,
        nothing=k.nothing,
        code=k.code,
        key=k.key,
        months=None if k.months is None else k.months + 1,
        span=k.span,
        doc=k.doc,
        codes=list(k.codes),
    )
