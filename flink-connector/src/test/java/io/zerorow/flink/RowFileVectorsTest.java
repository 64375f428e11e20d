package io.zerorow.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.ErrorKind;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Json;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.testutils.logging.LoggerAuditingExtension;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The golden row files of {@code format-spec/vectors/files/} (SPEC §5, §10) read the ways a Flink
 * user reads files: each through the bulk format of {@link ZerorowFileSource} as the file source
 * runs it (strict at every validation level, and with {@code ignoreParseErrors}: read up to the
 * cut, the counts of SPEC §5.3), and the good ones through one SQL query of {@code 'format' =
 * 'zerorow'}. Every case of the folder is checked; a case missing from it fails.
 */
class RowFileVectorsTest {
  @RegisterExtension
  static final MiniClusterExtension CLUSTER =
      new MiniClusterExtension(
          new org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration.Builder()
              .setNumberTaskManagers(1)
              .setNumberSlotsPerTaskManager(1)
              .build());

  @RegisterExtension
  final LoggerAuditingExtension readerLog =
      new LoggerAuditingExtension(RowFileFormat.class, org.slf4j.event.Level.WARN);

  /**
   * Every case of vectors/files: a new one must be added here (and so checked), a gone one fails.
   */
  static final List<String> GOOD = List.of("good", "good_lz4", "good_zstd", "no_checksum");

  static final List<String> CUT = List.of("cut_mid_batch", "damaged_footer", "footer_missing");
  static final String FLIPPED = "flipped_value";

  @TempDir Path tmp;

  /** format-spec/vectors/files of this checkout ({@code ZEROROW_ROOT}, else above the module). */
  static Path files() {
    String root = System.getenv("ZEROROW_ROOT");
    Path dir = root != null ? Paths.get(root) : Paths.get("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("format-spec/vectors/files"))) {
      dir = root != null ? null : dir.getParent();
    }
    assertNotNull(
        dir, "format-spec/vectors/files not found from " + Paths.get("").toAbsolutePath());
    return dir.resolve("format-spec/vectors/files");
  }

  static Map<?, ?> expected(String name) throws IOException {
    return (Map<?, ?>) Json.parse(read(name, "expected.json"));
  }

  static String read(String name, String file) throws IOException {
    Path p = files().resolve(name).resolve(file);
    assertTrue(Files.isRegularFile(p), "the vector " + p + " is missing");
    return Files.readString(p, StandardCharsets.UTF_8);
  }

  static Schema schema(String name) throws IOException {
    return Schema.fromJson(read(name, "schema.json"));
  }

  static Path file(String name) throws IOException {
    read(name, "expected.json"); // fails naming the case when it is missing
    return files().resolve(name).resolve("file.zrow");
  }

  /** What a reader of {@code format} returns of the vector: rows as hex, one list per batch. */
  static List<List<String>> read(BulkFormat<BinaryRow, FileSourceSplit> format, Path file)
      throws IOException {
    return read(format.createReader(new Configuration(), RowFileFormatTest.split(file)));
  }

  static List<List<String>> read(BulkFormat.Reader<BinaryRow> reader) throws IOException {
    List<List<String>> batches = new ArrayList<>();
    try (reader) {
      for (BulkFormat.RecordIterator<BinaryRow> b = reader.readBatch();
          b != null;
          b = reader.readBatch()) {
        List<String> rows = new ArrayList<>();
        for (RecordAndPosition<BinaryRow> r = b.next(); r != null; r = b.next()) {
          rows.add(HexFormat.of().formatHex(r.getRecord().toBytes()));
        }
        b.releaseBatch();
        batches.add(rows);
      }
    }
    return batches;
  }

  static List<String> flat(List<List<String>> batches) {
    List<String> out = new ArrayList<>();
    batches.forEach(out::addAll);
    return out;
  }

  static List<Integer> sizes(List<List<String>> batches) {
    List<Integer> out = new ArrayList<>();
    batches.forEach(b -> out.add(b.size()));
    return out;
  }

  @SuppressWarnings("unchecked")
  static <T> List<T> list(Object o) {
    return (List<T>) o;
  }

  static long number(Object o) {
    return o == null ? -1 : ((Number) o).longValue();
  }

  static BulkFormat<BinaryRow, FileSourceSplit> strict(String name, ValidationLevel level)
      throws IOException {
    return ZerorowFileSource.rows(schema(name), level, false);
  }

  static BulkFormat<BinaryRow, FileSourceSplit> lenient(String name) throws IOException {
    return ZerorowFileSource.rows(schema(name), ValidationLevel.BOUNDS, true);
  }

  @Test
  void theFolderHoldsExactlyTheCasesThisTestChecks() throws IOException {
    Set<String> cases = new TreeSet<>();
    try (Stream<Path> s = Files.list(files())) {
      s.forEach(p -> cases.add(p.getFileName().toString()));
    }
    Set<String> known = new TreeSet<>(GOOD);
    known.addAll(CUT);
    known.add(FLIPPED);
    assertEquals(known, cases);
  }

  @Test
  void goodFilesReadAsTheirRowsAtEveryLevelAndWithIgnoreParseErrors() throws IOException {
    for (String name : GOOD) {
      Map<?, ?> exp = expected(name);
      List<String> hex = list(exp.get("row_hex"));
      List<Integer> batches = new ArrayList<>();
      list(exp.get("batches")).forEach(n -> batches.add((int) number(n)));
      for (ValidationLevel level : ValidationLevel.values()) {
        List<List<String>> read = read(strict(name, level), file(name));
        assertEquals(hex, flat(read), name + " at " + level);
        assertEquals(batches, sizes(read), name + " at " + level);
      }
      assertEquals(hex, flat(read(lenient(name), file(name))), name);
    }
    assertEquals(List.of(), readerLog.getMessages()); // nothing skipped, nothing cut
  }

