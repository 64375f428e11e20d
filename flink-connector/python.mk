# PyFlink side of flink-connector: zerorow.flink (python-row/src/zerorow/flink) tested and
# benchmarked in its own venv, .venv-flink, since apache-flink 2.2.0 pins pyarrow < 21 and
# pandas < 2.3 (the main .venv has newer ones). python-row is built into it from source.
FLINK_VENV := $(ROOT)/.venv-flink
FLINK_PY := $(FLINK_VENV)/bin/python
FLINK_REQS := $(ROOT)/python-row/tests/flink/requirements.txt
FLINK_CONNECTOR_JAR := $(ROOT)/flink-connector/target/zerorow-flink.jar
FLINK_PYROW_STAMP := $(FLINK_VENV)/.zerorow-installed

TEST_TARGETS += test-flink-python
BENCH_TARGETS += bench-pyflink

.PHONY: venv-flink build-flink-python test-flink-python bench-pyflink
venv-flink: $(FLINK_VENV)/.stamp
$(FLINK_VENV)/.stamp: $(FLINK_REQS) | debian-deps
	test -x $(FLINK_PY) || python3 -m venv $(FLINK_VENV)
	$(FLINK_PY) -m pip install -q --upgrade pip
	$(FLINK_PY) -m pip install -q -r $(FLINK_REQS)
	touch $@

# python-row's wheel (python-row/part.mk's pyrow_wheel, built by the main venv) ships the
# connector jar inside zerorow.flink, asked for by path (a missing jar fails the build), so the
# jar is built first.
build-flink-python: $(FLINK_PYROW_STAMP)
$(FLINK_PYROW_STAMP): $(PYROW_SRCS) $(FLINK_VENV)/.stamp $(wildcard $(FLINK_CONNECTOR_JAR)) \
                     | flink-jar-for-python venv
	@touch $@.new
	$(call pyrow_wheel,$(PYROW_WHEELS)/flink,,$(FLINK_CONNECTOR_JAR))
	$(call pyrow_install_wheel,$(FLINK_PY),$(PYROW_WHEELS)/flink/zerorow-*.whl)
	@mv $@.new $@

# The JVM side's `make build-flink` (flink-connector/part.mk) when present, else the same jar by Maven.
.PHONY: flink-jar-for-python
flink-jar-for-python:
	$(if $(wildcard $(ROOT)/flink-connector/part.mk),$(MAKE) --no-print-directory build-flink,\
	  $(MVN) -q -pl flink-connector/flink-2.2 -am package -Dmaven.test.skip=true)

# python-row must build and work beside PyFlink: its own suite runs here too (against this
# venv's pyarrow 16, pandas 2.2 and numpy 2.1; the main venv's test-python runs it against the
# newest), then the PyFlink tests; ZEROROW_FLINK_TESTS makes tests/flink fail, not drop its
# jobs, if pyflink is missing. test_arrow_mapping.py builds every Arrow type of SPEC §12.2,
# most of which pyarrow 16 cannot make (decimal32/64, views, run-end encoded, float16 from
# floats): it runs in the main venv only.
test-flink-python: build-flink-python
	cd $(PYROW) && $(FLINK_PY) -m pytest -q -p no:cacheprovider tests --ignore=tests/test_arrow_mapping.py
	cd $(PYROW) && ZEROROW_FLINK_TESTS=1 $(FLINK_PY) -m pytest -q -p no:cacheprovider -o addopts= tests/flink

# make bench-quick (BENCH_QUICK=1): 50,000 rows, one round, no warm-up round.
PYFLINK_BENCH_ARGS ?= $(if $(BENCH_QUICK),--rows 50000 --repeats 1 --warmup 0,)
bench-pyflink: build-flink-python
	@mkdir -p $(ROOT)/flink-connector/target
	$(FLINK_PY) $(PYROW)/tests/flink/bench_pyflink.py $(PYFLINK_BENCH_ARGS) \
	  --markdown $(ROOT)/flink-connector/target/bench-pyflink.md
