"""Packaging: the native extension's import errors surface; typing files ship."""

import os
import subprocess
import sys

import pytest
import zerorow


def test_import_error_of_the_extension_is_raised():
    code = "import sys; sys.modules['zerorow._zerorow'] = None; import zerorow"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (
        out.returncode != 0
        and "zerorow._zerorow" in out.stderr
        and "Error" in out.stderr
    )


def test_typing_files_are_installed():
    pkg = os.path.dirname(zerorow.__file__)
    assert os.path.exists(os.path.join(pkg, "py.typed"))
    assert os.path.exists(os.path.join(pkg, "_zerorow.pyi"))


def test_the_seeds_view_names_are_deprecated_aliases():
    # SPEC §1.1 names the views BinaryRow / BinaryArray / BinaryMap; the seed's names stay for
    # one release (CHANGES.md), each read warning once per use.
    for old, new in (
        ("RowData", zerorow.BinaryRow),
        ("ArrayData", zerorow.BinaryArray),
        ("MapData", zerorow.BinaryMap),
    ):
        with pytest.warns(DeprecationWarning, match=f"zerorow.{old} is deprecated"):
            assert getattr(zerorow, old) is new
    with pytest.raises(AttributeError, match="no attribute 'RowDatum'"):
        zerorow.RowDatum  # noqa: B018


def _imports_of(
    module_path: str, module: str, is_package: bool, modules: set[str]
) -> set[str]:
    """The zerorow modules a module imports, at its top or inside a function (`from . import
    x` imports the module x when there is one, else a name of the package)."""
    import ast

    with open(module_path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    base = module.split(".") if is_package else module.split(".")[:-1]
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level == 0:
            continue
        parent = base[: len(base) - (node.level - 1)]
        target = ".".join(parent + ([node.module] if node.module else []))
        for alias in node.names:
            if (
                alias.name == "_zerorow"
            ):  # the native extension, which imports nothing back
                continue
            sub = f"{target}.{alias.name}"
            found.add(sub if sub in modules else target)
    return found


def test_no_two_modules_of_zerorow_import_each_other():
    # One direction per pair of modules (types below batches, batches below the Arrow import,
    # both below zerorow.arrow), so a module can be read and changed without its importer.
    root = os.path.dirname(zerorow.__file__)
    modules = {}
    for folder, _, files in os.walk(root):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, os.path.dirname(root))[:-3].replace(
                    os.sep, "."
                )
                is_package = rel.endswith(".__init__")
                modules[rel.removesuffix(".__init__")] = (path, is_package)
    imports = {
        m: _imports_of(path, m, pkg, set(modules)) & set(modules)
        for m, (path, pkg) in modules.items()
    }
    pairs = sorted(
        (a, b) for a in imports for b in imports[a] if a < b and a in imports[b]
    )
    assert pairs == [], f"modules that import each other: {pairs}"
