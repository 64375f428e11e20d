"""zerorow.spark.RowBatch and its column helpers, without Spark: against row-at-a-time reads."""

import dataclasses
import datetime as dt
import pickle

import numpy as np
import pyarrow as pa
import pytest
import zerorow
from zerorow.spark import RowBatch


@dataclasses.dataclass
class Item:
    sku: str
    qty: int
    price: float


@dataclasses.dataclass
class Cust:
    name: str
    country: str | None
    since: dt.date | None


@dataclasses.dataclass
class Order:
    order_id: int
    customer: Cust | None
    items: list[Item] | None
    scores: list[int | None]
    tags: dict[str, str]
    ratio: float | None


def make(n):
    return [
        Order(
            i,
            None
            if i % 5 == 0
            else Cust(
                f"n{i}",
                None if i % 3 == 0 else f"c{i % 4}",
                dt.date(2020, 1, 1) + dt.timedelta(days=i),
            ),
            None
            if i % 13 == 0
            else [Item(f"s{k}", k + 1, 1.25 * (k + 1)) for k in range(i % 4)],
            [None if (i + k) % 3 == 0 else i + k for k in range(i % 3)],
            {"c": str(i)},
            None if i % 7 == 0 else i / 4,
        )
        for i in range(n)
    ]


def arrow_rows(objs, nulls_every=0):
    enc = zerorow.encoder(Order)
    data, offs = enc.encode_many(objs)
    validity = None
    if nulls_every:
        validity = pa.array([i % nulls_every != 0 for i in range(len(objs))]).buffers()[
            1
        ]
    arr = pa.Array.from_buffers(
        pa.binary(),
        len(objs),
        [validity, pa.py_buffer(np.array(offs, np.int32)), pa.py_buffer(data)],
    )
    return enc, arr


@pytest.mark.parametrize(
    "sl", [slice(0, 200), slice(3, 151), slice(199, 200), slice(50, 50)]
)
def test_columns_equal_row_reads(sl):
    objs = make(200)
    enc, arr = arrow_rows(objs)
    arr = arr[sl]
    b = RowBatch.from_arrow_binary(arr, enc.schema)
    rows = list(b)
    assert len(b) == len(rows) == len(objs[sl])
    assert b.column("order_id").to_numpy().tolist() == [r.order_id for r in rows]
    assert b.column("customer.country").to_pylist() == [
        r.customer.country if r.customer else None for r in rows
    ]
    assert b.column("customer.since").to_pylist() == [
        r.customer.since if r.customer else None for r in rows
    ]
    q, p = b.column("items.qty"), b.column("items.price")
    want = [sum(i.qty * i.price for i in (r.items or [])) for r in rows]
    assert np.allclose(q.per_row(q.to_numpy() * p.to_numpy(), len(b)), want)
    assert (
        q.offsets.tolist()
        == np.concatenate([[0], np.cumsum([len(r.items or []) for r in rows])]).tolist()
    )
    assert b.column("items.sku").to_pylist() == [
        i.sku for r in rows for i in (r.items or [])
    ]
    assert b.column("scores").to_pylist() == [s for r in rows for s in r.scores]
    ratio = b.column("ratio")
    assert np.array_equal(
        ratio.to_numpy(),
        np.array([np.nan if r.ratio is None else r.ratio for r in rows]),
        equal_nan=True,
    )
    if len(b):
        assert pa.record_batch(b.to_arrow()).num_rows == len(b)


def test_null_rows_are_not_rows():
    objs = make(40)
    enc, arr = arrow_rows(objs, nulls_every=4)
    b = RowBatch.from_arrow_binary(arr, enc.schema)
    assert [r.order_id for r in b] == [i for i in range(40) if i % 4]
    assert b.column("order_id").to_numpy().tolist() == [i for i in range(40) if i % 4]


def test_column_errors_are_clear():
    enc, arr = arrow_rows(make(30))
    b = RowBatch.from_arrow_binary(arr, enc.schema)
    with pytest.raises(KeyError, match="no field 'nope' at customer"):
        b.column("customer.nope")
    with pytest.raises(KeyError, match="order_id is a int64, it has no field 'x'"):
        b.column("order_id.x")
    # a top-level struct or map is read row by row, in the Arrow export's forms (a date
    # as its days)
    rows = list(b)
    custs = b.column("customer").to_pylist()
    assert [None if c is None else c["country"] for c in custs] == [
        None if r.customer is None else r.customer.country for r in rows
    ]
    assert (
        b.column("customer").to_arrow().to_pylist()
        == pa.array(
            [None if r.customer is None else r.customer.to_dict() for r in rows],
            b.column("customer").to_arrow().type,
        ).to_pylist()
    )
    assert len(b.column("tags")) == len(b) and b.column("tags").null_count == sum(
        r.tags is None for r in rows
    )
    with pytest.raises(zerorow.InvalidDataError, match="null values in a int64 column"):
        b.column("scores").to_numpy()
    assert b.column("scores").to_numpy(null_value=-1).min() == -1


