package io.zerorow.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.BinaryRow;
import io.zerorow.RowWriter;
import io.zerorow.Schema;
import io.zerorow.ValidationLevel;
import io.zerorow.ZerorowException;
import io.zerorow.arrow.RowFileWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 'format' = 'zerorow' on row files (the filesystem connector's bulk format), without a cluster: a
 * malformed row fails naming the file, the row, the field path and the numbers; with
 * 'zerorow.ignore-parse-errors' it is skipped and counted.
 */
class RowFileFormatTest {
  static final DataType PHYSICAL =
      DataTypes.ROW(
          DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
          DataTypes.FIELD("name", DataTypes.STRING()));
  static final RowType TYPE = (RowType) PHYSICAL.getLogicalType();
  static final Schema SCHEMA = FlinkTypes.toSchema(TYPE);

  /** Rows 0..4, row 2 malformed: its name's reference points past the row. */
  static Path writeFile(Path dir) throws IOException {
    Path file = dir.resolve("part-0.arrow");
    RowWriter w = new RowWriter(SCHEMA);
    try (RowFileWriter out = RowFileWriter.file(file, SCHEMA)) {
      for (int i = 0; i < 5; i++) {
        w.reset();
        w.writeInt64(0, i);
        w.writeString(1, "name-" + i);
        byte[] row = w.toByteArray();
        if (i == 2) {
          row[8 + 8 + 7] = 0x7f; // the high byte of name's offset (slot 1, after the bitmap)
        }
        out.write(BinaryRow.wrap(SCHEMA, row));
      }
    }
    return file;
  }

  static BulkFormat<RowData, FileSourceSplit> format(boolean ignoreParseErrors) {
    Configuration options = new Configuration();
    options.set(ZerorowFormatOptions.IGNORE_PARSE_ERRORS, ignoreParseErrors);
    return new ZerorowFileFormatFactory()
        .createDecodingFormat(null, options)
        .createRuntimeDecoder(FormatFactoryTest.CONTEXT, PHYSICAL);
  }

  /** The ids of the rows the bulk format gives for {@code file}, as the file source reads it. */
  static List<Long> ids(BulkFormat<RowData, FileSourceSplit> format, Path file) throws IOException {
    long size = Files.size(file);
    FileSourceSplit split =
        new FileSourceSplit("0", new org.apache.flink.core.fs.Path(file.toUri()), 0, size, 0, size);
    List<Long> ids = new ArrayList<>();
    try (BulkFormat.Reader<RowData> reader = format.createReader(new Configuration(), split)) {
      for (BulkFormat.RecordIterator<RowData> batch = reader.readBatch();
          batch != null;
          batch = reader.readBatch()) {
        for (RecordAndPosition<RowData> r = batch.next(); r != null; r = batch.next()) {
          ids.add(r.getRecord().getLong(0));
        }
        batch.releaseBatch();
      }
    }
    return ids;
  }

  @Test
  void aMalformedRowFailsNamingTheFileTheRowAndTheField(@TempDir Path dir) throws IOException {
    Path file = writeFile(dir);
    ZerorowException e = assertThrows(ZerorowException.class, () -> ids(format(false), file));
    String m = e.getMessage();
    assertEquals("name", e.path(), m);
    assertTrue(m.contains("row file " + new org.apache.flink.core.fs.Path(file.toUri())), m);
    assertTrue(m.contains(", row 2 (32 bytes): "), m);
    assertTrue(m.contains("expected"), m);
    assertTrue(m.contains("zerorow.ignore-parse-errors"), m);
  }

  @Test
  void malformedRowsAreSkippedAndCountedWhenIgnored(@TempDir Path dir) throws IOException {
    Path file = writeFile(dir);
    assertEquals(List.of(0L, 1L, 3L, 4L), ids(format(true), file));
    // the count, from the file's reader (it logs it when it closes)
    RowFileFormat stream =
        new RowFileFormat(
            new RowDecoder(SCHEMA, null, ValidationLevel.FULL), InternalTypeInfo.of(TYPE), true);
    long size = Files.size(file);
    try (FSDataInputStream in =
            FileSystem.getLocalFileSystem().open(new org.apache.flink.core.fs.Path(file.toUri()));
        RowFileFormat.RowReader reader =
            (RowFileFormat.RowReader) stream.createReader(new Configuration(), in, size, size)) {
      int rows = 0;
      while (reader.read() != null) {
        rows++;
      }
      assertEquals(4, rows);
      assertEquals(1, reader.skipped());
      assertNull(reader.read());
    }
  }
}
