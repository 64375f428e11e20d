import os

import pytest

ROOT = os.environ.get("ZEROROW_ROOT") or os.path.abspath(
    os.path.join(os.path.dirname(__file__), "..", "..")
)
VECTORS = os.path.join(ROOT, "format-spec", "vectors")


@pytest.fixture
def vectors_dir():
    return VECTORS
