#!/usr/bin/env python3
"""The cross-language conformance harness (SPEC §8): runs every implementation's vector
runner over format-spec/vectors and prints one line per (implementation, check, case),
then `N passed, N failed`.

  run_vectors.py --vectors DIR name=command [name=command ...]

Each command gets DIR as its last argument and prints `PASS <check> <case>` or
`FAIL <check> <case>: <why>` lines (check: read and write for each golden case, reject for
each case of invalid/, resolve for each case of evolution/, file for each row file of
files/, SPEC §5). A case that a runner does not
report counts as failed, so a runner cannot pass by skipping.
"""

import argparse
import os
import shlex
import subprocess
import sys

# The folders of vectors/ that hold other checks than golden cases, and their check.
SPECIAL = {"invalid": "reject", "evolution": "resolve", "files": "file"}


def expected_checks(vectors):
    """Every (check, case) a runner must report: SPEC §8 and §13.6."""
    checks = []
    for name in sorted(os.listdir(vectors)):
        if name not in SPECIAL and os.path.isdir(os.path.join(vectors, name)):
            checks += [("read", name), ("write", name)]
    for folder, check in SPECIAL.items():
        where = os.path.join(vectors, folder)
        # a folder of vectors made for a test may lack a kind; format-spec/vectors has all
        names = sorted(os.listdir(where)) if os.path.isdir(where) else []
        checks += [(check, name) for name in names]
    return checks


def run_one(name, command, vectors):
    proc = subprocess.run(
        shlex.split(command) + [vectors], capture_output=True, text=True, timeout=900
    )
    seen = {}
    for line in proc.stdout.splitlines():
        status, _, rest = line.partition(" ")
        if status not in ("PASS", "FAIL"):
            continue
        check, _, rest = rest.partition(" ")
        case, _, why = rest.partition(": ")
        seen[(check, case.strip())] = (status, why)
    if proc.returncode != 0:
        sys.stderr.write(
            f"{name}: runner exited {proc.returncode}\n{proc.stderr[-4000:]}\n"
        )
    return seen


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--vectors", required=True)
    ap.add_argument("runners", nargs="+", metavar="name=command")
    args = ap.parse_args()
    vectors = os.path.abspath(args.vectors)
    checks = expected_checks(vectors)
    passed = failed = 0
    summaries = []
    for spec in args.runners:
        name, _, command = spec.partition("=")
        seen = run_one(name, command, vectors)
        mine = {"PASS": 0, "FAIL": 0}
        for check, case in checks:
            status, why = seen.get(
                (check, case), ("FAIL", "not reported by the runner")
            )
            print(
                f"{name:<10} {check:<7} {case:<48} {status}"
                + (f"  {why}" if status == "FAIL" else "")
            )
            mine[status] += 1
        summaries.append(f"{name}: {mine['PASS']} of {len(checks)} checks pass")
        passed += mine["PASS"]
        failed += mine["FAIL"]
    # one line per runner, so a language that has not caught up with new vectors shows
    print("\n".join(summaries))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
