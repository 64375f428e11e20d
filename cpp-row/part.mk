# cpp-row: included by the root Makefile. Targets: build-cpp test-cpp bench-cpp fuzz.
CPP_DIR := $(ROOT)/cpp-row
CPP_BUILD := $(CPP_DIR)/build
CPP_FUZZ_SECONDS ?= 15
CPP_FUZZ_LONG_SECONDS ?= 600
CPP_FUZZERS := fuzz_row_read fuzz_validate fuzz_arrow_export fuzz_arrow_import fuzz_schema_json fuzz_resolve

TEST_TARGETS += test-cpp
LINT_TARGETS += lint-cpp
BENCH_TARGETS += bench-cpp
VECTOR_DEPS += build-cpp
VECTOR_RUNNERS += cpp=$(CPP_BUILD)/dev/zerorow_vectors
CORPUS_DEPS += build-cpp
CORPUS_RUNNERS += cpp=$(CPP_BUILD)/dev/zerorow_corpus

.PHONY: lint-cpp build-cpp test-cpp test-cpp-unit test-cpp-asan test-cpp-fuzz test-cpp-example bench-cpp fuzz build-cpp-fuzz

# The dev build compiles zerorow's own targets (library, testing library, tools, adapter, unit
# tests, benchmarks) with -Wall -Wextra -Werror, so a warning fails `make lint` without a
# second build of everything. Incremental: after the first run only changed files compile.
lint-cpp: build-cpp

# Release build (with debug info): library, unit tests, vector runner, benchmarks and the
# Arrow adapter, which the dev preset requires: Arrow C++ comes from the venv's pyarrow.
build-cpp: venv
	cd $(CPP_DIR) && cmake --preset dev -DZEROROW_PYTHON=$(PY) >/dev/null && cmake --build --preset dev

test-cpp: test-cpp-unit test-cpp-asan test-cpp-fuzz test-cpp-example
	@echo "test-cpp: passed"

test-cpp-unit: build-cpp
	cd $(CPP_DIR) && ctest --preset dev -j2

# The unit tests again under AddressSanitizer + UndefinedBehaviorSanitizer.
test-cpp-asan:
	cd $(CPP_DIR) && cmake --preset asan -DZEROROW_PYTHON=$(PY) >/dev/null && cmake --build --preset asan && \
	  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ctest --preset asan -j2

build-cpp-fuzz:
	cd $(CPP_DIR) && cmake --preset fuzz -DZEROROW_PYTHON=$(PY) >/dev/null && cmake --build --preset fuzz

# Each fuzz target for a bounded time, seeded from the golden vectors (all together <= 90 s).
test-cpp-fuzz: build-cpp-fuzz
	cd $(CPP_DIR) && fuzz/run_fuzzers.sh $(CPP_BUILD)/fuzz $(CPP_FUZZ_SECONDS) $(CPP_FUZZERS)

fuzz: build-cpp-fuzz
	cd $(CPP_DIR) && fuzz/run_fuzzers.sh $(CPP_BUILD)/fuzz $(CPP_FUZZ_LONG_SECONDS) $(CPP_FUZZERS)

# Install to a temporary prefix and build examples/ against it with find_package(zerorow).
test-cpp-example: build-cpp
	cd $(CPP_DIR) && examples/build_and_run.sh $(CPP_BUILD)

# Each benchmark runs for at least CPP_BENCH_MIN_TIME seconds; make bench-quick (BENCH_QUICK=1)
# gives it half of that (enough for a second, warm run of the slowest ones): the same
# table, noisier figures.
CPP_BENCH_MIN_TIME ?= $(if $(BENCH_QUICK),0.1,0.2)
bench-cpp: build-cpp
	cd $(CPP_DIR) && cmake --build --preset dev --target zerorow_bench
	$(CPP_BUILD)/dev/bench/zerorow_bench --benchmark_min_time=$(CPP_BENCH_MIN_TIME)
