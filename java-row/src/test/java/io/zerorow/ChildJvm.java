package io.zerorow;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class in a new JVM on this test's classpath, so that a test can see a JVM that dies
 * by a signal (a SIGSEGV from a bad memory access kills the test JVM itself otherwise).
 */
final class ChildJvm {
  /** Exit code and combined output of a child JVM. */
  record Result(int exitCode, String output) {}

  private ChildJvm() {}

  static Result run(long timeoutSeconds, List<String> jvmArgs, Class<?> main, String... args)
      throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx512m");
    cmd.add("-XX:-CreateCoredumpOnCrash");
    // a crash report goes to target/, not the working tree
    cmd.add("-XX:ErrorFile=" + Path.of("target", "hs_err_child_%p.log").toAbsolutePath());
    cmd.addAll(jvmArgs);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(main.getName());
    cmd.addAll(List.of(args));
    File out = File.createTempFile("zerorow-child", ".log");
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out).start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        throw new AssertionError(
            "child JVM "
                + main.getSimpleName()
                + " ran past "
                + timeoutSeconds
                + " s:\n"
                + Files.readString(out.toPath(), StandardCharsets.UTF_8));
      }
      return new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out.toPath());
    }
  }
}
