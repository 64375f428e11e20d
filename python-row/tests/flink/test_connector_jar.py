"""The connector jar from Python: configure() adds it and registers zerorow_encode /
zerorow_decode; rows written by Java (zerorow_encode) are read by Python functions, and rows
written by Python functions are read by Java (zerorow_decode) — in one job."""

from __future__ import annotations

import zerorow.flink as zf
from conftest import N
from flink_orders import ORDER, SUMMARY, Order, Summary, summarize


def test_configure_adds_the_jar_and_registers_the_functions_once(t_env, source):
    assert zf.configure(t_env) is t_env
    zf.configure(t_env)  # a second call changes nothing
    jars = t_env.get_config().get("pipeline.jars", "")
    assert jars.count(zf.jar_path().as_uri()) == 1, jars
    assert set(zf.SQL_FUNCTIONS) <= set(t_env.list_user_defined_functions())


def test_rows_cross_between_java_and_python_functions(t_env, source, orders):
    zf.configure(t_env)
    t_env.get_config().set("python.execution-mode", "process")
    t_env.create_temporary_function("summary_of", zf.row_udf(summarize, Order, Summary))
    summary_fields = ", ".join(f"s.`{name}`" for name in SUMMARY.schema.names)
    result = t_env.execute_sql(f"""
        SELECT id, java_bytes, from_java, {summary_fields}
        FROM (SELECT id,
                     zerorow_encode(r) AS java_bytes,
                     summary_of(zerorow_encode(r)) AS from_java,
                     zerorow_decode(summary_of(b), {zf.schema_literal(Summary)}) AS s
              FROM orders WHERE id < {N})""")
    got = sorted(tuple(row) for row in result.collect())
    assert [row[0] for row in got] == list(range(N))
    for (oid, java_bytes, from_java, *decoded_by_java), order in zip(
        got, orders, strict=True
    ):
        # Java's bytes of the ROW are Python's bytes of the dataclass (SPEC §2.6 canonical form)
        assert bytes(java_bytes) == ORDER.encode(order), oid
        assert SUMMARY.decode(from_java, level="full") == summarize(order), oid
        assert Summary(*decoded_by_java) == summarize(order), oid
