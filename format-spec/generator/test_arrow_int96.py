"""SPEC §12.3 in the reference: an INT96 column read at µs is checked against the same
column read at ms, so a value past int64 µs (which Arrow wraps) is refused, never wrapped."""

import os
import sys

import pyarrow as pa
import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from zerorow_ref.arrow import check_int96  # noqa: E402
from zerorow_ref.errors import FormatError  # noqa: E402

# int96_from_spark.parquet row 5: 361746257437964157 ms, read at µs wrapped to this
SPARK_MS, WRAPPED_US = 361746257437964157, -7188624036226874385


def test_values_that_fit_pass_negative_ones_floored_nulls_skipped():
    us = pa.array([1704141296123456, -2208988800000001, -1, None], pa.timestamp("us"))
    ms = pa.array([1704141296123, -2208988800001, -1, None], pa.timestamp("ms"))
    check_int96(pa.chunked_array([us[:2], us[2:]]), ms, "a")


def test_a_wrapped_value_names_column_row_and_both_numbers():
    us = pa.array([0, None, WRAPPED_US], pa.timestamp("us"))
    ms = pa.array([0, None, SPARK_MS], pa.timestamp("ms"))
    with pytest.raises(FormatError) as e:
        check_int96(us, ms, "a")
    assert e.value.kind == "invalid_data"
    assert f"row 2: INT96 timestamp {SPARK_MS} ms" in str(e.value)
    assert str(WRAPPED_US) in str(e.value)


def test_inside_a_list_the_flattened_position_is_named():
    us = pa.array([[0, WRAPPED_US]], pa.list_(pa.timestamp("us")))
    ms = pa.array([[0, SPARK_MS]], pa.list_(pa.timestamp("ms")))
    with pytest.raises(FormatError, match=r"value 1 of its flattened column"):
        check_int96(us, ms, "l")
