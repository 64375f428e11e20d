package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.InvalidDataException;
import io.zerorow.TruncatedException;
import io.zerorow.ZerorowException;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolver;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row files read through a channel of positioned reads (an engine's file system), and files that
 * were cut or never finished: refused by {@code open} naming the file and the byte where it ends,
 * read up to the cut by {@code openUpToCut}.
 */
class RowFileCutTest {
  @TempDir Path dir;

  static final Schema SCHEMA = RowFileKeepAlive.SCHEMA;
  static final int ROWS = 10;
  static final int BATCH_ROWS = 4;

  /** Rows 0..n-1 ({@code id}, {@code "row <id>"}) into {@code f}. */
  static void writeRows(RowFileWriter f, int n) throws Exception {
    RowWriter w = new RowWriter(SCHEMA);
    for (int i = 0; i < n; i++) {
      w.reset();
      w.writeLong(0, i);
      w.writeString(1, "row " + i);
      f.write(w.getRow());
    }
  }

  Path complete() throws Exception {
    Path file = dir.resolve("complete.zrow");
    try (RowFileWriter f =
        RowFileWriter.file(file, SCHEMA, ArrowUtils.rootAllocator(), BATCH_ROWS, 1 << 20)) {
      writeRows(f, ROWS);
    }
    return file;
  }

  /**
   * The file behind a channel that is not a {@link FileChannel}, so never mapped: each batch is
   * read onto the heap, as from HDFS or S3. (Arrow's {@code ByteArrayReadableSeekableByteChannel}
   * would not do: its read returns 0, not -1, at the end, so a reader of a cut file never sees it
   * end.)
   */
  static SeekableByteChannel channel(Path file) throws Exception {
    FileChannel f = FileChannel.open(file);
    return new SeekableByteChannel() {
      @Override
      public int read(ByteBuffer dst) throws IOException {
        return f.read(dst);
      }

      @Override
      public int write(ByteBuffer src) {
        throw new UnsupportedOperationException("read only");
      }

      @Override
      public long position() throws IOException {
        return f.position();
      }

      @Override
      public SeekableByteChannel position(long p) throws IOException {
        f.position(p);
        return this;
      }

      @Override
      public long size() throws IOException {
        return f.size();
      }

      @Override
      public SeekableByteChannel truncate(long size) {
        throw new UnsupportedOperationException("read only");
      }

      @Override
      public boolean isOpen() {
        return f.isOpen();
      }

      @Override
      public void close() throws IOException {
        f.close();
      }
    };
  }

  /** Every id, in order; every row's string checked against its id. */
  static List<Long> ids(RowFileReader r) {
    List<Long> ids = new ArrayList<>();
    for (BinaryRow row : r) {
      assertEquals("row " + row.getLong(0), row.getString(1));
      ids.add(row.getLong(0));
    }
    return ids;
  }

  static List<Long> range(int n) {
    List<Long> out = new ArrayList<>();
    for (long i = 0; i < n; i++) {
      out.add(i);
    }
    return out;
  }

  static RowFileReader open(Path file) throws Exception {
    return RowFileReader.openResolved(
        channel(file), file.getFileName().toString(), new Resolver(SCHEMA), ValidationLevel.FULL);
  }

  static RowFileReader upToCut(Path file) throws Exception {
    return RowFileReader.openUpToCut(
        channel(file), file.getFileName().toString(), new Resolver(SCHEMA), ValidationLevel.FULL);
  }

  /** The end of each record batch's block, from the footer of a complete file. */
  static List<Long> batchEnds(Path file) throws Exception {
    List<Long> ends = new ArrayList<>();
    try (FileChannel ch = FileChannel.open(file);
        ArrowFileReader r = new ArrowFileReader(ch, ArrowUtils.rootAllocator())) {
      for (ArrowBlock b : r.getRecordBlocks()) {
        ends.add(b.getOffset() + b.getMetadataLength() + b.getBodyLength());
      }
    }
    return ends;
  }

  @Test
  void aCompleteFileReadsThroughAChannelAsWhenMapped() throws Exception {
    Path file = complete();
    try (RowFileReader r = open(file)) {
      assertEquals(3, r.batchCount());
      assertEquals(range(ROWS), ids(r));
      assertNull(r.cut());
    }
    try (RowFileReader r = upToCut(file)) {
      assertEquals(range(ROWS), ids(r));
      assertNull(r.cut(), "a complete file read by openUpToCut has no cut");
    }
  }

  @Test
  void aFileNeverFinishedIsRefusedOrReadUpToWhatItsWriterFlushed() throws Exception {
    Path file = dir.resolve("open.zrow");
    try (RowFileWriter f =
        RowFileWriter.file(file, SCHEMA, ArrowUtils.rootAllocator(), BATCH_ROWS, 1 << 20)) {
      writeRows(f, ROWS); // two full batches reach the file; the writer is not closed yet
      long size = Files.size(file);
      TruncatedException e = assertThrows(TruncatedException.class, () -> open(file));
      assertTrue(
          e.getMessage()
              .startsWith(
                  "truncated at <row>: row file open.zrow: the file ends at byte "
                      + size
                      + " without its"),
          e.getMessage());
      assertTrue(e.getMessage().contains("its writer never finished it"), e.getMessage());
      try (RowFileReader r = upToCut(file)) {
        assertEquals(range(2 * BATCH_ROWS), ids(r));
        assertEquals(2, r.completeBatches());
        String cut = r.cut().getMessage();
        assertTrue(cut.contains("row file open.zrow: the file ends at byte " + size), cut);
        assertTrue(cut.contains("read up to the cut: 2 complete record batches"), cut);
      }
    }
  }

  @Test
  void everyCutIsRefusedByOpenAndReadUpToTheCutByOpenUpToCut() throws Exception {
    Path file = complete();
    byte[] b = Files.readAllBytes(file);
    List<Long> ends = batchEnds(file);
    Path cut = dir.resolve("cut.zrow");
    int firstReadable = -1;
    for (int len = 0; len < b.length - 6; len++) {
      Files.write(cut, Arrays.copyOf(b, len));
      ZerorowException e = assertThrows(ZerorowException.class, () -> open(cut), "" + len);
      assertTrue(e instanceof TruncatedException, len + ": " + e);
      assertTrue(
          e.getMessage().contains("row file cut.zrow: the file ends at byte " + len),
          len + ": " + e);
      int complete = 0;
      while (complete < ends.size() && ends.get(complete) <= len) {
        complete++;
      }
      RowFileReader r;
      try {
        r = upToCut(cut);
      } catch (TruncatedException before) {
        assertTrue(firstReadable < 0, len + ": refused after a shorter cut was read: " + before);
        assertEquals(0, complete, len + ": " + before);
        assertTrue(
            before
                .getMessage()
                .startsWith("truncated at <row>: row file cut.zrow: the file ends at byte " + len),
            before.getMessage());
        continue;
      }
      if (firstReadable < 0) {
        firstReadable = len;
      }
      try (r) {
        // the rows of the complete batches, and of no other (the last batch holds 2 rows)
        assertEquals(range(Math.min(complete * BATCH_ROWS, ROWS)), ids(r), "" + len);
        assertEquals(complete, r.completeBatches(), "" + len);
        String m = r.cut().getMessage();
        assertTrue(m.contains("the file ends at byte " + len), len + ": " + m);
        assertTrue(m.contains("read up to the cut: " + complete + " complete record batch"), m);
      }
    }
    assertTrue(firstReadable > 8, "the schema message must be whole: " + firstReadable);
  }

  @Test
  void otherDamageIsNotACut() throws Exception {
    Path file = dir.resolve("foreign.zrow");
    Files.write(file, "PAR1 and not an Arrow file".getBytes(StandardCharsets.US_ASCII));
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> upToCut(file));
    assertTrue(
        e.getMessage().contains("row file foreign.zrow: not an Arrow IPC file"), e.getMessage());
    Path empty = dir.resolve("empty.zrow");
    Files.write(empty, new byte[0]);
    TruncatedException t = assertThrows(TruncatedException.class, () -> upToCut(empty));
    assertTrue(
        t.getMessage().contains("row file empty.zrow: the file ends at byte 0"), t.getMessage());
  }
}