def test_a_malformed_row_is_an_error_naming_the_path():
    objs = make(10)
    enc = zerorow.encoder(Order)
    data, offs = enc.encode_many(objs)
    data = bytearray(data)
    # row 2: the customer reference's offset points far outside the row
    start = offs[2]
    bitmap = 8
    slot = start + bitmap + 8 * 1
    data[slot + 4 : slot + 8] = (10**6).to_bytes(4, "little")
    arr = pa.Array.from_buffers(
        pa.binary(),
        10,
        [None, pa.py_buffer(np.array(offs, np.int32)), pa.py_buffer(bytes(data))],
    )
    b = RowBatch.from_arrow_binary(arr, enc.schema)
    with pytest.raises(
        zerorow.InvalidDataError,
        match=r"at customer: offset \+ size past the enclosing region: expected \d+ <= \d+ \(value 2",
    ):
        b.column("customer.country")
    with pytest.raises(zerorow.ZerorowError):
        _ = b[2].customer.country


def test_a_schema_survives_pickle_and_cloudpickle():
    from pyspark import cloudpickle

    schema = zerorow.encoder(Order).schema
    for dumps in (pickle.dumps, cloudpickle.dumps):
        s2 = pickle.loads(dumps(schema))
        assert s2 == schema and s2.fingerprint == schema.fingerprint


# Without it a function that captures an encoder cannot be shipped to executors.
def test_an_encoder_survives_pickle_and_cloudpickle():
    from pyspark import cloudpickle

    enc = zerorow.encoder(Order)
    for dumps in (pickle.dumps, cloudpickle.dumps):
        e2 = pickle.loads(dumps(enc))
        o = make(3)[1]
        assert e2.from_row(e2.to_row(o)) == o
    # a function capturing them, as Spark ships it to executors
    fn = cloudpickle.loads(cloudpickle.dumps(lambda: enc.encode(make(2)[1])))
    assert fn() == enc.encode(make(2)[1])


def test_rows_are_made_in_one_call_and_checked():
    objs = make(12)
    enc, arr = arrow_rows(objs)
    b = RowBatch.from_arrow_binary(arr, enc.schema, "full")
    rows = b.rows()
    assert [r.order_id for r in rows] == list(range(12))
    assert rows[5].to_bytes() == b[5].to_bytes() == enc.to_row(objs[5]).to_bytes()
    del b, arr  # the views keep the Arrow buffer alive
    assert rows[11].customer.name == "n11"


def test_make_rows_refuses_bad_offsets_and_levels():
    enc, arr = arrow_rows(make(3))
    data = arr.buffers()[2]
    size = data.size
    make_rows = zerorow._zerorow.make_rows
    ok = np.array([0], np.int64)
    with pytest.raises(
        zerorow.TruncatedError,
        match=rf"<row 0>: expected 0 <= start <= end <= {size} but found start 0, end {size + 8}",
    ):
        make_rows(enc.schema, enc.schema._native, data, ok, np.array([size + 8]))
    with pytest.raises(zerorow.TruncatedError, match="found start 16, end 8"):
        make_rows(enc.schema, enc.schema._native, data, np.array([16]), np.array([8]))
    with pytest.raises(ValueError, match="1 starts but 2 ends"):
        make_rows(enc.schema, enc.schema._native, data, ok, np.array([8, 16]))
    with pytest.raises(ValueError, match="level must be 'none', 'bounds' or 'full'"):
        make_rows(enc.schema, enc.schema._native, data, ok, np.array([8]), "some")
    with pytest.raises(zerorow.ZerorowError):  # 8 bytes are not a row of Order
        make_rows(enc.schema, enc.schema._native, data, ok, np.array([8]), "full")


@dataclasses.dataclass
class Flat:
    x: int
    name: str | None


def test_null_bits_of_non_nullable_fields_are_refused_naming_the_row():
    from zerorow.spark._worker import check_not_null

    enc = zerorow.encoder(Flat)
    data, offs = enc.encode_many([Flat(i, f"n{i}") for i in range(6)])
    offs = np.asarray(offs, dtype="<i8")
    bad = bytearray(data)
    bad[offs[3]] |= 1  # row 3: the null bit of x, a non-nullable int64
    match = r"row 3: expected a value \(the type is not nullable\)"
    b = RowBatch(enc.schema, bytes(bad), offs)
    with pytest.raises(zerorow.InvalidDataError, match=match) as e:
        check_not_null(b, enc.schema)
    assert e.value.path == "x"
    # an unaligned buffer (rows 4 bytes in): the byte-gather path, the same answer
    shifted = RowBatch(enc.schema, b"\0" * 4 + bytes(bad), offs[:-1] + 4, offs[1:] + 4)
    with pytest.raises(zerorow.InvalidDataError, match=match):
        check_not_null(shifted, enc.schema)
    # an Arrow column with nulls: rows are numbered as its entries
    rows = [bytes(bad[offs[k] : offs[k + 1]]) for k in range(6)]
    col = pa.array([None] + rows, pa.binary())
    with pytest.raises(zerorow.InvalidDataError, match=r"row 14: expected"):
        check_not_null(col, enc.schema, first=10)
    # a row too short for its bitmap is left to the views' check, which names it
    short = RowBatch(enc.schema, data, np.array([0, 4]), np.array([4, 4 + 8]))
    check_not_null(short, enc.schema)
    with pytest.raises(zerorow.TruncatedError, match="row 0 of the batch"):
        short.views()
    check_not_null(RowBatch(enc.schema, data, offs), enc.schema)  # valid rows pass
