#!/usr/bin/env python3
"""Runs the notebooks top to bottom with nbclient (`make test-notebooks`, `make notebooks-full`).

    python notebooks/run_notebooks.py            # every notebooks/*.ipynb, the test sizes
    python notebooks/run_notebooks.py --full     # every notebook at the size it ships with
    python notebooks/run_notebooks.py 03-*.ipynb # some of them
    python notebooks/run_notebooks.py --strip    # clear outputs before committing

First every notebook is checked to be stored without outputs (no outputs, no execution
counts), so diffs stay readable and a stale result is never mistaken for a fresh one, and to
open with a title cell (markdown, `# ...`, saying what the reader learns). Then each runs as a
reader would run it: copied to a fresh folder outside the checkout (so it can only use the
installed `zerorow` package and its extras, nothing of the repository), in a fresh kernel with
that folder as its working directory and a fresh temporary folder as TMPDIR. It fails on a cell
that raises, on a traceback printed into an output, on a file left in that folder or a
`zerorow-*` folder left in TMPDIR (a notebook cleans up what it writes), and on a notebook still
running after NOTEBOOK_TIMEOUT_S (a hang guard, naming the cell it was in).

Each notebook runs at the size it ships with, except those in TEST_SIZES, which `make test`
runs smaller (ZEROROW_NOTEBOOK_SIZE=small) because they take over a minute at full size;
--full runs them all at full size. notebooks/README.md gives the sizes and times.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError

HERE = Path(__file__).resolve().parent
# A hang guard for the whole notebook: five minutes at the test sizes (each takes well under
# a minute, notebooks/README.md), thirty at full size.
NOTEBOOK_TIMEOUT_S = 300
FULL_TIMEOUT_S = 1800
# Notebooks that take over a minute at the size they ship with: `make test` runs them at
# ZEROROW_NOTEBOOK_SIZE=small (each notebook states what that size is).
TEST_SIZES = {
    "01-zero-copy-java-rows.ipynb": "small",
    "02-spark-python-udfs.ipynb": "small",
}


class NotebookTimeout(Exception):
    """A notebook ran past its time budget."""


class NotebookProblem(Exception):
    """A notebook broke a rule of the harness (no title, a traceback shown, files left)."""


def stored_outputs(nb) -> list[int]:
    """Indices of code cells that carry outputs or an execution count."""
    return [
        i
        for i, cell in enumerate(nb.cells)
        if cell.cell_type == "code"
        and (cell.get("outputs") or cell.get("execution_count"))
    ]


def has_title(nb) -> bool:
    """The first cell is markdown opening with a `# ` title."""
    return bool(
        nb.cells
        and nb.cells[0].cell_type == "markdown"
        and nb.cells[0].source.lstrip().startswith("# ")
    )


def strip(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nbformat.write(nb, path)


def shown_tracebacks(nb) -> list[int]:
    """Code cells whose outputs show a traceback (printed to a stream, as a Spark worker's
    log does, or an error output)."""
    bad = []
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
            text = out.get("text", "") if out.get("output_type") == "stream" else ""
            if (
                out.get("output_type") == "error"
                or "Traceback (most recent call" in text
            ):
                bad.append(i)
                break
    return bad


def execute(
    path: Path, budget_s: float = NOTEBOOK_TIMEOUT_S, size: str | None = None
) -> float:
    """Runs a notebook top to bottom from a copy in a fresh folder outside the checkout;
    its seconds. `size`: ZEROROW_NOTEBOOK_SIZE for the kernel (None: the shipped size). The
    budget is for the whole notebook: each cell may wait only for what is left of it."""
    nb = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory(prefix="nb-run-") as run_dir:
        folder, tmp = Path(run_dir, "notebook"), Path(run_dir, "tmp")
        folder.mkdir()
        tmp.mkdir()
        copy = folder / path.name
        shutil.copy(path, copy)
        saved = {k: os.environ.get(k) for k in ("ZEROROW_NOTEBOOK_SIZE", "TMPDIR")}
        os.environ["TMPDIR"] = str(tmp)
        if size:
            os.environ["ZEROROW_NOTEBOOK_SIZE"] = size
        else:
            os.environ.pop("ZEROROW_NOTEBOOK_SIZE", None)
        try:
            seconds = _run(nb, folder, path.name, budget_s)
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
        _check_after(nb, path.name, folder, tmp)
        return seconds


def _run(nb, folder: Path, name: str, budget_s: float) -> float:
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
        resources={"metadata": {"path": str(folder)}},
    )
    try:
        client.execute()
    except CellTimeoutError:
        raise NotebookTimeout(
            f"{name}: still running after {budget_s:.0f} s, in code cell "
            f"{running[0]}:\n{nb.cells[running[0]].source}"
        ) from None
    return time.perf_counter() - start


def _check_after(nb, name: str, folder: Path, tmp: Path) -> None:
    if bad := shown_tracebacks(nb):
        raise NotebookProblem(
            f"{name}: code cells {bad} show a traceback in their output"
        )
    left = sorted(p.name for p in folder.iterdir() if p.name != name)
    left += sorted(p.name for p in tmp.glob("zerorow-*"))
    if left:
        raise NotebookProblem(f"{name}: left behind {left} (a notebook cleans up)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="*", type=Path)
    ap.add_argument("--strip", action="store_true", help="clear outputs and exit")
    ap.add_argument(
        "--full", action="store_true", help="run every notebook at its shipped size"
    )
    args = ap.parse_args()
    paths = [p.resolve() for p in args.notebooks] or sorted(HERE.glob("*.ipynb"))
    if not paths:
        print(f"no notebooks in {HERE}", file=sys.stderr)
        return 1
    if args.strip:
        for p in paths:
            strip(p)
        return 0
    books = {p: nbformat.read(p, as_version=4) for p in paths}
    dirty = {p.name: cells for p, nb in books.items() if (cells := stored_outputs(nb))}
    untitled = [p.name for p, nb in books.items() if not has_title(nb)]
    for name, cells in dirty.items():
        print(f"{name}: code cells {cells} are stored with outputs", file=sys.stderr)
    if dirty:
        print(
            "notebooks are committed without outputs: python notebooks/run_notebooks.py --strip",
            file=sys.stderr,
        )
    for name in untitled:
        print(
            f"{name}: the first cell is not a markdown title (# ...)", file=sys.stderr
        )
    if dirty or untitled:
        return 1
    failed = []
    for p in paths:
        size = None if args.full else TEST_SIZES.get(p.name)
        budget = FULL_TIMEOUT_S if args.full else NOTEBOOK_TIMEOUT_S
        try:
            seconds = execute(p, budget, size)
            shown = f"size {size}" if size else "shipped size"
            print(f"{p.name}: ok in {seconds:.1f} s ({shown})", flush=True)
        except (CellExecutionError, NotebookTimeout, NotebookProblem) as e:
            print(f"{p.name}: FAILED\n{e}", file=sys.stderr, flush=True)
            failed.append(p.name)
    print(f"{len(paths) - len(failed)} notebooks passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
