package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.internal.Platform;
import io.zerorow.type.DataTypes;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * decimal(p, s) to decimal128: the unscaled value as a 16-byte little-endian two's complement. p ≤
 * 18 reads the int64 slot; p > 18 reads the minimal big-endian body.
 */
final class DecimalColumnWriter extends ColumnWriter {
  private final boolean inline;

  DecimalColumnWriter(String path, DataTypes.DecimalType type) {
    super(path);
    this.inline = type.precision() <= DataTypes.DecimalType.MAX_LONG_PRECISION;
  }

  @Override
  void write(Object base, Slots s, FieldVector fv) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) fv;
    int n = s.n;
    allocateFixed(v, n);
    long data = v.getDataBufferAddress();
    for (int i = 0; i < n; i++) {
      long lo = 0;
      long hi = 0;
      if (!s.nul[i]) {
        if (inline) {
          lo = Platform.getLong(base, s.slot[i]);
          hi = lo >> 63;
        } else {
          long ref = s.ref(base, i, path);
          int len = (int) ref;
          if (len < 1 || len > 16) {
            throw new InvalidDataException(
                path, "expected a decimal body of 1 to 16 bytes but " + "found " + len);
          }
          long at = s.body(i, ref);
          // big-endian, sign-extended from the first byte
          hi = Platform.getByte(base, at) < 0 ? -1L : 0L;
          lo = hi;
          for (int k = 0; k < len; k++) {
            hi = (hi << 8) | (lo >>> 56);
            lo = (lo << 8) | (Platform.getByte(base, at + k) & 0xffL);
          }
        }
      }
      Platform.putLong(null, data + 16L * i, lo);
      Platform.putLong(null, data + 16L * i + 8, hi);
    }
    Bitmaps.writeValidity(s, v.getValidityBufferAddress());
    v.setValueCount(n);
  }
}
