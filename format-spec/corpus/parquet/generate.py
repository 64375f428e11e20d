#!/usr/bin/env python3
"""Writes the pyarrow half of the generated Parquet corpus (SPEC §12.4) into generated/:
every type of SPEC §12.3 that pyarrow writes, every list and map form it writes, every
codec, INT96 (with values after 2262, where nanoseconds overflow int64).

  .venv/bin/python format-spec/corpus/parquet/generate.py

The files are committed; run this again only to change them (then update expected.tsv).
The parquet-mr half is written by ParquetMrCorpus.java (see README.md). Files are written
without pyarrow's ARROW:schema, so every reader sees the Parquet types alone, as it would
in a file from another writer.
"""

import datetime
import decimal
import os
import uuid

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "generated")
UTC = datetime.UTC
I64 = (1 << 63) - 1


def _write(name, table, **options):
    options.setdefault("compression", "snappy")
    options.setdefault("store_schema", False)
    pq.write_table(table, os.path.join(OUT, name), **options)


def scalars():
    n = [None]
    columns = {
        "bool": pa.array([True, False] + n, pa.bool_()),
        "int8": pa.array([-128, 127] + n, pa.int8()),
        "int16": pa.array([-32768, 32767] + n, pa.int16()),
        "int32": pa.array([-(2**31), 2**31 - 1] + n, pa.int32()),
        "int64": pa.array([-(2**63), I64] + n, pa.int64()),
        "int32_required": pa.array([0, 1, -1], pa.int32()),
        "uint8": pa.array([0, 255] + n, pa.uint8()),
        "uint16": pa.array([0, 65535] + n, pa.uint16()),
        "uint32": pa.array([0, 2**32 - 1] + n, pa.uint32()),
        "uint64": pa.array([0, 2**64 - 1] + n, pa.uint64()),
        "float16": pa.array(np.array([1.5, -0.0, np.nan], np.float16), pa.float16()),
        "float32": pa.array([3.4028235e38, float("-inf")] + n, pa.float32()),
        "float64": pa.array([float("nan"), -0.0] + n, pa.float64()),
        "string": pa.array(["héllo 🙂", ""] + n, pa.string()),
        "large_string": pa.array(["large", "x" * 100] + n, pa.large_string()),
        "binary": pa.array([b"\x00\xff", b""] + n, pa.binary()),
        "fixed_size_binary": pa.array([b"abcde", b"\x00" * 5] + n, pa.binary(5)),
        "uuid": pa.array(
            [uuid.UUID("0f8fad5b-d9cb-469f-a165-70867728950e").bytes, bytes(16)] + n,
            pa.uuid(),
        ),
        "json": pa.array(['{"a": [1, 2]}', "null"] + n, pa.json_()),
        "date32": pa.array([19723, -719162] + n, pa.date32()),
        "null": pa.nulls(3),
    }
    fields = [
        pa.field(k, v.type, nullable=k != "int32_required") for k, v in columns.items()
    ]
    return pa.Table.from_arrays(list(columns.values()), schema=pa.schema(fields))


def temporal():
    n = [None]
    return pa.table(
        {
            "time_ms": pa.array([0, 86_399_999] + n, pa.time32("ms")),
            "time_us": pa.array([0, 86_399_999_999] + n, pa.time64("us")),
            "time_ns": pa.array([1, 86_399_999_999_999] + n, pa.time64("ns")),
            "ts_ms": pa.array([-1, 1_700_000_000_123] + n, pa.timestamp("ms")),
            "ts_us": pa.array([-1, 32_503_680_000_000_000] + n, pa.timestamp("us")),
            "ts_ns": pa.array([-1, 1_700_000_000_123_456_789] + n, pa.timestamp("ns")),
            "ts_us_utc": pa.array(
                [0, 1_700_000_000_123_456] + n, pa.timestamp("us", "UTC")
            ),
            "ts_ms_paris": pa.array(
                [0, 1_700_000_000_123] + n, pa.timestamp("ms", "Europe/Paris")
            ),
            "ts_ns_utc": pa.array([-1_500, 999] + n, pa.timestamp("ns", "UTC")),
            # 9.3e15 ms is past int64 once in microseconds: `checked` refuses it
            "ts_ms_overflow": pa.array(
                [0, 9_300_000_000_000_000] + n, pa.timestamp("ms")
            ),
            # no Parquet logical type for durations: INT64, read as int64
            "duration_us": pa.array([-1, I64] + n, pa.duration("us")),
        }
    )


