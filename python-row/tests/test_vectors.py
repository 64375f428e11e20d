"""Every golden vector (SPEC §10): read, write byte for byte, and every invalid case rejected."""

import os

import pytest
from conftest import VECTORS
from zerorow_testing import vectors as runner

CASES = sorted(
    c
    for c in os.listdir(VECTORS)
    if c not in ("invalid", "evolution", "files")
    and os.path.isdir(os.path.join(VECTORS, c))
)
INVALID = sorted(os.listdir(os.path.join(VECTORS, "invalid")))
EVOLUTION = sorted(os.listdir(os.path.join(VECTORS, "evolution")))
FILES = sorted(os.listdir(os.path.join(VECTORS, "files")))


@pytest.mark.parametrize("case", CASES)
def test_read(case):
    assert runner.check_read(os.path.join(VECTORS, case)) is None


@pytest.mark.parametrize("case", CASES)
def test_write(case):
    assert runner.check_write(os.path.join(VECTORS, case)) is None


@pytest.mark.parametrize("case", INVALID)
def test_reject(case):
    assert runner.check_reject(os.path.join(VECTORS, "invalid", case)) is None


@pytest.mark.parametrize("case", EVOLUTION)
def test_resolve(case):
    assert runner.check_resolve(os.path.join(VECTORS, "evolution", case)) is None


def test_evolution_vectors_are_there():
    assert len(EVOLUTION) >= 25  # SPEC §13.6: a missing folder fails, it never skips


def test_runner_cli_prints_one_line_per_check(capsys):
    assert runner.main([VECTORS]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 * len(CASES) + len(INVALID) + len(EVOLUTION) + len(FILES)
    assert all(line.startswith("PASS ") for line in out), [
        x for x in out if not x.startswith("PASS")
    ]
