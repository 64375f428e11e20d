# format-spec: the generator must reproduce the committed vectors, and SPEC.md's worked
# examples must match them. The oracle checks (Spark, Fory) run with the Java build.
TEST_TARGETS += test-spec

.PHONY: test-spec vectors
test-spec: venv
	$(PY) -m pytest -q format-spec/generator format-spec/harness

# Regenerates the vectors and the oracle table; commit both.
vectors: venv
	$(PY) format-spec/generator/zerorow_vectors.py
	$(MVN) -q -pl format-spec/oracle -am test -Dzerorow.oracles.write=true \
	  -Dtest='io.zerorow.oracle.**' -Dsurefire.failIfNoSpecifiedTests=false

# Oracles: Spark's UnsafeProjection must write every applicable row.bin byte for byte, and
# Fory's BinaryRow must read back every applicable values.json (vectors/ORACLES.md).
TEST_TARGETS += test-oracle
.PHONY: test-oracle
# -am: the Fory field-order test uses java-row from the reactor (never from ~/.m2)
test-oracle: ; $(MVN) -pl format-spec/oracle -am test -Dtest='io.zerorow.oracle.**' \
	  -Dsurefire.failIfNoSpecifiedTests=false

# Corpora (SPEC §12.4): every runner of CORPUS_RUNNERS over the Arrow and the Parquet corpus;
# a column a runner does not report fails, so a runner that reports nothing fails the target.
TEST_TARGETS += test-corpus
.PHONY: test-corpus
test-corpus: venv $(CORPUS_DEPS)
	$(PY) format-spec/harness/run_corpus.py --corpus format-spec/corpus/arrow \
	  --corpus format-spec/corpus/parquet $(CORPUS_RUNNERS)
