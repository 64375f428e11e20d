package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.internal.Platform;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * The types stored as a body of their own (SPEC §3.7–§3.9) to their Arrow types (SPEC §12.1):
 * fixed_binary(n) and uuid to {@code fixed_size_binary(n)} (uuid as the extension {@code
 * arrow.uuid}), interval to {@code month_day_nano_interval} (microseconds × 1000, checked), variant
 * to the extension {@code parquet.variant} (its metadata and value byte strings). Each reference is
 * checked against its region (B2) and its size against the type's (B4) before it is read.
 */
final class BodyColumnWriter extends ColumnWriter {
  /** What the body holds. */
  enum Kind {
    FIXED,
    INTERVAL,
    VARIANT
  }

  private final Kind kind;
  private final int size;

  BodyColumnWriter(String path, Kind kind, int size) {
    super(path);
    this.kind = kind;
    this.size = size;
  }

  @Override
  void write(Object base, Slots s, FieldVector fv) {
    FieldVector v = fv instanceof ExtensionTypeVector ? storage(fv) : fv;
    switch (kind) {
      case FIXED -> fixed(base, s, (BaseFixedWidthVector) v);
      case INTERVAL -> interval(base, s, (BaseFixedWidthVector) v);
      case VARIANT -> variant(base, s, (StructVector) v);
    }
    fv.setValueCount(s.n);
  }

  @SuppressWarnings("unchecked")
  private static FieldVector storage(FieldVector v) {
    return ((ExtensionTypeVector<? extends FieldVector>) v).getUnderlyingVector();
  }

  /** The body of value {@code i}: its reference checked against the region and its size. */
  private long body(Object base, Slots s, int i) {
    long ref = s.ref(base, i, path);
    if (size >= 0 && (int) ref != size) {
      throw new InvalidDataException(
          path, "expected a body of " + size + " bytes but found " + (int) ref);
    }
    return ref;
  }

  private void fixed(Object base, Slots s, BaseFixedWidthVector v) {
    int n = s.n;
    allocateFixed(v, n);
    long data = v.getDataBufferAddress();
    for (int i = 0; i < n; i++) {
      if (s.nul[i]) {
        Platform.zero(null, data + (long) size * i, size);
      } else {
        long ref = body(base, s, i);
        Platform.copy(base, s.body(i, ref), null, data + (long) size * i, size);
      }
    }
    Bitmaps.writeValidity(s, v.getValidityBufferAddress());
  }

  private void interval(Object base, Slots s, BaseFixedWidthVector v) {
    int n = s.n;
    allocateFixed(v, n);
    long data = v.getDataBufferAddress();
    for (int i = 0; i < n; i++) {
      long at = data + 16L * i;
      if (s.nul[i]) {
        Platform.zero(null, at, 16);
        continue;
      }
      long b = s.body(i, body(base, s, i));
      long us = Platform.getLong(base, b + 8);
      long ns = us * 1000;
      if (Math.multiplyHigh(us, 1000) != (ns >> 63)) {
        throw new InvalidDataException(
            path,
            "an interval of "
                + us
                + " µs does not fit month_day_nano_interval's int64 nanoseconds (SPEC §12.1)");
      }
      Platform.putInt(null, at, Platform.getInt(base, b));
      Platform.putInt(null, at + 4, Platform.getInt(base, b + 4));
      Platform.putLong(null, at + 8, ns);
    }
    Bitmaps.writeValidity(s, v.getValidityBufferAddress());
  }

  private void variant(Object base, Slots s, StructVector v) {
    int n = s.n;
    v.allocateNew();
    VarBinaryVector metadata = (VarBinaryVector) v.getChild("metadata");
    VarBinaryVector value = (VarBinaryVector) v.getChild("value");
    byte[] empty = new byte[0];
    for (int i = 0; i < n; i++) {
      if (s.nul[i]) {
        v.setNull(i);
        // the children are not nullable: a null struct holds empty byte strings
        metadata.setSafe(i, empty);
        value.setSafe(i, empty);
        continue;
      }
      long ref = body(base, s, i);
      long b = s.body(i, ref);
      int sz = (int) ref;
      long vs = sz >= 4 ? Platform.getInt(base, b) & 0xffffffffL : -1;
      if (vs < 1 || 4 + vs + 3 > sz) {
        throw new InvalidDataException(
            path,
            "expected a variant body of [u32 V][value][metadata] with 1 <= V and 4+V+3 <= "
                + sz
                + " but found V = "
                + vs);
      }
      value.setSafe(i, Platform.toBytes(base, b + 4, (int) vs));
      metadata.setSafe(i, Platform.toBytes(base, b + 4 + vs, (int) (sz - 4 - vs)));
      v.setIndexDefined(i);
    }
    metadata.setValueCount(n);
    value.setValueCount(n);
    v.setValueCount(n);
  }
}
