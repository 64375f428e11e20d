"""SPEC §1.1's table of names against the code: every name it gives for a language exists in
that language's public code, so the table and the libraries cannot drift apart quietly.

Python is checked by introspection of the installed package (the module, its public classes
and the submodules the table names); Java and C++ by the identifiers of their public sources
(java-row's and java-row/arrow's main sources, cpp-row's headers), comments removed. A name in
the table is what a cell puts in backticks, its arguments dropped: `Validator.validate(schema,
bytes, level)` asks for `Validator` and `validate`; an instance in front (`row.validate`,
`resolution.View`) is not a name; a standard-library name (`java.util.UUID`, `std::array`,
`uuid.UUID`, `len`) is not the library's.
"""

from __future__ import annotations

import builtins
import importlib
import inspect
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPEC = ROOT / "format-spec" / "SPEC.md"
LANGUAGES = ("java", "cpp", "python")

# Where Java's shipped classes are; the packages of a qualified name (`io.zerorow.row.Row`) are
# checked by test_java_qualified_names_name_their_package, not as identifiers.
JAVA_SOURCES = (
    "java-row/src/main/java",
    "java-row/arrow/src/main/java",
    "java-row/parquet/src/main/java",
)

# Words in cells that are types of the host language or template parameters, not API names.
# The engines' own types a cell compares with (Spark's InternalRow, Flink's RowData) and the
# spec's type words (`null`) are not the library's names either.
NOT_NAMES = {
    "java": {"long", "int", "io", "zerorow", "arrow", "InternalRow", "RowData"},
    "cpp": {"uint64_t", "uint8_t", "T", "zerorow", "arrow_io"},
    "python": {"zerorow", "null"},
}
STDLIB_PREFIXES = ("java.", "std::", "uuid.")


def spec_table() -> list[tuple[str, dict[str, str]]]:
    """(concept, {language: cell}) for every row of SPEC §1.1's table."""
    text = SPEC.read_text(encoding="utf-8")
    start = text.index("### 1.1 Names in each language")
    end = text.index("\n## ", start)
    rows = []
    for line in text[start:end].splitlines():
        if (
            not line.startswith("| ")
            or line.startswith("| concept")
            or set(line) <= set("|- ")
        ):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        assert len(cells) == 4, f"SPEC §1.1: a row without 4 cells: {line}"
        rows.append((cells[0], dict(zip(LANGUAGES, cells[1:], strict=True))))
    return rows


def names_in(cell: str, language: str) -> set[str]:
    """The API names a cell gives (see the module doc)."""
    out: set[str] = set()
    for snippet in re.findall(r"`([^`]+)`", cell):
        if (
            snippet.startswith(("…", '"'))
            or "[" in snippet
            or snippet.startswith(STDLIB_PREFIXES)
        ):
            continue
        # Arguments and template arguments are not names: drop them, innermost first.
        bare = snippet
        for pattern in (r"\([^()]*\)", r"<[^<>]*>"):
            while re.search(pattern, bare):
                bare = re.sub(pattern, "", bare)
        parts = re.split(r"\.|::", bare.split()[-1])
        if parts[:2] == ["io", "zerorow"]:
            parts = [p for p in parts[2:] if not p.islower()]
        # `row.validate`, `resolution.View`: a lower-case first part is an instance or a module.
        if (
            len(parts) > 1
            and parts[0][:1].islower()
            and parts[0] not in {"zerorow", "io"}
        ):
            parts = parts[1:]
        for part in parts:
            for word in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", part):
                if word in NOT_NAMES[language]:
                    continue
                if language == "python" and hasattr(builtins, word):
                    continue
                out.add(word)
    return out


def _identifiers(files: list[pathlib.Path]) -> set[str]:
    words: set[str] = set()
    for f in files:
        code = f.read_text(encoding="utf-8")
        code = re.sub(r"/\*.*?\*/", " ", code, flags=re.S)
        code = re.sub(r"//[^\n]*", " ", code)
        code = re.sub(r'"(?:\\.|[^"\\])*"', '""', code)
        words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", code))
    return words


def java_names() -> set[str]:
    roots = [ROOT / r for r in JAVA_SOURCES[:2]]
    return _identifiers([f for r in roots for f in r.rglob("*.java")])


def cpp_names() -> set[str]:
    return _identifiers(sorted((ROOT / "cpp-row/include").rglob("*.h")))


