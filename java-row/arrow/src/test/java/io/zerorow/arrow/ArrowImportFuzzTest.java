package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Arrow import fuzz ({@link ArrowImportFuzzMain}) in a child JVM: damaged IPC files and damaged
 * Arrow Java vectors of every type of the Arrow corpus give rows or zerorow errors, never another
 * exception or a crash (SPEC §12.2). {@code -Dzerorow.arrowfuzz.iterations} (1500 by default, about
 * 15 s) and {@code -Dzerorow.arrowfuzz.seed}.
 */
class ArrowImportFuzzTest {
  @TempDir Path dir;

  @Test
  void damagedArrowInputNeverCrashesTheJvm() throws Exception {
    String iterations = System.getProperty("zerorow.arrowfuzz.iterations", "1500");
    String seed = System.getProperty("zerorow.arrowfuzz.seed", "20261127");
    List<String> cmd =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx512m",
            "-XX:-CreateCoredumpOnCrash",
            "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"),
            "--add-opens=java.base/java.nio=org.apache.arrow.memory.core,ALL-UNNAMED",
            "-Dzerorow.root=" + io.zerorow.tools.GoldenVectors.root(),
            "-cp",
            System.getProperty("java.class.path"),
            ArrowImportFuzzMain.class.getName(),
            iterations,
            seed);
    Path out = dir.resolve("child.log");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    assertTrue(p.waitFor(600, TimeUnit.SECONDS), "the fuzz ran past 600 s");
    String log = Files.readString(out);
    assertEquals(0, p.exitValue(), "child JVM exit (134 or 139: killed by a signal):\n" + log);
    assertTrue(log.contains("arrow import fuzz passed"), log);
  }
}
