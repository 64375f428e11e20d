# notebooks/: Jupyter notebooks, each executed top to bottom by `make test-notebooks`
# (nbclient, from a copy outside the checkout; a failing cell, a shown traceback or a file
# left behind fails; a notebook stored with outputs or without a title cell is refused).
# `make test` runs each at the size it ships with, or smaller where that takes over a minute
# (run_notebooks.py TEST_SIZES); `make notebooks-full` runs them all at full size.
# Included last by the root Makefile, so a part can add what its notebook needs first:
#   NOTEBOOK_DEPS += build-spark-connector
TEST_TARGETS += test-notebooks

.PHONY: test-notebooks notebooks-full strip-notebooks
test-notebooks: build-python build-java-demo $(NOTEBOOK_DEPS)
	cd $(ROOT)/notebooks && $(PY) -m pytest -q -p no:cacheprovider test_run_notebooks.py
	$(PY) $(ROOT)/notebooks/run_notebooks.py

notebooks-full: build-python build-java-demo $(NOTEBOOK_DEPS)
	$(PY) $(ROOT)/notebooks/run_notebooks.py --full

strip-notebooks: venv
	$(PY) $(ROOT)/notebooks/run_notebooks.py --strip
