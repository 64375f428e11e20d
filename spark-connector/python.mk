# zerorow.spark (the Python side of spark-connector, in python-row): its tests, its benchmark,
# the pyspark 3.5.9 environment, and the connector jars shipped inside the Python package.
SPARK35_VENV := $(ROOT)/.venv-spark35
SPARK35_PY := $(SPARK35_VENV)/bin/python
# pyspark 3.5 predates NumPy 2 and pandas 2.3; these are the newest it was released against.
SPARK35_PKGS := pyspark==3.5.9 numpy==1.26.4 pandas==2.2.3 pyarrow==17.0.0 \
                nanobind==3.1.0 scikit-build-core==1.1.2
# make bench-quick (BENCH_QUICK=1): 200,000 rows, one round after the warm-up (about a minute);
# its table is titled as a quick run (per-job fixed costs weigh more than at 1M, whose figures
# README.md has).
BENCH_ROWS ?= $(if $(BENCH_QUICK),200000,1000000)
BENCH_REPEATS ?= $(if $(BENCH_QUICK),1,3)

TEST_TARGETS += test-spark-python
BENCH_TARGETS += bench-spark

.PHONY: build-spark-python venv-spark35 test-spark-python bench-spark

# The built jars are installed into the package (zerorow/spark/jars) by python-row's CMake build,
# asked for by path, so `zerorow.spark.configure(builder)` finds them without ZEROROW_SPARK_JAR.
# A stamp of its own: build-python (no jars) and this install take turns in the same venv, each
# redone only when the sources or the jars change.
SPARK_JARS := $(ROOT)/spark-connector/target/zerorow-spark_2.13.jar;$(ROOT)/spark-connector/target/zerorow-spark_2.12.jar
SPARK_PYROW_STAMP := $(VENV)/.zerorow-with-spark-jars
build-spark-python: build-spark
	@$(MAKE) --no-print-directory $(SPARK_PYROW_STAMP)
$(SPARK_PYROW_STAMP): $(PYROW_SRCS) $(ROOT)/spark-connector/target/zerorow-spark_2.13.jar \
                      $(ROOT)/spark-connector/target/zerorow-spark_2.12.jar | venv
	@touch $@.new
	$(call pyrow_wheel,$(PYROW_WHEELS)/spark,$(SPARK_JARS),)
	$(call pyrow_install_wheel,$(PY),$(PYROW_WHEELS)/spark/zerorow-*.whl)
	@mv $@.new $@

venv-spark35: $(SPARK35_VENV)/.stamp
$(SPARK35_VENV)/.stamp: $(SPARK_PYROW_STAMP) $(ROOT)/spark-connector/python.mk
	test -x $(SPARK35_PY) || python3 -m venv $(SPARK35_VENV)
	$(SPARK35_PY) -m pip install -q --upgrade pip
	$(SPARK35_PY) -m pip install -q $(SPARK35_PKGS)
	$(call pyrow_install_wheel,$(SPARK35_PY),$(PYROW_WHEELS)/spark/zerorow-*.whl)
	touch $@

# One SparkSession for the pytest session (tests/spark/conftest.py); the no-jar session, the
# local Connect server and pyspark 3.5.9 run in subprocesses.
test-spark-python: build-spark-python build-java-demo venv-spark35
	cd $(PYROW) && PYSPARK_PYTHON=$(PY) ZEROROW_SPARK35_PYTHON=$(SPARK35_PY) \
	  $(PY) -m pytest -q -p no:cacheprovider -o addopts= tests/spark

# All variants of the benchmark in one run; BENCH_QUICK=1 (200,000 rows) for a quick one.
bench-spark: build-spark-python build-java-demo
	@mkdir -p $(ROOT)/spark-connector/target
	PYSPARK_PYTHON=$(PY) BENCH_ROWS=$(BENCH_ROWS) BENCH_REPEATS=$(BENCH_REPEATS) $(PY) $(ROOT)/spark-connector/python/bench_spark.py \
	  --markdown $(ROOT)/spark-connector/target/bench-spark.md
NOTEBOOK_DEPS += build-spark-python
