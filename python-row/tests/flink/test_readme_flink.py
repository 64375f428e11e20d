"""Every Python block of flink-connector/README.md's PyFlink section, run in order in one
namespace (README rule: every example is executed by a test)."""

from __future__ import annotations

import os
import re

from conftest import HERE

README = os.path.join(HERE, "..", "..", "..", "flink-connector", "README.md")


def pyflink_blocks() -> list:
    with open(README) as f:
        text = f.read()
    section = text[text.index("## PyFlink") :]
    nxt = re.search(r"^## (?!#)", section[len("## PyFlink") :], re.M)
    if nxt:
        section = section[: len("## PyFlink") + nxt.start()]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_readme_pyflink_examples_run():
    blocks = pyflink_blocks()
    assert len(blocks) >= 2
    namespace = {"__name__": "readme_pyflink"}
    for block in blocks:
        exec(compile(block, README, "exec", dont_inherit=True), namespace)
    assert (
        namespace["t_env"].get_config().get("python.execution-mode", None) == "thread"
    )
