"""`configure(env)`: the connector jar, the SQL functions, and the Python the workers use."""

from __future__ import annotations

import os
import pathlib
import site
import sys
from typing import Any

JAR_NAME = "zerorow-flink.jar"
JAR_ENV = "ZEROROW_FLINK_JAR"
# The JVM side's SQL functions (flink-connector): name -> class.
SQL_FUNCTIONS = {
    "zerorow_encode": "io.zerorow.flink.ZerorowEncode",
    "zerorow_decode": "io.zerorow.flink.ZerorowDecode",
}


def jar_path() -> pathlib.Path:
    """The connector jar: $ZEROROW_FLINK_JAR, else the one shipped inside this package (when
    python-row was built asking for it: `make build-flink-python`). FileNotFoundError names
    both places."""
    env = os.environ.get(JAR_ENV)
    if env:
        p = pathlib.Path(env)
        if not p.is_file():
            raise FileNotFoundError(f"{JAR_ENV}={env} is not a file")
        return p.resolve()
    shipped = pathlib.Path(__file__).with_name(JAR_NAME)
    if shipped.is_file():
        return shipped
    raise FileNotFoundError(
        f"no zerorow Flink connector jar: set {JAR_ENV} to its path, or install a zerorow "
        f"that ships it as {shipped} (`make build-flink-python` builds one)"
    )


def configure(env: Any, jar: str | None = None, *, local_python: bool = True) -> Any:
    """Sets up a pyflink `TableEnvironment` or `StreamExecutionEnvironment` for zerorow; returns it.

    - adds the connector jar (`jar`, else `jar_path()`) to `pipeline.jars`, which also loads it
      into the client's class loader;
    - for a TableEnvironment, registers the SQL functions `zerorow_encode(ROW)` -> BYTES and
      `zerorow_decode(BYTES, 'schema json')` -> ROW as temporary functions (once);
    - with `local_python` (the default, for jobs that run on this machine — a MiniCluster, as
      a job started from Python is), makes the Python workers use this interpreter and its
      site-packages, unless `python.executable` / `python.pythonpath` are already set. Thread
      mode needs the latter: PEMJA's embedded interpreter does not see a virtual environment
      otherwise (`No module named 'pemja'`). On a cluster pass `local_python=False` and set
      `python.executable` / `python.archives` as the deployment needs.
    """
    url = pathlib.Path(jar).resolve().as_uri() if jar else jar_path().as_uri()
    if jar and not pathlib.Path(jar).is_file():
        raise FileNotFoundError(f"connector jar {jar} is not a file")
    options = _Options(env)
    options.add_jar(url)
    if local_python:
        options.set_default("python.executable", sys.executable)
        options.set_default("python.pythonpath", os.pathsep.join(_site_packages()))
    if options.is_table_env:
        registered = set(env.list_user_defined_functions())
        for name, cls in SQL_FUNCTIONS.items():
            if name not in registered:
                env.create_java_temporary_function(name, cls)
    return env


def schema_literal(schema: Any) -> str:
    """The SQL string literal of a schema's JSON, for `zerorow_decode(col, <literal>)`."""
    from ._codec import as_schema

    return "'" + as_schema(schema, "schema").to_json().replace("'", "''") + "'"


def _site_packages() -> list:
    paths = list(site.getsitepackages()) if hasattr(site, "getsitepackages") else []
    return [p for p in paths if os.path.isdir(p)]


class _Options:
    """Reads and writes string options of either kind of environment."""

    def __init__(self, env: Any) -> None:
        from pyflink.datastream import StreamExecutionEnvironment
        from pyflink.java_gateway import get_gateway
        from pyflink.table import TableEnvironment

        self.env = env
        self.is_table_env = isinstance(env, TableEnvironment)
        if self.is_table_env:
            self._config = None
        elif isinstance(env, StreamExecutionEnvironment):
            util = get_gateway().jvm.org.apache.flink.python.util.PythonConfigUtil
            self._config = util.getEnvironmentConfig(
                env._j_stream_execution_environment
            )
        else:
            raise TypeError(
                f"configure() takes a pyflink TableEnvironment or StreamExecutionEnvironment, "
                f"not {type(env).__name__}"
            )

    def get(self, key: str) -> str | None:
        if self.is_table_env:
            return self.env.get_config().get(key, None)
        return self._config.getString(key, None)

    def set(self, key: str, value: str) -> None:
        if self.is_table_env:
            self.env.get_config().set(key, value)
        else:
            self._config.setString(key, value)

    def set_default(self, key: str, value: str) -> None:
        if value and not self.get(key):
            self.set(key, value)

    def add_jar(self, url: str) -> None:
        """Appends to pipeline.jars; both pyflink calls also load the jar into the client."""
        from pyflink.common import Configuration

        jars = Configuration.parse_list_value(self.get("pipeline.jars") or "")
        if url in jars:
            return
        if self.is_table_env:
            self.set("pipeline.jars", ";".join(jars + [url]))
        else:
            self.env.add_jars(url)
