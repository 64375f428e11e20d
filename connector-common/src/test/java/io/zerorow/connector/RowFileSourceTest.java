package io.zerorow.connector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.TruncatedException;
import io.zerorow.arrow.RowBatch;
import io.zerorow.arrow.RowFileReader;
import io.zerorow.arrow.RowFileWriter;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolver;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening row files through an engine's file system, strict and recovering; writing them. */
class RowFileSourceTest {
  static final Schema SCHEMA = Schema.of(Field.of("id", DataTypes.int64(), false));

  @TempDir Path dir;

  /** A row file of {@code rows} rows, {@code perBatch} a batch, written through RowFileSink. */
  private byte[] rowFile(int rows, int perBatch, boolean keepOpen) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    boolean[] closed = {false};
    OutputStream out =
        new OutputStream() {
          @Override
          public void write(int b) {
            bytes.write(b);
          }

          @Override
          public void write(byte[] b, int off, int len) {
            bytes.write(b, off, len);
          }

          @Override
          public void close() {
            closed[0] = true;
          }
        };
    RowFileWriter.Options options =
        RowFileWriter.Options.defaults().withBatch(perBatch, RowFileWriter.DEFAULT_BATCH_BYTES);
    try (RowFileWriter w = RowFileSink.open(out, SCHEMA, options, keepOpen)) {
      RowWriter rw = new RowWriter(SCHEMA);
      for (int i = 0; i < rows; i++) {
        rw.reset();
        rw.writeLong(0, i);
        w.write(rw.getRow());
      }
    }
    assertEquals(!keepOpen, closed[0], "keepOpen " + keepOpen + ": the engine's stream closed");
    return bytes.toByteArray();
  }

  private long count(RowFileReader r) {
    long n = 0;
    for (Iterator<RowBatch> it = r.batches(); it.hasNext(); ) {
      n += it.next().size();
    }
    return n;
  }

  @Test
  void aCompleteFileReadsTheSameEveryWay() throws IOException {
    Path f = dir.resolve("a.zrow");
    Files.write(f, rowFile(10, 4, true));
    assertTrue(Arrays.equals(Files.readAllBytes(f), rowFile(10, 4, false)));
    LocalFiles fs = new LocalFiles();
    for (RowFileSource.Mode mode : RowFileSource.Mode.values()) {
      for (Resolver resolver : new Resolver[] {null, new Resolver(SCHEMA)}) {
        try (RowFileReader r =
            RowFileSource.open(fs, f, -1, "a.zrow", resolver, ValidationLevel.FULL, mode)) {
          assertEquals(10, count(r), mode + " " + resolver);
          assertNull(r.cut());
        }
      }
    }
  }

  @Test
  void aCutFileIsRefusedOrReadUpToItsCut() throws IOException {
    byte[] whole = rowFile(10, 4, false);
    Path f = dir.resolve("cut.zrow");
    Files.write(f, Arrays.copyOf(whole, whole.length - 20)); // the footer's end is gone
    LocalFiles fs = new LocalFiles();
    TruncatedException e =
        assertThrows(
            TruncatedException.class,
            () ->
                RowFileSource.open(
                    fs,
                    f,
                    -1,
                    "cut.zrow",
                    null,
                    ValidationLevel.BOUNDS,
                    RowFileSource.Mode.STRICT));
    assertTrue(e.getMessage().contains("row file cut.zrow"), e.getMessage());
    for (Resolver resolver : new Resolver[] {null, new Resolver(SCHEMA)}) {
      try (RowFileReader r =
          RowFileSource.open(
              fs,
              f,
              -1,
              "cut.zrow",
              resolver,
              ValidationLevel.BOUNDS,
              RowFileSource.Mode.RECOVERING)) {
        assertEquals(10, count(r), "every batch precedes the footer");
        assertNotNull(r.cut(), "the cut is reported");
      }
    }
  }

  @Test
  void rowsReadThroughThePositionedChannel() throws IOException {
    Path f = dir.resolve("b.zrow");
    Files.write(f, rowFile(3, 2, false));
    try (RowFileReader r =
        RowFileSource.open(
            new LocalFiles(),
            f,
            Files.size(f),
            "b.zrow",
            null,
            ValidationLevel.FULL,
            RowFileSource.Mode.STRICT)) {
      long sum = 0;
      for (BinaryRow row : r) {
        sum += row.getLong(0);
      }
      assertEquals(0 + 1 + 2, sum);
    }
  }
}
