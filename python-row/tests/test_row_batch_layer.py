"""The one batch class and the one row-file layer: RowBatch built from offsets or from
start/end pairs, and zerorow.files's container check, listing and staging protocol."""

from __future__ import annotations

import dataclasses
import os

import numpy as np
import pyarrow as pa
import pytest
import zerorow
import zerorow.files as zf
from zerorow.arrow import RowBatch, binary_array_rows


@dataclasses.dataclass
class Point:
    x: int
    name: str


ENC = zerorow.encoder(Point)
POINTS = [Point(i, f"p{i}") for i in range(5)]


def _rows():
    data, offsets = ENC.encode_many(POINTS)
    return data, np.asarray(offsets, dtype="<i8")


def test_one_class_for_every_layer():
    import zerorow.spark

    assert zerorow.spark.RowBatch is zerorow.RowBatch is RowBatch
    assert zerorow.spark.Column is zerorow.arrow.Column


def test_offsets_and_start_end_pairs_give_the_same_batch():
    data, offs = _rows()
    by_offsets = RowBatch(ENC.schema, data, offs)
    by_pairs = RowBatch(ENC.schema, data, offs[:-1], offs[1:])
    by_keywords = RowBatch(ENC.schema, data, starts=offs[:-1], ends=offs[1:])
    for b in (by_offsets, by_pairs, by_keywords):
        assert [r.x for r in b] == [0, 1, 2, 3, 4]
        assert b.data is data  # rows end to end: no copy
        assert b.starts.tolist() == offs[:-1].tolist()
        assert b.ends.tolist() == offs[1:].tolist()
    assert [r.name for r in by_pairs.rows()] == [p.name for p in POINTS]
    assert RowBatch.from_rows(by_pairs) is by_pairs


def test_start_end_pairs_with_gaps_are_laid_end_to_end():
    data, offs = _rows()
    keep = [0, 2, 4]  # rows 1 and 3 left out: gaps in the buffer
    b = RowBatch(ENC.schema, data, offs[keep], offs[[k + 1 for k in keep]])
    assert [r.x for r in b] == keep
    assert b.offsets[0] == 0 and len(b.data) == int(b.offsets[-1])
    assert ENC.from_arrow(b.to_arrow()) == [POINTS[k] for k in keep]


def test_constructor_misuse_is_a_clear_error():
    data, offs = _rows()
    with pytest.raises(TypeError, match="needs offsets"):
        RowBatch(ENC.schema, data)
    with pytest.raises(TypeError, match="not both"):
        RowBatch(ENC.schema, data, offs, offs[1:], starts=offs[:-1])
    with pytest.raises(ValueError, match="4 starts but 5 ends"):
        RowBatch(ENC.schema, data, offs[:-2], offs[1:])
    with pytest.raises(zerorow.TruncatedError, match=r"start 16, end 8"):
        RowBatch(ENC.schema, data, np.array([16, 0]), np.array([8, 8]))


def test_a_bad_row_is_named_by_its_index_in_the_batch():
    data, offs = _rows()
    cut = RowBatch(ENC.schema, data, offs[:-1], offs[:-1] + 16)  # shorter than a row
    with pytest.raises(zerorow.ZerorowError, match="row 0 of the batch"):
        cut.views()
    with pytest.raises(zerorow.ZerorowError, match="row 3 of the batch"):
        cut[3]


def test_binary_array_rows_leaves_nulls_out_and_keeps_the_buffer():
    data, offs = _rows()
    rows = [bytes(data[offs[k] : offs[k + 1]]) for k in range(5)]
    arr = pa.array([rows[0], None, rows[1], rows[2]], pa.binary()).slice(1)
    buf, offsets = binary_array_rows(arr)
    b = RowBatch.from_arrow_binary(arr, ENC.schema, "full")
    assert [r.x for r in b] == [1, 2] and b.level == "full"
    assert buf.address == arr.buffers()[2].address  # zero-copy over the Arrow buffer
    assert len(offsets) == 3


def test_the_container_check_is_one_function(tmp_path):
    path = tmp_path / "p.zrow"
    zerorow.write_file(str(path), POINTS, ENC.schema)
    with pa.memory_map(str(path)) as src:
        arrow_schema = pa.ipc.open_file(src).schema
    schema, version = zf.check_container(str(path), arrow_schema)
    assert schema == ENC.schema and version.startswith("1")
    other = pa.schema([pa.field("row", pa.int64())])
    with pytest.raises(zerorow.InvalidDataError, match="not a row file"):
        zf.check_container("x.arrow", other)


def test_listing_skips_hidden_names(tmp_path):
    for name in ("b.zrow", "a.zrow", "_SUCCESS", ".a.zrow.crc"):
        zerorow.write_file(str(tmp_path / name), POINTS[:1], ENC.schema)
    (tmp_path / "sub").mkdir()
    zerorow.write_file(str(tmp_path / "sub" / "c.zrow"), POINTS[:1], ENC.schema)
    assert [os.path.basename(p) for p in zf.row_file_paths(tmp_path)] == [
        "a.zrow",
        "b.zrow",
    ]
    fsys, root = zf.filesystem_of(str(tmp_path))
    files, folders = zf.list_row_files(fsys, root)
    assert [os.path.basename(i.path) for i in files] == ["a.zrow", "b.zrow"]
    assert folders == [f"{root}/sub"]
    files, folders = zf.list_row_files(fsys, root, recursive=True)
    assert [os.path.basename(i.path) for i in files] == ["a.zrow", "b.zrow", "c.zrow"]
    assert folders == []


def test_staging_and_commit(tmp_path):
    fsys, root = zf.filesystem_of(str(tmp_path / "out"))
    fsys.create_dir(root)
    zerorow.write_file(f"{root}/old.zrow", POINTS[:1], ENC.schema)
    temp, final = zf.staged_file(root, "w1", "part-0.zrow", 0)
    assert (
        temp.startswith(zf.staging_dir(root, "w1")) and final == f"{root}/part-0.zrow"
    )
    fsys.create_dir(zf.staging_dir(root, "w1"))
    zerorow.write_file(temp, POINTS, ENC.schema)
    assert zf.row_file_paths(root) == [f"{root}/old.zrow"]  # staged files stay hidden
    zf.commit_staged(fsys, root, "w1", [(temp, final)], overwrite=True)
    assert os.listdir(root) == ["part-0.zrow"]  # old file gone, staging folder gone
    assert len(zerorow.open_file(final)) == 5

    # a failed task removes its files; the abort removes the write's folder
    temp2, _ = zf.staged_file(root, "w2", "part-1.zrow", 1)
    fsys.create_dir(zf.staging_dir(root, "w2"))
    zerorow.write_file(temp2, POINTS, ENC.schema)
    zf.discard_staged(fsys, root, "w2", [temp2])
    assert os.listdir(root) == ["part-0.zrow"]
    fsys.create_dir(zf.staging_dir(root, "w3"))
    zf.abort_staged(fsys, root, "w3")
    assert os.listdir(root) == ["part-0.zrow"]
