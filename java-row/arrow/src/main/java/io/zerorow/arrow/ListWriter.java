package io.zerorow.arrow;

import io.zerorow.DataTypes;
import io.zerorow.InvalidDataException;
import io.zerorow.internal.Platform;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

/** list: offsets and validity here, all elements of all lists in one child column. */
final class ListWriter extends ColumnWriter {
  private final ColumnWriter element;
  private final int width;
  private final Slots children = new Slots();
  /** Elements whose Arrow value has the element's bytes: copied array by array. */
  private final boolean bulk;
  private long[] starts = new long[16];

  ListWriter(String path, DataTypes.ListType type) {
    super(path);
    this.element = create(type.element(), path + "[]");
    this.width = type.element().elementWidth();
    this.bulk = element instanceof FixedWriter;
  }

  @Override
  void write(Object base, Slots s, FieldVector fv) {
    if (bulk) {
      writeBulk(base, s, (ListVector) fv);
      return;
    }
    ListVector v = (ListVector) fv;
    int n = s.n;
    v.allocateNew();
    while (v.getValueCapacity() < n) {
      v.reAlloc();
    }
    long offsets = v.getOffsetBuffer().memoryAddress();
    children.reset(0);
    int total = 0;
    Platform.putInt(null, offsets, 0);
    for (int i = 0; i < n; i++) {
      if (!s.nul[i]) {
        long ref = s.ref(base, i, path);
        int size = (int) ref;
        long count = size >= 8 ? Platform.getLong(base, s.body(i, ref)) : -1;
        if (count >= 0 && count < (1L << 31)) {
          grow(children, total, (int) Math.min(Integer.MAX_VALUE, total + count));
        }
        total += arrayElements(base, s, i, ref, width, children, total, path);
      }
      Platform.putInt(null, offsets + 4L * (i + 1), total);
    }
    writeValidity(s, v.getValidityBuffer().memoryAddress());
    v.setLastSet(n - 1);
    children.n = total;
    element.write(base, children, v.getDataVector());
    v.setValueCount(n);
  }

  /**
   * Fixed-width elements: each array's elements are one block of {@code count * width}
   * bytes (null elements are zero, SPEC §2.2), copied with one {@code memcpy} into the child
   * vector's data buffer; the array's null bitmap is inverted into the validity bitmap.
   */
  private void writeBulk(Object base, Slots s, ListVector v) {
    int n = s.n;
    if (!reusable(v, n)) {
      v.allocateNew();
      while (v.getValueCapacity() < n) {
        v.reAlloc();
      }
      allocated(v);
    }
    if (starts.length < n) {
      starts = new long[Math.max(n, starts.length * 2)];
    }
    long offsets = v.getOffsetBuffer().memoryAddress();
    Platform.putInt(null, offsets, 0);
    long total = 0;
    for (int i = 0; i < n; i++) {
      if (!s.nul[i]) {
        long ref = s.ref(base, i, path);
        long start = s.body(i, ref);
        int size = (int) ref;
        long count = size >= 8 ? Platform.getLong(base, start) : -1;
        if (count < 0 || count >= (1L << 31)
            || 8 + (((count + 63) >>> 6) << 3) + ((count * width + 7) & ~7L) > size) {
          throw new InvalidDataException(path, "expected an array with count < 2^31 whose "
              + "fixed region fits in its " + size + " bytes but found count "
              + (size >= 8 ? Long.toUnsignedString(count) : "(missing)"));
        }
        starts[i] = start;
        total += count;
        if (total > Integer.MAX_VALUE) {
          throw new InvalidDataException(path, "more than 2^31-1 list elements in one batch");
        }
      }
      Platform.putInt(null, offsets + 4L * (i + 1), (int) total);
    }
    writeValidity(s, v.getValidityBuffer().memoryAddress());
    v.setLastSet(n - 1);
    BaseFixedWidthVector child = (BaseFixedWidthVector) v.getDataVector();
    ((FixedWriter) element).allocateFixed(child, (int) total);
    long data = child.getDataBufferAddress();
    BitAppender validity = new BitAppender(child.getValidityBufferAddress());
    long pos = 0;
    for (int i = 0; i < n; i++) {
      if (!s.nul[i]) {
        long start = starts[i];
        int count = (int) Platform.getLong(base, start);
        long bitmap = ((count + 63L) >>> 6) << 3;
        Platform.copy(base, start + 8 + bitmap, null, data + pos * width, (long) count * width);
        validity.appendInverted(base, start + 8, count);
        pos += count;
      }
    }
    validity.finish();
    child.setValueCount((int) total);
    v.setValueCount(n);
  }
}