def python_names() -> set[str]:
    names: set[str] = set()
    modules = [
        "zerorow",
        "zerorow.arrow",
        "zerorow.files",
        "zerorow.evolution",
        "zerorow.schema",
    ]
    for name in modules:
        module = importlib.import_module(name)
        # deprecated aliases (the seed's view names) are served by the module's __getattr__
        names.update(getattr(module, "_DEPRECATED_NAMES", {}))
        for attr in dir(module):
            if attr.startswith("_"):
                continue
            names.add(attr)
            value = getattr(module, attr)
            if inspect.isclass(value):
                names.update(a for a in dir(value) if not a.startswith("_"))
                names.update(getattr(value, "_fields", ()))  # NamedTuple fields
                init = value.__dict__.get("__init__")
                if inspect.isfunction(init):  # what the constructor takes and keeps
                    names.update(list(inspect.signature(init).parameters)[1:])
    return names


SURFACES = {"java": java_names, "cpp": cpp_names, "python": python_names}


@pytest.fixture(scope="module")
def surfaces() -> dict[str, set[str]]:
    return {language: load() for language, load in SURFACES.items()}


def test_the_table_is_there() -> None:
    rows = spec_table()
    assert len(rows) >= 25, (
        f"SPEC §1.1's table has {len(rows)} rows: the parser lost it"
    )
    concepts = {concept for concept, _ in rows}
    assert "row view" in concepts and "validate a value" in concepts


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_name_in_the_table_is_in_the_code(language: str, surfaces) -> None:
    missing = []
    for concept, cells in spec_table():
        for name in sorted(names_in(cells[language], language)):
            if name not in surfaces[language]:
                missing.append(f"{concept}: {name}")
    assert not missing, f"SPEC §1.1 names what {language} does not have:\n" + "\n".join(
        missing
    )


def test_the_python_aliases_are_the_same_objects() -> None:
    import zerorow

    # the seed's names are deprecated aliases (CHANGES.md): the same classes, with a warning
    with pytest.warns(DeprecationWarning):
        assert zerorow.RowData is zerorow.BinaryRow
    with pytest.warns(DeprecationWarning):
        assert zerorow.ArrayData is zerorow.BinaryArray
    with pytest.warns(DeprecationWarning):
        assert zerorow.MapData is zerorow.BinaryMap


def test_the_java_twins_call_the_idiom_names() -> None:
    """The typed getters' direction the table states: getInt32 … call getInt …."""
    code = (ROOT / JAVA_SOURCES[0] / "io/zerorow/row/Getters.java").read_text()
    for twin, idiom in [
        ("getBool", "getBoolean"),
        ("getInt8", "getByte"),
        ("getInt16", "getShort"),
        ("getInt32", "getInt"),
        ("getInt64", "getLong"),
        ("getFloat32", "getFloat"),
        ("getFloat64", "getDouble"),
    ]:
        body = re.search(
            rf"default \w+ {twin}\(int ordinal\) \{{\s*return (\w+)\(ordinal\);", code
        )
        assert body and body.group(1) == idiom, f"Getters.{twin} does not call {idiom}"


def java_qualified_names() -> set[str]:
    """Every package-qualified Java name of the table (`io.zerorow.row.Row`), members dropped."""
    out = set()
    for _, cells in spec_table():
        for snippet in re.findall(r"`([^`]+)`", cells["java"]):
            m = re.match(r"(io\.zerorow(?:\.[a-z]\w*)*\.[A-Z]\w*)", snippet)
            if m:
                out.add(m.group(1))
    return out


def java_class_file(name: str) -> pathlib.Path | None:
    """The source of a qualified Java class name, if a shipped module has it."""
    rel = name.replace(".", "/") + ".java"
    for root in JAVA_SOURCES:
        if (ROOT / root / rel).is_file():
            return ROOT / root / rel
    return None


def test_java_qualified_names_name_their_package() -> None:
    """A package-qualified Java name in the table is where it says (java-row's packages by role)."""
    names = java_qualified_names()
    assert "io.zerorow.row.Row" in names, sorted(names)
    wrong = sorted(n for n in names if java_class_file(n) is None)
    assert not wrong, f"SPEC §1.1 names Java classes no shipped module has: {wrong}"


def test_the_qualified_name_checker_sees_a_wrong_package() -> None:
    """A class named in the wrong package is reported (the check is not vacuous)."""
    assert java_class_file("io.zerorow.row.Row") is not None
    assert java_class_file("io.zerorow.type.Row") is None


def test_the_checker_sees_a_missing_name() -> None:
    """A name the code lacks is reported (the check is not vacuous)."""
    cell = "`Validator.validateEverythingTwice(schema, bytes)`"
    assert names_in(cell, "java") == {"Validator", "validateEverythingTwice"}
    assert "validateEverythingTwice" not in java_names()
