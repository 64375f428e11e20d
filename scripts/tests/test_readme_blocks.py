"""Every fenced code block of every README.md in the repository is run or checked by a test.

A block is claimed in one of these ways, else this test fails naming it:

1. README-wide: a test that itself checks every block of that README (WHOLE_README);
2. by language: the test that runs or checks that README's blocks of that language (BY_LANGUAGE);
3. a block right after `<!-- from Class.method -->` (or `<!-- from Class -->`): checked here
   as an excerpt, whitespace aside, of `Class.java` under the README's folder (the
   ReadmeExcerptsTest convention of java-row);
4. `sh` blocks: checked here, line by line: `make T` names a target, `mvn -pl M` modules with
   a pom.xml and `-Dtest=` patterns packages that hold tests, `python P` / `.venv/bin/python
   P` a script that exists with the options given, `spark-submit` / `--conf` a jar the build
   makes, a class of the sources, Maven coordinates of a module, `zerorow CMD` a command of
   the installed command line with options it has (their behaviour: python-row's CLI tests);
5. `text` blocks (a folder's layout): every entry names a file or folder beside the README.

An untagged block fails: tag it (`sh`, `text`, ...) so that its checker is known.
"""

import functools
import re
import shlex
import subprocess
from pathlib import Path

import pytest
from test_root_readme import make_targets

ROOT = Path(__file__).resolve().parents[2]

WHOLE_README = {
    "README.md": "scripts/tests/test_root_readme.py",
    "cpp-row/README.md": "scripts/tests/test_cpp_readme.py",
}
BY_LANGUAGE = {
    ("python-row/README.md", "python"): "python-row/tests/test_readme.py",
    (
        "java-row/README.md",
        "java",
    ): "java-row/testing/src/test/java/io/zerorow/tools/ReadmeExcerptsTest.java",
    ("java-row/README.md", "xml"): "java-row/examples/build_and_run.sh",
    (
        "java-row/arrow/README.md",
        "java",
    ): "java-row/arrow/src/test/java/io/zerorow/arrow/ReadmeExcerptsTest.java",
    (
        "spark-connector/README.md",
        "java",
    ): "spark-connector/src/test/java/io/zerorow/spark/ReadmeExamplesTest.java",
    (
        "spark-connector/README.md",
        "sql",
    ): "spark-connector/src/test/java/io/zerorow/spark/ReadmeExamplesTest.java",
    ("spark-connector/README.md", "python"): "python-row/tests/spark/test_readme.py",
    (
        "flink-connector/README.md",
        "java",
    ): "flink-connector/src/test/java/io/zerorow/flink/ReadmeExamplesTest.java",
    (
        "flink-connector/README.md",
        "sql",
    ): "flink-connector/src/test/java/io/zerorow/flink/ReadmeExamplesTest.java",
    (
        "flink-connector/README.md",
        "python",
    ): "python-row/tests/flink/test_readme_flink.py",
    ("flink-connector/README.md", "xml"): "flink-connector/examples/build_and_run.sh",
}
FENCE = re.compile(
    r"^([ \t]*)```(\w*)[^\n]*\n(.*?)^[ \t]*```[ \t]*$", re.MULTILINE | re.DOTALL
)
# a test class (and method) under the README's folder, or a path of another module's test
MARKER = re.compile(r"<!-- from ([\w./-]+?)(?:\.\w+)? -->\s*$")


