#!/usr/bin/env python3
"""Writes the golden vectors of SPEC.md §10 and the evolution vectors of §13.6, and checks
them as the reference implementation.

zerorow_vectors.py [--out DIR]     write every case into DIR (default: ../vectors, and then
                                   the Spark oracle's ../oracle/random_rows.jsonl)
zerorow_vectors.py --check DIR     read/write every case, reject every invalid/ case and
                                   resolve every evolution/ case in DIR; print PASS/FAIL lines
"""

import argparse
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from zerorow_ref import cases as valid_cases  # noqa: E402
from zerorow_ref import (
    evolution_cases,  # noqa: E402
    random_rows,  # noqa: E402
)
from zerorow_ref import files as file_cases  # noqa: E402
from zerorow_ref import invalid as invalid_cases  # noqa: E402
from zerorow_ref.decode import read_top  # noqa: E402
from zerorow_ref.encode import annotate, encode_row  # noqa: E402
from zerorow_ref.resolve import resolve  # noqa: E402
from zerorow_ref.schema import (  # noqa: E402
    FormatError,
    canonical_json,
    fingerprint,
    parse_schema,
    parse_type,
)
from zerorow_ref.values import equal, from_json  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "vectors")
# The random rows the Spark oracle writes byte for byte (format-spec/oracle).
RANDOM_ROWS = os.path.join(HERE, "..", "oracle", "random_rows.jsonl")
# Folders of vectors/ that are not golden cases.
NOT_GOLDEN = ("invalid", "evolution", "files")


def _write(path, text_or_bytes):
    mode = "wb" if isinstance(text_or_bytes, bytes) else "w"
    with open(
        path, mode, **({} if mode == "wb" else {"encoding": "utf-8", "newline": "\n"})
    ) as f:
        f.write(text_or_bytes)


def write_all(out):
    for sub in os.listdir(out) if os.path.isdir(out) else []:
        if sub not in ("README.md", "ORACLES.md"):
            shutil.rmtree(os.path.join(out, sub))
    os.makedirs(os.path.join(out, "invalid"), exist_ok=True)
    names = []
    for name, schema_doc, values in valid_cases.cases():
        schema = parse_type(schema_doc, "")
        data, notes = encode_row(schema, from_json(schema, values, ""))
        d = os.path.join(out, name)
        os.makedirs(d)
        _write(os.path.join(d, "schema.json"), canonical_json(schema) + "\n")
        _write(
            os.path.join(d, "values.json"),
            json.dumps(values, ensure_ascii=False, indent=1) + "\n",
        )
        _write(os.path.join(d, "row.bin"), data)
        _write(
            os.path.join(d, "row.annotated.txt"), _annotated(name, schema, data, notes)
        )
        names.append(name)
    for name, schema_doc, data, kind, path, description in invalid_cases.cases():
        d = os.path.join(out, "invalid", name)
        os.makedirs(d)
        if not isinstance(schema_doc, str):  # a str is JSON text, written as it is
            schema_doc = json.dumps(
                schema_doc, ensure_ascii=False, separators=(",", ":")
            )
        _write(os.path.join(d, "schema.json"), schema_doc + "\n")
        if data is not None:
            _write(os.path.join(d, "row.bin"), bytes(data))
        _write(
            os.path.join(d, "expected.json"),
            json.dumps(
                {"error": kind, "path": path, "description": description},
                ensure_ascii=False,
            )
            + "\n",
        )
        names.append("invalid/" + name)
    os.makedirs(os.path.join(out, "evolution"))
    for case in evolution_cases.cases():
        _write_evolution(os.path.join(out, "evolution", case[0]), *case[1:])
        names.append("evolution/" + case[0])
    schema, files = file_cases.cases()
    for name, data, expected, values in files:
        d = os.path.join(out, "files", name)
        os.makedirs(d)
        _write(os.path.join(d, "file.zrow"), data)
        _write(os.path.join(d, "schema.json"), canonical_json(schema) + "\n")
        _write(os.path.join(d, "expected.json"), json.dumps(expected, indent=1) + "\n")
        if values is not None:
            _write(os.path.join(d, "values.jsonl"), values)
        names.append("files/" + name)
    return names


