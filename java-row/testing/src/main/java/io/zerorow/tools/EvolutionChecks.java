package io.zerorow.tools;

import io.zerorow.ErrorKind;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Json;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolution;
import io.zerorow.row.Row;
import io.zerorow.row.Validator;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The {@code resolve} checks of the evolution vectors (SPEC §13.6), one per case of {@code
 * vectors/evolution/}: resolve {@code writer.json} against {@code reader.json}, then either read
 * {@code row.bin} through the resolution and compare with {@code values.json}, or expect the
 * refusal of {@code expected.json} (kind and schema path).
 */
public final class EvolutionChecks {
  /** The folder of the evolution cases inside the vectors folder. */
  public static final String FOLDER = "evolution";

  private EvolutionChecks() {}

  /** One {@code resolve} check per case; none when the vectors have no evolution folder. */
  public static List<VectorRunner.Check> run(Path vectors) throws IOException {
    List<VectorRunner.Check> out = new ArrayList<>();
    Path folder = vectors.resolve(FOLDER);
    if (!Files.isDirectory(folder)) {
      return out;
    }
    for (Path dir : VectorRunner.cases(folder)) {
      String name = dir.getFileName().toString();
      String failure;
      try {
        failure = checkResolve(dir);
      } catch (Throwable t) {
        failure = t.getClass().getSimpleName() + ": " + t.getMessage();
      }
      out.add(new VectorRunner.Check("resolve", name, failure));
    }
    return out;
  }

  private static String text(Path p) throws IOException {
    return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
  }

  /** Runs one case; null when it passes, else why not. */
  public static String checkResolve(Path dir) throws IOException {
    Path expected = dir.resolve("expected.json");
    Path values = dir.resolve("values.json");
    if (Files.exists(expected) == Files.exists(values)) {
      return "expected exactly one of values.json and expected.json";
    }
    if (Files.exists(expected)) {
      return checkRefused(dir, (Map<?, ?>) Json.parse(text(expected)));
    }
    Schema writer = Schema.fromJson(text(dir.resolve("writer.json")));
    Schema reader = Schema.fromJson(text(dir.resolve("reader.json")));
    byte[] bytes = Files.readAllBytes(dir.resolve("row.bin"));
    Validator.validate(writer, bytes);
    Map<?, ?> want = (Map<?, ?>) Json.parse(text(values));
    Row row = Resolution.resolve(writer, reader).view(BinaryRow.wrap(writer, bytes));
    String diff = JsonValues.diff(reader, want, JsonValues.read(row));
    if (diff != null) {
      return diff;
    }
    // laid out again by the reader schema, the row is what a writer of the reader's values writes
    byte[] copy = row.copy().toBytes();
    byte[] canonical = JsonValues.write(reader, want);
    if (!Arrays.equals(copy, canonical)) {
      return "the reader-layout copy differs from the reader's values written at offset "
          + Arrays.mismatch(copy, canonical);
    }
    return null;
  }

  /**
   * A refused pair: loading the reader schema ({@code invalid_data}, the alias rules of SPEC §4.1)
   * or resolving it ({@code schema_mismatch}) must fail with the expected kind at the expected
   * schema path.
   */
  private static String checkRefused(Path dir, Map<?, ?> expected) throws IOException {
    ErrorKind kind = ErrorKind.fromSpecName((String) expected.get("error"));
    String path = (String) expected.get("path");
    Schema writer = Schema.fromJson(text(dir.resolve("writer.json")));
    try {
      Schema reader = Schema.fromJson(text(dir.resolve("reader.json")));
      Resolution.resolve(writer, reader);
      return "expected " + kind.specName() + " at " + path + " but the schemas resolved";
    } catch (ZerorowException e) {
      if (e.kind() != kind || !e.path().equals(path)) {
        return "expected " + kind.specName() + " at " + path + " but found " + e.getMessage();
      }
      return null;
    }
  }

  /**
   * The schema text checks of a golden case's {@code read} (SPEC §10): the loaded schema written
   * back as canonical JSON is {@code schema.json} (aliases included, SPEC §4.1), and its
   * fingerprint (aliases left out, SPEC §4.2) is the one on the first line of {@code
   * row.annotated.txt}. Null when both hold.
   */
  public static String checkSchemaText(Path dir, Schema schema) throws IOException {
    String json = text(dir.resolve("schema.json")).strip();
    if (!schema.toJson().equals(json)) {
      return "the schema written back differs from schema.json: " + schema.toJson();
    }
    Path annotated = dir.resolve("row.annotated.txt");
    String first = text(annotated).lines().findFirst().orElse("");
    String want = "schema fingerprint " + schema.fingerprintHex();
    if (!first.endsWith(want)) {
      return "expected the fingerprint line of row.annotated.txt to end with \""
          + want
          + "\" but found \""
          + first
          + "\"";
    }
    return null;
  }
}
