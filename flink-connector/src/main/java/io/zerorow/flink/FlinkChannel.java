package io.zerorow.flink;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;
import org.apache.flink.core.fs.FSDataInputStream;

/**
 * A read-only {@link SeekableByteChannel} over a stream of Flink's file systems, so java-row's row
 * file reader (SPEC §5) reads a file on any of them (local, HDFS, S3, …) with positioned reads: on
 * a cluster no task manager assumes a local path. Seeks only when a read does not continue the last
 * one, so a file read front to back is one sequential stream.
 */
final class FlinkChannel implements SeekableByteChannel {
  private final FSDataInputStream in;
  private final long size;
  private long position;
  private byte[] chunk = new byte[0];
  private boolean open = true;

  FlinkChannel(FSDataInputStream in, long size) {
    this.in = in;
    this.size = size;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    if (position >= size) {
      return -1;
    }
    if (in.getPos() != position) {
      in.seek(position);
    }
    int n = (int) Math.min(dst.remaining(), size - position);
    if (dst.hasArray()) {
      n = in.read(dst.array(), dst.arrayOffset() + dst.position(), n);
      if (n > 0) {
        dst.position(dst.position() + n);
      }
    } else {
      if (chunk.length < Math.min(n, 1 << 16)) {
        chunk = new byte[Math.min(n, 1 << 16)];
      }
      n = in.read(chunk, 0, Math.min(n, chunk.length));
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
    open = false;
    in.close();
  }
}
