"""format("zerorow_py") (no jar) beside format("zerorow") (the jar) and Parquet on the same
data: what a Python data source can do of Spark's file-source behaviour gives the same answer;
what it cannot do is refused by name (spark-connector/README.md, "Row files")."""

import os

import pytest
import zerorow.spark as zs
from zerorow.spark._files import check_options, missing_fields

FORMATS = ("parquet", "zerorow", "zerorow_py")


@pytest.fixture(scope="module")
def data(spark):
    zs.register_data_source(spark)
    return spark.range(0, 600, 1, 3).selectExpr(
        "id", "CAST(id % 3 AS INT) AS p", "concat('s', CAST(id AS STRING)) AS s"
    )


def each(tmp_path, ask):
    """{format: answer} for the three formats, each in its own folder."""
    return {f: ask(f, str(tmp_path / f)) for f in FORMATS}


def same(answers: dict):
    assert len({repr(v) for v in answers.values()}) == 1, answers


def write(df, f, path, mode="overwrite"):
    df.write.format(f).mode(mode).save(path)


def test_sub_folders_globs_and_name_filters(spark, data, tmp_path):
    def ask(f, d):
        write(data.coalesce(1), f, d)
        write(data.coalesce(1), f, d + "/copy")
        write(data.coalesce(1), f, d + "/other/deeper")
        return (
            spark.read.format(f).load(d).count(),  # a folder's own files (Spark's rule)
            spark.read.format(f).load(d + "/*").count(),
            spark.read.format(f).option("recursiveFileLookup", "true").load(d).count(),
            spark.read.format(f)
            .option("recursiveFileLookup", "true")
            .option("pathGlobFilter", "part-00000*")
            .load(d)
            .count(),
        )

    answers = each(tmp_path, ask)
    same(answers)
    assert answers["parquet"] == (600, 1200, 1800, 1800)


def test_modification_times_max_records_and_corrupt_files(spark, data, tmp_path):
    def ask(f, d):
        write(data.coalesce(1), f, d)
        old = spark.read.format(f).schema(data.schema)
        before = old.option("modifiedBefore", "2000-01-01T00:00:00").load(d).count()
        after = (
            spark.read.format(f)
            .option("modifiedAfter", "2000-01-01T00:00:00")
            .load(d)
            .count()
        )
        write(data.coalesce(1), f, d + "-max")
        many = d + "-many"
        data.coalesce(1).write.format(f).mode("overwrite").option(
            "maxRecordsPerFile", "250"
        ).save(many)
        files = [n for n in os.listdir(many) if not n.startswith(("_", "."))]
        with open(os.path.join(d, "junk"), "wb") as junk:
            junk.write(b"neither parquet nor a row file")
        skipped = (
            spark.read.format(f)
            .schema(data.schema)
            .option("ignoreCorruptFiles", "true")
            .load(d)
            .count()
        )
        try:
            spark.read.format(f).schema(data.schema).load(d).count()
            strict = "read"
        except Exception:  # noqa: BLE001 - each engine's own error
            strict = "failed"
        return (
            before,
            after,
            len(files),
            spark.read.format(f).load(many).count(),
            skipped,
            strict,
        )

    same(each(tmp_path, ask))


def test_column_names_resolve_ignoring_case(spark, data, tmp_path):
    def ask(f, d):
        write(data, f, d)
        df = spark.read.format(f).schema("ID BIGINT, S STRING").load(d)
        return sorted(tuple(r) for r in df.where("ID < 4").collect())

    answers = each(tmp_path, ask)
    same(answers)
    assert answers["parquet"][3] == (3, "s3")


def test_partition_folders_and_tables(spark, data, tmp_path):
    """The jar's source discovers partitions and writes tables as Parquet does; zerorow_py
    refuses partition folders by name (partition discovery needs the jar)."""
    for f in ("parquet", "zerorow"):
        d = str(tmp_path / f)
        data.write.format(f).partitionBy("p").save(d)
        back = spark.read.format(f).load(d)
        assert (
            sorted(back.columns) == ["id", "p", "s"]
            and back.where("p = 1").count() == 200
        )
        spark.sql(f"DROP TABLE IF EXISTS py_{f}")
        data.write.format(f).saveAsTable(f"py_{f}")
        spark.sql(f"INSERT INTO py_{f} SELECT * FROM py_{f} WHERE id < 10")
        assert spark.table(f"py_{f}").count() == 610
        spark.sql(f"DROP TABLE py_{f}")
    with pytest.raises(Exception, match="does not discover partition columns"):
        spark.read.format("zerorow_py").load(str(tmp_path / "zerorow")).count()
    n = (
        spark.read.format("zerorow_py")
        .option("recursiveFileLookup", "true")
        .schema("id BIGINT, s STRING")
        .load(str(tmp_path / "zerorow"))
        .count()
    )
    assert n == 600


