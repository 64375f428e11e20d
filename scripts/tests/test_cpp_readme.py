"""Every C++ example of cpp-row/README.md is code the C++ test suite compiles and runs.

Each ```cpp block sits under a heading `### <Name>`: it must contain, line by line (leading
and trailing blanks ignored), the lines between `// --- README "<Name>"` and `// ---` in
cpp-row/src/readme_test.cc, cpp-row/src/arrow/row_file_test.cc or
cpp-row/src/arrow/row_file_set_test.cc, and each of its
paragraphs must be a verbatim excerpt of those files (the struct encoder's declarations
sit outside the marked block). The ```json block of "Schema JSON" must be the JSON text
that block of readme_test.cc parses. A README block with no such counterpart fails, so a
new example cannot go unchecked.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "cpp-row/README.md").read_text(encoding="utf-8")
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


def tested_blocks():
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
    } <= set(tested_blocks())


@pytest.mark.parametrize(
    "heading,body", readme_blocks("cpp"), ids=lambda x: x if isinstance(x, str) else ""
)
def test_cpp_blocks_are_the_tested_code(heading, body):
    blocks = tested_blocks()
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
    tested = "\n".join(tested_blocks()["Schema JSON"])
    raw = re.search(r'R"\((.*?)\)"', tested, re.DOTALL).group(1)
    assert normalized(body) == normalized(raw)