def _annotated(name, schema, data, notes):
    header = f"# {name}: {len(data)} bytes, schema fingerprint {fingerprint(schema)}\n"
    return header + annotate(data, notes)


def _write_evolution(d, writer_doc, reader_doc, writer_values, expected):
    """One §13.6 case, after checking that the reference resolution gives `expected`."""
    writer = parse_type(writer_doc, "")
    data, notes = encode_row(writer, from_json(writer, writer_values, ""))
    outcome = _resolve_case(writer, reader_doc, data)
    os.makedirs(d)
    _write(os.path.join(d, "writer.json"), canonical_json(writer) + "\n")
    _write(os.path.join(d, "reader.json"), _schema_text(reader_doc) + "\n")
    _write(os.path.join(d, "row.bin"), data)
    name = os.path.basename(d)
    _write(os.path.join(d, "row.annotated.txt"), _annotated(name, writer, data, notes))
    if isinstance(expected, evolution_cases.Refused):
        if (
            not isinstance(outcome, FormatError)
            or (outcome.kind, outcome.path) != expected
        ):
            raise SystemExit(
                f"{name}: expected {expected} but the reference gave {outcome!r}"
            )
        doc = {
            "error": outcome.kind,
            "path": outcome.path,
            "description": outcome.message,
        }
        _write(
            os.path.join(d, "expected.json"), json.dumps(doc, ensure_ascii=False) + "\n"
        )
        return
    if isinstance(outcome, FormatError):
        raise SystemExit(
            f"{name}: expected values but the reference refused: {outcome}"
        )
    reader, got = outcome
    if not equal(reader, got, from_json(reader, expected, "")):
        raise SystemExit(
            f"{name}: expected {expected!r} but the reference read {got!r}"
        )
    _write(
        os.path.join(d, "values.json"),
        json.dumps(expected, ensure_ascii=False, indent=1) + "\n",
    )


def _schema_text(doc):
    """Canonical JSON; a schema the reference refuses is written compactly as given."""
    try:
        return canonical_json(parse_type(doc, ""))
    except FormatError:
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def _resolve_case(writer, reader_json, data):
    """(reader schema, the row read through the resolution), or the FormatError that
    loading the reader schema or resolving the pair raised."""
    try:
        if not isinstance(reader_json, str):
            reader_json = json.dumps(reader_json, ensure_ascii=False)
        reader = parse_schema(reader_json)
        return reader, resolve(writer, reader).read(data)
    except FormatError as e:
        return e


def _read(path, binary=False):
    with open(
        path, "rb" if binary else "r", **({} if binary else {"encoding": "utf-8"})
    ) as f:
        return f.read()


def check_all(vectors):
    """The conformance checks of SPEC §8 for the reference implementation."""
    results = []
    for name in sorted(os.listdir(vectors)):
        d = os.path.join(vectors, name)
        if name in NOT_GOLDEN or not os.path.isdir(d):
            continue
        schema = parse_schema(_read(os.path.join(d, "schema.json")))
        values = from_json(
            schema, json.loads(_read(os.path.join(d, "values.json"))), ""
        )
        data = _read(os.path.join(d, "row.bin"), binary=True)
        results.append(
            _check(
                "read",
                name,
                lambda s=schema, d=d, b=data, v=values: _expect_read(s, d, b, v),
            )
        )
        results.append(
            _check(
                "write",
                name,
                lambda s=schema, v=values, d=data: _expect_bytes(
                    encode_row(s, v)[0], d
                ),
            )
        )
    inv = os.path.join(vectors, "invalid")
    for name in sorted(os.listdir(inv)):
        results.append(
            _check("reject", name, lambda n=name: _expect_reject(os.path.join(inv, n)))
        )
    evo = os.path.join(vectors, "evolution")
    for name in sorted(os.listdir(evo)):
        results.append(
            _check(
                "resolve", name, lambda n=name: _expect_resolve(os.path.join(evo, n))
            )
        )
    files = os.path.join(vectors, "files")
    for name in sorted(os.listdir(files)) if os.path.isdir(files) else []:
        results.append(
            _check("file", name, lambda n=name: _expect_file(os.path.join(files, n)))
        )
    return results


