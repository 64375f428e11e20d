package io.zerorow.arrow;

import io.zerorow.internal.Platform;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/** Fixed-width values of 1, 2, 4 or 8 bytes: the low bytes of the slot, as is (SPEC §3). */
final class FixedColumnWriter extends ColumnWriter {
  /** Bytes per value: 1, 2, 4 or 8. */
  final int width;

  FixedColumnWriter(String path, int width) {
    super(path);
    this.width = width;
  }

  @Override
  void write(Object base, Slots s, FieldVector fv) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) fv;
    int n = s.n;
    allocateFixed(v, n);
    long data = v.getDataBufferAddress();
    long[] slot = s.slot;
    boolean[] nul = s.nul;
    // Null slots and elements are zero in a row, but a child of a null struct has no slot.
    switch (width) {
      case 1:
        for (int i = 0; i < n; i++) {
          Platform.putByte(null, data + i, nul[i] ? 0 : Platform.UNSAFE.getByte(base, slot[i]));
        }
        break;
      case 2:
        for (int i = 0; i < n; i++) {
          Platform.UNSAFE.putShort(
              data + 2L * i, nul[i] ? 0 : Platform.UNSAFE.getShort(base, slot[i]));
        }
        break;
      case 4:
        for (int i = 0; i < n; i++) {
          Platform.UNSAFE.putInt(data + 4L * i, nul[i] ? 0 : Platform.UNSAFE.getInt(base, slot[i]));
        }
        break;
      default:
        for (int i = 0; i < n; i++) {
          Platform.UNSAFE.putLong(
              data + 8L * i, nul[i] ? 0L : Platform.UNSAFE.getLong(base, slot[i]));
        }
        break;
    }
    Bitmaps.writeValidity(s, v.getValidityBufferAddress());
    v.setValueCount(n);
  }

  @Override
  void writeField(
      Object base, Slots rows, int ordinal, int bitmapBytes, Slots child, FieldVector fv) {
    if (rows.mayHaveNull()) {
      // rows of a null parent struct have no slots to read
      super.writeField(base, rows, ordinal, bitmapBytes, child, fv);
      return;
    }
    BaseFixedWidthVector v = (BaseFixedWidthVector) fv;
    int n = rows.n;
    allocateFixed(v, n);
    long data = v.getDataBufferAddress();
    long[] region = rows.region;
    long off = bitmapBytes + 8L * ordinal;
    // a null slot of a row is all zero (SPEC §2.1): copy it as is, no branch
    if (width == 8 || width == 4) {
      copyWithValidity(base, region, off, ordinal, n, data, v.getValidityBufferAddress());
      v.setValueCount(n);
      return;
    }
    switch (width) {
      case 1:
        for (int i = 0; i < n; i++) {
          Platform.UNSAFE.putByte(data + i, Platform.UNSAFE.getByte(base, region[i] + off));
        }
        break;
      default:
        for (int i = 0; i < n; i++) {
          Platform.UNSAFE.putShort(data + 2L * i, Platform.UNSAFE.getShort(base, region[i] + off));
        }
        break;
    }
    Bitmaps.fieldValidity(base, rows, ordinal, v.getValidityBufferAddress());
    v.setValueCount(n);
  }

  /**
   * One pass over the rows for a 4- or 8-byte column: each row's slot into the data buffer and its
   * null bit (inverted) into the validity bitmap, 64 rows per validity word.
   */
  private void copyWithValidity(
      Object base, long[] region, long off, int ordinal, int n, long data, long validity) {
    long word = (ordinal >> 6) << 3;
    int bit = ordinal & 63;
    boolean eight = width == 8;
    long bits = 0;
    int i = 0;
    for (; i < n; i++) {
      long r = region[i];
      if (eight) {
        Platform.UNSAFE.putLong(data + 8L * i, Platform.UNSAFE.getLong(base, r + off));
      } else {
        Platform.UNSAFE.putInt(data + 4L * i, Platform.UNSAFE.getInt(base, r + off));
      }
      bits |= ((~Platform.getLong(base, r + word) >>> bit) & 1L) << (i & 63);
      if ((i & 63) == 63) {
        Platform.putLong(null, validity + (i >> 6 << 3), bits);
        bits = 0;
      }
    }
    int tail = n & 63;
    if (tail != 0) {
      long at = validity + ((n >> 6) << 3);
      for (int b = 0; b * 8 < tail; b++) {
        Platform.putByte(null, at + b, (byte) (bits >>> (8 * b)));
      }
    }
  }
}
