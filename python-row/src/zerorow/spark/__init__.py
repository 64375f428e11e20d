"""zerorow for PySpark: Python functions over zero-copy rows, and row files in Spark.

    spark = zerorow.spark.configure(SparkSession.builder).getOrCreate()   # jar + extension
    out = zerorow.spark.map_rows(df, lambda r: {"id": r.order_id, "country": r.customer.country},
                                 "id BIGINT, country STRING")

pyspark is an optional dependency: importing this module does not import it, each function
does when called. With the connector jar, rows cross between the JVM and Python as one binary
column (encoded with zerorow_encode, decoded with zerorow_decode, nothing decoded on the way
in); without it (`session_path(spark) == "python"`) the same calls build rows from Arrow
columns in the Python workers, and row files are read and written through a Python data
source (`register_data_source`).
"""

from __future__ import annotations

from .._columns import Column
from ..arrow import RowBatch
from ._api import decode, encode, map_row_batches, map_rows, raw_schema
from ._jar import (
    EXTENSION,
    MAVEN_COORDINATES,
    configure,
    has_functions,
    jar_path,
    session_path,
)
from ._types import schema_to_struct, struct_to_schema


def register_data_source(spark) -> str:
    """Registers the Python data source for row files (Spark 4 Python Data Source API) and
    returns its short name, "zerorow_py"."""
    try:
        import pyspark.sql.datasource  # noqa: F401 - the API this source is written in
    except ModuleNotFoundError:
        import pyspark

        raise RuntimeError(
            "register_data_source needs Spark 4 (the Python Data Source API, "
            f"pyspark.sql.datasource); this is pyspark {pyspark.__version__}: on Spark 3.5 "
            'read and write row files with the connector jar\'s format("zerorow") '
            "(zerorow.spark.configure(builder))"
        ) from None
    from .datasource import register

    return register(spark)


__all__ = [
    "EXTENSION",
    "MAVEN_COORDINATES",
    "Column",
    "RowBatch",
    "configure",
    "decode",
    "encode",
    "has_functions",
    "jar_path",
    "map_row_batches",
    "map_rows",
    "raw_schema",
    "register_data_source",
    "schema_to_struct",
    "session_path",
    "struct_to_schema",
]
