# format-spec: the generator must reproduce the committed vectors, and SPEC.md's worked
# examples must match them. The oracle checks (Spark, Fory) run with the Java build.
TEST_TARGETS += test-spec

.PHONY: test-spec vectors
test-spec: venv
	$(PY) -m pytest -q format-spec/generator

vectors: venv
	$(PY) format-spec/generator/zerorow_vectors.py
