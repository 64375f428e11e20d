package io.zerorow.arrow.tools;

import io.zerorow.ZerorowException;
import io.zerorow.arrow.RowFileReader;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads row files (SPEC §5) written by any implementation, for the cross-language checks: {@code
 * RowFileCat FILE SCHEMA_JSON [FILE SCHEMA_JSON ...]}. Each file is opened with its expected schema
 * (fingerprint check), every row is validated at level full, and one line is printed per file:
 * {@code FILE <path> rows=<n> hex=<row0>,<row1>...} or {@code FILE <path> ERROR <kind>: <message>}.
 * One JVM serves many files.
 */
public final class RowFileCat {
  private RowFileCat() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 0 || args.length % 2 != 0) {
      System.err.println("usage: RowFileCat FILE SCHEMA_JSON [FILE SCHEMA_JSON ...]");
      System.exit(2);
    }
    for (int i = 0; i < args.length; i += 2) {
      System.out.println(
          "FILE " + args[i] + " " + describe(Path.of(args[i]), Path.of(args[i + 1])));
    }
  }

  private static String describe(Path file, Path schemaJson) {
    try {
      Schema expected = Schema.fromJson(Files.readString(schemaJson, StandardCharsets.UTF_8));
      List<String> rows = new ArrayList<>();
      try (RowFileReader reader = RowFileReader.open(file, expected)) {
        for (BinaryRow row : reader) {
          Validator.validate(row, ValidationLevel.FULL);
          rows.add(HexFormat.of().formatHex(row.toBytes()));
        }
      }
      return "rows=" + rows.size() + " hex=" + String.join(",", rows);
    } catch (ZerorowException e) {
      return "ERROR " + e.kind() + ": " + e.getMessage();
    } catch (IOException | RuntimeException e) {
      return "ERROR io: " + e;
    }
  }
}
