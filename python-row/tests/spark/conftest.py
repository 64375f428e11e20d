"""One SparkSession for the whole test session: local[2,2], UI off, 127.0.0.1, with the
connector jar the package ships (`make build-spark-python` puts it there). Tests of the
Python-side path run on the same session with use_jar=False; a session without the jar, the
Connect server and pyspark 3.5.9 run in subprocesses (a process holds one SparkContext)."""

import os
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
# Functions defined in these test modules are pickled by reference: the Python workers that
# Spark starts must import them too.
HERE = os.path.dirname(os.path.abspath(__file__))
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (HERE, os.environ.get("PYTHONPATH")) if p
)

SPARK_CONF = {
    "spark.ui.enabled": "false",
    "spark.ui.showConsoleProgress": "false",
    "spark.sql.shuffle.partitions": "2",
    "spark.driver.bindAddress": "127.0.0.1",
    "spark.driver.host": "127.0.0.1",
    "spark.sql.session.timeZone": "UTC",
    # tables (test_source) under a temporary folder, not python-row/spark-warehouse
    "spark.sql.warehouse.dir": tempfile.mkdtemp(prefix="zerorow-warehouse-"),
}


def local_builder(master="local[2,2]"):
    """local[2,2]: 2 threads, and a failed task is retried once, as on a cluster (the retried
    write of test_files)."""
    from pyspark.sql import SparkSession

    b = SparkSession.builder.master(master)
    for k, v in SPARK_CONF.items():
        b = b.config(k, v)
    return b


@pytest.fixture(scope="session")
def spark():
    import zerorow.spark as zs

    session = zs.configure(local_builder()).getOrCreate()
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(scope="session")
def java_classpath():
    """zerorow-arrow-testing (RowFileCat) and its runtime deps, zerorow-arrow and zerorow-java
    among them (`make build-java-demo`)."""
    testing = os.path.join(ROOT, "java-row", "arrow", "testing", "target")
    with open(os.path.join(testing, "demo-classpath.txt")) as f:
        deps = f.read().strip()
    return os.pathsep.join([os.path.join(testing, "classes"), deps])


def run_python(
    code: str, python: str = sys.executable, timeout: int = 300, env=None
) -> str:
    """Runs `code` in a fresh interpreter; returns stdout, fails the test with stderr."""
    e = dict(os.environ, PYSPARK_PYTHON=python, PYSPARK_DRIVER_PYTHON=python)
    e.update(env or {})
    p = subprocess.run(
        [python, "-c", code],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=e,
        check=False,
    )
    if p.returncode != 0:
        # The Python error is near the start of a failed job's stderr, the JVM's trace after it.
        causes = [
            ln for ln in p.stderr.splitlines() if "Error" in ln or "Exception:" in ln
        ]
        pytest.fail(
            f"subprocess failed ({p.returncode}):\n{p.stdout[-3000:]}\n"
            + "\n".join(causes[:20])
            + f"\n...\n{p.stderr[-3000:]}"
        )
    return p.stdout
