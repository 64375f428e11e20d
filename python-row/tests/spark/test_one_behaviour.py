"""One behaviour on every path (path_cases.py): the jar and the Python side here, in the one
session; Spark Connect with and without the jar, a session without the jar and pyspark 3.5.9
in test_paths' subprocesses."""

from path_cases import cases, expected


def test_the_jar_path(spark, tmp_path):
    assert cases(spark, str(tmp_path)) == expected()


def test_the_python_side_gives_the_same_answers(spark, tmp_path):
    assert cases(spark, str(tmp_path), use_jar=False) == expected(jar=False)
