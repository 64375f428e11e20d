"""Every C++ example of cpp-row/README.md is code the C++ test suite compiles and runs.

Each ```cpp block sits under a heading `### <Name>`: it must contain, line by line (leading
and trailing blanks ignored), the lines between `// --- README "<Name>"` and `// ---` in
cpp-row/src/readme_test.cc, cpp-row/src/arrow/row_file_test.cc or
cpp-row/src/arrow/row_file_set_test.cc, and each of its
paragraphs must be a verbatim excerpt of those files (the struct encoder's declarations
sit outside the marked block). The ```json block of "Schema JSON" must be the JSON text
that block of readme_test.cc parses. The ```cmake block is a verbatim excerpt of
cpp-row/examples/subdirectory/CMakeLists.txt (`make test-cpp-example` builds and runs it). In
the ```sh blocks, `make X` names a real target, `build/dev/<tool>` / `<tool>` a program the
CMake files build (in the dev preset's folder), `<tool> <command> <args>` a usage line of the
tool, and relative paths exist. A README block in another language, or a shell line of
another kind, fails, so a new example cannot go unchecked.
"""

import json
import re
import shlex
from pathlib import Path

import pytest
from test_root_readme import make_targets

ROOT = Path(__file__).resolve().parents[2]
CPP = ROOT / "cpp-row"
README = (CPP / "README.md").read_text(encoding="utf-8")
SOURCES = [
    ROOT / "cpp-row/src/readme_test.cc",
    ROOT / "cpp-row/src/arrow/row_file_test.cc",
    ROOT / "cpp-row/src/arrow/row_file_set_test.cc",
]


def normalized(text):
    return [line.strip() for line in text.strip().splitlines()]


def readme_blocks(lang):
    """(heading, body) of every ```lang block, heading = the nearest `### ` above it."""
    out = []
    for m in re.finditer(rf"```{lang}\n(.*?)```", README, re.DOTALL):
        headings = re.findall(r"^### (.+)$", README[: m.start()], re.MULTILINE)
        out.append((headings[-1].strip() if headings else "", m.group(1)))
    return out


def marked_blocks():
    """name -> lines of each `// --- README "name"` ... `// ---` block of the sources."""
    found = {}
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(
            r'// --- README "([^"]+)"\n(.*?)\n\s*// ---\n', text, re.DOTALL
        ):
            found[m.group(1)] = normalized(m.group(2))
    return found


def test_the_sources_hold_the_blocks():
    assert {
        "Reading",
        "Writing",
        "Arrow",
        "Struct encoder",
        "Row files",
        "Directories of row files",
        "Schema JSON",
    } <= set(marked_blocks())


@pytest.mark.parametrize(
    "heading,body", readme_blocks("cpp"), ids=lambda x: x if isinstance(x, str) else ""
)
def test_cpp_blocks_are_the_tested_code(heading, body):
    blocks = marked_blocks()
    assert heading in blocks, (
        f'no `// --- README "{heading}"` block in {[p.name for p in SOURCES]}'
    )
    lines = normalized(body)
    n = len(blocks[heading])
    assert any(
        lines[i : i + n] == blocks[heading] for i in range(len(lines) - n + 1)
    ), (
        f"README block under '### {heading}' does not show the tested block:\n"
        + "\n".join(blocks[heading])
    )
    sources = [normalized(p.read_text(encoding="utf-8")) for p in SOURCES]
    for paragraph in re.split(r"\n\s*\n", body.strip()):
        para = normalized(paragraph)
        assert any(
            src[i : i + len(para)] == para
            for src in sources
            for i in range(len(src) - len(para) + 1)
        ), (
            f"this README paragraph under '### {heading}' is in no tested file:\n{paragraph}"
        )


def test_schema_json_block_is_the_parsed_text():
    (heading, body), *rest = readme_blocks("json")
    assert heading == "Schema JSON" and not rest
    tested = "\n".join(marked_blocks()["Schema JSON"])
    raw = re.search(r'R"\((.*?)\)"', tested, re.DOTALL).group(1)
    assert normalized(body) == normalized(raw)


def test_every_block_has_a_checker():
    kinds = set(re.findall(r"^```(\w+)$", README, re.MULTILINE))
    assert kinds == {"sh", "cmake", "cpp", "json"}, kinds


def test_cmake_block_is_the_subdirectory_example():
    source = normalized((CPP / "examples/subdirectory/CMakeLists.txt").read_text())
    [block] = [body for _, body in readme_blocks("cmake")]
    lines = normalized(block)
    assert any(
        source[i : i + len(lines)] == lines for i in range(len(source) - len(lines) + 1)
    ), (
        f"the README's cmake block is not in examples/subdirectory/CMakeLists.txt:\n{block}"
    )
    runner = (CPP / "examples/build_and_run.sh").read_text()
    assert (
        '"$here/subdirectory"' in runner
        and "test-cpp-example" in (CPP / "part.mk").read_text()
    )


def cmake_programs():
    """Executables the CMake files of cpp-row define."""
    text = "".join(
        p.read_text() for p in CPP.glob("**/CMakeLists.txt") if "build" not in p.parts
    )
    text += "".join(p.read_text() for p in (CPP / "cmake").glob("*.cmake"))
    return set(re.findall(r"add_executable\((\w+)", text))


def usage_lines(tool):
    """`<tool> <command> <args>` lines of the tool's usage text (tools/<tool>.cc)."""
    source = (CPP / "tools" / f"{tool}.cc").read_text()
    return {
        " ".join(m.split())
        for m in re.findall(rf'"(?:usage: |\s*)({tool} [^"\\]*)\\n"', source)
    }


def shell_lines():
    for _, block in readme_blocks("sh"):
        for line in block.splitlines():
            line = re.sub(r"\s+#.*$", "", line).strip()
            if line and not line.startswith("#"):
                yield line


def test_shell_lines_name_real_things():
    targets, programs = make_targets(), cmake_programs()
    presets = json.loads((CPP / "CMakePresets.json").read_text())
    [dev] = [p for p in presets["configurePresets"] if p["name"] == "dev"]
    dev_dir = dev["binaryDir"].replace("${sourceDir}/", "")
    lines = list(shell_lines())
    assert len(lines) >= 8
    for line in lines:
        words = shlex.split(line)
        if words[0] == "make":
            assert words[1] in targets, line
            continue
        folder, _, tool = words[0].rpartition("/")
        assert tool in programs, f"{line}: no add_executable({tool}) in cpp-row"
        assert folder in ("", dev_dir), line
        args = words[1:]
        if any(a.startswith("<") for a in args):  # a usage line: the tool's own
            assert " ".join(words) in usage_lines(tool), (
                f"{line} is not in {tool}'s usage"
            )
            continue
        for a in args:
            if a.startswith("../"):
                assert (CPP / a).exists(), f"{line}: {a} does not exist"
        if usage_lines(tool):  # a command: its name and arity are in the usage
            shapes = [u.split()[1:] for u in usage_lines(tool)]
            assert any(s[0] == args[0] and len(s) == len(args) for s in shapes), line
