# python-row: the `zerorow` Python package (scikit-build-core + nanobind), installed into the venv.
PYROW := $(ROOT)/python-row
PYROW_STAMP := $(PYROW)/build/.installed
PYROW_SRCS := $(shell find $(PYROW)/native $(PYROW)/src -type f -not -name '*.pyc' 2>/dev/null) \
              $(shell find $(ROOT)/cpp-row/include $(ROOT)/cpp-row/src -type f 2>/dev/null) \
              $(PYROW)/CMakeLists.txt $(PYROW)/pyproject.toml

TEST_TARGETS += test-python
BENCH_TARGETS += bench-python
VECTOR_DEPS += build-python
VECTOR_RUNNERS += python=$(PY)\ $(PYROW)/testing/zerorow_testing/vectors.py
CORPUS_DEPS += build-python
CORPUS_RUNNERS += python=$(PY)\ $(PYROW)/testing/zerorow_testing/corpus.py

LINT_TARGETS += lint-python-native

# A wheel of python-row with the connector jars it is asked to ship (SPEC-independent packaging:
# python-row/CMakeLists.txt), built in the main venv's build directory so that only the first
# build compiles; the Spark 3.5 and PyFlink venvs install these wheels instead of compiling the
# extension again (every venv has the same CPython 3.11, and the extension links no pyarrow).
# $(call pyrow_wheel,OUT_DIR,SPARK_JARS,FLINK_JAR): both defines always given, since the CMake
# cache would otherwise keep the previous build's jars.
PYROW_WHEELS := $(ROOT)/build/wheels
PY_WERROR := -C cmake.define.ZEROROW_PY_WERROR=ON -C cmake.define.ZEROROW_WERROR=ON
define pyrow_wheel
	rm -rf $(1) && $(PY) -m pip wheel -q --no-deps --no-build-isolation $(PY_WERROR) -w $(1) \
	  -C 'cmake.define.ZEROROW_SPARK_JARS=$(2)' -C 'cmake.define.ZEROROW_FLINK_JAR=$(3)' $(PYROW)
endef
# $(call pyrow_install_wheel,PYTHON,WHEEL): zerorow's dependencies where missing (never upgrading
# what the venv pinned), then the wheel itself over whatever zerorow the venv had.
define pyrow_install_wheel
	$(1) -m pip install -q $(2)
	$(1) -m pip install -q --no-deps --force-reinstall $(2)
endef

# python-row's extension and the cpp-row core it links are compiled with -Wall -Wextra -Werror
# by the Makefile's builds (PY_WERROR below; never for a user's pip install), so a warning fails
# `make lint` without a build of its own.
lint-python-native: build-python

build-python: $(PYROW_STAMP)
# The stamp's time is taken before the install, so a source edited during a build is rebuilt.
$(PYROW_STAMP): $(PYROW_SRCS) | venv
	@mkdir -p $(dir $@) && touch $@.new
	$(PY) -m pip install -q --no-build-isolation $(PY_WERROR) -C cmake.define.ZEROROW_SPARK_JARS= \
	  -C cmake.define.ZEROROW_FLINK_JAR= $(PYROW)
	@mv $@.new $@

# pytest (the 1M-element seed test included), the byte-mutation properties under -X dev,
# then a bounded atheris run.
test-python: build-python
	cd $(PYROW) && $(PY) -m pytest -q -p no:cacheprovider tests --ignore=tests/test_mutations.py
	cd $(PYROW) && $(PY) -X dev -m pytest -q -p no:cacheprovider tests/test_mutations.py
	$(MAKE) --no-print-directory fuzz-python

fuzz-python: build-python
	cd $(PYROW) && $(PY) tests/fuzz_rows.py -max_total_time=30 -rss_limit_mb=2048 >/dev/null 2>$(PYROW)/build/fuzz.log \
	  || (tail -40 $(PYROW)/build/fuzz.log; exit 1)
	@tail -1 $(PYROW)/build/fuzz.log

# make bench-quick (BENCH_QUICK=1): bench.py --quick (smaller inputs, fewer repeats).
PYTHON_BENCH_ARGS ?= $(if $(BENCH_QUICK),--quick,)
bench-python: build-python
	$(PY) $(PYROW)/bench/bench.py $(PYTHON_BENCH_ARGS)

# Row file size and speed: none / lz4 / zstd against Arrow IPC and Parquet, and the checksum's
# cost (SPEC §5.1, §5.2); quick: 2 repeats, 50,000 orders.
BENCH_TARGETS += bench-row-files
.PHONY: bench-row-files
ROW_FILES_BENCH_ARGS ?= $(if $(BENCH_QUICK),--repeats 2 --orders 50000,--repeats 5 --orders 200000)
bench-row-files: build-python
	$(PY) $(PYROW)/bench/bench_row_files.py $(ROW_FILES_BENCH_ARGS)
