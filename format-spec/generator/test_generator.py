"""The committed vectors are exactly what the generator writes, and the reference
implementation passes every one of them."""

import filecmp
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.join(HERE, "..", "vectors")
sys.path.insert(0, HERE)
import zerorow_vectors  # noqa: E402
from zerorow_ref.schema import FormatError, canonical_json, fingerprint, parse_schema  # noqa: E402


def _tree(root):
    out = set()
    for d, _, files in os.walk(root):
        out |= {os.path.relpath(os.path.join(d, f), root) for f in files}
    return out


def test_generator_reproduces_committed_vectors(tmp_path):
    subprocess.run(
        [
            sys.executable,
            os.path.join(HERE, "zerorow_vectors.py"),
            "--out",
            str(tmp_path),
        ],
        check=True,
    )
    committed = _tree(VECTORS) - {"README.md", "ORACLES.md"}
    assert _tree(tmp_path) == committed
    mismatched = [
        f
        for f in committed
        if not filecmp.cmp(tmp_path / f, os.path.join(VECTORS, f), shallow=False)
    ]
    assert mismatched == [], "run `make vectors` and commit the result"


def test_reference_passes_every_vector():
    lines = zerorow_vectors.check_all(VECTORS)
    assert len(lines) >= 2 * 30 + 15 + 25
    assert [line for line in lines if not line.startswith("PASS")] == []
    evolution = sorted(os.listdir(os.path.join(VECTORS, "evolution")))
    assert [line for line in lines if line.startswith("PASS resolve ")] == [
        f"PASS resolve {name}" for name in evolution
    ]


def test_counts_meet_the_spec():
    valid = [
        d
        for d in os.listdir(VECTORS)
        if d not in ("invalid", "evolution") and os.path.isdir(os.path.join(VECTORS, d))
    ]
    assert len(valid) >= 30
    assert len(os.listdir(os.path.join(VECTORS, "invalid"))) >= 15
    assert len(os.listdir(os.path.join(VECTORS, "evolution"))) >= 25


def test_evolution_cases_hold_exactly_one_outcome():
    """SPEC §13.6: writer.json, reader.json, row.bin, and values.json or expected.json."""
    for name in os.listdir(os.path.join(VECTORS, "evolution")):
        files = set(os.listdir(os.path.join(VECTORS, "evolution", name)))
        common = {"writer.json", "reader.json", "row.bin", "row.annotated.txt"}
        assert files in (common | {"values.json"}, common | {"expected.json"}), name


def _schema_files():
    for d, _, files in os.walk(VECTORS):
        if os.path.basename(os.path.dirname(d)) == "invalid":
            continue  # invalid schemas are written as given
        for f in files:
            if f in ("schema.json", "writer.json", "reader.json"):
                yield os.path.join(d, f)


def test_canonical_json_is_a_fixed_point():
    checked = 0
    for path in _schema_files():
        text = open(path, encoding="utf-8").read().strip()
        try:
            schema = parse_schema(text)
        except FormatError as e:  # only the evolution readers that must be refused
            assert "evolution" in path and e.kind == "invalid_data", path
            continue
        assert canonical_json(schema) == text, path
        checked += 1
    assert checked >= 30 + 2 * 25


def test_reader_accepts_any_json_layout_with_same_fingerprint():
    loose = '{ "fields": [ {"nullable": true, "type": {"type": "int32"}, "name": "a"} ], "type": "struct" }'
    assert (
        canonical_json(parse_schema(loose))
        == '{"type":"struct","fields":[{"name":"a","type":"int32","nullable":true}]}'
    )
    assert fingerprint(parse_schema(loose)) == "{:016x}".format(
        _fnv(
            b'{"type":"struct","fields":[{"name":"a","type":"int32","nullable":true}]}'
        )
    )


def _fnv(data):
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) % 2**64
    return h


@pytest.mark.parametrize(
    "text,kind",
    [
        ("not json", "invalid_data"),
        (
            '{"type":"struct","fields":[{"name":"a","type":"int128","nullable":true}]}',
            "unsupported",
        ),
        ('{"type":"struct","fields":[{"name":"a","type":"int32"}]}', "invalid_data"),
        ('"int32"', "invalid_data"),
    ],
)
def test_bad_schemas_are_typed_errors(text, kind):
    with pytest.raises(FormatError) as e:
        parse_schema(text)
    assert e.value.kind == kind


def test_random_rows_for_the_spark_oracle_are_reproduced():
    """oracle/random_rows.jsonl is what the seeded generator writes (`make vectors`)."""
    from zerorow_ref import random_rows

    with open(zerorow_vectors.RANDOM_ROWS, encoding="utf-8") as f:
        committed = f.read().splitlines()
    assert committed == random_rows.lines(), "run `make vectors` and commit the result"
