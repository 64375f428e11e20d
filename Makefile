# zerorow: one entry point for every part. `make demo`, `make test`, `make bench`.
# Each part adds its own targets in <part>/part.mk (test-*, bench-*, vector runners);
# this file holds what they share: Debian packages, the Python venv, the harness.
SHELL := /bin/bash
.DEFAULT_GOAL := help
ROOT := $(abspath .)
VENV := $(ROOT)/.venv
PY := $(VENV)/bin/python
MVN := mvn -B -ntp
export ZEROROW_ROOT := $(ROOT)

TEST_TARGETS :=
BENCH_TARGETS :=
LINT_TARGETS :=
FMT_TARGETS :=
# Each runner is name=command; the command gets the vectors folder as its one argument.
VECTOR_RUNNERS := reference=$(PY)\ $(ROOT)/format-spec/generator/zerorow_vectors.py\ --check
VECTOR_DEPS :=
# The corpus runners (SPEC §12.4, format-spec/README.md): name=command, the command gets
# <corpus-dir> <out-dir>; parts add theirs, and what they need built, in their part.mk.
CORPUS_RUNNERS := reference=$(PY)\ $(ROOT)/format-spec/harness/corpus_reference.py
CORPUS_DEPS :=

help:
	@echo "make demo   - run the end-to-end demo"
	@echo "make test   - build and test every part (installs what it needs)"
	@echo "make bench  - run every benchmark, write BENCHMARKS.md (bench-quick: small sizes)"
	@echo "make fmt    - format every language (ruff, clang-format, google-java-format)"
	@echo "make lint   - formatters in check mode, linters, the skips table (make test runs it)"
	@echo "make notebooks-full - run every notebook at the size it ships with (make test: test sizes)"
	@echo "parts: test-spec test-java test-cpp test-python test-vectors bench-*"

# ---- shared setup -------------------------------------------------------------------
.PHONY: deps debian-deps venv
deps: debian-deps venv
debian-deps:
	@bash scripts/install-debian-deps.sh

venv: $(VENV)/.stamp
$(VENV)/.stamp: requirements-dev.txt | debian-deps
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements-dev.txt
	touch $@

# `include`, not `-include`: a missing part must stop the build, not drop its tests quietly.
# Order matters: python-row before java-row/arrow, whose Arrow-equality check uses both.
include format-spec/part.mk
include cpp-row/part.mk
include python-row/part.mk
include java-row/part.mk
include java-row/arrow/part.mk
include connector-common/part.mk
include spark-connector/part.mk
include spark-connector/python.mk
include flink-connector/part.mk
include flink-connector/python.mk
# Last: its test target lists NOTEBOOK_DEPS, which the parts above may extend.
include notebooks/part.mk
# test-root (below): the root README's examples and the benchmark report generator.
TEST_TARGETS += test-root

# ---- formatting and lint ----------------------------------------------------------------
# `make fmt` rewrites every language's files with its formatter; `make lint` checks them
# unchanged and runs the linters, and fails on the first finding (`make test` runs it
# first). Parts add their own checks to LINT_TARGETS / FMT_TARGETS in their part.mk.
CLANG_FORMAT := clang-format-14
CXX_FILES = $(shell git ls-files '*.cc' '*.h' '*.cpp')
.PHONY: fmt lint lint-python lint-cpp-format lint-skips
fmt: venv $(FMT_TARGETS)
	$(VENV)/bin/ruff check --fix -q .
	$(VENV)/bin/ruff format -q .
	$(CLANG_FORMAT) -i $(CXX_FILES)

lint: $(LINT_TARGETS) lint-python lint-cpp-format lint-skips
	@echo "make lint: clean"
lint-python: venv
	$(VENV)/bin/ruff check -q .
	$(VENV)/bin/ruff format -q --check .
lint-cpp-format: debian-deps
	$(CLANG_FORMAT) --dry-run -Werror $(CXX_FILES)
lint-skips: venv
	$(PY) scripts/skips.py

# ---- the cross-language harness --------------------------------------------------------
.PHONY: test-vectors
test-vectors: venv $(VECTOR_DEPS)
	$(PY) format-spec/harness/run_vectors.py --vectors format-spec/vectors $(VECTOR_RUNNERS)

# The corpus runners' builds (format-spec/part.mk has the recipe): named here, once every
# part has added its runner, since a rule's prerequisites are expanded where it is read.
test-corpus: $(CORPUS_DEPS)

# ---- top-level targets -------------------------------------------------------------------
.PHONY: test bench demo
test: deps lint $(TEST_TARGETS) test-vectors test-demo
	@echo "make test: all parts passed"

# Every BENCH_TARGETS entry, its output kept in build/bench/, then BENCHMARKS.md with the
# tables and charts (the contract a benchmark target follows: scripts/bench_report.py).
# bench-quick: the same at small sizes (JMH 1+1 iterations of 1 s, BENCH_QUICK=1).
.PHONY: bench-quick test-root
bench: deps
	$(PY) scripts/bench_report.py $(BENCH_TARGETS)

bench-quick: deps
	$(PY) scripts/bench_report.py --quick $(BENCH_TARGETS)

# scripts/tests/test_row_file_matrix.py runs each language's row-file tool (SPEC §5: every
# writer x every reader); the Java one is java-row/arrow/testing's RowFileTool.
test-root: build-python build-cpp build-java-corpus
	ZEROROW_JAVA_ROWFILE_TOOL='$(ZEROROW_JAVA_ROWFILE_TOOL)' $(PY) -m pytest -q -p no:cacheprovider scripts/tests

# The demo's Java half runs as a single-file program on java-row/arrow's classpath; the Spark
# tests of python-row also run RowFileCat (java-row/arrow/testing) on it.
.PHONY: build-java-demo
build-java-demo:
	$(MVN) -q -pl java-row/arrow/testing -am -Dmaven.test.skip=true package dependency:build-classpath \
	  -Dmdep.outputFile=target/demo-classpath.txt -Dmdep.includeScope=runtime

demo: deps build-java-demo build-spark-python
	$(PY) scripts/demo.py

# `make test` runs the demo too (smaller), so the README's first command stays true.
.PHONY: test-demo
test-demo: build-java-demo build-spark-python
	DEMO_ROWS=5000 $(PY) scripts/demo.py

