# java-row: the Java library (Maven module zerorow-java), its testing module (zerorow-testing:
# the vector runner and the values.json codec, not shipped) and its JMH benchmarks.
# build-java compiles both and writes testing/target/vector-runner.args (a java @argfile with
# the classpath), so the harness starts VectorRunner with plain `java`, without Maven.
JAVA_ROW := $(ROOT)/java-row
JAVA_TESTING := $(JAVA_ROW)/testing
TEST_TARGETS += test-java
BENCH_TARGETS += bench-java
# The Java runner is zerorow-arrow-testing's VectorAndFileRunner: VectorRunner's checks plus the
# row files of vectors/files (SPEC §10), read through zerorow-arrow (java-row/arrow/part.mk
# builds it: build-java-corpus writes its @argfile).
VECTOR_DEPS += build-java build-java-corpus
VECTOR_RUNNERS += java=java\ @$(JAVA_ROW)/arrow/testing/target/corpus-runner.args\ io.zerorow.arrow.tools.VectorAndFileRunner

.PHONY: build-java test-java bench-java
build-java:
	cd $(ROOT) && $(MVN) -q -pl java-row/testing -am -DskipTests compile
	printf -- '-cp "%s:%s"\n' "$(JAVA_TESTING)/target/classes" "$$(cat $(JAVA_TESTING)/target/classpath.txt)" > $(JAVA_TESTING)/target/vector-runner.args

# zerorow-java's own tests, then zerorow-testing's: every golden vector and random rows
# through the values.json codec.
test-java:
	cd $(ROOT) && $(MVN) -pl java-row,java-row/testing test

# `mvn install` of every module into a private repository (target/consumer-m2), then the
# minimal project of README.md "Depend on it" (examples/) built against it and run.
TEST_TARGETS += test-java-install
.PHONY: test-java-install
test-java-install:
	$(JAVA_ROW)/examples/build_and_run.sh

# Short on purpose (shared 2-core machine): 1 fork, 2 warm-up and 3 measured 1 s iterations
# per benchmark, with the gc profiler; then prints the table with the ratios (README.md).
# Narrow it with e.g. JAVA_BENCH_ARGS='FlatBench'. The zerorow benchmarks (JAVA_BENCH_OFF_ARGS)
# run a second time with the bounds checks off: the table's last columns are what they cost.
JAVA_BENCH_OFF_ARGS ?= '.*Zerorow$$'
# Interleaved: zerorow, Fory and Spark taking turns per shape, with the checks on and off;
# make bench-quick (BENCH_QUICK=1) measures 20 rounds after 8 warm-up rounds, not 60 after 20.
JAVA_INTERLEAVED_ARGS ?= $(if $(BENCH_QUICK),-Dbench.rounds=20 -Dbench.warmup=8,)
JAVA_BENCH_CP = $(JAVA_ROW)/bench/target/classes:$(JAVA_ROW)/bench/target/lib/*:$$(cat $(JAVA_ROW)/bench/target/classpath.txt)
bench-java:
	cd $(ROOT) && $(MVN) -q -pl java-row,java-row/bench -DskipTests package
	java -cp "$(JAVA_BENCH_CP)" org.openjdk.jmh.Main -prof gc -rf json -rff $(JAVA_ROW)/bench/target/jmh.json $(JAVA_BENCH_ARGS)
	java -cp "$(JAVA_BENCH_CP)" org.openjdk.jmh.Main -prof gc -rf json -rff $(JAVA_ROW)/bench/target/jmh-off.json \
	  -jvmArgsPrepend -Dzerorow.bounds.checks=false $(JAVA_BENCH_OFF_ARGS)
	java -cp "$(JAVA_BENCH_CP)" io.zerorow.bench.Report $(JAVA_ROW)/bench/target/jmh.json \
	  $(JAVA_ROW)/bench/target/jmh-off.json 2>/dev/null | tee $(JAVA_ROW)/bench/target/bench-table.md
	java -Xmx2g --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED \
	  --add-opens=java.base/java.util=ALL-UNNAMED $(JAVA_INTERLEAVED_ARGS) -cp "$(JAVA_BENCH_CP)" io.zerorow.bench.Interleaved 2>/dev/null \
	  | grep -v ' INFO ' | tee $(JAVA_ROW)/bench/target/interleaved-table.md
	java -cp "$(JAVA_BENCH_CP)" io.zerorow.bench.ResolvedReadCost | tee $(JAVA_ROW)/bench/target/resolved-read-table.md
	java -cp "$(JAVA_BENCH_CP)" io.zerorow.bench.BoundsCheckCost
	java -Dzerorow.bounds.checks=false -cp "$(JAVA_BENCH_CP)" io.zerorow.bench.BoundsCheckCost

# Java formatting: google-java-format 1.24.0 through spotless 2.44.4 (pinned in pom.xml), on
# zerorow's own Java modules. fmt-java rewrites; lint-java-fmt fails on any difference.
JAVA_FMT_MODULES := java-row,java-row/testing,java-row/bench,java-row/arrow,java-row/arrow/testing
JAVA_FMT_MODULES := $(JAVA_FMT_MODULES),java-row/parquet,format-spec/oracle
SPOTLESS := com.diffplug.spotless:spotless-maven-plugin
.PHONY: fmt-java lint-java
FMT_TARGETS += fmt-java
LINT_TARGETS += lint-java
fmt-java:
	cd $(ROOT) && $(MVN) -q -pl $(JAVA_FMT_MODULES) $(SPOTLESS):apply
lint-java: lint-java-doc
	cd $(ROOT) && $(MVN) -q -pl $(JAVA_FMT_MODULES) $(SPOTLESS):check

# API docs of the shipped modules: `mvn javadoc:javadoc` with doclint (all groups but "missing";
# root pom), failing on any error or warning but sun.misc.Unsafe's (see java-row/pom.xml); then
# doclint's "missing" group for the comments alone: every public class, method and field has
# one (its "no @param"/"no @return" findings are not counted).
JAVA_DOC_MODULES := java-row,java-row/arrow,java-row/parquet
JAVADOC = cd $(ROOT) && $(MVN) -pl $(JAVA_DOC_MODULES) -am -DskipTests compile javadoc:javadoc
.PHONY: lint-java-doc
lint-java-doc:
	@mkdir -p $(ROOT)/target
	$(JAVADOC) > target/javadoc.log 2>&1 || { grep -A3 'ERROR\|error:' target/javadoc.log | head -60; exit 1; }
	@! grep 'warning:' $(ROOT)/target/javadoc.log | grep -v 'Unsafe is internal proprietary API'
	$(JAVADOC) -Dzerorow.doclint=missing > target/doclint-missing.log 2>&1 \
	  || { tail -50 target/doclint-missing.log; exit 1; }
	@! grep 'warning: no comment' $(ROOT)/target/doclint-missing.log
