package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.InvalidDataException;
import io.zerorow.TruncatedException;
import io.zerorow.ZerorowException;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.ipc.message.MessageMetadataResult;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows keep their memory alive; damaged files and streams give zerorow's errors (the truncation
 * rule of {@link RowFileReader}'s class comment), naming the source and the batch.
 */
class RowFileSafetyTest {
  @TempDir Path dir;

  @Test
  void rowsOutliveTheirReaderInAChildJvm() throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-XX:-CreateCoredumpOnCrash",
                "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"),
                "--add-opens=java.base/java.nio=org.apache.arrow.memory.core,ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                RowFileKeepAlive.class.getName()));
    Path out = dir.resolve("child.log");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "child JVM finished");
    String log = Files.readString(out, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), "exit code (134/139 = killed by a signal):\n" + log);
    assertTrue(log.contains("rows outlived their readers"), log);
  }

  /** 12 rows in 3 batches of 4; row {@code magicRow}'s string is the Arrow magic "ARROW1". */
  private static final int ROWS = 12;

  private static final int BATCH_ROWS = 4;

  private static void writeRows(RowFileWriter f, int magicRow) throws java.io.IOException {
    RowWriter w = new RowWriter(RowFileKeepAlive.SCHEMA);
    for (int i = 0; i < ROWS; i++) {
      w.reset();
      w.writeLong(0, i);
      w.writeString(1, i == magicRow ? "ARROW1" : "row " + i);
      f.write(w.getRow());
    }
  }

  private Path writeFile(int magicRow) throws Exception {
    Path file = dir.resolve("rows.zrow");
    try (RowFileWriter f =
        RowFileWriter.file(
            file, RowFileKeepAlive.SCHEMA, ArrowUtils.rootAllocator(), BATCH_ROWS, 1 << 20)) {
      writeRows(f, magicRow);
    }
    return file;
  }

  private static byte[] streamBytes() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileWriter f =
        RowFileWriter.stream(
            Channels.newChannel(out),
            RowFileKeepAlive.SCHEMA,
            ArrowUtils.rootAllocator(),
            BATCH_ROWS,
            1 << 20)) {
      writeRows(f, -1);
    }
    return out.toByteArray();
  }

  /** Reads every row and every value; the number of rows. */
  private static long count(RowFileReader r) {
    long n = 0;
    for (BinaryRow row : r) {
      row.getLong(0);
      row.getString(1);
      n++;
    }
    return n;
  }

  private static long readFile(Path file, ValidationLevel level) throws Exception {
    try (RowFileReader r = RowFileReader.open(file, null, level)) {
      return count(r);
    }
  }

  private static long readStream(byte[] bytes, ValidationLevel level) throws Exception {
    try (RowFileReader r = RowFileReader.openStream(new ByteArrayInputStream(bytes), null, level)) {
      return count(r);
    }
  }

  private static final byte[] MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);

  /**
   * The truncation rule of RowFileReader's class comment, for a file cut to {@code len} bytes:
   * truncated unless it still ends with the magic after at least 18 bytes (then invalid_data).
   */
  private static Class<? extends ZerorowException> expectedForCut(byte[] b, int len) {
    boolean endsWithMagic =
        len >= 18 && Arrays.equals(Arrays.copyOfRange(b, len - MAGIC.length, len), MAGIC);
    return endsWithMagic ? InvalidDataException.class : TruncatedException.class;
  }

  @Test
  void everyCutOfAFileFollowsTheTruncationRule() throws Exception {
    Path cut = dir.resolve("cut.zrow");
    int invalid = 0;
    for (int magicRow : new int[] {-1, 7}) {
      byte[] b = Files.readAllBytes(writeFile(magicRow));
      assertEquals(ROWS, readFile(writeFile(magicRow), ValidationLevel.FULL));
      for (int len = 0; len < b.length; len++) {
        Files.write(cut, Arrays.copyOf(b, len));
        ZerorowException e =
            assertThrows(
                ZerorowException.class, () -> readFile(cut, ValidationLevel.BOUNDS), "" + len);
        assertEquals(expectedForCut(b, len), e.getClass(), len + ": " + e);
        assertTrue(e.getMessage().contains("row file " + cut), e.getMessage());
        invalid += e instanceof InvalidDataException ? 1 : 0;
      }
    }
    assertEquals(1, invalid, "one cut ends right after the row string \"ARROW1\"");
    Files.write(cut, "PAR1 and not an Arrow file".getBytes(StandardCharsets.US_ASCII));
    ZerorowException e =
        assertThrows(InvalidDataException.class, () -> readFile(cut, ValidationLevel.BOUNDS));
    assertTrue(e.getMessage().contains("not an Arrow IPC file"), e.getMessage());
  }

  /**
   * The ends of the messages of a stream (schema, each batch, the end marker), parsed by Arrow's
   * own message reader.
   */
  private static List<Integer> messageEnds(byte[] stream) throws Exception {
    List<Integer> ends = new ArrayList<>();
    ReadChannel in = new ReadChannel(Channels.newChannel(new ByteArrayInputStream(stream)));
    MessageMetadataResult m;
    while ((m = MessageSerializer.readMessage(in)) != null) {
      in.readFully(ByteBuffer.allocate((int) m.getMessageBodyLength()));
      ends.add((int) in.bytesRead());
    }
    ends.add(stream.length); // the end-of-stream marker
    return ends;
  }

  @Test
  void everyCutOfAStreamIsTruncated() throws Exception {
    byte[] b = streamBytes();
    assertEquals(ROWS, readStream(b, ValidationLevel.FULL));
    List<Integer> ends = messageEnds(b);
    assertEquals(ROWS / BATCH_ROWS + 2, ends.size(), "schema, the batches, end marker: " + ends);
    for (int len = 0; len < b.length; len++) {
      int cut = len;
      int message = 0; // the message the cut falls in (0: schema, k + 1: batch k)
      while (ends.get(message) < len) {
        message++;
      }
      TruncatedException e =
          assertThrows(
              TruncatedException.class,
              () -> readStream(Arrays.copyOf(b, cut), ValidationLevel.BOUNDS),
              "" + len);
      if (len == 0 || ends.get(message) == len) {
        // SPEC §5.3: between two messages, without the end-of-stream marker, is a cut too; the
        // rows before it are not returned as if they were all
        assertTrue(
            e.getMessage()
                .contains(
                    "row stream: the stream ends at byte "
                        + len
                        + " without its end-of-stream marker: expected "
                        + (len == 0 ? "its schema message" : "the next message or the end")),
            len + ": " + e.getMessage());
        continue;
      }
      String where = message == 0 ? "row stream: " : "row stream, record batch " + (message - 1);
      assertTrue(e.getMessage().contains(where), len + ": " + e.getMessage());
    }
  }

  /** Byte offset ranges [start, end) of the record batch blocks of a file, from its footer. */
  private static List<long[]> blocks(Path file) throws Exception {
    List<long[]> out = new ArrayList<>();
    try (FileChannel ch = FileChannel.open(file);
        ArrowFileReader r = new ArrowFileReader(ch, ArrowUtils.rootAllocator())) {
      for (ArrowBlock b : r.getRecordBlocks()) {
        out.add(
            new long[] {b.getOffset(), b.getOffset() + b.getMetadataLength() + b.getBodyLength()});
      }
    }
    return out;
  }

  /**
   * Every byte of a small file flipped (all bits, then the lowest): the file reads, or fails with a
   * zerorow exception that names the file, and the batch when the byte lies in one. At FULL, every
   * row is checked as it is returned, so a damaged row names its batch and row; at BOUNDS the
   * getters find it, as zerorow exceptions too.
   */
  @Test
  void everyByteFlippedInAFileGivesZerorowErrorsNamingFileAndBatch() throws Exception {
    byte[] b = Files.readAllBytes(writeFile(-1));
    List<long[]> blocks = blocks(writeFile(-1));
    assertEquals(ROWS / BATCH_ROWS, blocks.size());
    Path flipped = dir.resolve("flipped.zrow");
    int failed = 0;
    for (int mask : new int[] {0xff, 0x01}) {
      for (int p = 0; p < b.length; p++) {
        byte[] bad = b.clone();
        bad[p] ^= (byte) mask;
        Files.write(flipped, bad);
        int batch = -1;
        for (int k = 0; k < blocks.size(); k++) {
          if (p >= blocks.get(k)[0] && p < blocks.get(k)[1]) {
            batch = k;
          }
        }
        try {
          readFile(flipped, ValidationLevel.FULL);
        } catch (ZerorowException e) {
          failed++;
          String msg = e.getMessage();
          assertTrue(msg.contains("row file " + flipped), p + ": " + msg);
          assertTrue(
              batch < 0
                  || msg.contains("record batch " + batch + ":")
                  || msg.matches("(?s).*: row \\d+ \\(batch " + batch + "(, byte \\d+)?\\): .*"),
              p + " (batch " + batch + "): " + msg);
        }
      }
    }
    assertTrue(failed > b.length / 4, failed + " of " + 2 * b.length + " flips were refused");
  }

  /**
   * The same sweep over a stream: errors name the stream and the batch the byte lies in, or a later
   * one (a stream has no index: a damaged length shifts where every later message is read, so the
   * damage shows when the next message does not parse). A byte in the schema message may show in
   * any batch.
   */
  private static final java.util.regex.Pattern BATCH =
      java.util.regex.Pattern.compile("row stream(?:, record batch |: row \\d+ \\(batch )(\\d+)");

  @Test
  void everyByteFlippedInAStreamGivesZerorowErrorsNamingTheBatch() throws Exception {
    byte[] b = streamBytes();
    List<Integer> ends = messageEnds(b);
    int failed = 0;
    for (int mask : new int[] {0xff, 0x01}) {
      for (int p = 0; p < b.length; p++) {
        byte[] bad = b.clone();
        bad[p] ^= (byte) mask;
        int message = 0;
        while (ends.get(message) <= p) {
          message++;
        }
        try {
          readStream(bad, ValidationLevel.FULL);
        } catch (ZerorowException e) {
          failed++;
          String msg = e.getMessage();
          assertTrue(msg.contains("row stream"), p + ": " + msg);
          java.util.regex.Matcher batch = BATCH.matcher(msg);
          if (message > 0) {
            assertTrue(
                batch.find() && Integer.parseInt(batch.group(1)) >= message - 1,
                p + " (batch " + (message - 1) + "): " + msg);
          }
        }
        try {
          readStream(bad, ValidationLevel.BOUNDS);
        } catch (ZerorowException e) {
          // a typed error is all BOUNDS promises: the getters do not know the stream
        }
      }
    }
    assertTrue(failed > b.length / 4, failed + " of " + 2 * b.length + " flips were refused");
  }

  @Test
  void aCorruptedBatchIsInvalidDataNamingTheFileAndTheBatch() throws Exception {
    Path file = writeFile(-1);
    byte[] b = Files.readAllBytes(file);
    long[] second = blocks(file).get(1);
    byte[] bad = b.clone();
    for (long k = second[0] + 8; k < second[0] + 40; k++) {
      bad[(int) k] = (byte) 0x7f; // the second batch's message flatbuffer
    }
    Path corrupt = dir.resolve("corrupt.zrow");
    Files.write(corrupt, bad);
    InvalidDataException e =
        assertThrows(InvalidDataException.class, () -> readFile(corrupt, ValidationLevel.BOUNDS));
    assertTrue(
        e.getMessage()
            .startsWith("invalid_data at <row>: row file " + corrupt + ", record batch 1: "),
        e.getMessage());

    byte[] stream = streamBytes();
    int batch1 = messageEnds(stream).get(1); // the second batch's message starts here
    byte[] badStream = stream.clone();
    for (int k = batch1 + 8; k < batch1 + 40; k++) {
      badStream[k] = (byte) 0x7f;
    }
    e =
        assertThrows(
            InvalidDataException.class, () -> readStream(badStream, ValidationLevel.BOUNDS));
    assertTrue(e.getMessage().contains("row stream, record batch 1: "), e.getMessage());
  }

  @Test
  void aStreamThatIsNotArrowIsRefusedWithoutAllocatingItsLength() {
    // "hello world" read as a message length is 1.8 GB: read as it arrives, it is a cut message
    byte[] text = "hello world, not an Arrow stream".getBytes(StandardCharsets.US_ASCII);
    TruncatedException e =
        assertThrows(TruncatedException.class, () -> readStream(text, ValidationLevel.BOUNDS));
    assertTrue(e.getMessage().startsWith("truncated at <row>: row stream: "), e.getMessage());
  }

  @Test
  void theValidationLevelIsAnOption() throws Exception {
    Schema s = RowFileKeepAlive.SCHEMA;
    Path file = dir.resolve("padding.zrow");
    try (RowFileWriter f = RowFileWriter.file(file, s)) {
      RowWriter w = new RowWriter(s);
      w.reset();
      w.writeLong(0, 1);
      w.writeString(1, "abc");
      byte[] row = w.toByteArray();
      row[row.length - 1] = 1; // a non-zero padding byte: valid at bounds, refused at full
      f.write(BinaryRow.wrap(s, row));
    }
    try (RowFileReader r = RowFileReader.open(file, s, ValidationLevel.BOUNDS)) {
      assertEquals(1, count(r));
    }
    try (RowFileReader r = RowFileReader.open(file, s, ValidationLevel.FULL)) {
      InvalidDataException e = assertThrows(InvalidDataException.class, () -> count(r));
      assertTrue(
          e.getMessage().contains("row file " + file + ": row 0 (batch 0, byte "), e.getMessage());
    }
  }
}
