"""Row file checksums (SPEC §5.1), compression (§5.2) and the file vectors (§10): every
flipped byte of a row is caught, the writers' options, the CLI's."""

import os
import sys

import pyarrow as pa
import pytest
import zerorow
from click.testing import CliRunner
from zerorow import _zerorow
from zerorow.cli import main
from zerorow.files import _batches_ahead, write_batches

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.join(HERE, "..", "..", "format-spec", "vectors", "files")
sys.path.insert(0, os.path.join(HERE, "..", "testing", "zerorow_testing"))
from file_vectors import check_file, row_hex  # noqa: E402

SCHEMA = zerorow.Schema(
    [
        zerorow.field("id", zerorow.int64, nullable=False),
        zerorow.field("name", zerorow.string),
        zerorow.field("score", zerorow.float64),
        zerorow.field("tags", zerorow.list_(zerorow.string)),
    ]
)
ROWS = [
    {"id": i, "name": f"n{i}" * (i % 4), "score": i / 3, "tags": ["a"] * (i % 3)}
    for i in range(40)
]


def test_crc32c_is_cpp_rows_and_gives_the_check_value():
    assert _zerorow.crc32c(b"123456789") == 0xE3069283
    assert _zerorow.crc32c(b"") == 0


@pytest.mark.parametrize("case", sorted(os.listdir(VECTORS)))
def test_file_vectors(case):
    assert check_file(os.path.join(VECTORS, case)) is None


def _written(tmp_path, **kw):
    path = tmp_path / "f.zrow"
    zerorow.write_file(path, ROWS, SCHEMA, **kw)
    return path


@pytest.mark.parametrize("compression", ["none", "lz4", "zstd"])
@pytest.mark.parametrize("checksum", [True, False])
def test_writer_options_round_trip(tmp_path, compression, checksum):
    path = _written(tmp_path, compression=compression, checksum=checksum)
    with zerorow.open_file(path) as f:
        assert (f.files[0].compression, f.files[0].checksum) == (compression, checksum)
        assert [r.id for r in f] == list(range(40))
        assert f[7].name == "n7n7n7"


def test_an_unknown_codec_is_refused_naming_the_supported_ones(tmp_path):
    with pytest.raises(ValueError, match="'brotli': use one of none, lz4, zstd"):
        zerorow.write_file(tmp_path / "f.zrow", ROWS, SCHEMA, compression="brotli")
    assert not os.listdir(tmp_path)


def test_every_flipped_byte_of_a_row_is_caught(tmp_path):
    """The experiment of a flipped byte inside a value, for every byte of row 17: each is
    refused at bounds and full naming the row and both checksums, and read at none."""
    path = _written(tmp_path)
    good = path.read_bytes()
    with zerorow.open_file(path) as f:
        _, row, batch, offset = f.location(17)
        size = len(row_hex(f)[17]) // 2
    for at in range(offset, offset + size):
        bad = bytearray(good)
        bad[at] ^= 0x10
        for level in ("bounds", "full"):
            with pytest.raises(zerorow.InvalidDataError) as e:
                zerorow.open_file(bytes(bad), level=level, name="f.zrow")
            assert (e.value.row, e.value.batch, e.value.offset) == (17, batch, offset)
            assert f"crc32c is 0x{e.value.crc32c_stored:08x}" in str(e.value)
            assert e.value.crc32c_stored != e.value.crc32c_computed
        with zerorow.open_file(bytes(bad), level="none") as f:
            assert len(f) == 40


def test_files_without_checksums_read_unchecked(tmp_path):
    path = _written(tmp_path, checksum=False)
    with zerorow.open_file(path) as f:
        assert f.files[0].checksum is False and len(f) == 40


def _flip_rows(path, rows):
    data = bytearray(path.read_bytes())
    with zerorow.open_file(path) as f:
        for k in rows:
            data[f.location(k)[3] + 8] ^= 0x01  # the low byte of `id`
    path.write_bytes(bytes(data))


def test_cli_validate_lists_every_damaged_row(tmp_path):
    path = _written(tmp_path)
    _flip_rows(path, [3, 29])
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 1
    damaged = [line for line in result.output.splitlines() if "crc32c is" in line]
    assert len(damaged) == 2
    assert "row 3 (batch 0" in damaged[0] and "row 29 (batch 0" in damaged[1]


def test_cli_convert_compresses_and_inspect_shows_it(tmp_path):
    src = _written(tmp_path)
    out = tmp_path / "z.zrow"
    args = ["convert", str(src), str(out), "--compression", "zstd", "--no-checksum"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    with zerorow.open_file(out) as f:
        assert (f.files[0].compression, f.files[0].checksum) == ("zstd", False)
        assert len(f) == 40
    shown = CliRunner().invoke(main, ["inspect", str(out)], terminal_width=200)
    assert shown.exit_code == 0, shown.output
    assert "zstd" in shown.output and "none" in shown.output
    shown = CliRunner().invoke(main, ["inspect", str(src)], terminal_width=200)
    assert "crc32c" in shown.output


def test_the_spark_sources_batch_check_names_the_damaged_row(tmp_path):
    """The Python Spark source reads batches with pyarrow and checks them with
    check_crc_column (SPEC §5.1; tests/spark reads checksummed files through the source itself,
    which needs pyspark, absent from the PyFlink venv that runs these tests too)."""
    import pyarrow as pa
    from zerorow.files import check_crc_column

    path = _written(tmp_path)
    _flip_rows(path, [29])
    reader = pa.ipc.open_file(str(path))
    batch = reader.get_batch(0)
    check_crc_column(
        "f", batch.column(0).slice(0, 29), batch.column(1).slice(0, 29), 0, 0
    )
    with pytest.raises(
        zerorow.InvalidDataError, match=r"row 29 \(batch 0\): .*crc32c is 0x"
    ):
        check_crc_column("f", batch.column(0), batch.column(1), 0, 0)


@pytest.mark.parametrize("compression", ["none", "lz4", "zstd"])
def test_batches_read_ahead_keep_their_order(tmp_path, compression):
    """SPEC §5.2: the batches of a file are read (decompressed) ahead on threads; the rows
    come back in the file's order, each batch's rows where they were written."""
    with zerorow.open_file(_written(tmp_path)) as f:
        (rows,) = f.row_batches()  # one batch of 40 rows
        path = tmp_path / "many.zrow"
        chunks = [rows[i : i + 3] for i in range(0, 40, 3)]  # 14 batches
        write_batches(path, SCHEMA, chunks, compression=compression)
    with zerorow.open_file(path) as f:
        assert f.files[0].num_batches == 14
        assert [r.id for r in f] == list(range(40))
        assert [f.location(k)[2] for k in (0, 2, 3, 39)] == [0, 0, 1, 13]


def test_read_ahead_stops_at_the_first_failing_batch():
    """A batch that fails is the one reported, in file order, whatever batches after it were
    already begun; no batch beyond the read-ahead window is begun."""
    import threading

    begun = []
    lock = threading.Lock()

    def read(i):
        with lock:
            begun.append(i)
        if i in (3, 6):
            raise ValueError(f"batch {i} is damaged")
        return i * 10

    got = list(_batches_ahead(read, 20))
    assert [i for i, _ in got] == [0, 1, 2, 3]
    assert [v for _, v in got[:3]] == [0, 10, 20]
    assert isinstance(got[3][1], ValueError) and "batch 3" in str(got[3][1])
    assert max(begun) <= 3 + max(pa.cpu_count(), 1)
    assert list(_batches_ahead(read, 0)) == []
    assert list(_batches_ahead(lambda i: i, 1)) == [(0, 0)]
