"""Every fenced python block of README.md runs (in order, sharing one namespace)."""

import os
import re
import sys
import types

README = os.path.join(os.path.dirname(__file__), "..", "README.md")


def test_readme_examples_run(capsys):
    text = open(README, encoding="utf-8").read()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 12
    # a real module, so the README's classes pickle (the pickling example ships one)
    module = types.ModuleType("readme")
    sys.modules["readme"] = module
    try:
        for i, block in enumerate(blocks):
            try:
                exec(
                    compile(block, f"README.md block {i + 1}", "exec"), module.__dict__
                )
            except Exception as e:
                raise AssertionError(
                    f"README block {i + 1} failed: {e!r}\n{block}"
                ) from e
    finally:
        del sys.modules["readme"]
        module.__dict__.clear()