def readmes():
    listed = subprocess.run(
        ["git", "ls-files", "--", ":(glob)**/README.md"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return sorted(listed)


def blocks(readme):
    """(line, language, body, marker class or None) of each fenced block of a README."""
    text = (ROOT / readme).read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        before = text[: m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        marker = MARKER.search(before)
        body = "\n".join(x[len(m.group(1)) :] for x in m.group(3).splitlines())
        line = text.count("\n", 0, m.start()) + 1
        out.append((line, m.group(2), body, marker.group(1) if marker else None))
    return out


def all_blocks(kind=None):
    found = []
    for readme in readmes():
        if readme in WHOLE_README:
            continue
        for line, lang, body, marker in blocks(readme):
            if kind is None or lang == kind:
                found.append(
                    pytest.param(
                        readme, line, lang, body, marker, id=f"{readme}:{line}"
                    )
                )
    return found


def test_the_repository_has_readmes_with_blocks():
    assert len(readmes()) >= 10
    assert sum(len(blocks(r)) for r in readmes()) >= 60


@pytest.mark.parametrize("readme", sorted(WHOLE_README))
def test_whole_readme_checkers_read_their_readme(readme):
    checker = (ROOT / WHOLE_README[readme]).read_text(encoding="utf-8")
    assert f'"{readme}"' in checker or f'"{Path(readme).name}"' in checker, (
        WHOLE_README[readme]
    )


@pytest.mark.parametrize("readme,line,lang,body,marker", all_blocks())
def test_every_block_has_a_checker(readme, line, lang, body, marker):
    where = f"{readme} line {line}"
    assert lang, (
        f"{where}: an untagged block; tag it (sh, text, ...) so a test checks it"
    )
    if marker or lang in ("sh", "text"):
        return  # checked below, by this file
    checker = BY_LANGUAGE.get((readme, lang))
    assert checker, f"{where}: no test runs or checks this README's {lang} blocks"
    source = (ROOT / checker).read_text(encoding="utf-8")
    folder = str(Path(readme).parent)
    reads_it = "README" in source and (
        folder in source or checker.startswith(folder + "/")
    )
    assert reads_it, f"{checker} does not read {readme}"


@functools.cache
def java_test_classes(folder):
    """Test classes (name -> text) under a README's folder."""
    return {
        p.stem: p.read_text(encoding="utf-8")
        for p in (ROOT / folder).glob("**/src/test/java/**/*.java")
        if "target" not in p.parts
    }


def collapse(text):
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize(
    "readme,line,lang,body,marker", [p for p in all_blocks() if p.values[4]]
)
def test_marked_blocks_are_excerpts_of_their_tests(readme, line, lang, body, marker):
    sources = java_test_classes(str(Path(readme).parent))
    if "/" in marker:  # a path from the repository's root
        path = ROOT / f"{marker}.java"
        assert path.is_file(), f"{readme} line {line}: no file {marker}.java"
        sources = {marker: path.read_text(encoding="utf-8")}
    assert marker in sources, f"{readme} line {line}: no test class {marker}.java"
    assert collapse(body) in collapse(sources[marker]), (
        f"{readme} line {line}: this block is not in {marker}.java:\n{body}"
    )


# ---- sh blocks ----------------------------------------------------------------------------
def command_lines(body):
    """The commands of a shell block: comments dropped, `\\` continuations joined."""
    joined = re.sub(r"\\\n\s*", " ", body)
    for line in joined.splitlines():
        line = re.sub(r"(^|\s)#.*$", "", line).strip()
        if line:
            yield line


@functools.cache
def maven_modules():
    """artifactId -> (groupId, folder) of every module of the Maven build."""
    modules = {}
    for pom in ROOT.glob("**/pom.xml"):
        rel = pom.relative_to(ROOT)
        if any(p in ("target", "build") or p.startswith(".") for p in rel.parts):
            continue
        text = re.sub(r"<parent>.*?</parent>", "", pom.read_text(), flags=re.DOTALL)
        text = re.sub(
            r"<(dependencies|build|dependencyManagement)>.*", "", text, flags=re.DOTALL
        )
        artifact = re.search(r"<artifactId>([^<]+)</artifactId>", text).group(1)
        group = re.search(r"<groupId>([^<]+)</groupId>", pom.read_text()).group(1)
        modules[artifact] = (group, str(rel.parent))
    return modules


def check_mvn(words):
    modules = {folder for _, folder in maven_modules().values()}
    listed = words[words.index("-pl") + 1].split(",")
    for module in listed:
        assert module in modules, f"no Maven module {module}"
    for w in words:
        if w.startswith("-Dtest="):
            for pattern in w.split("=", 1)[1].split(","):
                package = pattern.rstrip("*.").replace(".", "/")
                assert any(
                    list((ROOT / m).glob(f"src/test/java/{package}/*.java"))
                    for m in listed
                ), f"-Dtest {pattern}: no tests in {listed}"


def check_python(words):
    script = ROOT / words[1]
    assert script.is_file(), f"no script {words[1]}"
    source = script.read_text(encoding="utf-8")
    for w in words[2:]:
        if w.startswith("--"):
            assert f'"{w}"' in source, f"{words[1]} has no option {w}"
        elif (
            "=" in w
        ):  # a vector runner, name=command: its command checked the same way
            check_python(shlex.split(w.split("=", 1)[1]))
        else:
            assert (ROOT / w).exists(), f"{w} does not exist"


def check_spark_options(words):
    for i, w in enumerate(words):
        if w == "--jars":
            built = "".join(p.read_text() for p in ROOT.glob("*/part.mk"))
            assert words[i + 1] in built, f"no make target builds {words[i + 1]}"
        if w == "--conf":
            key, value = words[i + 1].split("=", 1)
            if key == "spark.sql.extensions":
                path = value.replace(".", "/") + ".java"
                assert list(ROOT.glob(f"*/src/main/java/{path}")), f"no class {value}"
            elif key == "spark.jars.packages":
                group, artifact, version = value.split(":")
                assert maven_modules()[artifact][0] == group, value
                assert version == "<version>", value
            else:
                pytest.fail(f"no check for --conf {key}")


def check_zerorow(words):
    """`zerorow CMD ...`: a command of the installed command line, with its own options."""
    from zerorow.cli import main

    assert words[1] in main.commands, f"zerorow has no command {words[1]}"
    params = main.commands[words[1]].params
    options = {o for p in params for o in (*p.opts, *p.secondary_opts)}
    for w in words[2:]:
        if w.startswith("-") and w != "-":
            assert w.split("=")[0] in options, f"zerorow {words[1]} has no option {w}"


def check_command(line, targets):
    words = shlex.split(line)
    if words[0] == "make":
        assert words[1] in targets, f"no make target {words[1]}"
    elif words[0] == "mvn":
        check_mvn(words)
    elif words[0] in ("python", ".venv/bin/python"):
        check_python(words)
    elif words[0] in ("spark-submit", "--conf"):
        check_spark_options([w for w in words if w not in ("spark-submit", "...")])
    elif words[0] == "zerorow":
        check_zerorow(words)
    else:
        pytest.fail(f"no check for the command {line!r}")


@pytest.mark.parametrize("readme,line,lang,body,marker", all_blocks("sh"))
def test_shell_lines_name_real_things(readme, line, lang, body, marker):
    targets = make_targets()
    lines = list(command_lines(body))
    assert lines, f"{readme} line {line}: an empty sh block"
    for command in lines:
        try:
            check_command(command, targets)
        except AssertionError as e:
            raise AssertionError(f"{readme} line {line}: {command}\n{e}") from None


# ---- text blocks: a folder's layout -------------------------------------------------------
@pytest.mark.parametrize("readme,line,lang,body,marker", all_blocks("text"))
def test_layout_blocks_name_what_exists(readme, line, lang, body, marker):
    folder = (ROOT / readme).parent
    entries = [x.split()[0] for x in body.splitlines() if x and not x[0].isspace()]
    assert entries, f"{readme} line {line}: an empty layout"
    missing = [e for e in entries if not (folder / e).exists()]
    assert not missing, f"{readme} line {line}: {missing} do not exist in {folder}"


def test_the_checks_fail_on_what_does_not_exist():
    targets = make_targets()
    for line in (
        "make no-such-target",
        "mvn -B -pl java-row/nope -am test",
        "mvn -B -pl java-row -am test -Dtest='io.zerorow.nope.**'",
        "python scripts/nope.py",
        "python scripts/bench_report.py --no-such-option",
        "spark-submit --jars nope.jar",
        "--conf spark.sql.extensions=io.zerorow.spark.Nope",
        "--conf spark.jars.packages=io.zerorow:nope:<version>",
        "curl https://example.com",
    ):
        with pytest.raises((AssertionError, KeyError, pytest.fail.Exception)):
            check_command(line, targets)
