package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The randomized API test ({@link ApiFuzzProperties}) in a child JVM, so that a crash is seen as
 * the child's exit by a signal. Bounded: {@code -Dzerorow.apifuzz.tries} sequences (2000 by
 * default, a few seconds).
 */
class ApiFuzzTest {
  @Test
  void randomPublicCallsNeverCrashTheJvm() throws Exception {
    String tries = System.getProperty("zerorow.apifuzz.tries", "2000");
    ChildJvm.Result r = ChildJvm.run(300, List.of(), ApiFuzzMain.class, tries);
    assertEquals(
        0, r.exitCode(), "child JVM exit code (134 or 139 = killed by a signal):\n" + r.output());
    assertTrue(r.output().contains("api fuzz passed"), r.output());
  }
}
