#!/usr/bin/env python3
"""The corpus harness (SPEC §12.4, format-spec/README.md "Corpus protocol"): runs every
runner over each corpus and checks each (file, column) of its expected.tsv.

  run_corpus.py --corpus DIR [--corpus DIR ...] name=command [name=command ...]

Each command gets <corpus-dir> <out-dir> as its last two arguments and writes, per column,
<out-dir>/<file with / as __>/<column>.json and, when accepted, <column>.rows. A column
passes when the verdict (and, when refused, the error kind) is expected.tsv's, and, when
accepted, the schema is the one SPEC §12 gives and every row is byte for byte the row the
reference writes for the value pyarrow reads (or, for the columns pyarrow 21 cannot read,
the value in the file's `<file>.expected.json`). A column a runner does not report fails.
Prints one line per (runner, file, column), then `N passed, N failed`.
"""

import argparse
import json
import os
import shlex
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "generator"))
sys.path.insert(0, HERE)
import corpus_reference  # noqa: E402
from zerorow_ref.decode import read_top  # noqa: E402
from zerorow_ref.encode import encode_row  # noqa: E402
from zerorow_ref.errors import FormatError  # noqa: E402
from zerorow_ref.schema import canonical_json  # noqa: E402
from zerorow_ref.values import equal, to_json  # noqa: E402

ACCEPTED = ("exact", "widened", "rule6", "checked")


class Expected:
    """What a column must give: its verdict, and when accepted its schema and rows."""

    def __init__(self, corpus, file, column, verdict):
        self.file, self.column, self.verdict = file, column, verdict
        self.accepted = verdict in ACCEPTED
        self.kind = None if self.accepted else verdict.partition(":")[2]
        self.schema = self.values = self.rows = self.problem = None
        if not self.accepted:
            return
        try:
            self.schema, self.values = corpus_reference.read_column(
                corpus, file, column
            )
        except FormatError as e:
            self.problem = (
                f"expected.tsv says {verdict} but the reference refuses it: {e}"
            )
            return
        name = self.schema["fields"][0]["name"]
        self.rows = [encode_row(self.schema, {name: v})[0] for v in self.values]


def read_rows(path):
    data, rows, at = open(path, "rb").read(), [], 0
    while at < len(data):
        if at + 4 > len(data):
            raise ValueError(
                f"{len(data) - at} bytes left at {at}, expected a u32 length"
            )
        (n,) = struct.unpack_from("<I", data, at)
        if at + 4 + n > len(data):
            raise ValueError(
                f"row {len(rows)} of {n} bytes runs past the end ({len(data)})"
            )
        rows.append(data[at + 4 : at + 4 + n])
        at += 4 + n
    return rows


def check(expected, out):
    """None when the runner's report of the column is right, else why not."""
    base = os.path.join(out, expected.file.replace("/", "__"), expected.column)
    if not os.path.exists(base + ".json"):
        return "not reported by the runner"
    with open(base + ".json", encoding="utf-8") as f:
        report = json.load(f)
    verdict, kind = report.get("verdict"), report.get("kind")
    if not expected.accepted:
        if verdict != "refused" or kind != expected.kind:
            got = verdict if verdict != "refused" else f"refused:{kind}"
            return f"expected refused:{expected.kind} but got {got} ({report.get('message')})"
        return None
    if expected.problem:
        return expected.problem
    if verdict != "accepted":
        return f"expected {expected.verdict} but got refused:{kind} ({report.get('message')})"
    want_schema = canonical_json(expected.schema)
    if report.get("schema") != want_schema:
        return f"schema {report.get('schema')} but SPEC §12 gives {want_schema}"
    try:
        rows = read_rows(base + ".rows")
    except (OSError, ValueError) as e:
        return f"unreadable .rows: {e}"
    if len(rows) != len(expected.rows) or report.get("rows") != len(expected.rows):
        return f"{len(rows)} rows (report: {report.get('rows')}) but pyarrow reads {len(expected.rows)}"
    for i, (got, want) in enumerate(zip(rows, expected.rows, strict=True)):
        if got != want:
            return _difference(expected, i, got, want)
    return None


def _difference(expected, i, got, want):
    """A value difference when the row decodes to another value, else a byte difference."""
    name = expected.schema["fields"][0]["name"]
    t = expected.schema["fields"][0]["type"]
    try:
        value = read_top(expected.schema, got)[name]
    except FormatError as e:
        return f"row {i}: the runner's row is not a valid row: {e}"
    if not equal(t, value, expected.values[i]):
        return (
            f"row {i}: value {json.dumps(to_json(t, value))[:200]} but pyarrow reads "
            f"{json.dumps(to_json(t, expected.values[i]))[:200]}"
        )
    at = next(
        (k for k, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), None
    )
    return f"row {i}: the same value in other bytes (first difference at byte {at})"


def run_runner(name, command, corpus, out):
    proc = subprocess.run(
        shlex.split(command) + [corpus, out],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    if proc.returncode != 0:
        sys.stderr.write(
            f"{name}: runner exited {proc.returncode}\n{proc.stderr[-4000:]}\n"
        )


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--corpus", action="append", required=True)
    ap.add_argument("runners", nargs="+", metavar="name=command")
    args = ap.parse_args()
    passed = failed = 0
    for corpus in (os.path.abspath(c) for c in args.corpus):
        expected = [
            Expected(corpus, *row) for row in corpus_reference.read_expected(corpus)
        ]
        for spec in args.runners:
            name, _, command = spec.partition("=")
            with tempfile.TemporaryDirectory(prefix=f"corpus-{name}-") as out:
                run_runner(name, command, corpus, out)
                for e in expected:
                    why = check(e, out)
                    where = f"{os.path.basename(corpus)}/{e.file} {e.column}"
                    print(f"{name:<10} {where:<80} {'FAIL  ' + why if why else 'PASS'}")
                    passed += why is None
                    failed += why is not None
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
