package io.zerorow.arrow;

import io.zerorow.BinaryRow;
import io.zerorow.InvalidDataException;
import io.zerorow.Schema;
import io.zerorow.internal.Platform;

/**
 * The rows of one record batch of a row file (SPEC §5), read in place: a {@link BinaryRow}
 * from {@link #row} points straight at the batch's Arrow data buffer (a memory-mapped file
 * region or an Arrow buffer); no row byte is copied. Offsets come from an untrusted file, so
 * each access checks {@code 0 <= start <= end <= data length} before pointing a view at it,
 * and the view then checks the row itself (SPEC §6.2). Valid while its reader is open.
 */
public final class RowBatch {
  private final Schema schema;
  private final long offsets;
  private final boolean largeOffsets;
  private final long data;
  private final long dataLength;
  private final int size;
  private final int index;
  private final BinaryRow view;
  /** Keeps the memory the addresses point into reachable (a mapped buffer or Arrow root). */
  @SuppressWarnings("unused")
  private final Object owner;

  RowBatch(Schema schema, int index, int size, long offsets, boolean largeOffsets, long data,
      long dataLength, Object owner) {
    this.schema = schema;
    this.index = index;
    this.size = size;
    this.offsets = offsets;
    this.largeOffsets = largeOffsets;
    this.data = data;
    this.dataLength = dataLength;
    this.owner = owner;
    this.view = new BinaryRow(schema);
  }

  /** Position of this batch in its file (0-based). */
  public int index() {
    return index;
  }

  /** Number of rows. */
  public int size() {
    return size;
  }

  public Schema schema() {
    return schema;
  }

  /** Row {@code i} as a reused view (the same object every call). */
  public BinaryRow row(int i) {
    return row(i, view);
  }

  /** Row {@code i} pointed at by {@code target} (no allocation). */
  public BinaryRow row(int i, BinaryRow target) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException("row " + i + " of a batch of " + size);
    }
    long start;
    long end;
    if (largeOffsets) {
      start = Platform.getLong(null, offsets + 8L * i);
      end = Platform.getLong(null, offsets + 8L * i + 8);
    } else {
      start = Platform.getInt(null, offsets + 4L * i);
      end = Platform.getInt(null, offsets + 4L * i + 4);
    }
    if (start < 0 || end < start || end > dataLength || end - start > Integer.MAX_VALUE) {
      throw new InvalidDataException("", "row " + i + " of batch " + index + ": expected "
          + "0 <= start <= end <= " + dataLength + " but found start " + start + ", end " + end);
    }
    return target.pointTo(null, data + start, (int) (end - start));
  }
}
