# connector-common: the connector kit (README.md) and its testing module. Both connectors build
# it through Maven's -am; test-connector-common runs its own JUnit tests (no engine, seconds).
TEST_TARGETS += test-connector-common

# google-java-format (make fmt-java / lint-java, java-row/part.mk) and doclint on the shipped kit
JAVA_FMT_MODULES := $(JAVA_FMT_MODULES),connector-common,connector-common/testing
JAVA_DOC_MODULES := $(JAVA_DOC_MODULES),connector-common

.PHONY: test-connector-common
test-connector-common:
	cd $(ROOT) && $(MVN) -pl connector-common,connector-common/testing -am test \
	  -Dtest='io.zerorow.connector.**' -Dsurefire.failIfNoSpecifiedTests=false
