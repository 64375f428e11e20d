"""PyFlink jobs share one JVM gateway and one TableEnvironment per session (a job costs
seconds; the JVM and the Python workers' start, more).

The jobs need pyflink, which lives in .venv-flink (flink-connector/python.mk), not in the main
.venv: there `make test-python` collects only the modules without jobs. Under
`make test-flink-python` (ZEROROW_FLINK_TESTS=1) a missing pyflink is an error, never a skip.
"""

from __future__ import annotations

import os
import site
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
N = 40  # orders in the Table API jobs
JOB_MODULES = [
    "test_table_jobs.py",
    "test_datastream_jobs.py",
    "test_connector_jar.py",
    "test_readme_flink.py",
    "test_row_files.py",
]

try:
    import pyflink  # noqa: F401

    HAVE_PYFLINK = True
except ImportError:
    if os.environ.get("ZEROROW_FLINK_TESTS"):
        raise
    HAVE_PYFLINK = False

collect_ignore = [] if HAVE_PYFLINK else JOB_MODULES


def _local_python(config) -> None:
    """The workers run this interpreter; PEMJA (thread mode) needs its site-packages named."""
    config.set("python.executable", sys.executable)
    config.set("python.pythonpath", os.pathsep.join(site.getsitepackages()))


@pytest.fixture(scope="session")
def t_env():
    """A batch TableEnvironment, parallelism 1, no restarts (a failing function fails the job
    at once), with this folder shipped to the workers (flink_orders)."""
    from pyflink.table import EnvironmentSettings, TableEnvironment

    env = TableEnvironment.create(EnvironmentSettings.in_batch_mode())
    config = env.get_config()
    config.set("parallelism.default", "1")
    config.set("restart-strategy.type", "none")
    config.set("python.execution-mode", "process")
    _local_python(config)
    env.add_python_file(HERE)
    return env


@pytest.fixture(scope="session")
def stream_env():
    """A batch StreamExecutionEnvironment, parallelism 1, no restarts, set up by
    zerorow.flink.configure (the jar, this interpreter and its site-packages for the workers)."""
    import zerorow.flink as zf
    from pyflink.common import Configuration
    from pyflink.datastream import RuntimeExecutionMode, StreamExecutionEnvironment

    env = StreamExecutionEnvironment.get_execution_environment()
    env.set_parallelism(1)
    env.set_runtime_mode(RuntimeExecutionMode.BATCH)
    conf = Configuration()
    conf.set_string("restart-strategy.type", "none")
    env.configure(conf)
    zf.configure(env)
    env.add_python_file(HERE)
    return env


@pytest.fixture(scope="session")
def orders():
    from flink_orders import make_orders

    return make_orders(N)


@pytest.fixture(scope="session")
def source(t_env, orders):
    """(id, r: the order as a ROW, b: the same order as zerorow bytes); id N is all NULL."""
    from flink_orders import ORDER, as_flink_value, flink_order_type
    from pyflink.table import DataTypes

    rows = [(o.order_id, as_flink_value(o), bytearray(ORDER.encode(o))) for o in orders]
    rows.append((N, None, None))
    schema = DataTypes.ROW(
        [
            DataTypes.FIELD("id", DataTypes.BIGINT()),
            DataTypes.FIELD("r", flink_order_type()),
            DataTypes.FIELD("b", DataTypes.BYTES()),
        ]
    )
    table = t_env.from_elements(rows, schema)
    t_env.create_temporary_view("orders", table)
    return table
