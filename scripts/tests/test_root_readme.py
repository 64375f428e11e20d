"""Every code block of the root README.md is run or checked against the code that runs it:

- python: executed in order, in one namespace, in a temporary directory;
- sh: `zerorow ...` lines run (after the Python blocks, on the file they wrote), `make X`
  lines name real targets, `pip install ./python-row` installs the package with its script;
- java, cpp, cmake: each paragraph is a verbatim excerpt of a file the test suite builds and
  runs (SeedExampleTest.java, cpp-row/src/readme_test.cc, cpp-row/examples/CMakeLists.txt);
- xml: the Maven coordinates are those of the modules' pom.xml files.
A block in any other language fails, so a new block cannot go unchecked. Relative links
must point at files that exist.
"""

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", README, re.DOTALL)
EXCERPT_SOURCES = {
    "java": ROOT / "java-row/src/test/java/io/zerorow/SeedExampleTest.java",
    "cpp": ROOT / "cpp-row/src/readme_test.cc",
    "cmake": ROOT / "cpp-row/examples/CMakeLists.txt",
}


def blocks(lang):
    return [body for kind, body in BLOCKS if kind == lang]


def test_every_block_has_a_checker():
    kinds = {kind for kind, _ in BLOCKS}
    assert kinds <= {"python", "sh", "java", "cpp", "cmake", "xml"}, kinds
    assert {"python", "java", "cpp"} <= kinds  # an example per language


def test_python_and_command_line_examples_run(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    ns = {"__name__": "readme"}
    for i, block in enumerate(blocks("python")):
        exec(compile(block, f"README.md python block {i + 1}", "exec"), ns)  # noqa: S102 - running the README is the test
    assert "pear web" in capsys.readouterr().out
    assert ns["table"].num_rows == 1000
    script = Path(sys.executable).parent / "zerorow"
    ran = 0
    for line in command_lines():
        if line.startswith("zerorow "):
            argv = [str(script)] + shlex.split(line)[1:]
            done = subprocess.run(argv, capture_output=True, text=True, check=False)
            assert done.returncode == 0, f"{line}\n{done.stdout}\n{done.stderr}"
            assert done.stdout or done.stderr
            ran += 1
    assert ran >= 4 and (tmp_path / "orders.parquet").exists()


def command_lines():
    for block in blocks("sh"):
        for line in block.splitlines():
            line = re.sub(r"\s+#.*$", "", line).strip()
            if line and not line.startswith("#"):
                yield line


def make_targets():
    db = subprocess.run(
        ["make", "-pRrq", "-C", str(ROOT), ":"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    return set(re.findall(r"^([a-zA-Z0-9][\w.-]*):(?!=)", db, re.MULTILINE))


def test_other_shell_lines_name_real_things():
    targets = make_targets()
    lines = [x for x in command_lines() if not x.startswith("zerorow ")]
    assert lines
    for line in lines:
        words = shlex.split(line)
        if words[0] == "make":
            assert words[1] in targets, line
        elif words[:2] == ["pip", "install"]:
            assert words[2] == "./python-row", line
            pyproject = (ROOT / "python-row/pyproject.toml").read_text()
            assert 'zerorow = "zerorow.cli:main"' in pyproject
        else:
            pytest.fail(f"no check for the README line {line!r}")


def normalized(text):
    return [line.strip() for line in text.splitlines()]


@pytest.mark.parametrize("lang", sorted(EXCERPT_SOURCES))
def test_examples_are_excerpts_of_tested_code(lang):
    source = normalized(EXCERPT_SOURCES[lang].read_text())
    found = blocks(lang)
    assert found
    for block in found:
        for paragraph in re.split(r"\n\s*\n", block.strip()):
            lines = normalized(paragraph)
            n = len(lines)
            assert any(
                source[i : i + n] == lines for i in range(len(source) - n + 1)
            ), (
                f"this README {lang} paragraph is not in {EXCERPT_SOURCES[lang].name}:\n{paragraph}"
            )


def test_maven_coordinates_match_the_poms():
    [xml] = blocks("xml")
    deps = re.findall(
        r"<groupId>(.*?)</groupId>\s*<artifactId>(.*?)</artifactId>\s*<version>(.*?)</version>",
        xml,
    )
    assert len(deps) == 3
    poms = {
        "zerorow-java": ROOT / "java-row/pom.xml",
        "zerorow-arrow": ROOT / "java-row/arrow/pom.xml",
        "zerorow-parquet": ROOT / "java-row/parquet/pom.xml",
    }
    for group, artifact, version in deps:
        pom = poms[artifact].read_text()
        assert f"<artifactId>{artifact}</artifactId>" in pom
        parent = re.search(r"<parent>(.*?)</parent>", pom, re.DOTALL).group(1)
        assert (
            f"<groupId>{group}</groupId>" in parent
            and f"<version>{version}</version>" in parent
        )


def test_relative_links_exist():
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README)
    local = [x for x in links if "://" not in x]
    assert len(local) > 20
    missing = [x for x in local if not (ROOT / x).exists()]
    assert not missing, missing


def test_engines_are_pointed_to_not_stubbed():
    assert (
        "Spark and Flink connectors: see `spark-connector/` and `flink-connector/`."
        in README
    )
    assert "TODO" not in README
