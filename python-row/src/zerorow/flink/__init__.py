"""zerorow for PyFlink: Python functions that take rows as zero-copy `BinaryRow`s from BYTES
columns and give rows back as bytes, and the setup of the Flink connector (flink-connector/README.md).

    import zerorow.flink as zf
    zf.configure(t_env)                          # connector jar + zerorow_encode/zerorow_decode
    total = zf.row_udf(lambda r: r.qty * r.price, Order, result_type=DataTypes.DOUBLE())
    t.select(total(col("row")))

pyflink (apache-flink 2.2.0) is an optional dependency, imported only when a function or
`configure` is called: `import zerorow.flink` works without it.
"""

from __future__ import annotations

from .datastream import row_flat_map, row_map, row_type_info
from .environment import JAR_ENV, SQL_FUNCTIONS, configure, jar_path, schema_literal
from .functions import row_udf, row_udtf

__all__ = [
    "JAR_ENV",
    "SQL_FUNCTIONS",
    "configure",
    "jar_path",
    "row_flat_map",
    "row_map",
    "row_type_info",
    "row_udf",
    "row_udtf",
    "schema_literal",
]
