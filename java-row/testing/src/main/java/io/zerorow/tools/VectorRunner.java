package io.zerorow.tools;

import io.zerorow.ErrorKind;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Json;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Validator;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The Java runner of the cross-language harness (SPEC §8, §10). Usage: {@code java
 * io.zerorow.tools.VectorRunner <vectors-folder>}; prints one line per check: {@code PASS|FAIL
 * read|write|reject|resolve <case>[: message]}, and exits 0 when it ran.
 */
public final class VectorRunner {
  private VectorRunner() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: VectorRunner <vectors-folder>");
      System.exit(2);
    }
    for (Check c : run(Paths.get(args[0]))) {
      System.out.println(c);
    }
    System.out.flush();
  }

  /** One check's outcome. */
  public static final class Check {
    public final String what;
    public final String caseName;
    public final String failure;

    Check(String what, String caseName, String failure) {
      this.what = what;
      this.caseName = caseName;
      this.failure = failure;
    }

    public boolean passed() {
      return failure == null;
    }

    @Override
    public String toString() {
      return (failure == null ? "PASS " : "FAIL ")
          + what
          + " "
          + caseName
          + (failure == null ? "" : ": " + failure.replace('\n', ' '));
    }
  }

  /** Runs every check over a vectors folder. */
  public static List<Check> run(Path vectors) throws IOException {
    List<Check> out = new ArrayList<>();
    for (Path dir : cases(vectors)) {
      // files/ (row files, SPEC §10) is checked by zerorow-arrow-testing's VectorAndFileRunner
      if (Set.of("invalid", "evolution", "files").contains(dir.getFileName().toString())) {
        continue;
      }
      String name = dir.getFileName().toString();
      out.add(new Check("read", name, guard(() -> checkRead(dir))));
      out.add(new Check("write", name, guard(() -> checkWrite(dir))));
    }
    Path invalid = vectors.resolve("invalid");
    if (Files.isDirectory(invalid)) {
      for (Path dir : cases(invalid)) {
        out.add(new Check("reject", dir.getFileName().toString(), guard(() -> checkReject(dir))));
      }
    }
    out.addAll(EvolutionChecks.run(vectors)); // resolve checks (SPEC §13.6)
    return out;
  }

  static List<Path> cases(Path folder) throws IOException {
    List<Path> dirs = new ArrayList<>();
    try (Stream<Path> s = Files.list(folder)) {
      s.filter(Files::isDirectory).forEach(dirs::add);
    }
    dirs.sort(null);
    return dirs;
  }

  private interface Body {
    String run() throws Exception;
  }

  private static String guard(Body b) {
    try {
      return b.run();
    } catch (Throwable t) {
      return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
  }

  private static String text(Path p) throws IOException {
    return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
  }

  /** Decodes row.bin (after full validation) and compares it with values.json. */
  public static String checkRead(Path dir) throws IOException {
    Schema schema = Schema.fromJson(text(dir.resolve("schema.json")));
    String text = EvolutionChecks.checkSchemaText(dir, schema); // canonical JSON, fingerprint
    if (text != null) {
      return text;
    }
    byte[] bytes = Files.readAllBytes(dir.resolve("row.bin"));
    Validator.validate(schema, bytes);
    Map<?, ?> expected = (Map<?, ?>) Json.parse(text(dir.resolve("values.json")));
    return JsonValues.diff(schema, expected, JsonValues.read(BinaryRow.wrap(schema, bytes)));
  }

  /** Builds the row from values.json with RowWriter and compares it with row.bin. */
  public static String checkWrite(Path dir) throws IOException {
    Schema schema = Schema.fromJson(text(dir.resolve("schema.json")));
    byte[] expected = Files.readAllBytes(dir.resolve("row.bin"));
    Map<?, ?> values = (Map<?, ?>) Json.parse(text(dir.resolve("values.json")));
    byte[] actual = JsonValues.write(schema, values);
    if (Arrays.equals(expected, actual)) {
      return null;
    }
    int i = Arrays.mismatch(expected, actual);
    return "bytes differ at offset "
        + i
        + " (expected "
        + expected.length
        + " bytes, wrote "
        + actual.length
        + ")";
  }

  /** Loads the schema and validates row.bin at level full; expects the named error kind. */
  public static String checkReject(Path dir) throws IOException {
    Map<?, ?> exp = (Map<?, ?>) Json.parse(text(dir.resolve("expected.json")));
    ErrorKind kind = ErrorKind.fromSpecName((String) exp.get("error"));
    try {
      Schema schema = Schema.fromJson(text(dir.resolve("schema.json")));
      Path row = dir.resolve("row.bin");
      if (!Files.exists(row)) {
        return "expected " + kind.specName() + " but the schema loaded";
      }
      Validator.validate(schema, Files.readAllBytes(row));
      return "expected " + kind.specName() + " but the row validated";
    } catch (ZerorowException e) {
      return e.kind() == kind
          ? null
          : "expected " + kind.specName() + " but found " + e.getMessage();
    }
  }
}
