"""Every code block of the root README.md is run or checked against the code that runs it:

- a block after `<!-- from PATH -->`: each of its paragraphs is a verbatim excerpt (lines
  stripped) of PATH, a test or a file the test suite builds and runs (SeedExampleTest.java,
  cpp-row/src/readme_test.cc, cpp-row/examples/CMakeLists.txt, and the engines' examples:
  python-row/tests/spark/test_front_readme.py, flink-connector's ReadmeExamplesTest.java);
- python without a marker: executed in order, in one namespace, in a temporary directory;
- sh: `zerorow ...` lines run (after the Python blocks, on the file they wrote), `make X`
  lines name real targets, `pip install ./python-row` installs the package with its script;
- xml: the Maven coordinates are those of the modules' pom.xml files.
A block in any other language, or a java, cpp or cmake block without a marker, fails, so a
new block cannot go unchecked. Relative links must point at files that exist; each cell of
the feature table links the test that shows it.
"""

import functools
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
# (source of an excerpt or "", language, body) of every fenced block
BLOCKS = re.findall(r"(?:<!-- from (\S+) -->\n)?```(\w+)\n(.*?)```", README, re.DOTALL)


def blocks(lang):
    """The blocks of a language that this test runs or checks itself (no marker)."""
    return [body for source, kind, body in BLOCKS if kind == lang and not source]


def excerpts():
    return [(source, kind, body) for source, kind, body in BLOCKS if source]


def test_every_block_has_a_checker():
    kinds = {kind for _, kind, _ in BLOCKS}
    assert kinds <= {"python", "sh", "java", "cpp", "cmake", "xml"}, kinds
    unmarked = {kind for source, kind, _ in BLOCKS if not source}
    assert not unmarked & {"java", "cpp", "cmake"}, unmarked  # only excerpts in those
    sources = {source for source, _, _ in excerpts()}
    # an example per language and per engine
    assert {"python", "java", "cpp"} <= kinds
    assert "java-row/src/test/java/io/zerorow/SeedExampleTest.java" in sources
    assert "cpp-row/src/readme_test.cc" in sources
    assert any(s.startswith("python-row/tests/spark/") for s in sources), sources
    assert any(s.startswith("flink-connector/src/test/") for s in sources), sources


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


@functools.cache
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


@pytest.mark.parametrize("path,lang,block", excerpts(), ids=lambda x: str(x)[:40])
def test_examples_are_excerpts_of_tested_code(path, lang, block):
    source = normalized((ROOT / path).read_text(encoding="utf-8"))
    for paragraph in re.split(r"\n\s*\n", block.strip()):
        lines = normalized(paragraph)
        n = len(lines)
        assert any(source[i : i + n] == lines for i in range(len(source) - n + 1)), (
            f"this README {lang} paragraph is not in {path}:\n{paragraph}"
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


def test_engine_examples_are_the_tests_marked_code():
    """The Spark block is the whole code between its test's README markers."""
    [(path, _, block)] = [e for e in excerpts() if "tests/spark" in e[0]]
    source = (ROOT / path).read_text(encoding="utf-8")
    marked = re.search(
        r"# ---- README.md: Spark ----\n(.*?)\n\s*# ---- end ----", source, re.S
    )
    assert marked, f"no README.md: Spark markers in {path}"
    assert [x for x in normalized(block) if x] == [
        x for x in normalized(marked.group(1)) if x
    ]
    assert "TODO" not in README


def feature_table():
    """(header, rows) of the table of "Against the formats it meets", cells stripped."""
    section = README.split("## Against the formats it meets", 1)[1].split("\n## ", 1)[0]
    lines = [x for x in section.splitlines() if x.startswith("|")]
    rows = [[c.strip() for c in x.strip().strip("|").split("|")] for x in lines]
    assert all(len(r) == len(rows[0]) for r in rows), "a row with a stray |"
    return rows[0], rows[2:]


def test_feature_table_cells_link_the_tests_that_show_them():
    header, rows = feature_table()
    assert header[1:] == [
        "zerorow",
        "Fory row format (fory-format 0.16.0)",
        "Spark `UnsafeRow` (4.2.0)",
        "Flink `RowData` (2.2.0)",
        "Apache Arrow",
    ]
    assert len(rows) >= 7
    for row in rows:
        assert row[1], f"no zerorow cell in {row[0]!r}"
        for name, cell in zip(header[1:], row[1:], strict=True):
            if cell:  # a cell says what a test shows, and links it
                assert re.search(r"\]\([^)]+\)", cell), f"{row[0]!r} / {name}: no link"
    flink = [row[4] for row in rows]
    assert sum(1 for cell in flink if cell) >= 5, flink


def test_spec_version_and_evolution_are_the_specs():
    spec = (ROOT / "format-spec/SPEC.md").read_text(encoding="utf-8")
    version = re.search(r"\*\*Version (\d+\.\d+)\*\*", spec).group(1)
    assert f"(normative, v{version})" in README
    assert "## 13. Schema evolution" in spec
    assert "(format-spec/SPEC.md#13-schema-evolution)" in README
