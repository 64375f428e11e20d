package io.zerorow.flink;

import io.zerorow.connector.PositionedReadChannel;
import java.io.IOException;
import org.apache.flink.core.fs.FSDataInputStream;

/**
 * A row file of any of Flink's file systems (local, HDFS, S3, …) read with positioned reads (the
 * connector kit's {@link PositionedReadChannel}): on a cluster no task manager assumes a local
 * path. Seeks only when a read does not continue the last one, so a file read front to back is one
 * sequential stream.
 */
final class FlinkChannel extends PositionedReadChannel {
  private final FSDataInputStream in;

  FlinkChannel(FSDataInputStream in, long size) {
    super(size);
    this.in = in;
  }

  @Override
  protected int readAt(long position, byte[] b, int off, int len) throws IOException {
    if (in.getPos() != position) {
      in.seek(position);
    }
    return in.read(b, off, len);
  }

  @Override
  protected void closeStream() throws IOException {
    in.close();
  }
}
