package io.zerorow.arrow;

import io.zerorow.internal.Platform;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;

/** bool: one byte per slot, one bit per Arrow value. */
final class BoolColumnWriter extends ColumnWriter {
  BoolColumnWriter(String path) {
    super(path);
  }

  @Override
  void write(Object base, Slots s, FieldVector fv) {
    BitVector v = (BitVector) fv;
    int n = s.n;
    allocateFixed(v, n);
    long data = v.getDataBufferAddress();
    int b = 0;
    for (int i = 0; i < n; i++) {
      if (!s.nul[i] && Platform.getByte(base, s.slot[i]) != 0) {
        b |= 1 << (i & 7);
      }
      if ((i & 7) == 7) {
        Platform.putByte(null, data + (i >> 3), (byte) b);
        b = 0;
      }
    }
    if ((n & 7) != 0) {
      Platform.putByte(null, data + (n >> 3), (byte) b);
    }
    Bitmaps.writeValidity(s, v.getValidityBufferAddress());
    v.setValueCount(n);
  }

  @Override
  void writeField(
      Object base, Slots rows, int ordinal, int bitmapBytes, Slots child, FieldVector fv) {
    if (rows.mayHaveNull()) {
      super.writeField(base, rows, ordinal, bitmapBytes, child, fv);
      return;
    }
    BitVector v = (BitVector) fv;
    int n = rows.n;
    allocateFixed(v, n);
    long data = v.getDataBufferAddress();
    long off = bitmapBytes + 8L * ordinal;
    long[] region = rows.region;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      int b = 0;
      for (int k = 0; k < 8; k++) {
        b |= (Platform.UNSAFE.getByte(base, region[i + k] + off) != 0 ? 1 : 0) << k; // null: 0
      }
      Platform.putByte(null, data + (i >> 3), (byte) b);
    }
    if (i < n) {
      int b = 0;
      for (int k = 0; i + k < n; k++) {
        b |= (Platform.UNSAFE.getByte(base, region[i + k] + off) != 0 ? 1 : 0) << k;
      }
      Platform.putByte(null, data + (i >> 3), (byte) b);
    }
    Bitmaps.fieldValidity(base, rows, ordinal, v.getValidityBufferAddress());
    v.setValueCount(n);
  }
}
