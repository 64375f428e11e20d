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
