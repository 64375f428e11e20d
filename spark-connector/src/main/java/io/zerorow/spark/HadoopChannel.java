package io.zerorow.spark;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * A read-only {@link SeekableByteChannel} over a Hadoop stream, so Arrow's file reader reads row
 * files on any Hadoop file system (HDFS, S3A, …) with positioned reads: on a cluster no executor
 * assumes a local path.
 */
final class HadoopChannel implements SeekableByteChannel {
  private final FSDataInputStream in;
  private final long size;
  private long position;
  private boolean open = true;

  HadoopChannel(FSDataInputStream in, long size) {
    this.in = in;
    this.size = size;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    if (position >= size) {
      return -1;
    }
    int n = (int) Math.min(dst.remaining(), size - position);
    byte[] chunk = new byte[Math.min(n, 1 << 20)];
    int done = 0;
    while (done < n) {
      int len = Math.min(chunk.length, n - done);
      in.readFully(position + done, chunk, 0, len);
      dst.put(chunk, 0, len);
      done += len;
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
