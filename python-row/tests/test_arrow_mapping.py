"""SPEC §12.2 through `zerorow.from_arrow` (cpp-row's one mapping): every Arrow type a column
can have reads as its zerorow type with its values, or is refused naming the column path, the
row and the type as Arrow prints it."""

from __future__ import annotations

import datetime as dt
import decimal
import os
import uuid

import pyarrow as pa
import pytest
import zerorow
import zerorow.arrow
from conftest import ROOT


def _one(arr: pa.Array, name: str = "c", strict: bool = False):
    """The column's zerorow type and values read back (deep: dicts and lists)."""
    rows = zerorow.from_arrow(pa.table({name: arr}), strict=strict)
    t = rows.schema.field(name).type
    values = [r.to_dict()[name] for r in rows]
    return t, values


CASES = [
    # (Arrow array, zerorow type repr, values read)
    (pa.array([None, None], pa.null()), "null", [None, None]),
    (pa.array([1, 255, None], pa.uint8()), "int16", [1, 255, None]),
    (pa.array([65535], pa.uint16()), "int32", [65535]),
    (pa.array([2**32 - 1], pa.uint32()), "int64", [2**32 - 1]),
    (
        pa.array([2**64 - 1, 0], pa.uint64()),
        "decimal(20, 0)",
        [decimal.Decimal(2**64 - 1), decimal.Decimal(0)],
    ),
    (pa.array([1.5, None], pa.float16()), "float32", [1.5, None]),
    (pa.array(["a", "b", None], pa.large_string()), "string", ["a", "b", None]),
    (
        pa.array(["short", "a much longer string value", None], pa.string_view()),
        "string",
        ["short", "a much longer string value", None],
    ),
    (pa.array([b"\x00" * 20, b"x"], pa.binary_view()), "binary", [b"\x00" * 20, b"x"]),
    (pa.array([b"abc", None], pa.binary(3)), "fixed_binary(3)", [b"abc", None]),
    (pa.array([86_400_000 * 2], pa.date64()), "date32", [dt.date(1970, 1, 3)]),
    (pa.array([3661], pa.time32("s")), "time", [dt.time(1, 1, 1)]),
    (pa.array([1500], pa.time32("ms")), "time", [dt.time(0, 0, 1, 500000)]),
    (pa.array([1_999], pa.time64("ns")), "time", [dt.time(0, 0, 0, 1)]),  # floored
    (
        pa.array([-1], pa.timestamp("ns")),
        "timestamp",
        [dt.datetime(1969, 12, 31, 23, 59, 59, 999999)],
    ),  # -1 ns is -1 µs (rule 6)
    (
        pa.array([1], pa.timestamp("s", "UTC")),
        "timestamp[UTC]",
        [dt.datetime(1970, 1, 1, 0, 0, 1, tzinfo=dt.UTC)],
    ),
    (pa.array([2], pa.duration("s")), "duration", [dt.timedelta(seconds=2)]),
    (
        pa.array([decimal.Decimal("1.25")], pa.decimal32(5, 2)),
        "decimal(5, 2)",
        [decimal.Decimal("1.25")],
    ),
    (
        pa.array([decimal.Decimal("-7")], pa.decimal64(12, 0)),
        "decimal(12, 0)",
        [decimal.Decimal("-7")],
    ),
    (
        pa.array([decimal.Decimal("3.5")], pa.decimal256(38, 1)),
        "decimal(38, 1)",
        [decimal.Decimal("3.5")],
    ),
    (
        pa.array([pa.MonthDayNano([1, 2, 3500])], pa.month_day_nano_interval()),
        "interval",
        [zerorow.Interval(1, 2, 3)],
    ),  # 3500 ns floored to 3 µs
    (
        pa.array([[1, 2], None, [3, 4]], pa.list_(pa.int32(), 2)),
        "list<int32>",
        [[1, 2], None, [3, 4]],
    ),
    (pa.array([[1], [2, 3]], pa.large_list(pa.int64())), "list<int64>", [[1], [2, 3]]),
    (pa.array([[1], None, []], pa.list_view(pa.int8())), "list<int8>", [[1], None, []]),
    (pa.array([[1, None]], pa.large_list_view(pa.int8())), "list<int8>", [[1, None]]),
    (
        pa.array(["x", "y", "x", None]).dictionary_encode(),
        "string",
        ["x", "y", "x", None],
    ),
    (pa.array([uuid.UUID(int=5).bytes], pa.uuid()), "uuid", [uuid.UUID(int=5)]),
]


@pytest.mark.parametrize(
    "arr,want_type,want_values", CASES, ids=lambda x: str(getattr(x, "type", ""))
)
def test_each_arrow_type_reads_as_its_zerorow_type(arr, want_type, want_values):
    t, values = _one(arr)
    assert repr(t) == want_type
    assert values == want_values


