"""Views of a whole batch (RowBatch.views: one checked native pass, SPEC §6.2), the
decoder's fast path for plain dataclasses, and Encoder.decode of a row view."""

import random
from dataclasses import dataclass, field
from typing import List, Optional

import numpy as np
import pytest
import zerorow
from zerorow.arrow import RowBatch


@dataclass
class Item:
    sku: str
    qty: np.int32
    price: float


@dataclass
class Order:
    order_id: np.int64
    note: Optional[str]
    customer: "Customer"
    items: List[Item]


@dataclass
class Customer:
    name: str
    country: str


def orders(n):
    return [
        Order(
            i,
            None if i % 3 else f"n{i}",
            Customer(f"c{i}", "DE" if i % 2 else "FR"),
            [Item(f"s{k}", k + 1, 0.5 * k) for k in range(i % 4)],
        )
        for i in range(n)
    ]


def batch_of(objs):
    enc = zerorow.encoder(Order)
    data, offsets = enc.encode_many(objs)
    return enc, RowBatch(enc.schema, data, offsets)


@pytest.mark.parametrize("level", ["none", "bounds", "full"])
def test_views_of_a_batch_read_as_rows_made_one_by_one(level):
    objs = orders(40)
    enc, batch = batch_of(objs)
    views = batch.views(level)
    assert len(views) == 40
    for k, (v, o) in enumerate(zip(views, objs, strict=True)):
        assert v == batch[k]
        assert v.order_id == o.order_id and v.customer.country == o.customer.country
        assert [(i.qty, i.price) for i in v.items] == [
            (i.qty, i.price) for i in o.items
        ]
        assert enc.from_row(v) == o
    assert list(batch) == views
    assert [r.order_id for r in batch[5:9]] == [5, 6, 7, 8]


def test_a_bad_row_fails_the_whole_batch_naming_the_row():
    objs = orders(6)
    enc, batch = batch_of(objs)
    data = bytearray(batch.data)
    # Row 4's first bitmap word: set the null bit of field 0 (order_id, non-nullable): rule B5.
    start = batch.offsets[4]
    data[start] |= 1
    bad = RowBatch(enc.schema, bytes(data), batch.offsets)
    with pytest.raises(zerorow.InvalidDataError, match="row 4 of the batch") as e:
        bad.views()
    assert e.value.path == "order_id"
    with pytest.raises(zerorow.InvalidDataError, match="row 4 of the batch"):
        list(bad)
    assert len(bad.views("none")) == 6  # level none checks nothing but the offsets
    assert bad[3].order_id == 3  # one row at a time: only that row is checked


def test_rows_outside_the_buffer_are_refused_at_every_level():
    enc, batch = batch_of(orders(3))
    offs = list(batch.offsets)
    offs[-1] += 8
    bad = RowBatch(enc.schema, batch.data, offs)
    for level in ("none", "bounds", "full"):
        with pytest.raises(zerorow.TruncatedError, match="end <= "):
            bad.views(level)


def test_level_full_catches_what_bounds_lets_through():
    enc, batch = batch_of(orders(4))
    data = bytearray(batch.data)
    # Row 0's note (field 1) is a string: make its body invalid UTF-8 (only full checks it).
    row = zerorow.BinaryRow(
        enc.schema, bytes(data[batch.offsets[0] : batch.offsets[1]])
    )
    body = row.to_bytes().index(b"n0")
    data[batch.offsets[0] + body] = 0xFF
    bad = RowBatch(enc.schema, bytes(data), batch.offsets)
    assert len(bad.views("bounds")) == 4
    with pytest.raises(zerorow.InvalidDataError, match="row 0 of the batch"):
        bad.views("full")


def test_views_of_mutated_batches_never_read_outside_their_rows():
    """Random byte flips: views() raises a zerorow error, or every value of every view reads
    (or raises a zerorow error) — never a crash (run under -X dev by test_mutations' leg too)."""
    enc, batch = batch_of(orders(12))
    rnd = random.Random(27)
    for _ in range(300):
        data = bytearray(batch.data)
        for _ in range(rnd.randint(1, 4)):
            data[rnd.randrange(len(data))] = rnd.randrange(256)
        try:
            views = RowBatch(enc.schema, bytes(data), batch.offsets).views()
        except zerorow.ZerorowError:
            continue
        for v in views:
            try:
                v.to_dict()
                enc.from_row(v)
                [(i.qty, i.price) for i in v.items or () if i is not None]
            except (zerorow.ZerorowError, UnicodeDecodeError, OverflowError):
                pass


