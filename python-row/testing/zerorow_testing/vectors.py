"""Golden-vector runner for the cross-language harness (SPEC §8, §10).

    python python-row/testing/zerorow_testing/vectors.py <vectors-dir>

Prints one line per check: `PASS read <case>` / `FAIL read <case>: <why>`, the same for
`write`, `PASS reject <case>` for each case of `invalid/` and `PASS resolve <case>` for each
case of `evolution/` (SPEC §13.6) and `PASS file <case>` for each row file of `files/`
(SPEC §5). Exits 0 when it ran.
"""

from __future__ import annotations

import json
import math
import os
import struct
import sys
import uuid
from decimal import Decimal
from typing import Any

import zerorow
from zerorow import _zerorow
from zerorow.schema import DataType

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from file_vectors import check_file  # noqa: E402

_READ_MODE = 1 | 2 | 4  # raw temporal ints, deep, maps as pairs
# variant_deep_nesting's JSON text nests 1,000 levels (SPEC §7): json.loads recurses per level.
sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))


def _float(j: Any) -> float:
    if isinstance(j, str):
        return {
            "NaN": math.nan,
            "Infinity": math.inf,
            "-Infinity": -math.inf,
            "-0.0": -0.0,
        }[j]
    return float(j)


def from_json(t: DataType, j: Any) -> Any:
    """The Python value the encoder takes for a values.json value of type `t` (SPEC §10)."""
    if j is None:
        return None
    tid = t.id
    if tid in ("int64", "time", "timestamp", "duration"):
        return int(j)
    if tid in ("float32", "float64"):
        return _float(j)
    if tid in ("binary", "fixed_binary"):
        return bytes.fromhex(j)
    if tid == "decimal":
        return Decimal(j)
    if tid == "interval":
        return zerorow.Interval(j["months"], j["days"], int(j["microseconds"]))
    if tid == "uuid":
        return uuid.UUID(j)
    # the bytes as they are (SPEC §10: not rebuilt from the JSON text)
    if tid == "variant":
        return zerorow.Variant(bytes.fromhex(j["metadata"]), bytes.fromhex(j["value"]))
    if tid == "list":
        return [from_json(t.element, x) for x in j]
    if tid == "map":
        return [(from_json(t.key, k), from_json(t.value, v)) for k, v in j]
    if tid == "struct":
        return {f.name: from_json(f.type, j.get(f.name)) for f in t.fields}
    return j


def compare(t: DataType, got: Any, j: Any, path: str) -> str | None:
    """None when `got` (read in raw deep mode) equals the values.json value `j`, else why."""
    if j is None or got is None:
        return (
            None
            if (j is None and got is None)
            else f"{path or '<row>'}: expected {j!r} but read {got!r}"
        )
    tid = t.id
    if tid in ("float32", "float64"):
        want = _float(j)
        if tid == "float32":
            want = struct.unpack("<f", struct.pack("<f", want))[0]
        same = (math.isnan(want) and math.isnan(got)) or (
            want == got and math.copysign(1, want) == math.copysign(1, got)
        )
        return None if same else f"{path}: expected {j!r} but read {got!r}"
    if tid == "decimal":
        text = f"{got:f}"
        return None if text == j else f"{path}: expected {j!r} but read {text!r}"
    if tid == "variant":
        meta, value = got.metadata.hex(), got.value.hex()
        if (meta, value) != (j["metadata"], j["value"]):
            return f"{path}: expected variant bytes {j['metadata']}/{j['value']} but read {meta}/{value}"
        exact = {"parse_float": Decimal, "parse_int": Decimal}  # numbers by exact value
        if json.loads(got.to_json(), **exact) != json.loads(j["json"], **exact):
            return f"{path}: expected variant JSON {j['json']} but read {got.to_json()}"
        return None
    if tid == "list":
        if len(got) != len(j):
            return f"{path}: expected {len(j)} elements but read {len(got)}"
        for i, (g, x) in enumerate(zip(got, j, strict=True)):
            why = compare(t.element, g, x, f"{path}[{i}]")
            if why:
                return why
        return None
    if tid == "map":
        if len(got) != len(j):
            return f"{path}: expected {len(j)} entries but read {len(got)}"
        for i, ((gk, gv), (k, v)) in enumerate(zip(got, j, strict=True)):
            why = compare(t.key, gk, k, f"{path}{{keys}}[{i}]") or compare(
                t.value, gv, v, f"{path}{{values}}[{i}]"
            )
            if why:
                return why
        return None
    if tid == "struct":
        for f in t.fields:
            p = f"{path}.{f.name}" if path else f.name
            why = compare(f.type, got.get(f.name), j.get(f.name), p)
            if why:
                return why
        return None
    want = from_json(t, j)
    return (
        None
        if want == got and type(want) is type(got)
        else f"{path}: expected {j!r} but read {got!r}"
    )


def read_values(row: zerorow.BinaryRow | zerorow.ResolvedRow) -> dict:
    return {
        name: _zerorow.get(row, i, _READ_MODE)
        for i, name in enumerate(row._field_names())
    }


def _text(case_dir: str, name: str) -> str:
    with open(os.path.join(case_dir, name), encoding="utf-8") as f:
        return f.read()


