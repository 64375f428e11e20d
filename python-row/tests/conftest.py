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


TESTS = os.path.dirname(os.path.abspath(__file__))
_GUARDED = """
import json, sys
sys.path.insert(0, {tests!r})
{setup}
try:
    out = {{"value": {expr}}}
except Exception as e:
    out = {{"error": type(e).__name__, "path": getattr(e, "path", None), "message": str(e)}}
print(json.dumps(out, default=repr))
"""


def run_guarded(setup: str, expr: str, timeout: float = 20) -> dict:
    """Runs `setup`, then evaluates `expr`, in a fresh interpreter (this folder on sys.path),
    and returns {"value": ...} or {"error": class name, "path", "message"}. A hang guard, not a
    speed assertion: a call that never returns fails the test after `timeout` seconds instead
    of stalling the suite, which a hang inside the native code would do in-process."""
    import json
    import subprocess

    code = _GUARDED.format(tests=TESTS, setup=setup, expr=expr)
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{expr} did not return within {timeout} s (setup: {setup})")
    assert done.returncode == 0, (
        f"{expr}: exit {done.returncode}\n{done.stderr[-3000:]}"
    )
    return json.loads(done.stdout.splitlines()[-1])


def pytest_unconfigure(config):
    """Drop the test modules' globals (their module-level encoders) while zerorow's extension
    is alive: at interpreter exit they would outlive it, and nanobind would report the
    encoders' native objects as leaked."""
    import gc
    import sys

    for name in [n for n in sys.modules if n.startswith("test_")]:
        sys.modules[name].__dict__.clear()
    gc.collect()
