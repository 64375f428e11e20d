"""The other ways a session can be: no jar, Spark Connect, pyspark 3.5.9 (each in its own
process, since a process holds one SparkContext)."""

import os

from conftest import ROOT, SPARK_CONF, run_python
from path_cases import expected, parse_cases

CONF = "".join(f".config({k!r}, {v!r})" for k, v in SPARK_CONF.items())
NESTED = (
    "spark.sql(\"select id as order_id, named_struct('country', concat('c', id % 3)) as customer, "
    "transform(sequence(1, 2), k -> named_struct('qty', k, 'price', k * 0.5d)) as items from range(500)\")"
)
FN = "lambda r: {'id': r.order_id, 'c': r.customer.country, 't': sum(i.qty * i.price for i in r.items)}"
CHECK = f"""
out = zs.map_rows(df, {FN}, 'id BIGINT, c STRING, t DOUBLE')
rows = sorted(out.collect())
assert len(rows) == 500 and rows[7].c == 'c1' and rows[7].t == 2.5, rows[:3]
"""


def test_without_the_jar_everything_runs_on_the_python_side(tmp_path):
    code = f"""
import zerorow.spark as zs
from pyspark.sql import SparkSession
spark = SparkSession.builder.master('local[2]'){CONF}.getOrCreate()
assert zs.session_path(spark) == 'python', zs.session_path(spark)
df = {NESTED}
{CHECK}
def b(batch):
    import pyarrow as pa
    return pa.record_batch({{'id': batch.column('order_id').to_numpy()}})
assert zs.map_row_batches(df, b, 'id BIGINT').count() == 500
name = zs.register_data_source(spark)
df.write.format(name).mode('append').save({str(tmp_path / "f")!r})
assert spark.read.format(name).load({str(tmp_path / "f")!r}).count() == 500
enc = zs.encode(df)
assert zs.decode(enc, 'row').orderBy('order_id').first().customer.country == 'c0'
from zerorow.spark.functions import malformed_rows
try:
    malformed_rows(spark)
    raise AssertionError('malformed_rows ran without the jar')
except RuntimeError as e:
    assert 'needs the zerorow connector jar' in str(e), e
from path_cases import print_cases
print_cases(spark, {str(tmp_path)!r})
print('ok python path')
"""
    out = run_python(code)
    assert "ok python path" in out
    assert parse_cases(out) == expected(jar=False)


def test_spark_connect_with_the_jar(tmp_path):
    """A local Connect server started with the jar and the extension (static server configs)."""
    code = f"""
import zerorow.spark as zs
from pyspark.sql import SparkSession, functions as F
from zerorow.spark import functions as zf
b = SparkSession.builder.remote('local[2]'){CONF}
spark = zs.configure(b).getOrCreate()
assert type(spark).__module__.startswith('pyspark.sql.connect'), type(spark)
assert zs.session_path(spark) == 'jar'
df = {NESTED}
{CHECK}
s = zs.struct_to_schema(df.schema)
back = df.select(zf.zerorow_decode(zf.zerorow_encode(F.struct(*df.columns)), s).alias('o')).select('o.*')
assert sorted(back.collect()) == sorted(df.collect())
from path_cases import print_cases
print_cases(spark, {str(tmp_path)!r})
print('ok connect')
"""
    out = run_python(code)
    assert "ok connect" in out
    assert parse_cases(out) == expected()


def test_spark_connect_without_the_jar(tmp_path):
    """A local Connect server started without the jar (as on a managed service): the session
    is on the "python" path, map_rows / map_row_batches run, and zerorow_py reads and writes
    row files."""
    out = str(tmp_path / "f")
    code = f"""
import zerorow.spark as zs
from pyspark.sql import SparkSession
spark = SparkSession.builder.remote('local[2]'){CONF}.getOrCreate()
assert type(spark).__module__.startswith('pyspark.sql.connect'), type(spark)
assert zs.session_path(spark) == 'python', zs.session_path(spark)
df = {NESTED}
{CHECK}
def b(batch):
    import pyarrow as pa
    return pa.record_batch({{'id': batch.column('order_id').to_numpy()}})
assert zs.map_row_batches(df, b, 'id BIGINT').count() == 500
name = zs.register_data_source(spark)
df.write.format(name).mode('append').save({out!r})
back = spark.read.format(name).option('mode', 'raw').load({out!r})
assert sorted(zs.map_rows(back, {FN}, 'id BIGINT, c STRING, t DOUBLE').collect()) == rows
from path_cases import print_cases
print_cases(spark, {str(tmp_path)!r})
print('ok connect without the jar')
"""
    out = run_python(code)
    assert "ok connect without the jar" in out
    assert parse_cases(out) == expected(jar=False)


def test_a_smoke_job_on_pyspark_3_5_9(tmp_path):
    python = os.environ.get(
        "ZEROROW_SPARK35_PYTHON", os.path.join(ROOT, ".venv-spark35", "bin", "python")
    )
    assert os.path.isfile(python), f"{python} missing: `make venv-spark35` creates it"
    code = f"""
import pyspark, zerorow.spark as zs
from pyspark.sql import SparkSession
assert pyspark.__version__ == '3.5.9', pyspark.__version__
spark = zs.configure(SparkSession.builder.master('local[2]'){CONF}).getOrCreate()
assert zs.session_path(spark) == 'jar'
df = {NESTED}
{CHECK}
rows = sorted(zs.map_rows(df, {FN}, 'id BIGINT, c STRING, t DOUBLE', use_jar=False).collect())
assert rows[7].t == 2.5
try:
    zs.register_data_source(spark)
    raise AssertionError('register_data_source ran on Spark 3.5')
except RuntimeError as e:
    assert 'needs Spark 4' in str(e) and 'pyspark.sql.datasource' in str(e), e
from path_cases import print_cases
print_cases(spark, {str(tmp_path)!r})
print_cases(spark, {str(tmp_path)!r}, use_jar=False)
print('ok 3.5.9')
"""
    out = run_python(code, python=python)
    assert "ok 3.5.9" in out
    lines = [ln for ln in out.splitlines() if ln.startswith("CASES ")]
    assert [parse_cases(ln) for ln in lines] == [expected(spark4=False)] * 2
