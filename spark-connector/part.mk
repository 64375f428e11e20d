# spark-connector: the Spark connector's JVM side (README.md). The Python side lives in
# python-row (zerorow.spark) and finds the jars below (or ZEROROW_SPARK_JAR).
# build-spark: one jar per Scala binary, zerorow's own classes inside, nothing of Spark's:
#   spark-connector/target/zerorow-spark_2.13.jar (Spark 4.2.0), ..._2.12.jar (Spark 3.5.9)
# test-spark-java: JUnit with local[2] on Spark 4.2.0 (all tests) and 3.5.9 (a smaller set),
#   then JarSmoke: a fresh JVM with only Spark's classpath + the built jar (spark.jars).
# bench-spark-java: zerorow_encode+zerorow_decode vs the JVM floor, and a pruned DataSource
#   read vs Parquet (README.md has the table).
SPARK_CONNECTOR := $(ROOT)/spark-connector
TEST_TARGETS += test-spark-java
BENCH_TARGETS += bench-spark-java
SPARK_JAR_213 := $(SPARK_CONNECTOR)/target/zerorow-spark_2.13.jar
SPARK_JAR_212 := $(SPARK_CONNECTOR)/target/zerorow-spark_2.12.jar
SPARK_JAVA_OPTS := --add-opens=java.base/java.lang=ALL-UNNAMED \
  --add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED \
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED \
  --add-opens=java.base/java.util.concurrent=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED \
  --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED \
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED -Dio.netty.tryReflectionSetAccessible=true

# google-java-format through spotless (make fmt-java / lint-java, java-row/part.mk): the module
# spark-connector covers the shared source tree and both Scala-binary shims (its pom.xml).
JAVA_FMT_MODULES := $(JAVA_FMT_MODULES),spark-connector

.PHONY: build-spark test-spark-java bench-spark-java
build-spark:
	cd $(ROOT) && $(MVN) -q -pl spark-connector/spark-4.2,spark-connector/spark-3.5 -am \
	  -Dmaven.test.skip=true package
	mkdir -p $(SPARK_CONNECTOR)/target
	# the newest jar of each module: an older version's jar may still sit in target/
	cp "$$(ls -t $(SPARK_CONNECTOR)/spark-4.2/target/zerorow-spark_2.13-*.jar | head -1)" $(SPARK_JAR_213)
	cp "$$(ls -t $(SPARK_CONNECTOR)/spark-3.5/target/zerorow-spark_2.12-*.jar | head -1)" $(SPARK_JAR_212)
	@for j in $(SPARK_JAR_213) $(SPARK_JAR_212); do \
	  if unzip -l $$j | grep -E ' (org/apache|scala|com/fasterxml|io/netty|org/codehaus)/' >/dev/null; then \
	    echo "$$j holds classes that are Spark's"; exit 1; fi; done

test-spark-java: build-spark
	cd $(ROOT) && $(MVN) -pl spark-connector/spark-4.2,spark-connector/spark-3.5 -am test \
	  -Dtest='io.zerorow.spark.**' -Dsurefire.failIfNoSpecifiedTests=false
	$(MAKE) -s spark-jar-smoke

# The built jars in a plain JVM whose classpath is Spark's only (test scope stripped),
# the connector added through spark.jars and the driver classpath, as spark-submit does.
.PHONY: spark-jar-smoke
spark-jar-smoke:
	set -eo pipefail; for pair in 2.13:4.2 2.12:3.5; do \
	  v=$${pair%%:*}; module=$(SPARK_CONNECTOR)/spark-$${pair##*:}; \
	  java -Xmx1g $(SPARK_JAVA_OPTS) \
	    -cp "$(SPARK_CONNECTOR)/target/zerorow-spark_$$v.jar:$$module/target/test-classes:$$(cat $$module/target/spark.classpath)" \
	    io.zerorow.spark.JarSmoke $(SPARK_CONNECTOR)/target/zerorow-spark_$$v.jar 2>&1 | grep -v ' INFO \| WARN '; \
	done

# SPARK_BENCH_ARGS: JVM flags, e.g. -Dbench.rows=300000 -Dbench.repeats=3 (BENCH_QUICK=1, as
# make bench-quick sets it: 200,000 rows).
SPARK_BENCH_ARGS ?= $(if $(BENCH_QUICK),-Dbench.rows=200000 -Dbench.repeats=3,)
bench-spark-java: build-spark
	cd $(ROOT) && $(MVN) -q -pl spark-connector/spark-4.2 -am -DskipTests test-compile
	java -Xmx6g $(SPARK_JAVA_OPTS) $(SPARK_BENCH_ARGS) \
	  -cp "$(SPARK_JAR_213):$(SPARK_CONNECTOR)/spark-4.2/target/test-classes:$$(cat $(SPARK_CONNECTOR)/spark-4.2/target/spark.classpath)" \
	  io.zerorow.spark.SparkBench | tee $(SPARK_CONNECTOR)/target/bench-table.md
