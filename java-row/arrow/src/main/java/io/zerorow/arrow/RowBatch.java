package io.zerorow.arrow;

import io.zerorow.BinaryRow;
import io.zerorow.InvalidDataException;
import io.zerorow.Schema;
import io.zerorow.internal.Platform;

/**
 * The rows of one record batch of a row file (SPEC §5), read in place: a {@link BinaryRow} from
 * {@link #row} points straight at the batch's Arrow data buffer (a memory-mapped file region or an
 * Arrow buffer); no row byte is copied. Offsets come from an untrusted file, so each access checks
 * {@code 0 <= start <= end <= data length} before pointing a view at it, and the view then checks
 * the row itself (SPEC §6.2). A row keeps the memory it views reachable, so it stays readable after
 * its reader is closed or dropped.
 */
public final class RowBatch {
  private final Schema schema;

  /** Offsets and data at {@code (base, address)} (see {@link Platform}). */
  private final Object offsetsBase;

  private final long offsets;
  private final boolean largeOffsets;
  private final Object dataBase;
  private final long data;
  private final long dataLength;
  private final int size;
  private final int index;
  private final BinaryRow view;

  /**
   * Keeps the memory the addresses point into reachable (a mapped buffer); every row view taken
   * from this batch holds it too, so a row never outlives its memory.
   */
  private final Object owner;

  private final io.zerorow.ValidationLevel level;

  RowBatch(
      Schema schema,
      int index,
      int size,
      Object offsetsBase,
      long offsets,
      boolean largeOffsets,
      Object dataBase,
      long data,
      long dataLength,
      Object owner,
      io.zerorow.ValidationLevel level) {
    this.level = level;
    this.schema = schema;
    this.index = index;
    this.size = size;
    this.offsetsBase = offsetsBase;
    this.offsets = offsets;
    this.largeOffsets = largeOffsets;
    this.dataBase = dataBase;
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

  /** The schema of the rows in this batch. */
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
      start = Platform.getLong(offsetsBase, offsets + 8L * i);
      end = Platform.getLong(offsetsBase, offsets + 8L * i + 8);
    } else {
      start = Platform.getInt(offsetsBase, offsets + 4L * i);
      end = Platform.getInt(offsetsBase, offsets + 4L * i + 4);
    }
    if (start < 0 || end < start || end > dataLength || end - start > Integer.MAX_VALUE) {
      throw new InvalidDataException(
          "",
          "row "
              + i
              + " of batch "
              + index
              + ": expected "
              + "0 <= start <= end <= "
              + dataLength
              + " but found start "
              + start
              + ", end "
              + end);
    }
    target.pointTo(dataBase, data + start, (int) (end - start), owner);
    if (level == io.zerorow.ValidationLevel.FULL) {
      io.zerorow.Validator.validate(target, level);
    }
    return target;
  }
}
