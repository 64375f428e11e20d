# notebooks/: Jupyter notebooks, each executed top to bottom by `make test-notebooks`
# (nbclient; a failing cell fails; a notebook stored with outputs is refused).
# Included last by the root Makefile, so a part can add what its notebook needs first:
#   NOTEBOOK_DEPS += build-spark-connector
TEST_TARGETS += test-notebooks

.PHONY: test-notebooks strip-notebooks
test-notebooks: build-python build-java-demo $(NOTEBOOK_DEPS)
	cd $(ROOT)/notebooks && $(PY) -m pytest -q -p no:cacheprovider test_run_notebooks.py
	$(PY) $(ROOT)/notebooks/run_notebooks.py

strip-notebooks: venv
	$(PY) $(ROOT)/notebooks/run_notebooks.py --strip
