package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.InvalidDataException;
import io.zerorow.TruncatedException;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.junit.jupiter.api.Test;

/**
 * Row streams that were cut (SPEC §5.3): a stream is complete only with its end-of-stream marker,
 * so every cut — inside a message or between two — is refused naming the stream and the byte where
 * it ends, and {@link RowFileReader#openStreamRecovering} returns the complete batches before the
 * cut with what it recovered and lost.
 */
class RowStreamCutTest {
  static final int ROWS = RowFileCutTest.ROWS;
  static final int BATCH_ROWS = RowFileCutTest.BATCH_ROWS;

  static byte[] streamBytes() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileWriter f =
        RowFileWriter.stream(
            Channels.newChannel(out),
            RowFileCutTest.SCHEMA,
            ArrowUtils.rootAllocator(),
            BATCH_ROWS,
            1 << 20)) {
      RowFileCutTest.writeRows(f, ROWS);
    }
    return out.toByteArray();
  }

  /** One encapsulated message of a stream: where it starts, its header ends and it ends. */
  record Framing(int start, int headerEnd, int end, long rows) {}

  /**
   * The messages of a complete stream (schema, batches; not the end-of-stream marker), walked from
   * their 8-byte prefixes: the test's own reading of the framing, independent of RowStream.
   */
  static List<Framing> messages(byte[] b) {
    ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    List<Framing> out = new ArrayList<>();
    int pos = 0;
    while (true) {
      assertEquals(-1, bb.getInt(pos), "continuation marker at " + pos);
      int len = bb.getInt(pos + 4);
      if (len == 0) {
        assertEquals(b.length, pos + 8, "the end-of-stream marker ends the stream");
        return out;
      }
      int headerEnd = pos + 8 + len;
      ByteBuffer meta = bb.duplicate().position(pos + 8).limit(headerEnd).slice();
      Message m = Message.getRootAsMessage(meta.order(ByteOrder.LITTLE_ENDIAN));
      long rows =
          m.headerType() == MessageHeader.RecordBatch
              ? ((RecordBatch) m.header(new RecordBatch())).length()
              : -1;
      int end = headerEnd + (int) m.bodyLength();
      out.add(new Framing(pos, headerEnd, end, rows));
      pos = end;
    }
  }

  static List<Long> ids(RowFileReader r) {
    List<Long> ids = new ArrayList<>();
    for (BinaryRow row : r) {
      ids.add(row.getLong(0));
    }
    return ids;
  }

  static List<Long> range(long n) {
    List<Long> out = new ArrayList<>();
    for (long i = 0; i < n; i++) {
      out.add(i);
    }
    return out;
  }

  static RowFileReader recovering(byte[] b) throws Exception {
    return RowFileReader.openStreamRecovering(
        new ByteArrayInputStream(b), "cut.arrows", null, ValidationLevel.FULL);
  }

  @Test
  void aCompleteStreamReadsWholeInRecoveryMode() throws Exception {
    byte[] b = streamBytes();
    try (RowFileReader r = recovering(b)) {
      assertEquals(range(ROWS), ids(r));
      assertNull(r.cut(), "a complete stream has no cut");
      assertEquals(-1, r.cutOffset());
      assertEquals(-1, r.lostRows());
    }
  }

  @Test
  void everyCutIsRefusedNamingTheStreamAndItsEndAndRecoveredUpToTheCut() throws Exception {
    byte[] b = streamBytes();
    List<Framing> msgs = messages(b);
    assertEquals(1 + 3, msgs.size(), "schema, then batches of 4, 4 and 2 rows: " + msgs);
    int recovered = 0;
    for (int len = 0; len < b.length; len++) {
      byte[] cut = Arrays.copyOf(b, len);
      TruncatedException e =
          assertThrows(
              TruncatedException.class,
              () -> {
                try (RowFileReader r =
                    RowFileReader.openStream(
                        new ByteArrayInputStream(cut),
                        "cut.arrows",
                        null,
                        ValidationLevel.BOUNDS)) {
                  ids(r);
                }
              },
              "" + len);
      String m = e.getMessage();
      assertTrue(m.contains("row stream cut.arrows"), len + ": " + m);
      assertTrue(m.contains("the stream ends at byte " + len), len + ": " + m);

      // the complete batches before the cut, and the message the cut falls in
      int complete = 0;
      while (complete + 1 < msgs.size() && msgs.get(complete + 1).end() <= len) {
        complete++;
      }
      if (len < msgs.get(0).end()) {
        // cut inside the schema: nothing can be recovered, refused as openStream refuses it
        TruncatedException before = assertThrows(TruncatedException.class, () -> recovering(cut));
        assertTrue(before.getMessage().contains("the stream ends at byte " + len), "" + len);
        continue;
      }
      long rows = Math.min((long) complete * BATCH_ROWS, ROWS);
      int cutAt = msgs.get(complete).end(); // where the first incomplete message starts
      Framing next = complete + 1 < msgs.size() ? msgs.get(complete + 1) : null;
      long lost = next != null && len >= next.headerEnd() ? next.rows() : -1;
      assertTrue(m.contains(complete > 0 ? "openStreamRecovering reads the " + rows : "no record"));
      try (RowFileReader r = recovering(cut)) {
        assertEquals(range(rows), ids(r), "" + len);
        assertEquals(complete, r.completeBatches(), "" + len);
        assertEquals(rows, r.recoveredRows(), "" + len);
        assertEquals(lost, r.lostRows(), "" + len);
        assertEquals(cutAt, r.cutOffset(), "" + len);
        String why = r.cut().getMessage();
        assertTrue(why.contains("row stream cut.arrows: the stream ends at byte " + len), why);
        assertTrue(why.contains("read up to the cut: " + complete + " complete record batch"), why);
        if (len == cutAt) {
          assertTrue(why.contains("rows lost: unknown"), why); // between two messages
        }
        recovered++;
      }
    }
    assertEquals(b.length - msgs.get(0).end(), recovered, "every cut after the schema recovers");
  }

  @Test
  void damageThatIsNotACutStaysAnErrorInRecoveryMode() throws Exception {
    byte[] b = streamBytes();
    List<Framing> msgs = messages(b);
    byte[] bad = b.clone();
    // the second batch's metadata length made negative: damage, not a cut
    ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt(msgs.get(2).start() + 4, -5);
    InvalidDataException e =
        assertThrows(
            InvalidDataException.class,
            () -> {
              try (RowFileReader r = recovering(bad)) {
                ids(r);
              }
            });
    assertTrue(e.getMessage().contains("row stream cut.arrows, record batch 1"), e.getMessage());
  }
}
