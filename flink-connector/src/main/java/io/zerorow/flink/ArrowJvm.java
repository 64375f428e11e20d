package io.zerorow.flink;

/**
 * The JVM option Arrow's memory module needs on Java 17: without {@code
 * --add-opens=java.base/java.nio=ALL-UNNAMED} it cannot build the direct buffers through which row
 * files are written, and its own error ({@code sun.misc.Unsafe or java.nio.DirectByteBuffer.<init>
 * (long, int) not available}) names neither the option nor where it goes.
 */
final class ArrowJvm {
  static final String OPTION = "--add-opens=java.base/java.nio=ALL-UNNAMED";

  private ArrowJvm() {}

  /**
   * {@code e} explained when it is Arrow's failure for want of {@link #OPTION}: an {@link
   * IllegalStateException} naming the option and where to add it, caused by {@code e}; else {@code
   * e} itself.
   */
  static RuntimeException explain(RuntimeException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String m = t.getMessage();
      if (m != null && (m.contains("DirectByteBuffer.<init>") || m.contains("MemoryUtil"))) {
        return new IllegalStateException(
            "zerorow: writing row files needs the JVM option "
                + OPTION
                + " (Arrow's memory module, on Java 17): a Flink cluster's default JVM options"
                + " have it; add it to the JVM of a local job (the java command that runs your"
                + " main method, your test runner's JVM arguments, or JDK_JAVA_OPTIONS). Arrow"
                + " said: "
                + m,
            e);
      }
    }
    return e;
  }
}
