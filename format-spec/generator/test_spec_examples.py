"""Every worked hex example in SPEC.md §11 equals its golden vector byte for byte."""

import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = os.path.join(HERE, "..", "SPEC.md")
VECTORS = os.path.join(HERE, "..", "vectors")
BLOCK = re.compile(r"<!-- vector: (\w+) -->\n```\n(.*?)```", re.S)


def _examples():
    return BLOCK.findall(open(SPEC, encoding="utf-8").read())


def _hex_column(block):
    data = bytearray()
    for line in block.splitlines():
        parts = line.split(" | ")
        if len(parts) >= 3 and parts[0].startswith("0x"):
            offset = int(parts[0], 16)
            assert offset == len(data), (
                f"line {line!r} starts at {offset:#x}, expected {len(data):#x}"
            )
            data += bytes.fromhex(parts[1])
    return bytes(data)


def test_spec_has_worked_examples_of_every_layout():
    names = [name for name, _ in _examples()]
    assert {
        "spec_example_row",
        "array_int32",
        "map_int_to_string",
        "decimal_big_null_reserve",
        "list_of_struct",
        "interval_null_reserve",
        "spec_example_variant",
    } <= set(names)


def test_every_example_matches_its_vector():
    for name, block in _examples():
        with open(os.path.join(VECTORS, name, "row.bin"), "rb") as f:
            assert _hex_column(block) == f.read(), (
                f"SPEC.md example {name} differs from vectors/{name}/row.bin"
            )
