"""Row files of two schema versions read with a reader schema (SPEC §13.5), through the
connector's format("zerorow") and the Python data source zerorow_py alike."""

import pytest
import zerorow
import zerorow.spark as zs
from zerorow import field

FORMATS = ["zerorow", "zerorow_py"]

V1 = zerorow.Schema(
    [
        field("id", zerorow.int32, nullable=False),
        field("name", zerorow.string),
        field("score", zerorow.float32),
    ]
)
# Version 2: id and score widened, name renamed to title (an alias), email added.
V2 = zerorow.Schema(
    [
        field("id", zerorow.int64, nullable=False),
        field("title", zerorow.string, aliases=["name"]),
        field("score", zerorow.float64),
        field("email", zerorow.string),
    ]
)
BIG = 10_000_000_000
EXPECTED = [
    (0, "n0", 0.0, None),
    (1, "n1", 0.5, None),
    (2, "n2", 1.0, None),
    (BIG, "t0", 0.25, "e0"),
    (BIG + 1, "t1", 0.25, "e1"),
]


@pytest.fixture(scope="module")
def folder(spark, tmp_path_factory):
    zs.register_data_source(spark)
    d = tmp_path_factory.mktemp("two_versions")
    rows1 = [{"id": i, "name": f"n{i}", "score": i * 0.5} for i in range(3)]
    rows2 = [
        {"id": BIG + i, "title": f"t{i}", "score": 0.25, "email": f"e{i}"}
        for i in range(2)
    ]
    zerorow.write_file(str(d / "a-v1.zrow"), rows1, V1)
    zerorow.write_file(str(d / "b-v2.zrow"), rows2, V2)
    return str(d)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_reader_schema_option_reads_both_versions(spark, folder, fmt):
    df = spark.read.format(fmt).option("zerorowSchema", V2.to_json()).load(folder)
    assert df.columns == ["id", "title", "score", "email"]
    assert sorted(tuple(r) for r in df.collect()) == EXPECTED
    assert [r.title for r in df.where("email IS NULL").orderBy("id").collect()] == [
        "n0",
        "n1",
        "n2",
    ]


@pytest.mark.parametrize("fmt", FORMATS)
def test_raw_rows_have_the_reader_schema_in_python_functions(spark, folder, fmt):
    raw = (
        spark.read.format(fmt)
        .option("mode", "raw")
        .option("zerorowSchema", V2.to_json())
        .load(folder)
    )
    assert zs.raw_schema(raw) == V2
    out = zs.map_rows(
        raw,
        lambda r: {"id": r.id, "title": r.title, "email": r.email},
        "id BIGINT, title STRING, email STRING",
    )
    assert sorted(tuple(r) for r in out.collect()) == [
        (i, t, e) for i, t, _, e in EXPECTED
    ]


@pytest.mark.parametrize("fmt", FORMATS)
def test_sparks_schema_is_the_reader_schema(spark, folder, fmt):
    # a Spark schema has no aliases: version 2's title is not version 1's name
    df = spark.read.format(fmt).schema("id BIGINT, name STRING").load(folder)
    assert sorted(tuple(r) for r in df.collect()) == [
        (0, "n0"),
        (1, "n1"),
        (2, "n2"),
        (BIG, None),
        (BIG + 1, None),
    ]


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_file_the_reader_cannot_read_is_refused_naming_it(spark, folder, fmt):
    with pytest.raises(Exception) as e:
        spark.read.format(fmt).schema("id INT").load(folder).collect()
    text = str(e.value)
    assert "b-v2.zrow" in text and "a-v1.zrow" not in text, text
    assert (
        'schema_mismatch at id: writer type "int64" cannot be read as "int32"' in text
    )


@pytest.mark.parametrize("fmt", FORMATS)
def test_without_a_reader_schema_two_schemas_say_how_to_give_one(spark, folder, fmt):
    with pytest.raises(Exception, match=r"zerorowSchema") as e:
        spark.read.format(fmt).load(folder).collect()
    assert "a-v1.zrow" in str(e.value) and "b-v2.zrow" in str(e.value)


def test_a_bad_reader_schema_option_is_a_clear_error(spark, folder):
    with pytest.raises(Exception, match=r"option zerorowSchema .*not a zerorow schema"):
        spark.read.format("zerorow_py").option("zerorowSchema", "{").load(
            folder
        ).collect()
