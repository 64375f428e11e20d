#!/usr/bin/env python3
"""Runs the notebooks top to bottom with nbclient (`make test-notebooks`).

    python notebooks/run_notebooks.py            # every notebooks/*.ipynb
    python notebooks/run_notebooks.py 03-*.ipynb # some of them
    python notebooks/run_notebooks.py --strip    # clear outputs before committing

First every notebook is checked to be stored without outputs (no outputs, no execution
counts), so diffs stay readable and a stale result is never mistaken for a fresh one; then
each runs in a fresh kernel with the notebooks folder as its working directory and
ZEROROW_NOTEBOOK_TEST=1 in the environment (the notebooks then use their small sizes). A
cell that raises fails the run with the cell's source and the error. Each notebook's time
is printed; a notebook still running after NOTEBOOK_TIMEOUT_S (a hang guard, well above
the times notebooks/README.md gives) fails the run, naming the cell it was in.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError

HERE = Path(__file__).resolve().parent
# Each notebook runs in well under a minute at its test size (notebooks/README.md): five
# minutes in all is a hang, not a slow machine.
NOTEBOOK_TIMEOUT_S = 300


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


class NotebookTimeout(Exception):
    """A notebook ran past its time budget (NOTEBOOK_TIMEOUT_S)."""


def execute(path: Path, budget_s: float = NOTEBOOK_TIMEOUT_S) -> float:
    """Runs a notebook top to bottom; its seconds. The budget is for the whole notebook:
    each cell may wait only for what is left of it."""
    nb = nbformat.read(path, as_version=4)
    os.environ["ZEROROW_NOTEBOOK_TEST"] = "1"
    start = time.perf_counter()
    cell_index = {id(c): i for i, c in enumerate(nb.cells)}
    running = [0]

    def time_left(cell) -> int:
        running[0] = cell_index.get(id(cell), running[0])
        return max(1, int(budget_s - (time.perf_counter() - start)))

    client = NotebookClient(
        nb,
        timeout_func=time_left,
        kernel_name="python3",
        resources={"metadata": {"path": str(HERE)}},
    )
    try:
        client.execute()
    except CellTimeoutError:
        raise NotebookTimeout(
            f"{path.name}: still running after {budget_s:.0f} s, in code cell "
            f"{running[0]}:\n{nb.cells[running[0]].source}"
        ) from None
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
        except (CellExecutionError, NotebookTimeout) as e:
            print(f"{p.name}: FAILED\n{e}", file=sys.stderr, flush=True)
            failed.append(p.name)
    print(f"{len(paths) - len(failed)} notebooks passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