def test_decode_takes_a_row_view():
    objs = orders(5)
    enc, batch = batch_of(objs)
    row = batch[3]
    assert enc.decode(row) == enc.from_row(row) == objs[3]
    assert enc.decode(row, level="full") == objs[3]
    nested = zerorow.encoder(Customer)
    assert nested.decode(row.customer) == objs[3].customer

    @dataclass
    class Other:
        x: int

    with pytest.raises(zerorow.SchemaMismatchError, match="another version"):
        zerorow.encoder(Other).decode(row)


def test_decode_of_a_row_view_at_level_full_validates_it():
    enc, batch = batch_of(orders(2))
    data = bytearray(batch.data[batch.offsets[0] : batch.offsets[1]])
    data[bytes(data).index(b"n0")] = 0xFF  # invalid UTF-8 in field note
    row = zerorow.BinaryRow(enc.schema, bytes(data))
    with pytest.raises(zerorow.InvalidDataError) as e:
        enc.decode(row, level="full")
    assert e.value.path == "note"


calls: list = []


@dataclass
class Plain:
    a: int
    b: str = "x"
    c: List[int] = field(default_factory=list)


@dataclass(frozen=True)
class Frozen:
    a: int
    b: str


@dataclass
class Post:
    a: int
    b: str

    def __post_init__(self):
        calls.append(("post", self.a))


@dataclass
class Guarded:
    a: int
    b: str

    def __setattr__(self, name, value):
        calls.append(("set", name))
        object.__setattr__(self, name, value)


@dataclass(slots=True)
class Slotted:
    a: int
    b: str


class Hand:
    def __init__(self, a: int, b: str) -> None:
        calls.append(("init", a))
        self.a, self.b = a, b

    def __eq__(self, other):
        return (self.a, self.b) == (other.a, other.b)


@pytest.mark.parametrize(
    "cls, obj, filled, seen",
    [
        (Plain, Plain(1, "y", [2, 3]), True, []),
        (Frozen, Frozen(1, "y"), True, []),
        (Post, Post(1, "y"), False, [("post", 1)]),
        (Guarded, Guarded(1, "y"), False, [("set", "a"), ("set", "b")]),
        (Slotted, Slotted(1, "y"), False, []),
    ],
)
def test_from_row_fills_only_classes_whose_init_would_do_nothing_more(
    cls, obj, filled, seen
):
    from zerorow.infer import _fills_dict

    enc = zerorow.encoder(cls)
    row = enc.to_row(obj)
    assert _fills_dict(cls, [f.name for f in enc.schema.fields]) is filled
    calls.clear()
    out = enc.from_row(row)
    assert out == obj and type(out) is cls
    assert (
        calls == seen
    )  # __post_init__ / __setattr__ still run where the class has them
    if filled:
        # The same instance dict __init__ makes: same keys in the same order.
        assert list(vars(out)) == list(vars(obj))
    if cls is Frozen:
        assert hash(out) == hash(obj)
        with pytest.raises(AttributeError):
            out.a = 2


def test_a_class_with_its_own_init_is_built_by_it():
    from zerorow.infer import _fills_dict

    assert not _fills_dict(Hand, ["a", "b"])


def test_iteration_of_a_long_batch_goes_chunk_by_chunk(monkeypatch):
    import zerorow._rowbatch as za

    monkeypatch.setattr(za, "_VIEW_CHUNK", 7)
    objs = orders(30)
    enc, batch = batch_of(objs)
    assert [r.order_id for r in batch] == list(range(30))
    data = bytearray(batch.data)
    data[batch.offsets[20]] |= 1  # row 20: a null order_id (non-nullable, rule B5)
    seen = []
    with pytest.raises(zerorow.InvalidDataError, match="row 20 of the batch"):
        for r in RowBatch(enc.schema, bytes(data), batch.offsets):
            seen.append(r.order_id)
    assert seen == list(range(14))  # the chunks before the bad row's (rows 14-20)
