package io.zerorow.arrow.tools;

import io.zerorow.ErrorKind;
import io.zerorow.ZerorowException;
import io.zerorow.arrow.RowBatch;
import io.zerorow.arrow.RowFileReader;
import io.zerorow.internal.Json;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.tools.VectorRunner;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Java's vector runner ({@code make test-vectors}): every check of {@link VectorRunner} (zerorow-
 * java), then one {@code file <case>} check per row file of {@code vectors/files/} (SPEC §10), read
 * through zerorow-arrow's {@link RowFileReader}: the rows, batches and checksum column of a good
 * file (plain, LZ4, ZSTD, without checksums); a flipped value refused at bounds and full naming the
 * row, its batch and both checksums, and read at none; a cut or damaged file refused with its kind
 * and offset, and what recovery mode returns (SPEC §5.3).
 */
public final class VectorAndFileRunner {
  private VectorAndFileRunner() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: VectorAndFileRunner <vectors-folder>");
      System.exit(2);
    }
    Path vectors = Paths.get(args[0]);
    for (VectorRunner.Check c : VectorRunner.run(vectors)) {
      System.out.println(c);
    }
    Path files = vectors.resolve("files");
    if (Files.isDirectory(files)) {
      try (Stream<Path> s = Files.list(files)) {
        for (Path dir : s.sorted().toList()) {
          String name = dir.getFileName().toString();
          String failure;
          try {
            failure = check(dir);
          } catch (IOException | RuntimeException e) {
            failure = "unexpected " + e;
          }
          System.out.println(
              (failure == null ? "PASS file " : "FAIL file ")
                  + name
                  + (failure == null ? "" : ": " + failure));
        }
      }
    }
    System.out.flush();
  }

  /** The failure of case {@code dir}, or null when it passes. */
  static String check(Path dir) throws IOException {
    Map<?, ?> exp =
        (Map<?, ?>)
            Json.parse(Files.readString(dir.resolve("expected.json"), StandardCharsets.UTF_8));
    Schema schema =
        Schema.fromJson(Files.readString(dir.resolve("schema.json"), StandardCharsets.UTF_8));
    Path file = dir.resolve("file.zrow");
    if (!exp.containsKey("error")) {
      for (ValidationLevel level : ValidationLevel.values()) {
        List<Long> batches = new ArrayList<>();
        List<String> hex = new ArrayList<>();
        boolean checksummed = false;
        try (RowFileReader r = RowFileReader.open(file, schema, level)) {
          for (Iterator<RowBatch> it = r.batches(); it.hasNext(); ) {
            RowBatch b = it.next();
            batches.add((long) b.size());
            checksummed |= b.checksummed();
            for (int i = 0; i < b.size(); i++) {
              hex.add(HexFormat.of().formatHex(b.row(i).toBytes()));
            }
          }
        }
        String why =
            differ("rows at " + level, strings(exp.get("row_hex")), hex)
                + differ("batches", longs(exp.get("batches")), batches);
        boolean checksum = Boolean.TRUE.equals(exp.get("checksum"));
        if (checksummed != (checksum && level != ValidationLevel.NONE)) {
          why += "checksums verified: " + checksummed + " at " + level + "; ";
        }
        if (!why.isEmpty()) {
          return why;
        }
      }
      return null;
    }
    String kind = (String) exp.get("error");
    if (exp.containsKey("crc32c_stored")) {
      for (Object l : (List<?>) exp.get("levels_refusing")) {
        ValidationLevel level = ValidationLevel.valueOf(((String) l).toUpperCase());
        ZerorowException e = failure(file, schema, level, false);
        String want =
            "row "
                + exp.get("row")
                + " (batch "
                + exp.get("batch")
                + ", byte "
                + exp.get("offset") // SPEC §5.3: the row's byte offset in the file
                + "): crc32c is "
                + exp.get("crc32c_stored")
                + " but the row's bytes give "
                + exp.get("crc32c_computed");
        if (e == null || e.kind() != ErrorKind.fromSpecName(kind) || !e.detail().contains(want)) {
          return "at " + level + " expected " + kind + " with \"" + want + "\" but got " + e;
        }
      }
      List<String> hex = new ArrayList<>();
      try (RowFileReader r = RowFileReader.open(file, schema, ValidationLevel.NONE)) {
        for (BinaryRow row : r) {
          hex.add(HexFormat.of().formatHex(row.toBytes()));
        }
      }
      String why = differ("rows at none", strings(exp.get("row_hex_at_level_none")), hex);
      return why.isEmpty() ? null : why;
    }
    ZerorowException e = failure(file, schema, ValidationLevel.BOUNDS, false);
    long offset = ((Number) exp.get("offset")).longValue();
    if (e == null || e.kind() != ErrorKind.fromSpecName(kind)) {
      return "expected " + kind + " but got " + e;
    }
    if (e.kind() == ErrorKind.TRUNCATED && !e.detail().contains("ends at byte " + offset)) {
      return "expected the offset " + offset + " in: " + e.getMessage();
    }
    if (!e.detail().contains("row file " + file)) {
      return "expected the file named in: " + e.getMessage();
    }
    Map<?, ?> rec = (Map<?, ?>) exp.get("recovered");
    List<String> hex = new ArrayList<>();
    try (RowFileReader r = RowFileReader.openRecovering(file, schema, ValidationLevel.BOUNDS)) {
      for (BinaryRow row : r) {
        hex.add(HexFormat.of().formatHex(row.toBytes()));
      }
      Object lost = rec.get("rows_lost");
      String why =
          differ("recovered rows", strings(rec.get("row_hex")), hex)
              + differ(
                  "recovery counts",
                  List.of(
                      ((Number) rec.get("batches")).longValue(),
                      ((Number) rec.get("rows")).longValue(),
                      lost == null ? -1L : ((Number) lost).longValue(),
                      ((Number) rec.get("incomplete_at")).longValue()),
                  List.of(
                      (long) r.completeBatches(), r.recoveredRows(), r.lostRows(), r.cutOffset()));
      return why.isEmpty() ? null : why;
    }
  }

  /** The error reading every row of {@code file} at {@code level} gives, or null. */
  private static ZerorowException failure(
      Path file, Schema schema, ValidationLevel level, boolean recover) throws IOException {
    try (RowFileReader r =
        recover
            ? RowFileReader.openRecovering(file, schema, level)
            : RowFileReader.open(file, schema, level)) {
      for (BinaryRow row : r) {
        row.getSizeInBytes();
      }
      return null;
    } catch (ZerorowException e) {
      return e;
    }
  }

  private static List<String> strings(Object o) {
    List<String> out = new ArrayList<>();
    for (Object x : (List<?>) o) {
      out.add((String) x);
    }
    return out;
  }

  private static List<Long> longs(Object o) {
    List<Long> out = new ArrayList<>();
    for (Object x : (List<?>) o) {
      out.add(((Number) x).longValue());
    }
    return out;
  }

  private static <T> String differ(String what, List<T> expected, List<T> actual) {
    return expected.equals(actual)
        ? ""
        : what + ": expected " + expected + " but found " + actual + "; ";
  }
}