def test_a_dictionary_inside_a_list_and_run_ends_read_as_values():
    inner = pa.DictionaryArray.from_arrays(pa.array([0, 1, 0]), pa.array(["a", "b"]))
    nested = pa.ListArray.from_arrays(pa.array([0, 2, 3]), inner)
    t, values = _one(nested)
    assert repr(t) == "list<string>"
    assert values == [["a", "b"], ["a"]]
    ree = pa.RunEndEncodedArray.from_arrays(
        pa.array([2, 5], pa.int32()), pa.array(["p", None])
    )
    t, values = _one(ree)
    assert repr(t) == "string" and values == ["p", "p", None, None, None]
    t, values = _one(ree.slice(1, 3))  # a slice of the runs
    assert values == ["p", None, None]


def test_a_dictionary_null_index_and_null_value_are_null():
    d = pa.DictionaryArray.from_arrays(
        pa.array([0, None, 1], pa.int8()), pa.array(["a", None])
    )
    assert _one(d)[1] == ["a", None, None]


def test_intervals():
    t, values = _one(
        pa.array([pa.MonthDayNano([0, 0, -1])], pa.month_day_nano_interval())
    )
    assert values == [zerorow.Interval(0, 0, -1)]  # floored
    with pytest.raises(zerorow.InvalidDataError, match=r"nanoseconds.*strict"):
        _one(
            pa.array([pa.MonthDayNano([0, 0, 1])], pa.month_day_nano_interval()),
            strict=True,
        )


def test_date64_must_hold_whole_days_naming_column_and_row():
    arr = pa.array([0, 86_400_000, 5], pa.date64())
    with pytest.raises(zerorow.InvalidDataError) as e:
        _one(arr, "day")
    assert e.value.path == "[2].day"
    assert "date64[ms] value 5 is not a whole number of days" in str(e.value)


def test_rows_are_numbered_across_batches():
    batches = [
        pa.record_batch({"d": pa.array([60, 120], pa.duration("s"))}),
        pa.record_batch({"d": pa.array([0, 2**62], pa.duration("s"))}),
    ]
    with pytest.raises(zerorow.InvalidDataError) as e:
        zerorow.from_arrow(pa.Table.from_batches(batches))
    assert e.value.path == "[3].d"
    assert (
        "duration[s] value 4611686018427387904 does not fit int64 microseconds"
        in str(e.value)
    )


def test_refusals_name_the_arrow_type_as_arrow_prints_it():
    union = pa.UnionArray.from_dense(
        pa.array([0, 1], pa.int8()),
        pa.array([0, 0], pa.int32()),
        [pa.array([1]), pa.array(["a"])],
        ["i", "s"],
    )
    with pytest.raises(zerorow.UnsupportedError) as e:
        _one(union, "u")
    assert e.value.path == "u"
    assert "dense_union<i: int64=0, s: string=1>" in str(e.value)
    with pytest.raises(zerorow.UnsupportedError, match=r"decimal256\(40, 2\)"):
        _one(pa.array([decimal.Decimal("1.00")], pa.decimal256(40, 2)))


def test_into_a_schema_columns_by_name_with_widenings():
    batch = pa.record_batch(
        {"other": pa.array(["x"]), "n": pa.array([5], pa.int8()), "s": pa.array(["é"])}
    )
    schema = zerorow.Schema(
        [zerorow.field("s", zerorow.binary), zerorow.field("n", zerorow.float64)]
    )
    rows = zerorow.from_arrow(batch, schema)
    assert rows[0].to_dict() == {"s": "é".encode(), "n": 5.0}
    narrow = zerorow.Schema([zerorow.field("n", zerorow.int8)])
    wide = pa.record_batch({"n": pa.array([5], pa.int64())})
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        zerorow.from_arrow(wide, narrow)
    assert e.value.path == "n" and "int64" in str(e.value)
    with pytest.raises(zerorow.SchemaMismatchError, match="no column 'n'"):
        zerorow.from_arrow(pa.record_batch({"m": [1]}), narrow)


def test_variant_extension_and_export_of_the_new_types():
    v = zerorow.Variant.of({"k": [1, "x"]})
    schema = zerorow.Schema(
        [
            zerorow.field("v", zerorow.variant),
            zerorow.field("u", zerorow.uuid),
            zerorow.field("i", zerorow.interval),
            zerorow.field("y", zerorow.interval_ym),
            zerorow.field("f", zerorow.fixed_binary(2)),
            zerorow.field("z", zerorow.null_type),
        ]
    )
    enc_rows = zerorow.RowBatch.from_rows(
        [
            zerorow.BinaryRow(
                schema,
                zerorow._zerorow.encode(
                    schema._native,
                    {
                        "v": v,
                        "u": uuid.UUID(int=7),
                        "i": zerorow.Interval(1, 2, 3),
                        "y": -2,
                        "f": b"ab",
                        "z": None,
                    },
                ),
            )
        ]
    )
    batch = enc_rows.to_arrow()
    assert str(batch.schema.field("y").type) == "month_interval"
    assert batch.schema.field("i").type == pa.month_day_nano_interval()
    assert batch.column("i")[0].as_py() == pa.MonthDayNano([1, 2, 3000])
    assert batch.schema.field("f").type == pa.binary(2)
    assert batch.schema.field("z").type == pa.null()
    assert batch.schema.field("u").type == pa.uuid()
    # pyarrow knows the extension, or keeps its metadata
    vfield = batch.schema.field("v")
    name = getattr(vfield.type, "extension_name", None)
    assert (
        name or vfield.metadata[b"ARROW:extension:name"].decode()
    ) == "parquet.variant"
    back = zerorow.from_arrow(batch)
    assert back.schema == schema
    assert back[0].to_bytes() == enc_rows[0].to_bytes()


