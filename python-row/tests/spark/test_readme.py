"""Every Python example in spark-connector/README.md's "Python" section runs, in order."""

import os
import re

from conftest import ROOT


def python_section_blocks():
    with open(os.path.join(ROOT, "spark-connector", "README.md")) as f:
        text = f.read()
    start = text.index("## Python")
    nxt = text.find("\n## ", start + 1)
    section = text[start : nxt if nxt > 0 else len(text)]
    return re.findall(r"```python\n(.*?)```", section, re.DOTALL)


def test_readme_python_examples_run(spark):
    blocks = python_section_blocks()
    assert len(blocks) >= 5
    # The first block builds the session; the fixture's session is the same getOrCreate one.
    ns = {
        "__name__": "readme_examples"
    }  # not importable: cloudpickle ships its functions by value
    for i, code in enumerate(blocks):
        exec(compile(code, f"README.md python block {i}", "exec"), ns)  # noqa: S102 - running them is the point
    assert ns["spark"] is spark
