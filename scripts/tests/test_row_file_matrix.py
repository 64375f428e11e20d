"""SPEC §5.1, §5.2: each writer x each reader x {none, lz4, zstd} x {checksum, none}.

Every language's row file tool (one interface: `copy IN OUT --compression C
[--no-checksum]`, `rows IN [--recover] [--level L]` printing each row's bytes as hex, errors
exit 2 with `<error_kind>: <message>`) copies the golden file format-spec/vectors/files/good
with each option set, and every tool reads the copy back: the rows must be expected.json's.
The cut and damaged vectors are read by every reader too (truncated / invalid_data, and the
rows recovery returns).

The tools: python-row/testing/zerorow_testing/rowfile_tool.py, cpp-row's
zerorow_rowfile_tool (make build-cpp), and Java's from the environment variable
ZEROROW_JAVA_ROWFILE_TOOL (a shell command prefix; unset fails the Java cases).
"""

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = ROOT / "format-spec" / "vectors" / "files"
GOOD = json.loads((FILES / "good" / "expected.json").read_text())


def _tool(lang: str) -> list[str]:
    if lang == "python":
        return [
            sys.executable,
            str(ROOT / "python-row/testing/zerorow_testing/rowfile_tool.py"),
        ]
    if lang == "cpp":
        exe = ROOT / "cpp-row/build/dev/zerorow_rowfile_tool"
        assert exe.is_file(), f"{exe} is missing: run `make build-cpp`"
        return [str(exe)]
    command = os.environ.get("ZEROROW_JAVA_ROWFILE_TOOL")
    assert command, (
        "ZEROROW_JAVA_ROWFILE_TOOL is not set (the Java row file tool's command)"
    )
    return shlex.split(command)


class _JavaSession:
    """The Java tool's commands in one JVM (`RowFileTool session`: a tab-separated command per
    line in, `<code> <stdout bytes> <stderr bytes>` and those bytes out), since a JVM start per
    command cost more than the matrix's reads."""

    def __init__(self) -> None:
        self.process: subprocess.Popen | None = None

    def run(self, args: list[str]) -> subprocess.CompletedProcess:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                _tool("java") + ["session"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
            )
        assert all("\t" not in a and "\n" not in a for a in args), args
        self.process.stdin.write(("\t".join(args) + "\n").encode())
        self.process.stdin.flush()
        header = self.process.stdout.readline().decode()
        assert header, f"the Java tool's session ended (exit {self.process.wait(60)})"
        code, n_out, n_err = (int(x) for x in header.split())
        out = self.process.stdout.read(n_out).decode()
        err = self.process.stdout.read(n_err).decode()
        return subprocess.CompletedProcess(args, code, out, err)

    def close(self) -> None:
        if self.process is not None:
            self.process.stdin.close()
            assert self.process.wait(60) == 0


_JAVA = _JavaSession()


@pytest.fixture(scope="module", autouse=True)
def _java_session():
    yield
    _JAVA.close()


def _run(lang: str, *args: str) -> subprocess.CompletedProcess:
    if lang == "java":
        return _JAVA.run([str(a) for a in args])
    return subprocess.run(
        _tool(lang) + [str(a) for a in args],
        capture_output=True,
        text=True,
        timeout=300,
    )


LANGS = ["python", "cpp", "java"]
OPTIONS = [(c, k) for c in ("none", "lz4", "zstd") for k in (True, False)]


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    """The golden file copied by each writer with each option set: {(lang, c, k): path}."""
    out = {}
    d = tmp_path_factory.mktemp("matrix")
    for lang in LANGS:
        for compression, checksum in OPTIONS:
            path = d / f"{lang}-{compression}-{int(checksum)}.zrow"
            args = [
                "copy",
                FILES / "good" / "file.zrow",
                path,
                "--compression",
                compression,
            ]
            out[(lang, compression, checksum)] = (
                path,
                args + ([] if checksum else ["--no-checksum"]),
            )
    return out


@pytest.mark.parametrize("reader", LANGS)
@pytest.mark.parametrize("compression,checksum", OPTIONS)
@pytest.mark.parametrize("writer", LANGS)
def test_each_writer_each_reader(copies, writer, reader, compression, checksum):
    path, args = copies[(writer, compression, checksum)]
    if not path.exists():
        done = _run(writer, *args)
        assert done.returncode == 0, f"{writer} copy: {done.stderr}"
    for level in ("bounds", "none"):
        got = _run(reader, "rows", path, "--level", level)
        assert got.returncode == 0, f"{reader} rows: {got.stderr}"
        assert got.stdout.split() == GOOD["row_hex"]
    # the file says what it is: read its options back through Python's reader
    import zerorow

    with zerorow.open_file(path) as f:
        assert (f.files[0].compression, f.files[0].checksum) == (compression, checksum)
        assert f.files[0].num_batches == len(GOOD["batches"])


@pytest.mark.parametrize("reader", LANGS)
@pytest.mark.parametrize(
    "case", ["flipped_value", "cut_mid_batch", "footer_missing", "damaged_footer"]
)
def test_each_reader_refuses_damage_alike(reader, case):
    exp = json.loads((FILES / case / "expected.json").read_text())
    path = FILES / case / "file.zrow"
    got = _run(reader, "rows", path)
    assert got.returncode == 2, got.stdout
    assert got.stderr.startswith(exp["error"] + ": "), got.stderr
    if "recovered" in exp:
        rec = _run(reader, "rows", path, "--recover")
        assert rec.returncode == 0, rec.stderr
        assert rec.stdout.split() == exp["recovered"]["row_hex"]
    else:
        assert (
            exp["crc32c_stored"] in got.stderr and exp["crc32c_computed"] in got.stderr
        )
        unchecked = _run(reader, "rows", path, "--level", "none")
        assert unchecked.stdout.split() == exp["row_hex_at_level_none"]
