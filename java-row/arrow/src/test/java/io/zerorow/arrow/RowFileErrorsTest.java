package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.InvalidDataException;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row files as service code meets them: I/O failures as the declared {@link IOException}s naming
 * the file, calls and iterators after {@code close()}, and rows checked at the writer's level and
 * named by their number in the file.
 */
class RowFileErrorsTest {
  @TempDir Path dir;

  static final Schema SCHEMA =
      Schema.of(Field.of("id", DataTypes.INT64, false), Field.of("name", DataTypes.STRING, true));

  private static BinaryRow row(long id, String name) {
    RowWriter w = new RowWriter(SCHEMA);
    w.reset();
    w.writeLong(0, id);
    w.writeString(1, name);
    return w.getRow().copy();
  }

  private Path write(int rows, int batchRows) throws IOException {
    Path file = dir.resolve("rows-" + rows + ".arrow");
    try (RowFileWriter w =
        RowFileWriter.file(file, SCHEMA, ArrowUtils.rootAllocator(), batchRows, 1 << 20)) {
      for (int i = 0; i < rows; i++) {
        w.write(row(i, "n" + i));
      }
    }
    return file;
  }

  @Test
  void aWriteOnAnInterruptedThreadIsAnInterruptedIoExceptionNamingTheFile() throws Exception {
    Path file = dir.resolve("interrupted.arrow");
    RowFileWriter w = RowFileWriter.file(file, SCHEMA);
    w.write(row(1, "a"));
    Thread.currentThread().interrupt();
    try {
      InterruptedIOException e = assertThrows(InterruptedIOException.class, w::flush);
      assertTrue(e.getMessage().startsWith("row file " + file), e.getMessage());
      assertTrue(Thread.currentThread().isInterrupted(), "the interrupt status stays set");
    } finally {
      Thread.interrupted();
    }
    IOException closed = assertThrows(IOException.class, w::close); // its channel is gone
    assertTrue(closed.getMessage().startsWith("row file " + file), closed.getMessage());
    IOException after = assertThrows(IOException.class, () -> w.write(row(2, "b")));
    assertEquals("row file " + file + ": write after close()", after.getMessage());
  }

  @Test
  void callsAndIteratorsAfterCloseFailNamingTheFile() throws Exception {
    Path file = write(6, 2);
    RowFileReader r = RowFileReader.open(file, SCHEMA);
    Iterator<BinaryRow> rows = r.iterator();
    assertTrue(rows.hasNext());
    BinaryRow first = rows.next();
    r.close();
    assertEquals(0L, first.getLong(0)); // a row taken before close stays readable
    IOException batch = assertThrows(IOException.class, () -> r.batch(0));
    assertEquals("row file " + file + ": batch(0) after close()", batch.getMessage());
    IllegalStateException it = assertThrows(IllegalStateException.class, rows::hasNext);
    assertTrue(it.getMessage().startsWith("row file " + file + ": iterated after close()"));
    assertThrows(IllegalStateException.class, rows::next);
    r.close(); // closing twice is allowed
  }

  @Test
  void theWritersLevelRefusesARowBeforeItIsWrittenNamingItsNumber() throws Exception {
    BinaryRow good = row(1, "ok");
    byte[] bad = new byte[good.getSizeInBytes()];
    io.zerorow.internal.Platform.copy(
        good.getBaseObject(),
        good.getBaseOffset(),
        bad,
        io.zerorow.internal.Platform.BYTE_ARRAY_OFFSET,
        bad.length);
    bad[bad.length - 8] = (byte) 0xff; // the string body: not UTF-8, only FULL sees it
    Path file = dir.resolve("levels.arrow");
    try (RowFileWriter w = RowFileWriter.file(file, SCHEMA).level(ValidationLevel.FULL)) {
      w.write(good);
      w.write(good);
      InvalidDataException e =
          assertThrows(InvalidDataException.class, () -> w.write(BinaryRow.wrap(SCHEMA, bad)));
      assertEquals("name", e.path());
      assertTrue(
          e.detail().startsWith("row file " + file + ": row 2: invalid UTF-8"), e.getMessage());
      InvalidDataException shortRow =
          assertThrows(
              InvalidDataException.class,
              () -> w.write(new byte[8], io.zerorow.internal.Platform.BYTE_ARRAY_OFFSET, 8));
      assertTrue(
          shortRow.detail().startsWith("row file " + file + ": row 2: expected a row of at least"),
          shortRow.getMessage());
      w.write(good); // the writer goes on: the refused rows were not written
    }
    try (RowFileReader r = RowFileReader.open(file, SCHEMA, ValidationLevel.FULL)) {
      int n = 0;
      for (BinaryRow x : r) {
        assertEquals("ok", x.getString(1));
        n++;
      }
      assertEquals(3, n);
    }
    // at the default level (BOUNDS) the same row is written: readers at FULL refuse it
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileWriter w = RowFileWriter.stream(out, SCHEMA)) {
      w.write(BinaryRow.wrap(SCHEMA, bad));
    }
    assertFalse(out.size() == 0);
  }

  /**
   * A channel that is not a file's (HDFS, S3, …: batches are read onto the heap) whose reads fail
   * once {@code failing} is set, as a network file system's do when the connection drops.
   */
  private static final class FlakyChannel implements SeekableByteChannel {
    private final FileChannel file;
    boolean failing;

    FlakyChannel(Path path) throws IOException {
      file = FileChannel.open(path, StandardOpenOption.READ);
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      if (failing) {
        throw new IOException("connection reset");
      }
      return file.read(dst);
    }

    @Override
    public int write(ByteBuffer src) {
      throw new UnsupportedOperationException("read-only");
    }

    @Override
    public long position() throws IOException {
      return file.position();
    }

    @Override
    public SeekableByteChannel position(long p) throws IOException {
      file.position(p);
      return this;
    }

    @Override
    public long size() throws IOException {
      return file.size();
    }

    @Override
    public SeekableByteChannel truncate(long size) {
      throw new UnsupportedOperationException("read-only");
    }

    @Override
    public boolean isOpen() {
      return file.isOpen();
    }

    @Override
    public void close() throws IOException {
      file.close();
    }
  }

  @Test
  void aFailedReadOfAChannelThatIsNotAFileIsAnIoExceptionNamingIt() throws Exception {
    Path file = write(6, 2);
    FlakyChannel ch = new FlakyChannel(file);
    RowFileReader r =
        RowFileReader.open(ch, "s3://bucket/rows.arrow", SCHEMA, ValidationLevel.BOUNDS);
    try {
      assertEquals(3, r.batchCount());
      assertEquals(2, r.batch(0).size());
      ch.failing = true;
      IOException e = assertThrows(IOException.class, () -> r.batch(1));
      assertEquals(
          "row file s3://bucket/rows.arrow: IOException: connection reset", e.getMessage());
      ch.failing = false;
      assertEquals(2, r.batch(1).size(), "the reader is still usable once reads succeed");
    } finally {
      r.close();
    }
    IOException closed = assertThrows(IOException.class, () -> r.batch(2));
    assertEquals("row file s3://bucket/rows.arrow: batch(2) after close()", closed.getMessage());
  }
}
