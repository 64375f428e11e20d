#!/usr/bin/env python3
"""Every skip in the test suite is listed, with its reason, in SKIPS.md (run by `make lint`).

A check whose subject is missing must fail, not skip; the few skips a user would agree with
(a platform that lacks a feature, say) are listed in SKIPS.md as `| path | count | reason |`
rows. This script finds every skip marker in the tracked files of every language, prints
the count, and exits 1 when a file's markers and its SKIPS.md row disagree.
"""

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKERS = re.compile(
    r"GTEST_SKIP|pytest\.skip\(|pytest\.mark\.skip|pytest\.importorskip|unittest\.skip"
    r"|@Disabled|assumeTrue\(|assumeFalse\(|Assumptions\.assume"
)
SOURCE_SUFFIXES = {".py", ".cc", ".cpp", ".h", ".java", ".ipynb"}
ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|\s*(\d+)\s*\|\s*(.+?)\s*\|\s*$")


def found_skips() -> Counter:
    files = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    counts = Counter()
    for name in files:
        path = ROOT / name
        if path.suffix not in SOURCE_SUFFIXES or name == "scripts/skips.py":
            continue
        n = len(MARKERS.findall(path.read_text(encoding="utf-8", errors="replace")))
        if n:
            counts[name] = n
    return counts


def listed_skips() -> dict[str, tuple[int, str]]:
    listed = {}
    for line in (ROOT / "SKIPS.md").read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            listed[m.group(1)] = (int(m.group(2)), m.group(3))
    return listed


def main() -> int:
    found, listed = found_skips(), listed_skips()
    problems = []
    for path, n in sorted(found.items()):
        if path not in listed:
            problems.append(f"{path}: {n} skip(s) not listed in SKIPS.md")
        elif listed[path][0] != n:
            problems.append(
                f"{path}: {n} skip(s) found but SKIPS.md lists {listed[path][0]}"
            )
    for path in sorted(set(listed) - set(found)):
        problems.append(f"{path}: listed in SKIPS.md but has no skip any more")
    for p in problems:
        print(f"skips: {p}")
    print(
        f"skips: {sum(found.values())} skip marker(s) in {len(found)} file(s), "
        f"each listed with its reason in SKIPS.md"
        if not problems
        else f"skips: {len(problems)} problem(s)"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