@pytest.mark.parametrize("fmt", ["zerorow", "zerorow_py"])
def test_unknown_options_and_codecs_are_refused(spark, data, tmp_path, fmt):
    d = str(tmp_path / "d")
    data.write.format(fmt).mode("overwrite").option("compression", "none").save(d)
    with pytest.raises(Exception, match='unknown option "mdoe".*did you mean "mode"'):
        spark.read.format(fmt).option("mdoe", "raw").load(d).count()
    # the jar: 'compression "brotli" is not supported ...', the Python source with a colon
    with pytest.raises(Exception, match='compression:? "brotli" is not supported'):
        data.write.format(fmt).mode("append").option("compression", "brotli").save(d)


def test_the_python_source_writes_compressed_and_checksummed_files(
    spark, data, tmp_path
):
    """SPEC §5.1, §5.2: option compression (lz4, zstd) and checksum (default true)."""
    import zerorow

    want = sorted(tuple(r) for r in data.collect())
    for codec, checksum in (("zstd", "true"), ("lz4", "false")):
        d = str(tmp_path / codec)
        w = data.write.format("zerorow_py").mode("append").option("compression", codec)
        w.option("checksum", checksum).save(d)
        for name in os.listdir(d):
            if name.endswith(".zrow"):
                with zerorow.open_file(os.path.join(d, name)) as f:
                    assert f.files[0].compression == codec
                    assert f.files[0].checksum == (checksum == "true")
        back = spark.read.format("zerorow_py").load(d).collect()
        assert sorted(tuple(r) for r in back) == want
    with pytest.raises(
        ValueError, match="supported codecs are none, uncompressed, lz4, zstd"
    ):
        check_options({"compression": "snappy"})


def test_what_the_python_source_checks_without_spark(tmp_path):
    with pytest.raises(ValueError, match="the options are mode, validation"):
        check_options({"path": "x", "recursiveFilelookup": "true", "modeX": "raw"})
    assert check_options({"RecursiveFileLookup": "true", "fs.s3a.key": "k"}) == {
        "recursivefilelookup": "true",
        "fs.s3a.key": "k",
    }
    import zerorow

    reader = zerorow.Schema([zerorow.field("Carier", zerorow.string)])
    file = zerorow.Schema([zerorow.field("carrier", zerorow.string)])
    (warning,) = missing_fields(reader, [file])
    assert "Carier" in warning and "nearest file field: carrier" in warning
    assert (
        missing_fields(
            zerorow.Schema([zerorow.field("CARRIER", zerorow.string)]), [file]
        )
        == []
    )


def test_ignore_missing_files_in_the_python_reader(tmp_path):
    """A file deleted after the read was planned (the reader of one partition, run here)."""
    from zerorow.spark.datasource import _File, _Reader

    gone = str(tmp_path / "gone.zrow")
    r = _Reader(
        str(tmp_path), [gone], "{}", False, None, {"ignoremissingfiles": "true"}
    )
    assert list(r.read(_File(gone))) == []
    r = _Reader(str(tmp_path), [gone], "{}", False, None, {})
    with pytest.raises(FileNotFoundError):
        list(r.read(_File(gone)))


def test_configure_appends_to_what_the_builder_has():
    from pyspark.sql import SparkSession

    b = SparkSession.Builder()
    b._options = {}  # pyspark keeps a builder's options in one dict shared by every builder
    b = (
        b.config("spark.sql.extensions", "com.example.OtherExtensions")
        .config("spark.jars", "/opt/other.jar")
        .config("spark.jars.packages", "com.example:other_2.13:1.0")
    )
    zs.configure(b, jar="/opt/zerorow.jar")
    zs.configure(b, jar="/opt/zerorow.jar")  # twice: nothing added twice
    assert b._options["spark.sql.extensions"] == (
        "com.example.OtherExtensions,io.zerorow.spark.ZerorowExtensions"
    )
    assert b._options["spark.jars"] == "/opt/other.jar,/opt/zerorow.jar"
    assert b._options["spark.jars.packages"] == "com.example:other_2.13:1.0"
