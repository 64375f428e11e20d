"""The harness expects every check of SPEC §8 and §13.6 from every runner: invalid/ and
evolution/ are not golden cases, and a check a runner does not report fails."""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run_vectors  # noqa: E402


def _vectors(tmp_path):
    for d in (
        "golden_a",
        "invalid/bad_b",
        "evolution/evolve_c",
        "evolution/evolve_d",
        "files/cut_e",
    ):
        (tmp_path / d).mkdir(parents=True)
    (tmp_path / "README.md").write_text("not a case")
    return tmp_path


def test_expected_checks_per_folder(tmp_path):
    assert run_vectors.expected_checks(str(_vectors(tmp_path))) == [
        ("read", "golden_a"),
        ("write", "golden_a"),
        ("reject", "bad_b"),
        ("resolve", "evolve_c"),
        ("resolve", "evolve_d"),
        ("file", "cut_e"),
    ]


def _run(vectors, lines):
    runner = vectors / "runner.py"
    text = "\n".join(lines)
    runner.write_text(f"print({text!r})\n")
    return subprocess.run(
        [
            sys.executable,
            os.path.join(HERE, "run_vectors.py"),
            "--vectors",
            str(vectors),
            f"fake={sys.executable} {runner}",
        ],
        capture_output=True,
        text=True,
    )


def test_every_check_reported_passes(tmp_path):
    vectors = _vectors(tmp_path)
    lines = [
        f"PASS {check} {case}"
        for check, case in run_vectors.expected_checks(str(vectors))
    ]
    proc = _run(vectors, lines)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.splitlines()[-1] == "6 passed, 0 failed"


def test_a_missing_resolve_line_fails(tmp_path):
    vectors = _vectors(tmp_path)
    lines = [
        "PASS read golden_a",
        "PASS write golden_a",
        "PASS reject bad_b",
        "PASS resolve evolve_c",
        "PASS file cut_e",
        # a runner that treats evolution/ as a golden case reports these instead
        "FAIL read evolution: no schema.json",
        "FAIL write evolution: no schema.json",
    ]
    proc = _run(vectors, lines)
    assert proc.returncode == 1
    out = proc.stdout.splitlines()
    assert any(
        "resolve" in line and "evolve_d" in line and "not reported" in line
        for line in out
    )
    assert not any(line.split()[2:3] == ["evolution"] for line in out[:-1])
    assert out[-2:] == ["fake: 5 of 6 checks pass", "5 passed, 1 failed"]


def test_the_readme_command_passes_every_check_of_the_reference():
    """format-spec/README.md's harness command, run as written from the repository root."""
    root = os.path.join(HERE, "..", "..")
    readme = open(os.path.join(HERE, "..", "README.md"), encoding="utf-8").read()
    blocks = [b for b in readme.split("```sh\n")[1:] if "run_vectors.py" in b]
    assert len(blocks) == 1
    command = blocks[0].split("```")[0]
    proc = subprocess.run(
        ["bash", "-c", command], cwd=root, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    summary = proc.stdout.splitlines()[-1]
    passed = int(summary.split()[0])
    vectors = os.path.join(root, "format-spec", "vectors")
    assert passed == len(run_vectors.expected_checks(vectors))
    assert summary.endswith(" 0 failed")
