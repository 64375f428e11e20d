#!/usr/bin/env python3
"""Runs the notebooks top to bottom with nbclient (`make test-notebooks`).

    python notebooks/run_notebooks.py            # every notebooks/*.ipynb
    python notebooks/run_notebooks.py 03-*.ipynb # some of them
    python notebooks/run_notebooks.py --strip    # clear outputs before committing

First every notebook is checked to be stored without outputs (no outputs, no execution
counts), so diffs stay readable and a stale result is never mistaken for a fresh one; then
each runs in a fresh kernel with the notebooks folder as its working directory and
ZEROROW_NOTEBOOK_TEST=1 in the environment (the notebooks then use their small sizes). A
cell that raises fails the run with the cell's source and the error.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

HERE = Path(__file__).resolve().parent
CELL_TIMEOUT_S = 600


def stored_outputs(nb) -> list[int]:
    """Indices of code cells that carry outputs or an execution count."""
    return [
        i
        for i, cell in enumerate(nb.cells)
        if cell.cell_type == "code"
        and (cell.get("outputs") or cell.get("execution_count"))
    ]


def strip(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nbformat.write(nb, path)


def execute(path: Path) -> float:
    nb = nbformat.read(path, as_version=4)
    os.environ["ZEROROW_NOTEBOOK_TEST"] = "1"
    client = NotebookClient(
        nb,
        timeout=CELL_TIMEOUT_S,
        kernel_name="python3",
        resources={"metadata": {"path": str(HERE)}},
    )
    start = time.perf_counter()
    client.execute()
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="*", type=Path)
    ap.add_argument("--strip", action="store_true", help="clear outputs and exit")
    args = ap.parse_args()
    paths = [p.resolve() for p in args.notebooks] or sorted(HERE.glob("*.ipynb"))
    if not paths:
        print(f"no notebooks in {HERE}", file=sys.stderr)
        return 1
    if args.strip:
        for p in paths:
            strip(p)
        return 0
    dirty = {
        p.name: cells
        for p in paths
        if (cells := stored_outputs(nbformat.read(p, as_version=4)))
    }
    if dirty:
        for name, cells in dirty.items():
            print(
                f"{name}: code cells {cells} are stored with outputs", file=sys.stderr
            )
        print(
            "notebooks are committed without outputs: python notebooks/run_notebooks.py --strip",
            file=sys.stderr,
        )
        return 1
    failed = []
    for p in paths:
        try:
            seconds = execute(p)
            print(f"{p.name}: ok in {seconds:.1f} s", flush=True)
        except CellExecutionError as e:
            print(f"{p.name}: FAILED\n{e}", file=sys.stderr, flush=True)
            failed.append(p.name)
    print(f"{len(paths) - len(failed)} notebooks passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