PARQUET_MR = os.path.join(ROOT, "format-spec", "corpus", "parquet", "generated")


def test_parquet_interval_and_variant_groups_pyarrow_cannot_read():
    """SPEC §12.3 through read_parquet: parquet-mr's INTERVAL (which pyarrow reads as nulls)
    and VARIANT groups (which pyarrow refuses) are read through cpp-row's patched footer."""
    rows = zerorow.arrow.read_parquet(os.path.join(PARQUET_MR, "mr_interval.parquet"))
    assert repr(rows.schema.field("interval").type) == "interval"
    assert [r["interval"] for r in rows] == [
        zerorow.Interval(14, 3, 43_200_000_000),
        zerorow.Interval(0, 0, 0),
        zerorow.Interval(2**31 - 1, 2**31 - 1, (2**32 - 1) * 1000),
        None,
    ]
    with pytest.raises(
        zerorow.InvalidDataError, match=r"\[0\]\.interval_overflow: .*2147483648 months"
    ):
        zerorow.arrow.read_parquet(
            os.path.join(PARQUET_MR, "mr_interval_overflow.parquet")
        )
    rows = zerorow.arrow.read_parquet(os.path.join(PARQUET_MR, "mr_variant.parquet"))
    assert [r["v"].to_python() if r["v"] is not None else None for r in rows][1:] == [
        [1, "two", True],
        "a string of more than sixty-three bytes, so the long form of string",
        None,
    ]
    with pytest.raises(zerorow.UnsupportedError, match="v_shredded.*shredded variant"):
        zerorow.arrow.read_parquet(
            os.path.join(PARQUET_MR, "mr_variant_shredded.parquet")
        )


PARQUET_TESTING = os.path.join(ROOT, "format-spec", "corpus", "parquet", "testing")


def test_parquet_int96_past_int64_microseconds_is_refused_never_wrapped():
    """SPEC §12.3: Spark's INT96 of row 5 is 361746257437964157 ms, past int64 µs; Arrow's
    µs read wraps it to -7188624036226874385. read_parquet and the streamed batches refuse it
    naming the column, the row (counted across batches) and both numbers; INT96 values up to
    9999-12-31 (past int64 ns, within µs) read exactly."""
    spark = os.path.join(PARQUET_TESTING, "int96_from_spark.parquet")
    want = (
        r"a: row 5: INT96 timestamp 361746257437964157 ms does not fit int64 "
        r"microseconds \(read at µs it wraps to -7188624036226874385\)"
    )
    with pytest.raises(zerorow.InvalidDataError, match=want):
        zerorow.arrow.read_parquet(spark)
    source = zerorow.arrow.ParquetSource(spark, ["a"])
    batches = source.batches(2)
    assert [b.num_rows for b in (next(batches), next(batches))] == [2, 2]
    with pytest.raises(zerorow.InvalidDataError, match=want):
        next(batches)
    rows = zerorow.arrow.read_parquet(os.path.join(PARQUET_MR, "pa_int96.parquet"))
    assert [r["ts_int96"] for r in rows][2:4] == [
        dt.datetime(3000, 1, 1),
        dt.datetime(9999, 12, 31, 23, 59, 59, 999999),
    ]


def test_parquet_patched_footer_on_stdin_bytes_and_broken_footers(tmp_path):
    """The patched footer works on a file held in memory (`zerorow convert -` reads stdin
    whole); a footer cpp-row cannot read leaves the file to pyarrow, which names the damage;
    a marked column that arrives without its field id is refused, never read as its storage."""
    import pyarrow as pa

    data = open(os.path.join(PARQUET_MR, "mr_interval.parquet"), "rb").read()
    source = zerorow.arrow.ParquetSource(data)
    rows = zerorow.from_arrow(source.table(), source.zerorow_schema)
    assert repr(rows.schema.field("interval").type) == "interval"
    assert rows[0]["interval"] == zerorow.Interval(14, 3, 43_200_000_000)
    length = int.from_bytes(data[-8:-4], "little")
    broken = data[: len(data) - 8 - length] + b"\xff" * length + data[-8:]
    with pytest.raises(zerorow.ZerorowError):
        zerorow.arrow.ParquetSource(broken)
    with pytest.raises(
        zerorow.UnsupportedError, match="'g.i' is INTERVAL.*no field id"
    ):
        zerorow.arrow._marked(
            pa.schema([pa.field("g", pa.struct([pa.field("i", pa.binary(12))]))]),
            [(7, "interval", None, "g.i")],
        )
