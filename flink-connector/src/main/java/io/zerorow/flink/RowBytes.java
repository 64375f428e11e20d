package io.zerorow.flink;

import io.zerorow.internal.Platform;
import io.zerorow.row.BinaryRow;
import java.io.DataOutput;
import java.io.IOException;

/**
 * The one place this connector uses a java-row internal ({@link Platform}): writing a row's bytes
 * straight from the memory it views, without a copy into a new array first.
 */
final class RowBytes {
  private RowBytes() {}

  /** Writes the {@code size} bytes of {@code row} to {@code out}. */
  static void write(BinaryRow row, DataOutput out) throws IOException {
    Object base = row.getBaseObject();
    if (base instanceof byte[]) {
      out.write(
          (byte[]) base,
          (int) (row.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET),
          row.getSizeInBytes());
    } else {
      out.write(row.toBytes());
    }
  }
}
