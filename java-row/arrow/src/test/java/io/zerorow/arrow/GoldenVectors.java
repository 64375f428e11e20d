package io.zerorow.arrow;

import io.zerorow.Schema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The golden vectors of format-spec/vectors (SPEC §10), found from the repository root. */
final class GoldenVectors {
  /** One valid case: its name, schema and canonical row bytes. */
  record Case(String name, Path dir, Schema schema, byte[] row) {}

  private GoldenVectors() {}

  static Path root() {
    String p = System.getProperty("zerorow.root");
    Path dir = p != null && !p.isEmpty() ? Paths.get(p) : Paths.get("").toAbsolutePath();
    for (Path d = dir.toAbsolutePath(); d != null; d = d.getParent()) {
      if (Files.isDirectory(d.resolve("format-spec/vectors"))) {
        return d;
      }
    }
    throw new IllegalStateException("format-spec/vectors not found above " + dir);
  }

  static Path vectors() {
    return root().resolve("format-spec/vectors");
  }

  static List<Case> valid() {
    List<Case> out = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(vectors())) {
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
    return out;
  }
}
