package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.TruncatedException;
import io.zerorow.UnsupportedException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.vector.ipc.message.MessageSerializer;

/**
 * The messages of an Arrow IPC stream (the streaming format), read straight from an {@link
 * InputStream} for {@link RowFileReader#openStream}: the schema message, then each record batch's
 * metadata and body onto the heap. Reading them here rather than through Arrow's {@code
 * ArrowStreamReader} gives what a reader of untrusted input needs: memory grows with the bytes that
 * actually arrive (Arrow's reader allocates whatever a damaged length field says, up to gigabytes),
 * and a cut stream is told from a damaged one by where the input ended, not by the text of Arrow's
 * messages.
 *
 * <p>The truncation rule (SPEC §5.3): a stream is complete when it ends with Arrow's end-of-stream
 * marker. Input that ends anywhere else — inside a message (its length prefix, its metadata or its
 * body) or between two messages — is {@code truncated}: a cut between two batches would otherwise
 * read as a shorter stream, its later rows lost without a word. Exceptions carry no source; the
 * caller names the stream and the batch.
 */
final class RowStream implements AutoCloseable {
  /** Arrow's continuation marker before each message's length (0xFFFFFFFF). */
  private static final int CONTINUATION = -1;

  /** The first allocation for a message part; it doubles as bytes arrive, up to the length. */
  private static final int FIRST_CHUNK = 1 << 16;

  /** The largest body read onto the heap (one Java array). */
  static final long MAX_BODY = Integer.MAX_VALUE - 8;

  private final InputStream in;

  /**
   * Where the next byte comes from: its offset in the file or stream that holds this stream (a row
   * file's stream starts at byte 8, after the file magic), for the messages of a cut.
   */
  private long position;

  /** One record batch message: its flatbuffer metadata and its body. */
  static final class Batch {
    final ByteBuffer metadata;
    final byte[] body;

    /** Where the body starts in the stream (or the file that holds it), for rows' byte offsets. */
    final long bodyStart;

    Batch(ByteBuffer metadata, byte[] body, long bodyStart) {
      this.metadata = metadata;
      this.body = body;
      this.bodyStart = bodyStart;
    }
  }

  RowStream(InputStream in) {
    this(in, 0);
  }

  /** A stream whose first byte is byte {@code start} of what holds it (see {@link #position()}). */
  RowStream(InputStream in, long start) {
    this.in = in;
    this.position = start;
  }

  /** The offset of the next byte to read: where the messages read so far end. */
  long position() {
    return position;
  }

  /** Reads the first message, which must be the schema. */
  org.apache.arrow.vector.types.pojo.Schema readSchema() throws IOException {
    ByteBuffer meta = readMetadata("its schema message");
    if (meta == null) {
      throw new InvalidDataException(
          "", "expected the Schema message first but found the end-of-stream marker");
    }
    Message msg = Message.getRootAsMessage(meta);
    if (msg.headerType() != MessageHeader.Schema) {
      throw new InvalidDataException(
          "", "expected the Schema message first but found header type " + header(msg));
    }
    if (msg.bodyLength() != 0) {
      throw new InvalidDataException(
          "", "expected a Schema message without body but found " + msg.bodyLength() + " bytes");
    }
    return MessageSerializer.deserializeSchema(msg);
  }

