package io.zerorow.arrow;

import org.apache.arrow.vector.FieldVector;

/** null: Arrow's {@code null} type has no buffers, only a length (SPEC §12.1). */
final class NullColumnWriter extends ColumnWriter {
  NullColumnWriter(String path) {
    super(path);
  }

  @Override
  void write(Object base, Slots s, FieldVector v) {
    v.setValueCount(s.n);
  }
}
