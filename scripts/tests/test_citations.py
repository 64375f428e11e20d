"""What the code and docs cite can be read by whoever reads them: SPEC sections, files in the
repository, public projects — never an issue tracker's numbers or a document outside the
repository (the design notes the project began from are not part of it)."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    "*.py",
    "*.java",
    "*.scala",
    "*.cc",
    "*.h",
    "*.cpp",
    "*.md",
    "*.mk",
    "Makefile",
    "*.ipynb",
    "*.toml",
    "*.xml",
    "*.txt",
    "*.cmake",
    "*.sh",
]
OUTSIDE = re.compile(r"\b[Ii]ssues? #?[0-9]|\bDESIGN(\.md)?\b")


def citations_of_things_outside(text: str) -> list[tuple[int, str]]:
    return [
        (n, line.strip())
        for n, line in enumerate(text.splitlines(), 1)
        if OUTSIDE.search(line)
    ]


def test_the_pattern_finds_what_it_is_for():
    assert (
        citations_of_things_outside("x = 1  # see issue 12\n// DESIGN §3\nSPEC §5.3")[
            0
        ][0]
        == 1
    )
    assert (
        len(citations_of_things_outside("issues #10.6\n(DESIGN.md §2)\nSPEC §13.4"))
        == 2
    )
    assert citations_of_things_outside("a tissue 3 and SPEC §6.2") == []


def test_no_tracked_file_cites_an_issue_number_or_a_document_outside_the_repository():
    files = subprocess.run(
        ["git", "ls-files", "--", *SOURCES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert len(files) > 500, "git ls-files found too few files to be this repository"
    found = []
    for f in files:
        path = ROOT / f
        if not path.is_file() or path == Path(__file__).resolve():  # its own examples
            continue
        for n, line in citations_of_things_outside(
            path.read_text(encoding="utf-8", errors="replace")
        ):
            found.append(f"{f}:{n}: {line[:120]}")
    assert found == [], "\n".join(found)
