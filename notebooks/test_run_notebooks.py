"""The notebook harness itself: it refuses stored outputs and untitled notebooks, runs each
from a copy outside the checkout, and fails on a failing cell, a shown traceback, files left
behind and a notebook past its budget."""

import time

import nbformat
import pytest
import run_notebooks
from nbclient.exceptions import CellExecutionError


def notebook(tmp_path, *sources, outputs=False, title=True):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(s) for s in sources]
    if outputs:
        nb.cells[0].outputs = [nbformat.v4.new_output("stream", text="hi\n")]
        nb.cells[0].execution_count = 1
    if title:
        nb.cells.insert(0, nbformat.v4.new_markdown_cell("# A test\nWhat it shows."))
    path = tmp_path / "nb.ipynb"
    nbformat.write(nb, path)
    return path


def test_outputs_are_found_and_stripped(tmp_path):
    path = notebook(tmp_path, "print('hi')", "1 + 1", outputs=True)
    assert run_notebooks.stored_outputs(nbformat.read(path, as_version=4)) == [1]
    run_notebooks.strip(path)
    assert run_notebooks.stored_outputs(nbformat.read(path, as_version=4)) == []


def test_a_title_cell_is_required(tmp_path):
    assert run_notebooks.has_title(nbformat.read(notebook(tmp_path, "1"), as_version=4))
    untitled = notebook(tmp_path, "1", title=False)
    assert not run_notebooks.has_title(nbformat.read(untitled, as_version=4))


def test_a_failing_cell_fails(tmp_path):
    path = notebook(tmp_path, "x = 1", "assert x == 2, 'x is not 2'")
    with pytest.raises(CellExecutionError, match="x is not 2"):
        run_notebooks.execute(path)


def test_it_runs_outside_the_checkout_at_the_size_asked(tmp_path):
    path = notebook(
        tmp_path,
        "import os, pathlib\n"
        f"assert not pathlib.Path.cwd().is_relative_to({str(run_notebooks.HERE.parent)!r})\n"
        "assert os.listdir('.') == ['nb.ipynb']\n"
        "assert os.environ.get('ZEROROW_NOTEBOOK_SIZE') == 'small'",
    )
    assert run_notebooks.execute(path, size="small") >= 0


def test_a_shown_traceback_fails(tmp_path):
    path = notebook(
        tmp_path,
        "import sys; print('Traceback (most recent call last):', file=sys.stderr)",
    )
    with pytest.raises(run_notebooks.NotebookProblem, match="show a traceback"):
        run_notebooks.execute(path)


def test_files_left_behind_fail(tmp_path):
    left_here = notebook(tmp_path, "open('out.txt', 'w').close()")
    with pytest.raises(
        run_notebooks.NotebookProblem, match=r"left behind \['out.txt'\]"
    ):
        run_notebooks.execute(left_here)
    left_in_tmp = notebook(
        tmp_path, "import tempfile; tempfile.mkdtemp(prefix='zerorow-x')"
    )
    with pytest.raises(run_notebooks.NotebookProblem, match="zerorow-x"):
        run_notebooks.execute(left_in_tmp)


def test_a_notebook_past_its_budget_fails_naming_the_cell(tmp_path):
    path = notebook(tmp_path, "import time", "time.sleep(60)")
    start = time.perf_counter()
    with pytest.raises(
        run_notebooks.NotebookTimeout, match=r"(?s)code cell 2.*sleep\(60\)"
    ):
        run_notebooks.execute(path, budget_s=8)
    assert time.perf_counter() - start < 40  # the guard, not the sleep, ended it