def check_read(case_dir: str) -> str | None:
    """Reads row.bin at level full and compares with values.json; the schema must write back
    as schema.json, and its fingerprint be the one row.annotated.txt names (SPEC §10)."""
    text = _text(case_dir, "schema.json")
    schema = zerorow.Schema.from_json(text)
    if schema.to_json() != text.rstrip("\n"):
        return f"schema.json does not write back as itself: {schema.to_json()}"
    head = _text(case_dir, "row.annotated.txt").split("\n", 1)[0]
    if not head.endswith(f"schema fingerprint {schema.fingerprint_hex}"):
        return f"fingerprint {schema.fingerprint_hex} is not the one of row.annotated.txt: {head}"
    data = open(os.path.join(case_dir, "row.bin"), "rb").read()
    values = json.load(open(os.path.join(case_dir, "values.json"), encoding="utf-8"))
    row = zerorow.BinaryRow(schema, data, level="full")
    return compare(schema.type, read_values(row), values, "")


def check_resolve(case_dir: str) -> str | None:
    """SPEC §13.6: resolves writer.json to reader.json, then reads row.bin through the
    resolution and compares with values.json, or expects the refusal of expected.json (kind and
    schema path; a reader schema breaking the alias rules is refused when it is loaded)."""
    has_values = os.path.exists(os.path.join(case_dir, "values.json"))
    has_expected = os.path.exists(os.path.join(case_dir, "expected.json"))
    if has_values == has_expected:
        return "needs exactly one of values.json and expected.json"
    writer = zerorow.Schema.from_json(_text(case_dir, "writer.json"))
    if has_expected:
        expected = json.loads(_text(case_dir, "expected.json"))
        try:
            zerorow.resolve(
                writer, zerorow.Schema.from_json(_text(case_dir, "reader.json"))
            )
        except zerorow.ZerorowError as e:
            path = e.path or "<row>"
            if (e.kind, path) != (expected["error"], expected["path"]):
                return f"expected {expected['error']} at {expected['path']} but got {e}"
            return None
        return f"resolved, but must be refused with {expected['error']} at {expected['path']}"
    reader = zerorow.Schema.from_json(_text(case_dir, "reader.json"))
    resolution = zerorow.resolve(writer, reader)
    data = open(os.path.join(case_dir, "row.bin"), "rb").read()
    row = resolution.view(data, level="full")
    values = json.loads(_text(case_dir, "values.json"))
    return compare(reader.type, read_values(row), values, "")


def check_write(case_dir: str) -> str | None:
    schema = zerorow.Schema.from_json(
        open(os.path.join(case_dir, "schema.json"), encoding="utf-8").read()
    )
    data = open(os.path.join(case_dir, "row.bin"), "rb").read()
    values = json.load(open(os.path.join(case_dir, "values.json"), encoding="utf-8"))
    out = _zerorow.encode(schema._native, from_json(schema.type, values))
    if out == data:
        return None
    at = next(
        (i for i, (a, b) in enumerate(zip(out, data, strict=False)) if a != b),
        min(len(out), len(data)),
    )
    return (
        f"wrote {len(out)} bytes, expected {len(data)}; first difference at byte {at}"
    )


def check_reject(case_dir: str) -> str | None:
    expected = json.load(
        open(os.path.join(case_dir, "expected.json"), encoding="utf-8")
    )
    kind = expected["error"]
    bin_path = os.path.join(case_dir, "row.bin")
    try:
        schema = zerorow.Schema.from_json(
            open(os.path.join(case_dir, "schema.json"), encoding="utf-8").read()
        )
        if not os.path.exists(bin_path):
            return f"expected {kind} when loading the schema, but it loaded"
        zerorow.validate(schema, open(bin_path, "rb").read(), level="full")
    except zerorow.ZerorowError as e:
        if e.kind != kind:
            return f"expected {kind} but got {e.kind}: {e}"
        if e.path != expected.get("path", e.path):
            return f"expected path {expected['path']!r} but got {e.path!r}: {e}"
        return None
    return f"expected {kind} but the row validated"


def run(vectors: str, out=None) -> tuple[int, int]:
    out = out or sys.stdout
    passed = failed = 0

    def report(check: str, case: str, fn, case_dir: str) -> None:
        nonlocal passed, failed
        try:
            why = fn(case_dir)
        except Exception as e:  # a crash in one case must not hide the others
            why = f"{type(e).__name__}: {e}"
        if why is None:
            passed += 1
            print(f"PASS {check} {case}", file=out)
        else:
            failed += 1
            print(f"FAIL {check} {case}: {why}", file=out)

    for case in sorted(os.listdir(vectors)):
        d = os.path.join(vectors, case)
        if case in ("invalid", "evolution", "files") or not os.path.isdir(d):
            continue
        report("read", case, check_read, d)
        report("write", case, check_write, d)
    for folder, check, fn in (
        ("invalid", "reject", check_reject),
        ("evolution", "resolve", check_resolve),
        ("files", "file", check_file),
    ):
        sub = os.path.join(vectors, folder)
        for case in sorted(os.listdir(sub)) if os.path.isdir(sub) else []:
            report(check, case, fn, os.path.join(sub, case))
    return passed, failed


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    passed, failed = run(argv[0])
    print(f"# python: {passed} passed, {failed} failed", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
