package io.zerorow.tools;

import io.zerorow.type.Schema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The golden vectors of {@code format-spec/vectors} (SPEC §10), found from the repository root: the
 * one place the Java tests and oracles look them up.
 */
public final class GoldenVectors {
  /**
   * One valid case: its name, folder, schema and canonical row bytes.
   *
   * @param name the case's folder name
   * @param dir the case's folder
   * @param schema the case's {@code schema.json}
   * @param row the case's {@code row.bin}
   */
  public record Case(String name, Path dir, Schema schema, byte[] row) {}

  private GoldenVectors() {}

  /**
   * The repository root: {@code -Dzerorow.root} (the poms set it), else {@code $ZEROROW_ROOT} (the
   * Makefile exports it), else the first folder above the working directory holding {@code
   * format-spec/vectors}.
   *
   * @return the root folder, absolute
   * @throws IllegalStateException when none of them holds {@code format-spec/vectors}
   */
  public static Path root() {
    for (String hint :
        new String[] {System.getProperty("zerorow.root"), System.getenv("ZEROROW_ROOT")}) {
      // an unset Maven property reaches the test JVM as the literal "${...}"
      if (hint != null && !hint.isBlank() && !hint.contains("${")) {
        Path p = Paths.get(hint).toAbsolutePath().normalize();
        if (Files.isDirectory(p.resolve("format-spec/vectors"))) {
          return p;
        }
      }
    }
    Path start = Paths.get("").toAbsolutePath();
    for (Path d = start; d != null; d = d.getParent()) {
      if (Files.isDirectory(d.resolve("format-spec/vectors"))) {
        return d;
      }
    }
    throw new IllegalStateException(
        "format-spec/vectors not found above " + start + "; set -Dzerorow.root");
  }

  /**
   * The vectors folder, {@code <root>/format-spec/vectors}.
   *
   * @return the folder
   */
  public static Path folder() {
    return root().resolve("format-spec/vectors");
  }

  /**
   * Every valid case (each folder with a {@code row.bin}, so not {@code invalid/}), sorted by name.
   *
   * @return the cases, never empty
   * @throws IllegalStateException when the folder holds no case
   */
  public static List<Case> valid() {
    List<Case> out = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(folder())) {
      for (Path d : dirs.sorted().toList()) {
        if (Files.isRegularFile(d.resolve("row.bin"))) {
          out.add(
              new Case(
                  d.getFileName().toString(),
                  d,
                  Schema.fromJson(
                      Files.readString(d.resolve("schema.json"), StandardCharsets.UTF_8)),
                  Files.readAllBytes(d.resolve("row.bin"))));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (out.isEmpty()) {
      throw new IllegalStateException("no golden cases under " + folder());
    }
    return out;
  }
}