def _expect_file(d):
    """SPEC §5: the row file reads as expected.json says (rows, or the refusal and what
    recovery mode returns)."""
    values = os.path.join(d, "values.jsonl")
    file_cases.check(
        d,
        _read(os.path.join(d, "schema.json")),
        json.loads(_read(os.path.join(d, "expected.json"))),
        _read(values) if os.path.exists(values) else None,
        _read(os.path.join(d, "file.zrow"), binary=True),
    )


def _check(check, name, fn):
    try:
        fn()
        return f"PASS {check} {name}"
    except Exception as e:  # the runner reports any failure as a FAIL line
        return f"FAIL {check} {name}: {type(e).__name__}: {e}"


def _expect_read(schema, d, data, values):
    """schema.json is canonical, its fingerprint is row.annotated.txt's, and the row
    reads as values.json."""
    text = _read(os.path.join(d, "schema.json")).rstrip("\n")
    if canonical_json(schema) != text:
        raise AssertionError(f"schema.json is not canonical: {canonical_json(schema)}")
    header = _read(os.path.join(d, "row.annotated.txt")).split("\n", 1)[0]
    if not header.endswith(f"schema fingerprint {fingerprint(schema)}"):
        raise AssertionError(
            f"fingerprint {fingerprint(schema)} but row.annotated.txt has {header!r}"
        )
    _expect_equal(schema, read_top(schema, data), values)


def _expect_equal(schema, got, want):
    if not equal(schema, got, want):
        raise AssertionError(f"decoded {got!r} but values.json has {want!r}")


def _expect_bytes(got, want):
    if got != want:
        at = next(
            (i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b),
            min(len(got), len(want)),
        )
        raise AssertionError(
            f"bytes differ at offset {at} (encoded {len(got)} bytes, row.bin {len(want)})"
        )


def _expect_reject(d):
    expected = json.loads(_read(os.path.join(d, "expected.json")))
    try:
        schema = parse_schema(_read(os.path.join(d, "schema.json")))
        if os.path.exists(os.path.join(d, "row.bin")):
            read_top(schema, _read(os.path.join(d, "row.bin"), binary=True))
    except FormatError as e:
        if (e.kind, e.path) != (expected["error"], expected["path"]):
            raise AssertionError(
                f"expected {expected['error']} at {expected['path']!r} but got {e}"
            ) from None
        return
    raise AssertionError(f"expected {expected['error']} but the input was accepted")


def _expect_resolve(d):
    """SPEC §13.6: the pair resolves and the row reads as values.json, or it is refused
    with the kind and path of expected.json."""
    writer = parse_schema(_read(os.path.join(d, "writer.json")))
    data = _read(os.path.join(d, "row.bin"), binary=True)
    outcome = _resolve_case(writer, _read(os.path.join(d, "reader.json")), data)
    if os.path.exists(os.path.join(d, "expected.json")):
        expected = json.loads(_read(os.path.join(d, "expected.json")))
        want = (expected["error"], expected["path"])
        if not isinstance(outcome, FormatError):
            raise AssertionError(
                f"expected {want[0]} at {want[1]!r} but the pair resolved"
            )
        if (outcome.kind, outcome.path) != want:
            raise AssertionError(f"expected {want[0]} at {want[1]!r} but got {outcome}")
        return
    if isinstance(outcome, FormatError):
        raise outcome
    reader, got = outcome
    _expect_equal(
        reader,
        got,
        from_json(reader, json.loads(_read(os.path.join(d, "values.json"))), ""),
    )


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--check", metavar="DIR")
    args = ap.parse_args()
    if args.check:
        lines = check_all(args.check)
        print("\n".join(lines))
        return 0
    names = write_all(os.path.abspath(args.out))
    print(f"wrote {len(names)} cases to {os.path.abspath(args.out)}")
    if os.path.abspath(args.out) == os.path.abspath(DEFAULT_OUT):
        _write(RANDOM_ROWS, "\n".join(random_rows.lines()) + "\n")
        print(
            f"wrote {random_rows.COUNT} random rows to {os.path.abspath(RANDOM_ROWS)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
