"""Packaging: the native extension's import errors surface; typing files ship."""

import os
import subprocess
import sys

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
