package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.InvalidDataException;
import io.zerorow.arrow.RowFileWriter.Compression;
import io.zerorow.arrow.RowFileWriter.Options;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SPEC §5.3: an error about a row of a file names the file, the row's number in the file, its batch
 * and the byte offset of the row in the file — whether the file is mapped, read through a channel
 * or read as a stream; a decompressed row (SPEC §5.2) has no offset, and none is named.
 */
class RowErrorOffsetTest {
  @TempDir Path dir;

  static final Schema SCHEMA = RowFileCutTest.SCHEMA;

  /** Row 6 of 10 (batches of 4: batch 1) has a non-zero padding byte: valid at bounds only. */
  static final int BAD = 6;

  static byte[] row(int i) {
    RowWriter w = new RowWriter(SCHEMA);
    w.reset();
    w.writeLong(0, i);
    w.writeString(1, "row " + i);
    byte[] row = w.toByteArray();
    if (i == BAD) {
      row[row.length - 1] = 1; // the string's padding (SPEC §6.3: must be zero)
    }
    return row;
  }

  static void write(RowFileWriter f) throws Exception {
    for (int i = 0; i < 10; i++) {
      f.write(BinaryRow.wrap(SCHEMA, row(i)));
    }
  }

  static Options options(Compression c) {
    return Options.defaults().withBatch(4, 1 << 20).withChecksum(false).withCompression(c);
  }

  /** Where row {@link #BAD}'s bytes are in {@code b} (they occur once). */
  static int offsetOfBad(byte[] b) {
    byte[] target = row(BAD);
    int found = -1;
    for (int p = 0; p + target.length <= b.length; p++) {
      if (Arrays.equals(b, p, p + target.length, target, 0, target.length)) {
        assertEquals(-1, found, "the row occurs once");
        found = p;
      }
    }
    assertTrue(found > 0);
    return found;
  }

  static InvalidDataException failure(RowFileReader r) {
    return assertThrows(
        InvalidDataException.class,
        () -> {
          try (r) {
            for (BinaryRow row : r) {
              row.getLong(0);
            }
          }
        });
  }

  @Test
  void aRowThatFailsValidationNamesItsFileRowBatchAndByteOffset() throws Exception {
    Path file = dir.resolve("pad.zrow");
    try (RowFileWriter f = RowFileWriter.file(file, SCHEMA, options(Compression.NONE))) {
      write(f);
    }
    int at = offsetOfBad(Files.readAllBytes(file));
    String want = "row file " + file + ": row 6 (batch 1, byte " + at + "): ";
    InvalidDataException mapped = failure(RowFileReader.open(file, SCHEMA, ValidationLevel.FULL));
    assertTrue(mapped.detail().startsWith(want), mapped.detail());
    assertTrue(mapped.detail().contains("padding"), mapped.detail());

    InvalidDataException channel =
        failure(
            RowFileReader.open(
                RowFileCutTest.channel(file), "pad.zrow", SCHEMA, ValidationLevel.FULL));
    assertTrue(
        channel.detail().startsWith("row file pad.zrow: row 6 (batch 1, byte " + at + "): "),
        channel.detail());

    try (RowFileReader r = RowFileReader.open(file, SCHEMA, ValidationLevel.BOUNDS)) {
      RowBatch b = r.batch(1);
      assertEquals(at, b.rowOffset(BAD - 4));
      assertEquals(BAD, b.row(BAD - 4).getLong(0), "bounds does not look at padding");
    }
  }

  @Test
  void aRowOfAStreamNamesItsByteOffsetInTheStream() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileWriter f =
        RowFileWriter.stream(Channels.newChannel(out), SCHEMA, options(Compression.NONE))) {
      write(f);
    }
    byte[] b = out.toByteArray();
    int at = offsetOfBad(b);
    InvalidDataException e =
        failure(
            RowFileReader.openStream(
                new ByteArrayInputStream(b), "pad.arrows", SCHEMA, ValidationLevel.FULL));
    assertTrue(
        e.detail().startsWith("row stream pad.arrows: row 6 (batch 1, byte " + at + "): "),
        e.detail());
  }

  @Test
  void aDecompressedRowNamesNoByteOffset() throws Exception {
    Path file = dir.resolve("pad-zstd.zrow");
    try (RowFileWriter f = RowFileWriter.file(file, SCHEMA, options(Compression.ZSTD))) {
      write(f);
    }
    InvalidDataException e = failure(RowFileReader.open(file, SCHEMA, ValidationLevel.FULL));
    assertTrue(e.detail().startsWith("row file " + file + ": row 6 (batch 1): "), e.detail());
    try (RowFileReader r = RowFileReader.open(file, SCHEMA, ValidationLevel.BOUNDS)) {
      assertEquals(-1, r.batch(1).rowOffset(BAD - 4));
    }
  }
}