def int96():
    """INT96 as Impala and old Spark write it; 3000-01-01 and 9999-12-31 do not fit int64
    nanoseconds, so a reader that goes through ns wraps them (SPEC §12.3)."""
    values = [
        datetime.datetime(2024, 1, 31, 13, 45, 0, 250000),
        datetime.datetime(1900, 1, 1),
        datetime.datetime(3000, 1, 1),
        datetime.datetime(9999, 12, 31, 23, 59, 59, 999999),
        None,
    ]
    return pa.table({"ts_int96": pa.array(values, pa.timestamp("us"))})


def int96_nanos():
    return pa.table(
        {
            "ts_int96_ns": pa.array(
                [1_700_000_000_123_456_789, -1, None], pa.timestamp("ns")
            )
        }
    )


def decimals():
    d = decimal.Decimal
    return pa.table(
        {
            "dec_9_2": pa.array(
                [d("9999999.99"), d("-0.01"), None], pa.decimal128(9, 2)
            ),
            "dec_18_4": pa.array(
                [d("99999999999999.9999"), d("0.0000"), None], pa.decimal128(18, 4)
            ),
            "dec_38_10": pa.array(
                [d("-" + "9" * 28 + "." + "9" * 10), d("1.5000000000"), None],
                pa.decimal128(38, 10),
            ),
            "dec_76_0": pa.array([d("1" + "0" * 70), d(0), None], pa.decimal256(76, 0)),
        }
    )


def nested():
    return pa.table(
        {
            "list_int32": pa.array([[1, None, 3], [], None], pa.list_(pa.int32())),
            "list_not_null": pa.array(
                [[1, 2], [], None],
                pa.list_(pa.field("element", pa.int32(), nullable=False)),
            ),
            "list_list_string": pa.array(
                [[["a"], [], None], None, [[None, "b"]]],
                pa.list_(pa.list_(pa.string())),
            ),
            "large_list": pa.array([[1.5], None, []], pa.large_list(pa.float64())),
            "fixed_size_list": pa.array(
                [[1, 2], [None, None], [3, None]], pa.list_(pa.int16(), 2)
            ),
            "map_string_int64": pa.array(
                [[("a", 1), ("b", None)], None, []], pa.map_(pa.string(), pa.int64())
            ),
            "map_int_struct": pa.array(
                [[(1, {"x": 1.5, "y": "one"})], [(2, None)], None],
                pa.map_(
                    pa.int32(), pa.struct([("x", pa.float64()), ("y", pa.string())])
                ),
            ),
            "struct": pa.array(
                [{"a": 1, "b": ["x"]}, None, {"a": None, "b": None}],
                pa.struct([("a", pa.int32()), ("b", pa.list_(pa.string()))]),
            ),
            "struct_not_null_fields": pa.array(
                [{"k": "a", "v": 1}, {"k": "b", "v": 2}, None],
                pa.struct(
                    [
                        pa.field("k", pa.string(), False),
                        pa.field("v", pa.int64(), False),
                    ]
                ),
            ),
            "list_struct": pa.array(
                [[{"id": 1}, None], [], None], pa.list_(pa.struct([("id", pa.int64())]))
            ),
            "dictionary": pa.array(["x", "y", None]).dictionary_encode(),
            "list_null": pa.array([[], None, []], pa.list_(pa.null())),
        }
    )


def codec_table():
    return pa.table(
        {
            "ints": pa.array(list(range(-50, 50)), pa.int64()),
            "strings": pa.array(
                [f"row {i} " * (i % 5) for i in range(100)], pa.string()
            ),
            "doubles": pa.array(
                [i / 7 if i % 9 else None for i in range(100)], pa.float64()
            ),
        }
    )


def main():
    os.makedirs(OUT, exist_ok=True)
    _write("pa_scalars.parquet", scalars())
    _write("pa_temporal.parquet", temporal())
    _write("pa_int96.parquet", int96(), use_deprecated_int96_timestamps=True)
    _write(
        "pa_int96_nanos.parquet", int96_nanos(), use_deprecated_int96_timestamps=True
    )
    _write("pa_decimals_flba.parquet", decimals())
    _write("pa_decimals_int.parquet", decimals(), store_decimal_as_integer=True)
    _write("pa_nested.parquet", nested())
    _write("pa_page_v2.parquet", nested(), data_page_version="2.0", use_dictionary=True)
    _write("pa_empty.parquet", scalars().slice(0, 0))
    for codec in ("none", "snappy", "gzip", "brotli", "lz4", "zstd"):
        _write(f"pa_codec_{codec}.parquet", codec_table(), compression=codec)


if __name__ == "__main__":
    main()
