package io.zerorow.spark;

import io.zerorow.connector.PositionedReadChannel;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * A row file of a Hadoop file system (HDFS, S3A, …) read with Hadoop's positioned reads (the
 * connector kit's {@link PositionedReadChannel}): on a cluster no executor assumes a local path.
 */
final class HadoopChannel extends PositionedReadChannel {
  private final FSDataInputStream in;

  HadoopChannel(FSDataInputStream in, long size) {
    super(size);
    this.in = in;
  }

  @Override
  protected int readAt(long position, byte[] b, int off, int len) throws IOException {
    in.readFully(position, b, off, len);
    return len;
  }

  @Override
  protected void closeStream() throws IOException {
    in.close();
  }
}
