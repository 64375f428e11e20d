package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Calls that once killed the JVM, run in a child JVM that would see the signal. */
class NoJvmCrashTest {
  @Test
  void noCallCrashesTheJvm() throws Exception {
    ChildJvm.Result r = ChildJvm.run(120, List.of(), NoJvmCrashCases.class);
    assertEquals(
        0, r.exitCode(), "child JVM exit code (134 or 139 = killed by a signal):\n" + r.output());
    assertTrue(r.output().contains("cases passed"), r.output());
  }
}
