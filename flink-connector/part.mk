# flink-connector: Flink adapters (README.md), Flink 2.2.0 (flink-2.2/) and 1.20.3 (flink-1.20/)
# over one source tree. build-flink writes the two one-jar connectors:
#   flink-connector/target/zerorow-flink.jar       (Flink 2.2)
#   flink-connector/target/zerorow-flink-1.20.jar  (Flink 1.20)
# test-flink-java: the same JUnit tests (MiniCluster jobs kept few and small) on both versions,
# then check-flink-jar. bench-flink: the keyed DataStream job with the record as zerorow / RowData
# / POJO / Kryo, all in one run; writes flink-connector/target/bench-flink.md.
FLINK_CONNECTOR := $(ROOT)/flink-connector
TEST_TARGETS += test-flink-java
BENCH_TARGETS += bench-flink
# DataStreamBench's arguments: rows, rounds (make bench-quick sets BENCH_QUICK=1: 200,000 rows).
FLINK_BENCH_ARGS ?= $(if $(BENCH_QUICK),200000 3,)

# google-java-format through java-row's fmt-java / lint-java (java-row/part.mk): this module's
# pom (flink-connector/) formats the shared source tree, the shims and jar-check/.
JAVA_FMT_MODULES := $(JAVA_FMT_MODULES),flink-connector

# test-flink-install: the connector artifacts `mvn install`ed into a private repository
# (target/consumer-m2-flink), then the project of README.md "Depend on it" (examples/) built against
# them and run on Flink 2.2 and 1.20 (a SQL query and a DataStream job on a MiniCluster).
TEST_TARGETS += test-flink-install

.PHONY: build-flink test-flink-java check-flink-jar bench-flink test-flink-install
test-flink-install:
	$(FLINK_CONNECTOR)/examples/build_and_run.sh

build-flink:
	cd $(ROOT) && $(MVN) -q -pl flink-connector/flink-2.2,flink-connector/flink-1.20 -am \
	  -Dmaven.test.skip=true package
	@ls -l $(FLINK_CONNECTOR)/target/zerorow-flink.jar $(FLINK_CONNECTOR)/target/zerorow-flink-1.20.jar

# The class path file is written before `package`: the shade plugin, writing the
# dependency-reduced POM under target/, moves the module's base directory there for the goals
# that follow it (a relative path would land in target/target/).
test-flink-java:
	cd $(ROOT) && $(MVN) -pl flink-connector/flink-2.2 -am \
	  dependency:build-classpath -Dmdep.outputFile=target/flink-classpath.txt -Dmdep.includeScope=test \
	  package -Dtest='io.zerorow.flink.**' -Dsurefire.failIfNoSpecifiedTests=false
	cd $(ROOT) && $(MVN) -pl flink-connector/flink-1.20 -am \
	  dependency:build-classpath -Dmdep.outputFile=target/flink-classpath.txt -Dmdep.includeScope=test \
	  package -Dtest='io.zerorow.flink.**' -Dsurefire.failIfNoSpecifiedTests=false
	$(MAKE) -C $(ROOT) check-flink-jar

# Each built jar in real Flink jobs, with Flink's jars and that jar only (no zerorow classes,
# no Arrow of our own): what PyFlink's add_jars and a cluster's lib/ see.
flink_only_cp = $$(tr ':' '\n' < $(FLINK_CONNECTOR)/$(1)/target/flink-classpath.txt \
	  | grep -v -e '/io/zerorow/' -e '/java-row/' -e '/org/apache/arrow/' -e '/org/codehaus/janino/' -e 'junit' | paste -sd:)
JAR_CHECK = cd $(FLINK_CONNECTOR)/jar-check && java --add-opens=java.base/java.nio=ALL-UNNAMED \
	  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED
check-flink-jar:
	mkdir -p $(FLINK_CONNECTOR)/target/jar-check-2.2 $(FLINK_CONNECTOR)/target/jar-check-1.20
	javac -Xlint:all -Werror -d $(FLINK_CONNECTOR)/target/jar-check-2.2 -cp "$(call flink_only_cp,flink-2.2):$(FLINK_CONNECTOR)/target/zerorow-flink.jar" $(FLINK_CONNECTOR)/jar-check/JarCheck.java
	javac -Xlint:all -Werror -d $(FLINK_CONNECTOR)/target/jar-check-1.20 -cp "$(call flink_only_cp,flink-1.20):$(FLINK_CONNECTOR)/target/zerorow-flink-1.20.jar" $(FLINK_CONNECTOR)/jar-check/JarCheck.java
	$(JAR_CHECK) -cp "$(call flink_only_cp,flink-2.2):$(FLINK_CONNECTOR)/target/zerorow-flink.jar:$(FLINK_CONNECTOR)/target/jar-check-2.2" \
	  JarCheck 2>&1 | grep -v -e ' INFO ' -e ' WARN ' -e '^SLF4J'; test $${PIPESTATUS[0]} -eq 0
	$(JAR_CHECK) -cp "$(call flink_only_cp,flink-1.20):$(FLINK_CONNECTOR)/target/zerorow-flink-1.20.jar:$(FLINK_CONNECTOR)/target/jar-check-1.20" \
	  JarCheck 2>&1 | grep -v -e ' INFO ' -e ' WARN ' -e '^SLF4J'; test $${PIPESTATUS[0]} -eq 0

# Run it under the shared lock: flock /work/heavy.lock make bench-flink
bench-flink:
	cd $(ROOT) && $(MVN) -q -pl flink-connector/flink-2.2 -am -DskipTests test-compile \
	  dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
	cd $(FLINK_CONNECTOR)/flink-2.2 && java -Xmx3g \
	  --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED \
	  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED \
	  -cp target/test-classes:target/classes:$$(cat target/bench-classpath.txt) \
	  io.zerorow.flink.bench.DataStreamBench $(FLINK_BENCH_ARGS) 2>/dev/null \
	  | grep -E '^(\||## |[0-9]{4}-|$$)' | tee $(FLINK_CONNECTOR)/target/bench-flink.md
