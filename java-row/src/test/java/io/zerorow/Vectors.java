package io.zerorow;

import java.nio.file.Path;
import java.nio.file.Paths;

/** Where the golden vectors are: {@code ${zerorow.root}/format-spec/vectors}. */
final class Vectors {
  private Vectors() {}

  static Path dir() {
    String root = System.getProperty("zerorow.root");
    Path base = root != null ? Paths.get(root) : Paths.get("..").toAbsolutePath().normalize();
    return base.resolve("format-spec").resolve("vectors");
  }
}
