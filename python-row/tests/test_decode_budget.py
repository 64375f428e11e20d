"""The decode budget (SPEC §6.2): whole-value decoders refuse a row whose references share
bodies before they produce more values than the row has bytes."""

import dataclasses
import os
from typing import List, Optional

import pytest
import zerorow
from conftest import VECTORS

CASE = os.path.join(VECTORS, "invalid", "shared_bodies_amplify")


def _deep_class():
    ann = zerorow.int32
    for _ in range(20):
        ann = List[ann]
    return dataclasses.make_dataclass("Deep", [("deep", Optional[ann])])


ENC = zerorow.encoder(_deep_class())
DATA = open(os.path.join(CASE, "row.bin"), "rb").read()


def test_the_vector_is_the_case_of_the_issue():
    # 100 references to one inner list at each level, 20 lists deep, in ~16 KiB
    assert ENC.schema == zerorow.Schema.from_json(
        open(os.path.join(CASE, "schema.json")).read()
    )
    assert len(DATA) < 16 * 1024
    row = zerorow.BinaryRow(
        ENC.schema, DATA
    )  # legal at bounds: each access is in bounds
    inner = row.deep
    for _ in range(19):
        assert len(inner) in (100, 1)
        inner = inner[99] if len(inner) == 100 else inner
    assert inner[0] == 7


@pytest.mark.parametrize("level", ["bounds", "none"])
@pytest.mark.parametrize(
    "decode",
    [
        lambda row: row.to_dict(),
        lambda row: row.deep.to_list(),
        lambda row: row.deep[3].to_list(),
        lambda row: ENC.from_row(row),
        lambda row: zerorow.RowBatch.from_rows([row]).column("deep"),
    ],
    ids=["to_dict", "to_list", "nested to_list", "from_row", "RowBatch.column"],
)
def test_whole_value_decoders_refuse_shared_bodies(level, decode):
    row = zerorow.BinaryRow(ENC.schema, DATA, level=level)
    # reading views element by element is bounded by the reads asked for
    assert len(list(row.deep[0][0])) == 100
    with pytest.raises(zerorow.InvalidDataError) as e:
        decode(row)
    assert e.value.path.startswith("deep[") and "one per byte" in str(e.value)


@pytest.mark.parametrize("level", ["bounds", "none"])
def test_encoder_decode_refuses_with_the_path(level):
    with pytest.raises(zerorow.InvalidDataError, match=r"at deep\[.*one per byte") as e:
        ENC.decode(DATA, level=level)
    assert e.value.kind == "invalid_data"


def test_full_validation_rejects_it_where_the_vector_says():
    with pytest.raises(zerorow.InvalidDataError) as e:
        ENC.decode(DATA, level="full")
    assert e.value.path == "deep" + "[0]" * 18 + "[1]"


def test_valid_rows_stay_within_the_budget():
    # a valid row holds at most one value per byte: the tightest shapes decode
    @dataclasses.dataclass
    class Tight:
        flags: List[bool]
        small: List[zerorow.int8]
        words: List[str]
        nested: List[List[zerorow.int8]]

    enc = zerorow.encoder(Tight)
    obj = Tight(
        [True] * 1000, [1] * 999, ["", "a", "abcdefgh"] * 50, [[]] * 30 + [[1]] * 5
    )
    row = enc.to_row(obj)
    assert enc.from_row(row) == obj and enc.decode(row.to_bytes()) == obj
    assert row.to_dict()["words"][:3] == ["", "a", "abcdefgh"]
