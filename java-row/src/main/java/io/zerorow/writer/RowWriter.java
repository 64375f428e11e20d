package io.zerorow.writer;

import io.zerorow.internal.Layout;
import io.zerorow.internal.Platform;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Schema;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * Builds rows of one {@link Schema} field by field (SPEC §2.1), reusing its buffer between rows.
 * Usage:
 *
 * <pre>{@code
 * RowWriter w = new RowWriter(schema);
 * w.reset();                          // starts a new top-level row
 * w.writeInt(0, 42);
 * w.writeString(1, "hello");          // variable-width values in ordinal order
 * BinaryRow row = w.getRow();         // a view over the buffer, valid until the next reset()
 * byte[] bytes = w.toByteArray();     // or a copy
 * }</pre>
 *
 * A nested struct is written by a child writer sharing the buffer: {@code int c = w.cursor();
 * child.start(); ...; w.setOffsetAndSize(ordinal, c)}. Not thread-safe.
 */
public final class RowWriter extends BinaryWriter {
  private final Schema schema;
  private final int numFields;
  private final int bitmapBytes;
  private final int fixedSize;

  /**
   * Per field, the size in the slot of a null that keeps a 16-byte reserve (SPEC §2.1): 0 for a
   * decimal with precision above 18, 16 for an interval; -1 for every other field.
   */
  private final int[] reserve;

  /** Per field, the one size its body must have (see {@link BinaryWriter#bodySizeAt}), or -1. */
  private final int[] bodySize;

  private final boolean[] nullable;

  /** {@code numFields} once {@link #reset}/{@link #start} began a row, 0 before. */
  private int limit;

  private final BinaryRow row;

  /** A top-level writer with its own buffer. */
  public RowWriter(Schema schema) {
    this(schema, new WriteBuffer(schema.fixedRegionSize() + 64));
  }

  /** A writer for (nested) rows of {@code schema} in {@code parent}'s buffer. */
  public RowWriter(Schema schema, BinaryWriter parent) {
    this(schema, parent.buffer);
  }

  /** A writer over a given buffer. */
  public RowWriter(Schema schema, WriteBuffer buffer) {
    super(buffer);
    this.schema = Objects.requireNonNull(schema, "schema");
    this.numFields = schema.numFields();
    this.bitmapBytes = schema.bitmapBytes();
    this.fixedSize = schema.fixedRegionSize();
    this.reserve = new int[numFields];
    this.bodySize = new int[numFields];
    this.nullable = new boolean[numFields];
    for (int i = 0; i < numFields; i++) {
      nullable[i] = schema.field(i).nullable();
      DataType t = schema.field(i).type();
      reserve[i] = Layout.nullReserve(t);
      bodySize[i] = bodySizeOf(t);
    }
    this.row = new BinaryRow(schema);
  }

  /** The schema of the rows this writer writes. */
  public Schema schema() {
    return schema;
  }

  /** Starts a new top-level row at the beginning of the buffer. */
  public void reset() {
    buffer.cursor = 0;
    start();
  }

  /**
   * Starts a new top-level row like {@link #reset()}, but zeroes only the null bitmap, not the
   * slots: for an encoder that then writes every field (a value or {@link #setNullAt}), where each
   * write fills its whole 8-byte slot, the slots need no zeroing first (as Spark's {@code
   * UnsafeRowWriter} does). <b>Unchecked:</b> a field left unwritten keeps the bytes of the row
   * before, so the row is not canonical (SPEC §2.6) and its reference may not validate.
   */
  public void resetUnchecked() {
    buffer.cursor = 0;
    int at = buffer.reserve(fixedSize);
    buffer.zero(at, bitmapBytes);
    start = at;
    limit = numFields;
  }

  /** Starts a row at the cursor: zeroes its bitmap and slots (SPEC §2.6 rule 3). */
  public void start() {
    start = buffer.reserveZeroed(fixedSize);
    limit = numFields;
  }

  /** Size of the row written so far. */
  public int sizeInBytes() {
    return buffer.cursor - start;
  }

  /** A view of the row just written (reused; valid until the buffer is written again). */
  public BinaryRow getRow() {
    requireStarted();
    return row.pointTo(buffer.bytes, start, buffer.cursor - start);
  }

