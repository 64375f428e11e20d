"""The seed example, verbatim (only the import changed), at full size: 1,000,000 elements."""

import os
import subprocess
import sys


def test_seed_example_full_size():
    script = os.path.join(os.path.dirname(__file__), "seed_example.py")
    out = subprocess.run(
        [sys.executable, script], capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["100000", "s100000", "5"]
    assert "leaked" not in out.stderr
