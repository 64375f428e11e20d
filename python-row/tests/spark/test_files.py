"""Row files across Spark, Python and Java: written by one, read by the others."""

import os
import subprocess

import pytest
import zerorow
import zerorow.spark as zs
from conftest import ROOT
from orders import orders

FORMATS = [
    "zerorow",
    "zerorow_py",
]  # the connector's DataSource V2, the Python data source


@pytest.fixture(scope="module")
def df(spark):
    zs.register_data_source(spark)
    return (
        orders(spark, n=600, partitions=2).drop("tags").cache()
    )  # maps: no Java reader needed


def java_cat(classpath, files, schema):
    """io.zerorow.arrow.tools.RowFileCat: every row validated at level full; one line per file."""
    args = []
    for i, f in enumerate(files):
        sj = f + f".schema{i}.json"
        with open(sj, "w") as out:
            out.write(schema.to_json())
        args += [f, sj]
    p = subprocess.run(
        [
            "java",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "-cp",
            classpath,
            "io.zerorow.arrow.tools.RowFileCat",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert p.returncode == 0, p.stderr[-3000:]
    return p.stdout.splitlines()


@pytest.mark.parametrize("fmt", FORMATS)
def test_spark_writes_python_and_java_read(spark, df, fmt, tmp_path, java_classpath):
    out = str(tmp_path / "orders")
    df.write.format(fmt).mode("overwrite").save(out)
    # one file per task, nothing else left behind (no staging folder, no marker files)
    files = sorted(
        os.path.join(out, n) for n in os.listdir(out) if not n.startswith(("_", "."))
    )
    assert len(files) == 2, os.listdir(out)
    assert all(os.path.isfile(f) for f in files), files
    schema = zs.struct_to_schema(df.schema)
    seen = {}
    for f in files:
        rf = zerorow.open_file(f, level="full")
        assert rf.schema.fingerprint == schema.fingerprint
        for r in rf:
            seen[r.order_id] = r.to_dict()
    expected = {r.order_id: r.asDict(recursive=True) for r in df.collect()}
    assert seen.keys() == expected.keys()
    for k in (1, 7, 13, 599):
        e, g = expected[k], seen[k]
        assert g["customer"] == e["customer"] and g["amount"] == e["amount"]
        assert [dict(i) for i in (g["items"] or [])] == (e["items"] or [])
    lines = java_cat(java_classpath, files, schema)
    assert sum(int(line.split("rows=")[1].split()[0]) for line in lines) == 600, lines


@pytest.mark.parametrize("fmt", FORMATS)
def test_java_and_python_write_spark_reads(spark, fmt, tmp_path, java_classpath):
    d = tmp_path / "in"
    d.mkdir()
    java = [
        "java",
        "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-Dslf4j.internal.verbosity=ERROR",
        "-cp",
        java_classpath,
        os.path.join(ROOT, "scripts", "demo", "WriteOrders.java"),
        str(d / "java.zrow"),
        "300",
    ]
    subprocess.run(java, check=True, capture_output=True, timeout=180)
    schema = zerorow.open_file(str(d / "java.zrow")).schema
    first = zerorow.open_file(str(d / "java.zrow"))[0]
    zerorow.write_file(str(d / "python.zrow"), [first] * 5, schema)
    back = spark.read.format(fmt).load(str(d))
    assert back.count() == 305
    assert back.where("orderId = 0").count() == 6
    raw = spark.read.format(fmt).option("mode", "raw").load(str(d))
    assert zs.raw_schema(raw) == schema
    skus = zs.map_rows(raw, lambda r: {"sku": r.items[0].sku}, "sku STRING")
    assert sorted(r.sku for r in skus.collect())[:2] == ["sku-0", "sku-0"]


def test_files_of_different_schemas_are_an_error(spark, tmp_path):
    a = zerorow.Schema([zerorow.field("a", zerorow.int64, nullable=False)])
    b = zerorow.Schema([zerorow.field("b", zerorow.string)])
    zerorow.write_file(str(tmp_path / "a.zrow"), [{"a": 1}], a)
    zerorow.write_file(str(tmp_path / "b.zrow"), [{"b": "x"}], b)
    zs.register_data_source(spark)
    with pytest.raises(Exception, match=r"a\.zrow.*b\.zrow"):
        spark.read.format("zerorow_py").load(str(tmp_path)).count()


def test_a_failed_write_leaves_no_file(spark, df, tmp_path):
    """One task fails on purpose: the job aborts and the output directory holds no row file."""
    from pyspark.sql.types import StructType

    def fail_in_partition_1(batches):
        from pyspark import TaskContext

        for b in batches:
            if TaskContext.get().partitionId() == 1:
                raise RuntimeError("task failed on purpose")
            yield b

    out = tmp_path / "out"
    bad = df.mapInArrow(fail_in_partition_1, StructType(df.schema.fields))
    with pytest.raises(Exception, match="task failed on purpose"):
        bad.write.format("zerorow_py").mode("append").save(str(out))
    # tasks killed by the failure clean up after the job's abort: wait for them first
    await_no_running_tasks(spark)
    left = [str(p.relative_to(out)) for p in out.rglob("*")] if out.exists() else []
    assert left == []
    # and the same directory then takes a good write, overwrite replacing it
    df.write.format("zerorow_py").mode("append").save(str(out))
    df.write.format("zerorow_py").mode("overwrite").save(str(out))
    assert sorted(p.name.endswith(".zrow") for p in out.iterdir()) == [True, True]
    assert spark.read.format("zerorow_py").load(str(out)).count() == 600


def await_no_running_tasks(spark, seconds=20.0):
    import time

    tracker = spark.sparkContext.statusTracker()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not tracker.getActiveStageIds():
            return
        time.sleep(0.1)
    raise AssertionError(f"stages still running {seconds} s after the job failed")


def test_a_retried_task_leaves_only_the_committed_files(spark, df, tmp_path):
    """A task fails on its first attempt after handing on part of its rows and succeeds on the
    retry (the session allows one: local[2,2]): one file per partition, each row once, nothing
    of the failed attempt left."""
    from pyspark.sql.types import StructType

    def fail_first_attempt_of_partition_1(batches):
        from pyspark import TaskContext

        ctx = TaskContext.get()
        for b in batches:
            if ctx.partitionId() == 1 and ctx.attemptNumber() == 0:
                yield b.slice(0, len(b) // 2)
                raise RuntimeError("first attempt failed on purpose")
            yield b

    out = tmp_path / "retried"
    flaky = df.mapInArrow(
        fail_first_attempt_of_partition_1, StructType(df.schema.fields)
    )
    flaky.write.format("zerorow_py").mode("append").save(str(out))
    left = sorted(str(p.relative_to(out)) for p in out.rglob("*"))
    assert len(left) == 2 and all(n.endswith(".zrow") for n in left), left
    back = spark.read.format("zerorow_py").load(str(out))
    assert back.count() == 600
    assert back.select("order_id").distinct().count() == 600


def test_both_writers_give_one_schema_whatever_the_session_zone(spark, df, tmp_path):
    """Spark's TimestampType is an instant shown in the reading session's zone: both writers
    tag it "UTC" (SparkSchemas.TIMESTAMP_ZONE), so files written under any session zone share
    one fingerprint, and the instants are the same."""
    expected = zs.struct_to_schema(df.schema)
    assert expected.field("placed").type == zerorow.timestamp("UTC")
    spark.conf.set("spark.sql.session.timeZone", "Europe/Paris")
    try:
        for fmt in FORMATS:
            df.write.format(fmt).mode("append").save(str(tmp_path / fmt))
        back = {
            fmt: spark.read.format(fmt).load(str(tmp_path / fmt)) for fmt in FORMATS
        }
        placed = {
            fmt: sorted(r.placed for r in b.select("placed").collect())
            for fmt, b in back.items()
        }
        raw = spark.read.format("zerorow").option("mode", "raw")
        assert zs.raw_schema(raw.load(str(tmp_path / "zerorow_py"))) == expected
    finally:
        spark.conf.set("spark.sql.session.timeZone", "UTC")
    files = [f for f in tmp_path.rglob("part-*") if f.is_file()]
    assert len(files) == 4, files
    assert {zerorow.open_file(str(f)).schema.fingerprint for f in files} == {
        expected.fingerprint
    }
    want = sorted(r.placed for r in df.select("placed").collect())
    assert placed == {"zerorow": want, "zerorow_py": want}
