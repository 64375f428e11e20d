package io.zerorow.tools;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Every golden case (read, write) and every invalid case (reject), as in SPEC §8. */
class GoldenVectorsTest {
  @TestFactory
  Stream<DynamicTest> vectors() throws Exception {
    List<VectorRunner.Check> checks = VectorRunner.run(GoldenVectors.folder());
    assertFalse(checks.isEmpty(), "no vectors found in " + GoldenVectors.folder());
    return checks.stream()
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c.what + " " + c.caseName, () -> assertNull(c.failure, c.toString())));
  }
}