  /**
   * The next record batch, or null at the end-of-stream marker; input that ends before the marker
   * is a {@link TruncatedException} (see the class comment).
   */
  Batch next() throws IOException {
    ByteBuffer meta = readMetadata("the next message or the end-of-stream marker");
    if (meta == null) {
      return null;
    }
    Message msg = Message.getRootAsMessage(meta.duplicate().order(ByteOrder.LITTLE_ENDIAN));
    if (msg.headerType() != MessageHeader.RecordBatch) {
      throw new InvalidDataException(
          "", "expected a RecordBatch message but found header type " + header(msg));
    }
    long bodyLength = msg.bodyLength();
    if (bodyLength < 0) {
      throw new InvalidDataException("", "expected a body length >= 0 but found " + bodyLength);
    }
    if (bodyLength > MAX_BODY) {
      throw new UnsupportedException(
          "",
          "a record batch body of "
              + bodyLength
              + " bytes is larger than "
              + MAX_BODY
              + ", the most a stream batch read onto the heap can hold; write smaller batches");
    }
    // a cut inside the body leaves the rows of this complete header lost (SPEC §5.3)
    cutRows =
        ((org.apache.arrow.flatbuf.RecordBatch)
                msg.header(new org.apache.arrow.flatbuf.RecordBatch()))
            .length();
    long bodyStart = position;
    Batch b = new Batch(meta, read((int) bodyLength, "body"), bodyStart);
    cutRows = -1;
    return b;
  }

  /**
   * The row count in the header of the record batch whose body the input ended inside, or -1 when
   * the input did not end inside a body (SPEC §5.3: the rows a recovery lost, where the file
   * tells).
   */
  long cutRows() {
    return cutRows;
  }

  private long cutRows = -1;

  /**
   * Whether the input ended between two messages, where the next message or the end-of-stream
   * marker should have started (SPEC §5.3: then how many rows were lost is unknown).
   */
  boolean endedBetweenMessages() {
    return endedBetweenMessages;
  }

  private boolean endedBetweenMessages;

  /**
   * A message's metadata (its flatbuffer, padding included), or null at the end-of-stream marker;
   * input that ends before {@code expected} (what should start here) is a {@link
   * TruncatedException}.
   */
  private ByteBuffer readMetadata(String expected) throws IOException {
    byte[] word = new byte[4];
    int got = in.readNBytes(word, 0, 4);
    position += got;
    if (got == 0) {
      endedBetweenMessages = true;
      throw new TruncatedException(
          "",
          "the stream ends at byte "
              + position
              + " without its end-of-stream marker: expected "
              + expected
              + " at byte "
              + position
              + " (it was cut, or its writer never finished it)");
    }
    if (got < 4) {
      throw new TruncatedException(
          "",
          "the stream ends at byte "
              + position
              + ", after "
              + got
              + " of a message's 4 prefix bytes");
    }
    int length = ByteBuffer.wrap(word).order(ByteOrder.LITTLE_ENDIAN).getInt();
    if (length == CONTINUATION) {
      got = in.readNBytes(word, 0, 4);
      position += got;
      if (got < 4) {
        throw new TruncatedException(
            "",
            "the stream ends at byte "
                + position
                + ", after "
                + got
                + " of a message length's 4 bytes");
      }
      length = ByteBuffer.wrap(word).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }
    if (length == 0) {
      return null; // the end-of-stream marker
    }
    if (length < 0) {
      throw new InvalidDataException(
          "", "expected a message length > 0 but found " + Integer.toUnsignedString(length));
    }
    return ByteBuffer.wrap(read(length, "metadata")).order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Reads {@code length} bytes into an array that grows with what arrives, so a damaged length
   * costs no more memory than twice the input actually read.
   */
  private byte[] read(int length, String part) throws IOException {
    byte[] buf = new byte[Math.min(length, FIRST_CHUNK)];
    int got = 0;
    while (got < length) {
      if (got == buf.length) {
        buf = Arrays.copyOf(buf, (int) Math.min(length, 2L * buf.length));
      }
      int n = in.read(buf, got, buf.length - got);
      if (n < 0) {
        throw new TruncatedException(
            "",
            "the stream ends at byte "
                + position
                + ", after "
                + got
                + " of the "
                + length
                + " bytes of a message's "
                + part);
      }
      got += n;
      position += n;
    }
    return buf;
  }

  /** The name of a message's header type (its number when the type is unknown). */
  static String header(Message msg) {
    int t = msg.headerType() & 0xff;
    return t < MessageHeader.names.length ? MessageHeader.name(t) : Integer.toString(t);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
