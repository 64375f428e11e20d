package io.zerorow.connector;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;

/**
 * A read-only {@link SeekableByteChannel} over a file of an engine's file system, so java-row's row
 * file reader (SPEC §5) reads a file on any of them (HDFS, S3, …) with positioned reads: on a
 * cluster no task assumes a local path. A connector implements {@link #readAt} with its stream's
 * positioned read (Hadoop's {@code readFully(position, …)}, Flink's seek and read) and {@link
 * #closeStream}.
 */
public abstract class PositionedReadChannel implements SeekableByteChannel {
  /** The most bytes copied through the heap per read into a direct buffer. */
  private static final int CHUNK = 1 << 20;

  private final long size;
  private long position;
  private byte[] chunk = new byte[0];
  private boolean open = true;

  /**
   * A channel over a file of {@code size} bytes.
   *
   * @param size the file's size, as its file system lists it
   */
  protected PositionedReadChannel(long size) {
    this.size = size;
  }

  /**
   * Reads up to {@code len} bytes of the file at {@code position} into {@code b}.
   *
   * @param position where in the file, {@code < size}
   * @param b the destination
   * @param off where in {@code b}
   * @param len how many bytes at most, {@code > 0}
   * @return how many bytes were read, at least one; -1 when the stream ends before {@code size}
   * @throws IOException when the file system fails
   */
  protected abstract int readAt(long position, byte[] b, int off, int len) throws IOException;

  /**
   * Closes the underlying stream.
   *
   * @throws IOException when the file system fails
   */
  protected abstract void closeStream() throws IOException;

  @Override
  public int read(ByteBuffer dst) throws IOException {
    if (!open) {
      throw new ClosedChannelException();
    }
    if (position >= size) {
      return -1;
    }
    int want = (int) Math.min(dst.remaining(), size - position);
    int n;
    if (dst.hasArray()) {
      n = readAt(position, dst.array(), dst.arrayOffset() + dst.position(), want);
      if (n > 0) {
        dst.position(dst.position() + n);
      }
    } else {
      if (chunk.length < Math.min(want, CHUNK)) {
        chunk = new byte[Math.min(want, CHUNK)];
      }
      n = readAt(position, chunk, 0, Math.min(want, chunk.length));
      if (n > 0) {
        dst.put(chunk, 0, n);
      }
    }
    if (n < 0) {
      throw new IOException(
          "the file ended at byte " + position + " but its file system gave its size as " + size);
    }
    position += n;
    return n;
  }

  @Override
  public int write(ByteBuffer src) {
    throw new NonWritableChannelException();
  }

  @Override
  public long position() {
    return position;
  }

  @Override
  public SeekableByteChannel position(long newPosition) {
    position = newPosition;
    return this;
  }

  @Override
  public long size() {
    return size;
  }

  @Override
  public SeekableByteChannel truncate(long s) {
    throw new NonWritableChannelException();
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public void close() throws IOException {
    if (open) {
      open = false;
      closeStream();
    }
  }
}
