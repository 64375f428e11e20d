import os
import sys

import pytest

# The harness-only code (golden-vector runner) lives outside the package: python-row/testing.
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "testing"))

ROOT = os.environ.get("ZEROROW_ROOT") or os.path.abspath(
    os.path.join(os.path.dirname(__file__), "..", "..")
)
VECTORS = os.path.join(ROOT, "format-spec", "vectors")


@pytest.fixture
def vectors_dir():
    return VECTORS


def pytest_unconfigure(config):
    """Drop the test modules' globals (their module-level encoders) while zerorow's extension
    is alive: at interpreter exit they would outlive it, and nanobind would report the
    encoders' native objects as leaked."""
    import gc
    import sys

    for name in [n for n in sys.modules if n.startswith("test_")]:
        sys.modules[name].__dict__.clear()
    gc.collect()
