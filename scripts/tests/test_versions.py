"""The project has one version number (SPEC §1.1): Maven, Python and CMake agree."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _one(pattern: str, path: str) -> str:
    m = re.search(pattern, (ROOT / path).read_text(encoding="utf-8"), re.M)
    assert m, f"no version in {path}"
    return m.group(1)


def test_maven_python_and_cmake_share_one_version():
    maven = _one(r"^  <version>([^<]+)</version>", "pom.xml")
    python = _one(r'^version = "([^"]+)"', "python-row/pyproject.toml")
    package = _one(r'^__version__ = "([^"]+)"', "python-row/src/zerorow/__init__.py")
    cmake = _one(r"project\(zerorow VERSION ([0-9.]+)", "cpp-row/CMakeLists.txt")
    assert maven == python == package == cmake, (maven, python, package, cmake)


def test_every_maven_module_inherits_that_version():
    maven = _one(r"^  <version>([^<]+)</version>", "pom.xml")
    for pom in ROOT.glob("**/pom.xml"):
        if (
            any(
                p in ("target", "build") or p.startswith(".")
                for p in pom.relative_to(ROOT).parts
            )
            or pom.parent == ROOT
        ):
            continue
        text = pom.read_text(encoding="utf-8")
        if "<parent>" not in text:
            # A consumer project (java-row/examples): it depends on the released modules.
            used = re.findall(
                r"<groupId>io\.zerorow</groupId>\s*<artifactId>[^<]+</artifactId>\s*"
                r"<version>([^<]+)</version>",
                text,
            )
            assert used and set(used) == {maven}, f"{pom} depends on zerorow {used}"
            continue
        parent = re.search(r"<parent>.*?<version>([^<]+)</version>", text, re.S)
        assert parent and parent.group(1) == maven, f"{pom} has parent version {parent}"
