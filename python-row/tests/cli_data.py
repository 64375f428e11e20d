"""Row files for the CLI tests, written with zerorow's own API."""

import datetime
import decimal
import struct
from dataclasses import dataclass
from typing import Annotated

import zerorow


@dataclass
class Item:
    sku: str
    quantity: zerorow.int32
    price: Annotated[decimal.Decimal, zerorow.decimal(10, 2)]


@dataclass
class Order:
    order_id: int
    customer: str | None
    placed_at: datetime.datetime
    items: list[Item]
    tags: dict[str, str]
    note: bytes | None


def order(i: int) -> Order:
    return Order(
        order_id=i,
        customer=None if i % 4 == 3 else f"customer-{i % 10}",
        placed_at=datetime.datetime(2026, 1, 1) + datetime.timedelta(seconds=i),
        items=[
            Item(f"sku-{i}-{k}", k + 1, decimal.Decimal(f"{k}.99"))
            for k in range(i % 3 + 1 + (7 if i == 5 else 0))
        ],
        tags={"channel": "web" if i % 2 == 0 else "store"},
        note=b"\x00\x01" if i % 5 == 0 else None,
    )


ENCODER = zerorow.encoder(Order)


def write_orders(path, n: int, start: int = 0) -> None:
    zerorow.write_file(
        str(path),
        [ENCODER.to_row(order(i)) for i in range(start, start + n)],
        ENCODER.schema,
    )


def write_with_bad_row(path, bad_at: int = 3, n: int = 6) -> None:
    """A row file whose container is fine but whose row `bad_at` has `items` pointing
    outside the row (the writer does not validate bytes it is given)."""
    rows = [ENCODER.to_row(order(i)).to_bytes() for i in range(n)]
    bad = bytearray(rows[bad_at])
    slot = 8 + 8 * ENCODER.schema.index("items")  # one bitmap word, then 8-byte slots
    ref = struct.unpack_from("<Q", bad, slot)[0]
    struct.pack_into("<Q", bad, slot, ((len(bad) + 64) << 32) | (ref & 0xFFFFFFFF))
    rows[bad_at] = bytes(bad)
    zerorow.write_file(str(path), rows, ENCODER.schema)


@dataclass
class OrderV2:
    """Order as a later version of the program declares it (SPEC §13): `customer` renamed
    to `buyer`, `note` dropped, `priority` added, item quantities widened to int64."""

    order_id: int
    buyer: Annotated[str | None, zerorow.aliases("customer")]
    items: list["ItemV2"]
    priority: int | None


@dataclass
class ItemV2:
    sku: str
    quantity: int
    price: Annotated[decimal.Decimal, zerorow.decimal(10, 2)]


ENCODER_V2 = zerorow.encoder(OrderV2)


def write_orders_v2(path, n: int, start: int = 0) -> None:
    zerorow.write_file(
        str(path),
        [
            ENCODER_V2.to_row(
                OrderV2(
                    i,
                    f"buyer-{i}",
                    [ItemV2(f"sku-{i}", 2, decimal.Decimal("1.50"))],
                    i % 3,
                )
            )
            for i in range(start, start + n)
        ],
        ENCODER_V2.schema,
    )
