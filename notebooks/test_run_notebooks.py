"""The notebook harness itself: it refuses stored outputs and fails on a failing cell."""

import time

import nbformat
import pytest
import run_notebooks
from nbclient.exceptions import CellExecutionError


def notebook(tmp_path, *sources, outputs=False):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(s) for s in sources]
    if outputs:
        nb.cells[0].outputs = [nbformat.v4.new_output("stream", text="hi\n")]
        nb.cells[0].execution_count = 1
    path = tmp_path / "nb.ipynb"
    nbformat.write(nb, path)
    return path


def test_outputs_are_found_and_stripped(tmp_path):
    path = notebook(tmp_path, "print('hi')", "1 + 1", outputs=True)
    assert run_notebooks.stored_outputs(nbformat.read(path, as_version=4)) == [0]
    run_notebooks.strip(path)
    assert run_notebooks.stored_outputs(nbformat.read(path, as_version=4)) == []


def test_a_failing_cell_fails(tmp_path):
    path = notebook(tmp_path, "x = 1", "assert x == 2, 'x is not 2'")
    with pytest.raises(CellExecutionError, match="x is not 2"):
        run_notebooks.execute(path)


def test_cells_see_the_test_flag(tmp_path):
    path = notebook(
        tmp_path, "import os; assert os.environ['ZEROROW_NOTEBOOK_TEST'] == '1'"
    )
    assert run_notebooks.execute(path) >= 0


def test_a_notebook_past_its_budget_fails_naming_the_cell(tmp_path):
    path = notebook(tmp_path, "import time", "time.sleep(60)")
    start = time.perf_counter()
    with pytest.raises(
        run_notebooks.NotebookTimeout, match=r"(?s)code cell 1.*sleep\(60\)"
    ):
        run_notebooks.execute(path, budget_s=8)
    assert time.perf_counter() - start < 40  # the guard, not the sleep, ended it
