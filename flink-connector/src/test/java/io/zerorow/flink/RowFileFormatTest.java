package io.zerorow.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.TruncatedException;
import io.zerorow.ZerorowException;
import io.zerorow.arrow.ArrowUtils;
import io.zerorow.arrow.RowFileReader;
import io.zerorow.arrow.RowFileWriter;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.testutils.logging.LoggerAuditingExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * 'format' = 'zerorow' on row files (the filesystem connector's bulk format) and the DataStream
 * source, without a cluster: a malformed row fails naming the file, the row, the field path and the
 * numbers; a cut or unfinished file fails naming the file and the byte where it ends; with
 * 'zerorow.ignore-parse-errors' each is skipped and counted (a cut file read up to the cut).
 */
class RowFileFormatTest {
  @RegisterExtension
  final LoggerAuditingExtension readerLog =
      new LoggerAuditingExtension(RowFileFormat.class, org.slf4j.event.Level.WARN);

  @RegisterExtension
  final LoggerAuditingExtension columnLog =
      new LoggerAuditingExtension(MissingColumns.class, org.slf4j.event.Level.WARN);

  static final DataType PHYSICAL =
      DataTypes.ROW(
          DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
          DataTypes.FIELD("name", DataTypes.STRING()));
  static final RowType TYPE = (RowType) PHYSICAL.getLogicalType();
  static final Schema SCHEMA = FlinkTypes.toSchema(TYPE);

  /** The row (id, "name-<id>"); malformed: name's reference points past the row. */
  static BinaryRow row(RowWriter w, long id, boolean malformed) {
    w.reset();
    w.writeInt64(0, id);
    w.writeString(1, "name-" + id);
    byte[] row = w.toByteArray();
    if (malformed) {
      row[8 + 8 + 7] = 0x7f; // the high byte of name's offset (slot 1, after the bitmap)
    }
    return BinaryRow.wrap(SCHEMA, row);
  }

  /** Rows 0..4, row 2 malformed. */
  static Path writeFile(Path dir) throws IOException {
    Path file = dir.resolve("part-0.arrow");
    RowWriter w = new RowWriter(SCHEMA);
    try (RowFileWriter out = RowFileWriter.file(file, SCHEMA)) {
      for (int i = 0; i < 5; i++) {
        out.write(row(w, i, i == 2));
      }
    }
    return file;
  }

  /** 10 rows in batches of 4 into {@code out}. */
  static void writeTen(RowFileWriter out) throws IOException {
    RowWriter w = new RowWriter(SCHEMA);
    for (int i = 0; i < 10; i++) {
      out.write(row(w, i, false));
    }
  }

  /** {@code n} rows from {@code from} into {@code out}. */
  static void writeIds(RowFileWriter out, long from, int n) throws IOException {
    RowWriter w = new RowWriter(SCHEMA);
    for (int i = 0; i < n; i++) {
      out.write(row(w, from + i, false));
    }
  }

  /** A row file of {@code n} rows from {@code from}, in batches of 4 when {@code small}. */
  static Path writeIds(Path file, long from, int n, boolean small) throws IOException {
    try (RowFileWriter out = small ? batchesOfFour(file) : RowFileWriter.file(file, SCHEMA)) {
      writeIds(out, from, n);
    }
    return file;
  }

  static RowFileWriter batchesOfFour(Path file) throws IOException {
    return RowFileWriter.file(file, SCHEMA, ArrowUtils.rootAllocator(), 4, 1 << 20);
  }

  static BulkFormat<RowData, FileSourceSplit> format(boolean ignore, String validation) {
    Configuration options = new Configuration();
    options.set(ZerorowFormatOptions.IGNORE_PARSE_ERRORS, ignore);
    options.set(ZerorowFormatOptions.VALIDATION, validation);
    return new ZerorowFileFormatFactory()
        .createDecodingFormat(null, options)
        .createRuntimeDecoder(FormatFactoryTest.CONTEXT, PHYSICAL);
  }

  static BulkFormat<RowData, FileSourceSplit> format(boolean ignoreParseErrors) {
    return format(ignoreParseErrors, "full");
  }

  static FileSourceSplit split(Path file) throws IOException {
    long size = Files.size(file);
    return new FileSourceSplit(
        "0", new org.apache.flink.core.fs.Path(file.toUri()), 0, size, 0, size);
  }

  static String name(Path file) {
    return new org.apache.flink.core.fs.Path(file.toUri()).toString();
  }

  /** The first field (as a long) of every record, read as the file source reads them. */
  static <T> List<Long> ids(BulkFormat.Reader<T> reader) throws IOException {
    List<Long> ids = new ArrayList<>();
    try (reader) {
      for (BulkFormat.RecordIterator<T> batch = reader.readBatch();
          batch != null;
          batch = reader.readBatch()) {
        for (RecordAndPosition<T> r = batch.next(); r != null; r = batch.next()) {
          T t = r.getRecord();
          ids.add(t instanceof RowData ? ((RowData) t).getLong(0) : ((BinaryRow) t).getInt64(0));
        }
        batch.releaseBatch();
      }
    }
    return ids;
  }

  static List<Long> ids(BulkFormat<RowData, FileSourceSplit> format, Path file) throws IOException {
    return ids(format.createReader(new Configuration(), split(file)));
  }

  static List<Long> range(long from, long to) {
    List<Long> out = new ArrayList<>();
    for (long i = from; i < to; i++) {
      out.add(i);
    }
    return out;
  }

  @Test
  void aMalformedRowFailsNamingTheFileTheRowAndTheField(@TempDir Path dir) throws IOException {
    Path file = writeFile(dir);
    for (String level : List.of("full", "bounds")) {
      ZerorowException e =
          assertThrows(ZerorowException.class, () -> ids(format(false, level), file));
      String m = e.getMessage();
      assertEquals("name", e.path(), m);
      assertTrue(m.contains("row file " + name(file) + ", row 2 (32 bytes): "), m);
      assertTrue(m.contains("expected"), m);
      assertTrue(m.contains("zerorow.ignore-parse-errors"), m);
    }
  }

  @Test
  void malformedRowsAreSkippedAndCountedAtFullAndAtBounds(@TempDir Path dir) throws IOException {
    Path file = writeFile(dir);
    for (String level : List.of("full", "bounds")) {
      @SuppressWarnings("unchecked")
      RowFileFormat<RowData>.RowReader reader =
          (RowFileFormat<RowData>.RowReader)
              format(true, level).createReader(new Configuration(), split(file));
      List<Long> ids = new ArrayList<>();
      for (BulkFormat.RecordIterator<RowData> b = reader.readBatch(); b != null; ) {
        for (RecordAndPosition<RowData> r = b.next(); r != null; r = b.next()) {
          ids.add(r.getRecord().getLong(0));
          assertEquals("name-" + r.getRecord().getLong(0), r.getRecord().getString(1).toString());
        }
        b = reader.readBatch();
      }
      assertEquals(List.of(0L, 1L, 3L, 4L), ids, level);
      assertEquals(1, reader.skipped(), level);
      reader.close();
    }
    // counted where it can be seen: the first skipped row, then the count when the reader closes
    String log = String.join("\n", readerLog.getMessages());
    assertTrue(
        log.contains(
            "skipping malformed rows ('zerorow.ignore-parse-errors'), the first: "
                + "invalid_data at name: row file "
                + name(file)
                + ", row 2 (32 bytes)"),
        log);
    assertTrue(
        log.contains("skipped 1 malformed rows of the 5 read from row file " + name(file)), log);
  }

  @Test
  void ignoringParseErrorsNeedsAValidationLevelThatChecks() {
    ValidationException e = assertThrows(ValidationException.class, () -> format(true, "none"));
    assertTrue(
        e.getMessage().contains("'zerorow.validation', which checks nothing at 'none'"),
        e.getMessage());
    ValidationException level =
        assertThrows(ValidationException.class, () -> format(false, "sometimes"));
    assertTrue(level.getMessage().contains("must be full, bounds or none"), level.getMessage());
  }

  @Test
  void aFileNeverFinishedFailsOrIsReadUpToWhatWasFlushed(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("part-open.arrow");
    try (RowFileWriter out = batchesOfFour(file)) {
      writeTen(out); // two batches reach the file; the third and the footer wait for close()
      long size = Files.size(file);
      TruncatedException e = assertThrows(TruncatedException.class, () -> ids(format(false), file));
      String m = e.getMessage();
      assertTrue(
          m.startsWith(
              "truncated at <row>: row file "
                  + name(file)
                  + ": the file ends at byte "
                  + size
                  + " without its footer"),
          m);
      assertTrue(m.contains("its writer never finished it"), m);
      assertTrue(m.contains("'zerorow.ignore-parse-errors' = 'true'"), m);
      // skipped what is incomplete: the complete batches are read, the reader says what it cut
      @SuppressWarnings("unchecked")
      RowFileFormat<RowData>.RowReader reader =
          (RowFileFormat<RowData>.RowReader)
              format(true).createReader(new Configuration(), split(file));
      List<Long> ids = new ArrayList<>();
      for (BulkFormat.RecordIterator<RowData> b = reader.readBatch(); b != null; ) {
        for (RecordAndPosition<RowData> r = b.next(); r != null; r = b.next()) {
          ids.add(r.getRecord().getLong(0));
        }
        b = reader.readBatch();
      }
      assertEquals(range(0, 8), ids);
      assertEquals(2, reader.file().completeBatches());
      assertTrue(reader.file().cut().getMessage().contains("ends at byte " + size));
      reader.close();
      String log = String.join("\n", readerLog.getMessages());
      assertTrue(
          log.contains(
              "read row file "
                  + name(file)
                  + " up to its cut ('zerorow.ignore-parse-errors'): truncated at <row>: row file "
                  + name(file)
                  + ": the file ends at byte "
                  + size),
          log);
      assertTrue(log.contains("read up to the cut: 2 complete record batches"), log);
    }
  }

  @Test
  void aFileCutInsideABatchFailsOrIsReadUpToTheCut(@TempDir Path dir) throws IOException {
    Path whole = dir.resolve("whole.arrow");
    try (RowFileWriter out = batchesOfFour(whole)) {
      writeTen(out);
    }
    byte[] b = Files.readAllBytes(whole);
    Path file = dir.resolve("part-cut.arrow");
    // cut 10 bytes into the last batch: 2 whole batches remain
    int cut = (int) lastBatchOffset(whole) + 10;
    Files.write(file, Arrays.copyOf(b, cut));
    TruncatedException e = assertThrows(TruncatedException.class, () -> ids(format(false), file));
    assertTrue(
        e.getMessage().contains("row file " + name(file) + ": the file ends at byte " + cut),
        e.getMessage());
    assertEquals(range(0, 8), ids(format(true), file));
  }

  /** Where the last record batch of a complete file starts, from its footer. */
  static long lastBatchOffset(Path file) throws IOException {
    try (FileChannel ch = FileChannel.open(file);
        ArrowFileReader r = new ArrowFileReader(ch, ArrowUtils.rootAllocator())) {
      List<ArrowBlock> blocks = r.getRecordBlocks();
      return blocks.get(blocks.size() - 1).getOffset();
    }
  }

  @Test
  void emptyAndForeignFilesFailOrAreSkipped(@TempDir Path dir) throws IOException {
    Path empty = Files.write(dir.resolve("empty.arrow"), new byte[0]);
    Path foreign =
        Files.write(
            dir.resolve("foreign.csv"), "id,name\n1,ada\n".getBytes(StandardCharsets.UTF_8));
    TruncatedException t = assertThrows(TruncatedException.class, () -> ids(format(false), empty));
    assertTrue(
        t.getMessage().contains("row file " + name(empty) + ": the file ends at byte 0"),
        t.getMessage());
    ZerorowException f = assertThrows(ZerorowException.class, () -> ids(format(false), foreign));
    assertTrue(
        f.getMessage().contains("row file " + name(foreign) + ": not an Arrow IPC file"),
        f.getMessage());
    for (Path p : List.of(empty, foreign)) {
      @SuppressWarnings("unchecked")
      RowFileFormat<RowData>.RowReader reader =
          (RowFileFormat<RowData>.RowReader)
              format(true).createReader(new Configuration(), split(p));
      assertNull(reader.readBatch());
      assertEquals(-1, reader.skipped(), "the whole file was skipped");
      reader.close();
    }
  }

  @Test
  void aRestoredReaderSkipsTheRowsItHadConsumed(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("part-0.arrow");
    try (RowFileWriter out = batchesOfFour(file)) {
      writeTen(out);
    }
    BulkFormat<RowData, FileSourceSplit> format = format(false);
    for (long consumed : new long[] {0, 3, 4, 9, 10}) {
      FileSourceSplit restored =
          split(file)
              .updateWithCheckpointedPosition(
                  new CheckpointedPosition(CheckpointedPosition.NO_OFFSET, consumed));
      assertEquals(
          range(consumed, 10),
          ids(format.restoreReader(new Configuration(), restored)),
          "" + consumed);
    }
    // the position of each record is the number of rows consumed after it
    try (BulkFormat.Reader<RowData> reader =
        format.createReader(new Configuration(), split(file))) {
      BulkFormat.RecordIterator<RowData> batch = reader.readBatch();
      assertNotNull(batch);
      assertEquals(1, batch.next().getRecordSkipCount());
      assertEquals(2, batch.next().getRecordSkipCount());
    }
  }

  @Test
  void rawModeGivesEachRowAsBytesOfTheGivenSchema(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("part-0.arrow");
    try (RowFileWriter out = batchesOfFour(file)) {
      writeTen(out);
    }
    DataType raw = DataTypes.ROW(DataTypes.FIELD("row", DataTypes.BYTES()));
    Configuration options = new Configuration();
    options.set(ZerorowFormatOptions.MODE, "raw");
    options.set(ZerorowFormatOptions.SCHEMA, SCHEMA.toJson());
    BulkFormat<RowData, FileSourceSplit> format =
        new ZerorowFileFormatFactory()
            .createDecodingFormat(null, options)
            .createRuntimeDecoder(FormatFactoryTest.CONTEXT, raw);
    List<byte[]> rows = new ArrayList<>();
    try (BulkFormat.Reader<RowData> reader =
        format.createReader(new Configuration(), split(file))) {
      for (BulkFormat.RecordIterator<RowData> b = reader.readBatch(); b != null; ) {
        for (RecordAndPosition<RowData> r = b.next(); r != null; r = b.next()) {
          rows.add(r.getRecord().getBinary(0));
        }
        b = reader.readBatch();
      }
    }
    assertEquals(10, rows.size());
    RowWriter w = new RowWriter(SCHEMA);
    for (int i = 0; i < 10; i++) {
      assertEquals(row(w, i, false), BinaryRow.wrap(SCHEMA, rows.get(i)));
    }
    // raw mode needs the schema, and a table of one BYTES column
    Configuration noSchema = new Configuration();
    noSchema.set(ZerorowFormatOptions.MODE, "raw");
    ValidationException e =
        assertThrows(
            ValidationException.class,
            () ->
                new ZerorowFileFormatFactory()
                    .createDecodingFormat(null, noSchema)
                    .createRuntimeDecoder(FormatFactoryTest.CONTEXT, raw));
    assertTrue(e.getMessage().contains("needs 'zerorow.schema'"), e.getMessage());
    ValidationException wide =
        assertThrows(
            ValidationException.class,
            () ->
                new ZerorowFileFormatFactory()
                    .createDecodingFormat(null, options)
                    .createRuntimeDecoder(FormatFactoryTest.CONTEXT, PHYSICAL));
    assertTrue(wide.getMessage().contains("reads and writes one BYTES column"), wide.getMessage());
  }

  @Test
  void aTableColumnNoFileHasReadsAsNullAndIsWarnedAboutOnce(@TempDir Path dir) throws IOException {
    Schema cased =
        Schema.fromJson(
            "{\"type\":\"struct\",\"fields\":["
                + "{\"name\":\"id\",\"type\":\"int64\",\"nullable\":false},"
                + "{\"name\":\"Name\",\"type\":\"string\",\"nullable\":true}]}");
    Path file = dir.resolve("part-0.arrow");
    RowWriter w = new RowWriter(cased);
    try (RowFileWriter out = RowFileWriter.file(file, cased)) {
      for (int i = 0; i < 3; i++) {
        w.reset();
        w.writeInt64(0, i);
        w.writeString(1, "n" + i);
        out.write(w.getRow());
      }
    }
    BulkFormat<RowData, FileSourceSplit> format = format(false);
    for (int pass = 0; pass < 2; pass++) { // one task reading the file twice: one warning
      try (BulkFormat.Reader<RowData> reader =
          format.createReader(new Configuration(), split(file))) {
        BulkFormat.RecordIterator<RowData> batch = reader.readBatch();
        for (RecordAndPosition<RowData> r = batch.next(); r != null; r = batch.next()) {
          assertTrue(r.getRecord().isNullAt(1), "the table's \"name\" is not the file's \"Name\"");
        }
      }
    }
    assertEquals(1, columnLog.getMessages().size(), columnLog.getMessages().toString());
    String m = columnLog.getMessages().get(0);
    assertTrue(m.contains("column \"name\" is not in row file " + name(file)), m);
    assertTrue(m.endsWith("the file has \"Name\": did you mean it?"), m);
  }

  @Test
  void aReaderColumnNoFileHasIsDescribedWithTheNearestFileField() {
    Schema file =
        Schema.fromJson(
            "{\"type\":\"struct\",\"fields\":["
                + "{\"name\":\"origin\",\"type\":\"string\",\"nullable\":true},"
                + "{\"name\":\"dep_delay\",\"type\":\"float64\",\"nullable\":true}]}");
    Schema table =
        Schema.fromJson(
            "{\"type\":\"struct\",\"fields\":["
                + "{\"name\":\"Origin\",\"type\":\"string\",\"nullable\":true},"
                + "{\"name\":\"dep_dealy\",\"type\":\"float64\",\"nullable\":true},"
                + "{\"name\":\"carrier\",\"type\":\"string\",\"nullable\":true},"
                + "{\"name\":\"delay\",\"type\":\"float64\",\"nullable\":true,"
                + "\"aliases\":[\"dep_delay\"]}]}");
    List<String> w = MissingColumns.describe(table, file, "file:/d/f.arrow");
    assertEquals(3, w.size(), w.toString());
    assertTrue(
        w.get(0).contains("column \"Origin\" is not in row file file:/d/f.arrow (schema "),
        w.get(0));
    assertTrue(w.get(0).endsWith("the file has \"origin\": did you mean it?"), w.get(0));
    assertTrue(w.get(1).endsWith("the file has \"dep_delay\": did you mean it?"), w.get(1));
    assertTrue(w.get(2).endsWith("(no field of the file has a similar name)"), w.get(2));
  }

  @Test
  void theDataStreamSourceHasTheSameChecks(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("part-open.arrow");
    BulkFormat<BinaryRow, FileSourceSplit> strict = ZerorowFileSource.rows(SCHEMA);
    BulkFormat<BinaryRow, FileSourceSplit> lenient =
        ZerorowFileSource.rows(SCHEMA, ValidationLevel.BOUNDS, true);
    assertEquals(ZerorowTypeInfo.of(SCHEMA), strict.getProducedType());
    try (RowFileWriter out = batchesOfFour(file)) {
      writeTen(out);
      TruncatedException e =
          assertThrows(
              TruncatedException.class,
              () -> ids(strict.createReader(new Configuration(), split(file))));
      assertTrue(
          e.getMessage().contains("row file " + name(file) + ": the file ends at byte"),
          e.getMessage());
      assertEquals(range(0, 8), ids(lenient.createReader(new Configuration(), split(file))));
    }
    assertEquals(range(0, 10), ids(strict.createReader(new Configuration(), split(file))));
    Path bad = writeFile(dir);
    ZerorowException e =
        assertThrows(
            ZerorowException.class,
            () -> ids(strict.createReader(new Configuration(), split(bad))));
    assertTrue(
        e.getMessage().contains("row file " + name(bad) + ", row 2 (32 bytes): "), e.getMessage());
    assertEquals(
        List.of(0L, 1L, 3L, 4L), ids(lenient.createReader(new Configuration(), split(bad))));
    IllegalArgumentException none =
        assertThrows(
            IllegalArgumentException.class,
            () -> ZerorowFileSource.rows(SCHEMA, ValidationLevel.NONE, true));
    assertTrue(none.getMessage().contains("checks nothing at 'none'"), none.getMessage());
  }

  /**
   * 'zerorow.compression' and 'zerorow.checksum' on writes (SPEC §5.1, §5.2); compressed files read
   * back, a damaged value refused by its checksum at bounds and skipped with ignore-parse-errors.
   */
  @Test
  void compressionAndChecksums(@TempDir Path dir) throws Exception {
    for (String[] o : new String[][] {{"zstd", "true"}, {"lz4", "false"}, {"none", "true"}}) {
      Configuration options = new Configuration();
      options.setString(ZerorowFileFormatFactory.COMPRESSION.key(), o[0]);
      options.setString(ZerorowFileFormatFactory.CHECKSUM.key(), o[1]);
      options.set(ZerorowFileFormatFactory.BATCH_ROWS, 4);
      Path file = dir.resolve(o[0] + o[1] + ".zrow");
      try (org.apache.flink.core.fs.FSDataOutputStream out =
          org.apache.flink.core.fs.FileSystem.getLocalFileSystem()
              .create(
                  new org.apache.flink.core.fs.Path(file.toUri()),
                  org.apache.flink.core.fs.FileSystem.WriteMode.OVERWRITE)) {
        org.apache.flink.api.common.serialization.BulkWriter<RowData> w =
            new ZerorowFileFormatFactory()
                .createEncodingFormat(null, options)
                .createRuntimeEncoder(null, PHYSICAL)
                .create(out);
        for (long i = 0; i < 10; i++) {
          w.addElement(
              org.apache.flink.table.data.GenericRowData.of(
                  i, org.apache.flink.table.data.StringData.fromString("name-" + i)));
        }
        w.finish();
      }
      assertEquals(range(0, 10), ids(format(false, "bounds"), file), o[0]);
      try (RowFileReader r = RowFileReader.open(file)) {
        assertEquals(3, r.batchCount());
        assertEquals(Boolean.parseBoolean(o[1]), r.batch(0).checksummed(), o[0] + o[1]);
      }
    }
    Configuration bad = new Configuration();
    bad.setString(ZerorowFileFormatFactory.COMPRESSION.key(), "snappy");
    org.apache.flink.table.api.ValidationException e =
        assertThrows(
            org.apache.flink.table.api.ValidationException.class,
            () -> new ZerorowFileFormatFactory().createEncodingFormat(null, bad));
    assertTrue(
        e.getMessage().contains("\"snappy\" is not supported")
            && e.getMessage().contains("supported: none, lz4, zstd"),
        e.getMessage());

    // a flipped byte inside row 5's name: a valid row, seen only by its crc32c
    Path file = writeIds(dir.resolve("flip.zrow"), 0, 10, true);
    byte[] bytes = Files.readAllBytes(file);
    byte[] name5 = "name-5".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    int at = -1;
    for (int i = 0; i + name5.length <= bytes.length && at < 0; i++) {
      if (java.util.Arrays.equals(bytes, i, i + name5.length, name5, 0, name5.length)) {
        at = i;
      }
    }
    bytes[at + 5] = '9';
    Files.write(file, bytes);
    ZerorowException z =
        assertThrows(ZerorowException.class, () -> ids(format(false, "bounds"), file));
    assertTrue(
        java.util.regex.Pattern.compile(": row 5 \\(batch 1(, byte \\d+)?\\): crc32c is 0x")
            .matcher(z.getMessage())
            .find(),
        z.getMessage());
    List<Long> skipped = ids(format(true, "bounds"), file);
    assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 6L, 7L, 8L, 9L), skipped);
    assertEquals(range(0, 10), ids(format(false, "none"), file), "none skips the check");
  }
}
