# java-row/arrow + java-row/parquet: rows <-> Arrow, row files (SPEC §5), rows <-> Parquet.
# test-java-arrow: the JUnit tests of both modules (golden vectors through Arrow, row files,
# Parquet, and the pyarrow interop test, which runs the venv's python), then the one-Arrow-
# answer harness (format-spec/harness/arrow_equality.py: Java and, when it imports, the
# Python package, against what pyarrow builds from values.json), whose Java programs are in
# java-row/arrow/testing (zerorow-arrow-testing, not shipped).
# bench-java-arrow: JMH, rows -> Arrow vs Fory 0.16 and Spark 4.2's ArrowWriter, Arrow -> rows
# vs Spark, Parquet vs parquet-avro, the row checksum's cost; prints tables with the ratios
# (README.md has them).
JAVA_ARROW := $(ROOT)/java-row/arrow
TEST_TARGETS += test-java-arrow
BENCH_TARGETS += bench-java-arrow
JAVA_ARROW_BENCH_ARGS ?=

.PHONY: test-java-arrow bench-java-arrow bench-java-arrow-interleaved build-java-corpus

# The Java corpus runner (SPEC §12.4): io.zerorow.arrow.tools.CorpusRunner in zerorow-arrow-testing,
# started by format-spec/harness/run_corpus.py through a java @argfile (no Maven at run time).
JAVA_CORPUS_ARGS := $(JAVA_ARROW)/testing/target/corpus-runner.args
CORPUS_DEPS += build-java-corpus
CORPUS_RUNNERS += java=java\ @$(JAVA_CORPUS_ARGS)\ io.zerorow.arrow.tools.CorpusRunner
# On the class path Arrow is in the unnamed module (naming org.apache.arrow.memory.core prints a
# JVM warning on stderr, which the tools' callers read).
build-java-corpus:
	cd $(ROOT) && $(MVN) -q -pl java-row/arrow/testing -am -DskipTests compile
	printf -- '--add-opens=java.base/java.nio=ALL-UNNAMED\n-cp "%s:%s"\n' \
	  "$(JAVA_ARROW)/testing/target/classes" "$$(cat $(JAVA_ARROW)/testing/target/classpath.txt)" > $(JAVA_CORPUS_ARGS)
# The Java row-file tool of the cross-language row-file matrix (SPEC §5.1-§5.3):
# io.zerorow.arrow.tools.RowFileTool in zerorow-arrow-testing (not shipped), started through the
# corpus runner's @argfile. `make -s java-rowfile-tool` builds it and prints, as its last line, the
# command prefix for ZEROROW_JAVA_ROWFILE_TOOL.
ZEROROW_JAVA_ROWFILE_TOOL := java @$(JAVA_CORPUS_ARGS) io.zerorow.arrow.tools.RowFileTool
.PHONY: java-rowfile-tool
java-rowfile-tool: build-java-corpus
	@echo '$(ZEROROW_JAVA_ROWFILE_TOOL)'

test-java-arrow: venv
	cd $(ROOT) && $(MVN) -pl java-row/arrow,java-row/parquet,java-row/arrow/testing -am test \
	  -Dtest='io.zerorow.arrow.**,io.zerorow.parquet.**' -Dsurefire.failIfNoSpecifiedTests=false
	$(PY) $(ROOT)/format-spec/harness/arrow_equality.py

# Short runs on purpose (shared 2-core machine): 1 fork, 3 warmup and 4 measured iterations.
bench-java-arrow:
	cd $(ROOT) && $(MVN) -q -Pbench -pl java-row/arrow -am -Dmaven.test.skip=true package
	cd $(JAVA_ARROW) && java -Djmh.ignoreLock=true \
	  -cp target/bench/classes:$$(cat target/bench/bench-classpath.txt) \
	  io.zerorow.arrow.bench.RunBench $(JAVA_ARROW_BENCH_ARGS)
	cd $(JAVA_ARROW) && java -Djmh.ignoreLock=true -Dbench=ParquetBench \
	  -cp target/bench/classes:$$(cat target/bench/bench-classpath.txt) \
	  io.zerorow.arrow.bench.RunBench $(JAVA_ARROW_BENCH_ARGS)
	$(MAKE) -s bench-java-rowfile-crc-run

# The checksum's cost (SPEC §5.1) in Java: a row file read whole with its crc32c verified, at
# level none, and without the column, uncompressed and zstd, side by side with the ratios
# (RowFileChecksumBench; 3 warm-up and 8 measured 1 s iterations, 1 fork).
.PHONY: bench-java-rowfile-crc bench-java-rowfile-crc-run
bench-java-rowfile-crc:
	cd $(ROOT) && $(MVN) -q -Pbench -pl java-row/arrow -am -Dmaven.test.skip=true package
	$(MAKE) -s bench-java-rowfile-crc-run
bench-java-rowfile-crc-run:
	cd $(JAVA_ARROW) && java -Djmh.ignoreLock=true \
	  -cp target/bench/classes:$$(cat target/bench/bench-classpath.txt) \
	  io.zerorow.arrow.bench.RowFileChecksumBench $(JAVA_ARROW_BENCH_ARGS) \
	  | tee target/bench/rowfile-crc-table.md

# rows -> Arrow, zerorow / Fory / Spark taking turns in one JVM (robust ratios under load)
bench-java-arrow-interleaved:
	cd $(ROOT) && $(MVN) -q -Pbench -pl java-row/arrow -am -Dmaven.test.skip=true package
	cd $(JAVA_ARROW) && java --add-opens=java.base/java.nio=ALL-UNNAMED \
	  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED \
	  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED \
	  -Dio.netty.tryReflectionSetAccessible=true \
	  -cp target/bench/classes:$$(cat target/bench/bench-classpath.txt) \
	  io.zerorow.arrow.bench.InterleavedBench