  @Test
  void aValueOnlyTheChecksumSeesFailsNamingTheRowOrIsSkipped() throws IOException {
    Map<?, ?> exp = expected(FLIPPED);
    Path file = file(FLIPPED);
    String want =
        "row "
            + exp.get("row")
            + " (batch "
            + exp.get("batch")
            + ", byte "
            + exp.get("offset")
            + "): crc32c is "
            + exp.get("crc32c_stored")
            + " but the row's bytes give "
            + exp.get("crc32c_computed");
    for (String l : RowFileVectorsTest.<String>list(exp.get("levels_refusing"))) {
      ValidationLevel level = ValidationLevel.valueOf(l.toUpperCase(java.util.Locale.ROOT));
      ZerorowException e =
          assertThrows(ZerorowException.class, () -> read(strict(FLIPPED, level), file));
      assertEquals(ErrorKind.fromSpecName((String) exp.get("error")), e.kind(), e.getMessage());
      assertTrue(e.getMessage().contains(want), e.getMessage());
      assertTrue(e.getMessage().contains(RowFileFormatTest.name(file)), e.getMessage());
    }
    List<String> atNone = list(exp.get("row_hex_at_level_none"));
    assertEquals(atNone, flat(read(strict(FLIPPED, ValidationLevel.NONE), file)));
    // ignore-parse-errors: the damaged row skipped (and logged), the other eight read
    List<String> others = new ArrayList<>(atNone);
    others.remove((int) number(exp.get("row")));
    assertEquals(others, flat(read(lenient(FLIPPED), file)));
    String log = String.join("\n", readerLog.getMessages());
    assertTrue(log.contains(want) && log.contains("skipped 1 malformed rows"), log);
  }

  @Test
  void cutAndDamagedFilesFailNamingTheFileOrAreReadUpToTheCutWithTheirCounts() throws IOException {
    for (String name : CUT) {
      Map<?, ?> exp = expected(name);
      Path file = file(name);
      long size = Files.size(file);
      assertEquals(size, number(exp.get("offset")), name); // SPEC §10: where the file ends
      for (ValidationLevel level : ValidationLevel.values()) {
        ZerorowException e =
            assertThrows(ZerorowException.class, () -> read(strict(name, level), file), name);
        assertEquals(ErrorKind.fromSpecName((String) exp.get("error")), e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains("row file " + RowFileFormatTest.name(file)), name);
        if (e.kind() == ErrorKind.TRUNCATED) {
          assertTrue(e.getMessage().contains("ends at byte " + size), e.getMessage());
        }
        assertTrue(e.getMessage().contains("'zerorow.ignore-parse-errors'"), e.getMessage());
      }
      // ignore-parse-errors: the complete batches, and SPEC §5.3's counts in the reader's log
      // (Flink gives a file format no metric group)
      Map<?, ?> rec = (Map<?, ?>) exp.get("recovered");
      assertEquals(list(rec.get("row_hex")), flat(read(lenient(name), file)), name);
      long batches = number(rec.get("batches"));
      long rows = number(rec.get("rows"));
      long lost = number(rec.get("rows_lost"));
      String counts =
          batches
              + " complete record batch"
              + (batches == 1 ? "" : "es")
              + " of "
              + rows
              + " row"
              + (rows == 1 ? "" : "s")
              + " (bytes 0 to "
              + number(rec.get("incomplete_at"))
              + ")"
              + (lost == 0 ? ", no rows lost" : "");
      String log = String.join("\n", readerLog.getMessages());
      assertTrue(
          log.contains("read row file " + RowFileFormatTest.name(file) + " up to its")
              && log.contains(counts)
              && (lost <= 0 || log.contains(lost + " rows lost"))
              && (lost >= 0 || log.contains("its row count unknown")),
          name + ": expected " + counts + " in " + log);
    }
  }

  /** A values.jsonl line as the SQL query's row (int64 as a JSON string, floats maybe strings). */
  static Row row(Map<?, ?> v) {
    List<?> tags = (List<?>) v.get("tags");
    Map<?, ?> point = (Map<?, ?>) v.get("point");
    return Row.of(
        Long.parseLong((String) v.get("id")),
        v.get("name"),
        float64(v.get("score")),
        tags == null ? null : tags.toArray(new String[0]),
        point == null
            ? null
            : Row.of(((Number) point.get("x")).intValue(), float64(point.get("y"))));
  }

  static Double float64(Object o) {
    return o == null
        ? null
        : o instanceof String ? Double.valueOf((String) o) : ((Number) o).doubleValue();
  }

  @Test
  void goodFilesReadThroughSqlAsTheirValues() throws Exception {
    Path dir = tmp.resolve("good");
    Files.createDirectories(dir);
    List<String> want = new ArrayList<>();
    for (String name : GOOD) {
      Files.copy(file(name), dir.resolve(name + ".zrow"));
      for (String line : read(name, "values.jsonl").split("\n")) {
        want.add(row((Map<?, ?>) Json.parse(line)).toString());
      }
    }
    TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    t.executeSql(
        "CREATE TABLE files (id BIGINT NOT NULL, name STRING, score DOUBLE, tags ARRAY<STRING>,"
            + " point ROW<x INT NOT NULL, y DOUBLE>) WITH ('connector' = 'filesystem', 'path' = '"
            + dir.toUri()
            + "', 'format' = 'zerorow')");
    List<String> got = new ArrayList<>();
    for (Row r : TableJobTest.collect(t, "SELECT * FROM files")) {
      got.add(r.toString());
    }
    want.sort(null);
    got.sort(null);
    assertEquals(want, got);
  }
}