  /** A copy of the row just written. */
  public byte[] toByteArray() {
    requireStarted();
    return java.util.Arrays.copyOfRange(buffer.bytes, start, buffer.cursor);
  }

  private void requireStarted() {
    if (limit == 0 && numFields > 0) {
      throw notStarted();
    }
  }

  private static IllegalStateException notStarted() {
    return new IllegalStateException(
        "RowWriter: call reset() (or start() for a nested row)" + " before writing");
  }

  @Override
  long slotAddress(int ordinal) {
    if (ordinal < 0 || ordinal >= limit) {
      if (limit == 0 && numFields > 0) {
        throw notStarted();
      }
      throw new IndexOutOfBoundsException(
          "ordinal " + ordinal + " of a row of " + numFields + " fields");
    }
    return Platform.BYTE_ARRAY_OFFSET + start + bitmapBytes + ((long) ordinal << 3);
  }

  @Override
  long slotAddress(int ordinal, int bytes) {
    return slotAddress(ordinal); // every slot has 8 bytes
  }

  @Override
  boolean nullableAt(int ordinal) {
    return nullable[ordinal];
  }

  @Override
  int bodySizeAt(int ordinal) {
    return bodySize[ordinal];
  }

  private int slotIndex(int ordinal) {
    slotAddress(ordinal);
    return ordinal;
  }

  @Override
  public String pathOf(int ordinal) {
    return ordinal >= 0 && ordinal < numFields ? schema.field(ordinal).name() : "[" + ordinal + "]";
  }

  /**
   * Marks a field null and zeroes its slot; for a decimal with precision above 18 and an interval
   * it also reserves the 16 zero bytes Spark keeps (SPEC §3.5, §3.7), so call it in ordinal order
   * there.
   */
  @Override
  public void setNullAt(int ordinal) {
    long slot = slotAddress(ordinal);
    checkNullable(ordinal);
    long word = Platform.BYTE_ARRAY_OFFSET + start + ((ordinal >> 6) << 3);
    Platform.putLong(
        buffer.bytes, word, Platform.getLong(buffer.bytes, word) | (1L << (ordinal & 63)));
    int r = reserve[ordinal];
    if (r >= 0) {
      int pos;
      try {
        pos = buffer.reserveZeroed(16);
      } catch (io.zerorow.internal.RowSizeOverflow e) {
        throw e.within(pathOf(ordinal));
      }
      Platform.putLong(buffer.bytes, slot, ((long) (pos - start) << 32) | r);
    } else {
      Platform.putLong(buffer.bytes, slot, 0L);
    }
  }

  // Each narrow write stores the whole 8-byte slot so the high bytes are zero (SPEC §3):
  // equality and hashing work on bytes.
  @Override
  public void writeBoolean(int ordinal, boolean v) {
    Platform.putLong(buffer.bytes, slotAddress(ordinal), v ? 1L : 0L);
  }

  @Override
  public void writeByte(int ordinal, byte v) {
    Platform.putLong(buffer.bytes, slotAddress(ordinal), v & 0xffL);
  }

  @Override
  public void writeShort(int ordinal, short v) {
    Platform.putLong(buffer.bytes, slotAddress(ordinal), v & 0xffffL);
  }

  @Override
  public void writeInt(int ordinal, int v) {
    Platform.putLong(buffer.bytes, slotAddress(ordinal), v & 0xffffffffL);
  }

  @Override
  public void writeFloat(int ordinal, float v) {
    Platform.putLong(buffer.bytes, slotAddress(ordinal), Float.floatToIntBits(v) & 0xffffffffL);
  }

  @Override
  public void writeDecimal(int ordinal, BigDecimal v, int precision, int scale) {
    checkDecimalType(schema.field(slotIndex(ordinal)).type(), ordinal, precision, scale);
    if (v == null) {
      setNullAt(ordinal);
    } else if (precision <= DataTypes.DecimalType.MAX_LONG_PRECISION) {
      writeLongDecimal(ordinal, v, precision, scale);
    } else {
      writeBigDecimal(ordinal, v, precision, scale, true);
    }
  }
}
