package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.zerorow.row.BinaryRow;
import io.zerorow.row.Row;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.nio.file.Path;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The examples of java-row/arrow/README.md, verbatim between the markers. */
class ReadmeExamplesTest {
  @TempDir Path tmp;

  @Test
  void rowsToArrowAndBack() throws Exception {
    // README: rows-to-arrow
    Schema schema =
        Schema.of(Field.of("id", DataTypes.INT64, false), Field.of("name", DataTypes.STRING, true));
    RowWriter rw = new RowWriter(schema);
    try (ArrowWriter writer = ArrowUtils.createArrowWriter(schema)) {
      for (long i = 0; i < 3; i++) {
        rw.reset();
        rw.writeLong(0, i);
        rw.writeString(1, "n" + i);
        writer.write(rw.getRow()); // the bytes are copied: rw can be reused
      }
      try (VectorSchemaRoot root = writer.finish();
          ArrowReader reader = ArrowReader.of(root, schema)) {
        for (BinaryRow row : reader) { // one reused row buffer
          System.out.println(row.getLong(0) + " " + row.getString(1));
        }
      }
      writer.write(rw.getRow());
      try (ArrowRecordBatch batch = writer.finishAsRecordBatch()) {
        System.out.println(batch.getLength() + " row(s) in the batch");
      }
    }
    // README: end

    // README: row-files
    Path file = tmp.resolve("rows.arrow");
    try (RowFileWriter out = RowFileWriter.file(file, schema)) {
      out.write(rw.getRow());
    }
    try (RowFileReader in = RowFileReader.open(file, schema)) { // checks the fingerprint
      for (BinaryRow row : in) { // in place, memory-mapped
        System.out.println(row);
      }
    }
    // README: end
    try (RowFileReader in = RowFileReader.open(file)) {
      assertEquals(1, in.batch(0).size());
      assertEquals(2L, in.batch(0).row(0).getLong(0));
    }
  }

  @Test
  void resolvedRowFiles() throws Exception {
    Path dir = java.nio.file.Files.createDirectory(tmp.resolve("table"));
    Schema v1 =
        Schema.of(Field.of("id", DataTypes.INT32, false), Field.of("name", DataTypes.STRING, true));
    RowWriter rw = new RowWriter(v1);
    try (RowFileWriter out = RowFileWriter.file(dir.resolve("part-0.arrow"), v1)) {
      rw.reset();
      rw.writeInt(0, 7);
      rw.writeString(1, "Ada");
      out.write(rw.getRow());
    }
    // README: resolved-files
    Schema reader =
        Schema.of(
            Field.of("id", DataTypes.INT64, false), // was int32
            Field.of("full_name", DataTypes.STRING, true, "name"), // was "name"
            Field.of("email", DataTypes.STRING, true)); // new
    try (RowFileSet files = RowFileSet.open(dir, reader)) { // every file resolved here
      for (Row row : files) { // the reader's fields and types
        System.out.println(row.getLong(0) + " " + row.getString(1) + " " + row.getString(2));
      }
    }
    try (ArrowWriter writer = ArrowUtils.createArrowWriter(reader);
        RowFileReader in = RowFileReader.openResolved(dir.resolve("part-0.arrow"), reader)) {
      for (Row row : in.rows()) {
        writer.write(row);
      }
      try (VectorSchemaRoot root = writer.finish()) { // the reader's Arrow schema
        System.out.println(root.getSchema());
      }
    }
    // README: end
    try (RowFileSet files = RowFileSet.open(dir, reader)) {
      Row row = files.iterator().next();
      assertEquals(7L, row.getLong(0));
      assertEquals("Ada", row.getString(1));
      assertEquals(null, row.getString(2));
    }
  }
}
