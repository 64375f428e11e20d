package io.zerorow.writer;

import io.zerorow.SchemaMismatchException;
import io.zerorow.internal.Layout;
import io.zerorow.internal.Platform;
import io.zerorow.row.BinaryArray;
import io.zerorow.type.DataTypes;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * Builds arrays (SPEC §2.2) element by element at the cursor of a shared {@link WriteBuffer}.
 * Usage: {@code int c = parent.cursor(); aw.initialize(n); aw.writeInt(0, 7) ...;
 * parent.setOffsetAndSize(ordinal, c)}. Variable-width elements in index order. Not thread-safe.
 */
public final class ArrayWriter extends BinaryWriter {
  private final DataTypes.ListType type;
  private final int width;
  private int count;
  private int elementStart;
  private final BinaryArray view;
  private final boolean elementNullable;
  private final int bodySize;

  /** A top-level array writer with its own buffer. */
  public ArrayWriter(DataTypes.ListType type) {
    this(type, new WriteBuffer(64));
  }

  /** A writer for arrays nested in {@code parent}'s buffer. */
  public ArrayWriter(DataTypes.ListType type, BinaryWriter parent) {
    this(type, parent.buffer);
  }

  /** A writer of arrays of {@code type} at the cursor of {@code buffer}. */
  public ArrayWriter(DataTypes.ListType type, WriteBuffer buffer) {
    super(buffer);
    this.type = Objects.requireNonNull(type, "type");
    this.width = type.element().elementWidth();
    this.view = new BinaryArray(type);
    this.elementNullable = type.elementNullable();
    this.bodySize = bodySizeOf(type.element());
  }

  /** The list type of the arrays this writer writes. */
  public DataTypes.ListType type() {
    return type;
  }

  /** Starts a new top-level array of {@code n} elements at the beginning of the buffer. */
  public void reset(int n) {
    buffer.cursor = 0;
    initialize(n);
  }

  /** Starts an array of {@code n} elements at the cursor: header, zeroed bitmap and elements. */
  public void initialize(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("negative count " + n);
    }
    long fixed = Layout.arrayFixedSize(n, width);
    start = buffer.reserveZeroed(fixed);
    buffer.putLong(start, n);
    count = n;
    started = true;
    elementStart = start + 8 + (((n + 63) >>> 6) << 3);
  }

  /** A view of the top-level array just written (reused). */
  public BinaryArray getArray() {
    requireStarted();
    return view.pointTo(buffer.bytes, Platform.BYTE_ARRAY_OFFSET + start, buffer.cursor - start);
  }

  /** A copy of the array just written. */
  public byte[] toByteArray() {
    requireStarted();
    return java.util.Arrays.copyOfRange(buffer.bytes, start, buffer.cursor);
  }

  private boolean started;

  private void requireStarted() {
    if (!started) {
      throw new IllegalStateException(
          "ArrayWriter: call reset(n) (or initialize(n) for a nested" + " array) before writing");
    }
  }

  @Override
  long slotAddress(int i) {
    if (i < 0 || i >= count) {
      requireStarted();
      throw new IndexOutOfBoundsException("index " + i + " of an array of " + count + " elements");
    }
    return Platform.BYTE_ARRAY_OFFSET + elementStart + (long) i * width;
  }

  @Override
  long slotAddress(int i, int bytes) {
    long a = slotAddress(i);
    if (bytes != width) {
      throw new SchemaMismatchException(
          pathOf(i),
          "expected a write of "
              + width
              + " bytes for element type "
              + type.element()
              + " but found one of "
              + bytes);
    }
    return a;
  }

  @Override
  boolean nullableAt(int i) {
    return elementNullable;
  }

  @Override
  int bodySizeAt(int i) {
    return bodySize;
  }

  @Override
  public String pathOf(int i) {
    return "[" + i + "]";
  }

  /** Marks element {@code i} null and zeroes its {@code w} bytes (SPEC §2.2). */
  @Override
  public void setNullAt(int i) {
    long e = slotAddress(i);
    checkNullable(i);
    for (int k = 0; k < width; k++) {
      Platform.putByte(buffer.bytes, e + k, (byte) 0);
    }
    long word = Platform.BYTE_ARRAY_OFFSET + start + 8 + ((i >> 6) << 3);
    Platform.putLong(buffer.bytes, word, Platform.getLong(buffer.bytes, word) | (1L << (i & 63)));
  }

  @Override
  public void writeBoolean(int i, boolean v) {
    Platform.putByte(buffer.bytes, slotAddress(i, 1), v ? (byte) 1 : 0);
  }

  @Override
  public void writeByte(int i, byte v) {
    Platform.putByte(buffer.bytes, slotAddress(i, 1), v);
  }

  @Override
  public void writeShort(int i, short v) {
    Platform.putShort(buffer.bytes, slotAddress(i, 2), v);
  }

  @Override
  public void writeInt(int i, int v) {
    Platform.putInt(buffer.bytes, slotAddress(i, 4), v);
  }

  @Override
  public void writeFloat(int i, float v) {
    Platform.putInt(buffer.bytes, slotAddress(i, 4), Float.floatToIntBits(v));
  }

  /** Writes all of {@code values} as the elements of an int32/date32 array (no nulls). */
  public void writeInts(int[] values) {
    requireStarted();
    if (values.length != count || width != 4) {
      throw new IllegalArgumentException("expected " + count + " elements of width " + width);
    }
    Platform.copy(
        values,
        Platform.UNSAFE.arrayBaseOffset(int[].class),
        buffer.bytes,
        Platform.BYTE_ARRAY_OFFSET + elementStart,
        4L * count);
  }

  /** Writes all of {@code values} as the elements of an 8-byte array (no nulls). */
  public void writeLongs(long[] values) {
    requireStarted();
    if (values.length != count || width != 8) {
      throw new IllegalArgumentException("expected " + count + " elements of width " + width);
    }
    Platform.copy(
        values,
        Platform.UNSAFE.arrayBaseOffset(long[].class),
        buffer.bytes,
        Platform.BYTE_ARRAY_OFFSET + elementStart,
        8L * count);
  }

  /**
   * Copies all {@code n * width} element bytes from memory at {@code (base, address)} (e.g. an
   * Arrow values buffer); then mark nulls with {@link #setNullAt}, which zeroes their bytes.
   *
   * <p><b>Unchecked:</b> nothing checks that the {@code n * width} bytes at that address are
   * readable memory; a wrong address can crash the JVM. The caller guarantees them. Use {@link
   * #writeInts}/{@link #writeLongs} or the per-element writers for checked writes.
   */
  public void writeElementsUnchecked(Object base, long address) {
    requireStarted();
    Platform.copy(
        base,
        address,
        buffer.bytes,
        Platform.BYTE_ARRAY_OFFSET + elementStart,
        (long) count * width);
  }

  @Override
  public void writeDecimal(int i, BigDecimal v, int precision, int scale) {
    slotAddress(i, 8);
    checkDecimalType(type.element(), i, precision, scale);
    if (v == null) {
      setNullAt(i);
    } else if (precision <= DataTypes.DecimalType.MAX_LONG_PRECISION) {
      writeLongDecimal(i, v, precision, scale);
    } else {
      writeBigDecimal(i, v, precision, scale, false);
    }
  }
}
