package io.zerorow.arrow;

import io.zerorow.BinaryRow;
import io.zerorow.InvalidDataException;
import io.zerorow.Schema;
import io.zerorow.ZerorowException;
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

  /** Where the batch comes from, for error messages: "row file <path>" or "row stream". */
  private final String source;

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
      String source,
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
    this.source = source;
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
          where(i)
              + ": expected 0 <= start <= end <= "
              + dataLength
              + " but found start "
              + start
              + ", end "
              + end);
    }
    try {
      target.pointTo(dataBase, data + start, (int) (end - start), owner);
      if (level == io.zerorow.ValidationLevel.FULL) {
        io.zerorow.Validator.validate(target, level);
      }
    } catch (ZerorowException e) {
      // the row's own checks (W1-W2, and at FULL every rule) name the field, not the source
      throw ZerorowException.of(e.kind(), e.path(), where(i) + ": " + e.detail(), e);
    }
    return target;
  }

  /** "row file <path>, record batch <index>, row <i>": where row {@code i}'s errors happened. */
  private String where(int i) {
    return source + ", record batch " + index + ", row " + i;
  }
}
