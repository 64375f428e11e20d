"""Where the connector jar is, how a session gets it, and whether a session has it."""

from __future__ import annotations

import os
from pathlib import Path

EXTENSION = "io.zerorow.spark.ZerorowExtensions"
#: Maven coordinates for clusters (`spark.jars.packages`), per Scala binary.
MAVEN_COORDINATES = {
    "2.13": "io.zerorow:zerorow-spark_2.13:0.2.0",  # Spark 4.x
    "2.12": "io.zerorow:zerorow-spark_2.12:0.2.0",  # Spark 3.5
}
_PACKAGE_JARS = Path(__file__).parent / "jars"


def jar_path(scala: str | None = None) -> str | None:
    """The connector jar: `ZEROROW_SPARK_JAR`, else the one shipped in this package for the
    installed pyspark's Scala binary (2.13 for Spark 4, 2.12 for Spark 3.5), else None."""
    env = os.environ.get("ZEROROW_SPARK_JAR")
    if env:
        if not os.path.isfile(env):
            raise FileNotFoundError(f"ZEROROW_SPARK_JAR={env} is not a file")
        return env
    jar = _PACKAGE_JARS / f"zerorow-spark_{scala or _scala_binary()}.jar"
    return str(jar) if jar.is_file() else None


def _scala_binary() -> str:
    import pyspark

    return "2.12" if pyspark.__version__.startswith("3.") else "2.13"


def configure(builder, jar: str | None = None):
    """Adds the connector jar and `spark.sql.extensions` to a SparkSession.Builder; returns it.

    Composes with what the builder already has, as delta-spark's set-up does: the jar is
    appended to `spark.jars` (comma-separated) and the extension to `spark.sql.extensions`,
    after the values set before (another extension keeps running first); an entry already
    there is not added twice. `spark.jars.packages` is kept as it is (a jar needs no package).

    Raises FileNotFoundError when no jar is found (use the Python-side path without it: then
    do not call configure)."""
    jar = jar or jar_path()
    if jar is None:
        raise FileNotFoundError(
            "no zerorow connector jar: set ZEROROW_SPARK_JAR or install a zerorow that ships it "
            "(`make build-spark-python` builds one; without the jar, zerorow.spark works on the "
            "Python side)"
        )
    options = _builder_options(builder)
    return builder.config("spark.jars", _append(options.get("spark.jars"), jar)).config(
        "spark.sql.extensions", _append(options.get("spark.sql.extensions"), EXTENSION)
    )


def _builder_options(builder) -> dict:
    """The options set on a SparkSession.Builder so far (classic and Connect builders keep
    them in `_options`), else those of the active SparkConf."""
    opts = getattr(builder, "_options", None)
    return dict(opts) if isinstance(opts, dict) else {}


def _append(current: str | None, item: str) -> str:
    """`item` after the comma-separated entries of `current`, unless it is one of them."""
    entries = [e.strip() for e in (current or "").split(",") if e.strip()]
    if item not in entries:
        entries.append(item)
    return ",".join(entries)


def has_functions(spark) -> bool:
    """True when the session knows zerorow_encode / zerorow_decode (the jar path)."""
    cache = _cache(spark)
    if "jar" not in cache:
        try:
            cache["jar"] = bool(spark.catalog.functionExists("zerorow_decode"))
        except Exception:  # noqa: BLE001 - a Connect server or catalog that cannot answer: no jar path
            cache["jar"] = False
    return cache["jar"]


def session_path(spark) -> str:
    """ "jar" when the session runs the connector's SQL functions, else "python" (rows are
    built from Arrow columns on the Python side)."""
    return "jar" if has_functions(spark) else "python"


_CACHES: dict = {}


def _cache(spark) -> dict:
    return _CACHES.setdefault(id(spark), {})
