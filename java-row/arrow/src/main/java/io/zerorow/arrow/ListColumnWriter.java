package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.internal.Platform;
import io.zerorow.type.DataTypes;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

/** list: offsets and validity here, all elements of all lists in one child column. */
final class ListColumnWriter extends ColumnWriter {
  private final ColumnWriter element;
  private final int width;
  private final Slots children = new Slots();

  /** Elements whose Arrow value has the element's bytes: copied array by array. */
  private final boolean bulk;

  private long[] starts = new long[16];

  ListColumnWriter(String path, DataTypes.ListType type) {
    super(path);
    this.element = create(type.element(), path + "[]");
    this.width = type.element().elementWidth();
    this.bulk = element instanceof FixedColumnWriter;
  }

  @Override
  void budget(long bytes) {
    super.budget(bytes);
    element.budget(bytes);
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
        if (count > 0) {
          checkBudget("list elements", total + count);
        }
        if (count >= 0 && count < (1L << 31)) {
          children.grow(total, (int) Math.min(Integer.MAX_VALUE, total + count));
        }
        total += Slots.arrayElements(base, s, i, ref, width, children, total, path);
      }
      Platform.putInt(null, offsets + 4L * (i + 1), total);
    }
    Bitmaps.writeValidity(s, v.getValidityBuffer().memoryAddress());
    v.setLastSet(n - 1);
    children.n = total;
    element.write(base, children, v.getDataVector());
    v.setValueCount(n);
  }

  /** Allocates {@code v} for {@code n} lists unless its buffers can be reused. */
  private void allocateList(ListVector v, int n) {
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
  }

  /**
   * Checks the header of the array at {@code start} whose reference has {@code size} bytes (SPEC
   * §6.2 B3) and returns its element count.
   */
  private long checkedCount(Object base, long start, int size) {
    long count = size >= 8 ? Platform.getLong(base, start) : -1;
    if (count < 0
        || count >= (1L << 31)
        || 8 + (((count + 63) >>> 6) << 3) + ((count * width + 7) & ~7L) > size) {
      throw new InvalidDataException(
          path,
          "expected an array with count < 2^31 whose "
              + "fixed region fits in its "
              + size
              + " bytes but found count "
              + (size >= 8 ? Long.toUnsignedString(count) : "(missing)"));
    }
    return count;
  }

  /**
   * Top-level rows (none null) with fixed-width elements, straight from the rows: one pass reads
   * each row's null bit and reference, checks the reference and the array header, and writes the
   * offsets and validity; then {@link #copyElements} copies the element blocks.
   */
  @Override
  void writeField(
      Object base, Slots rows, int ordinal, int bitmapBytes, Slots child, FieldVector fv) {
    if (!bulk || rows.mayHaveNull()) {
      super.writeField(base, rows, ordinal, bitmapBytes, child, fv);
      return;
    }
    ListVector v = (ListVector) fv;
    int n = rows.n;
    allocateList(v, n);
    long[] starts = this.starts;
    long[] region = rows.region;
    long[] end = rows.end;
    long off = bitmapBytes + 8L * ordinal;
    long word = (ordinal >> 6) << 3;
    int bit = ordinal & 63;
    long offsets = v.getOffsetBuffer().memoryAddress();
    long validity = v.getValidityBuffer().memoryAddress();
    Platform.UNSAFE.putInt(offsets, 0);
    long total = 0;
    long bits = 0;
    for (int i = 0; i < n; i++) {
      long r = region[i];
      if (((Platform.UNSAFE.getLong(base, r + word) >>> bit) & 1L) != 0) {
        starts[i] = 0;
      } else {
        long ref = Platform.UNSAFE.getLong(base, r + off);
        long o = ref >>> 32;
        long sz = ref & 0xffffffffL;
        if (o + sz > end[i] - r) {
          throw Slots.refError(path, end[i] - r, o, sz);
        }
        long start = r + o;
        total += checkedCount(base, start, (int) sz);
        checkBudget("list elements", total);
        if (total > Integer.MAX_VALUE) {
          throw new InvalidDataException(path, "more than 2^31-1 list elements in one batch");
        }
        starts[i] = start;
        bits |= 1L << (i & 63);
      }
      Platform.UNSAFE.putInt(offsets + 4L * (i + 1), (int) total);
      if ((i & 63) == 63) {
        Platform.UNSAFE.putLong(validity + ((i >> 6) << 3), bits);
        bits = 0;
      }
    }
    Bitmaps.validityTail(validity, n, bits);
    v.setLastSet(n - 1);
    copyElements(base, n, v, (int) total);
  }

  /**
   * Fixed-width elements: each array's elements are one block of {@code count * width} bytes (null
   * elements are zero, SPEC §2.2), copied into the child vector's data buffer; the array's null
   * bitmap is inverted into the validity bitmap.
   */
  private void writeBulk(Object base, Slots s, ListVector v) {
    int n = s.n;
    allocateList(v, n);
    long[] starts = this.starts;
    long offsets = v.getOffsetBuffer().memoryAddress();
    Platform.putInt(null, offsets, 0);
    long total = 0;
    for (int i = 0; i < n; i++) {
      if (s.nul[i]) {
        starts[i] = 0;
      } else {
        long ref = s.ref(base, i, path);
        long start = s.body(i, ref);
        total += checkedCount(base, start, (int) ref);
        checkBudget("list elements", total);
        starts[i] = start;
        if (total > Integer.MAX_VALUE) {
          throw new InvalidDataException(path, "more than 2^31-1 list elements in one batch");
        }
      }
      Platform.putInt(null, offsets + 4L * (i + 1), (int) total);
    }
    Bitmaps.writeValidity(s, v.getValidityBuffer().memoryAddress());
    v.setLastSet(n - 1);
    copyElements(base, n, v, (int) total);
  }

  /**
   * Copies the elements of the checked arrays at {@code starts[0..n)} (0 = a null list) into the
   * child vector, {@code total} elements in all.
   */
  private void copyElements(Object base, int n, ListVector v, int total) {
    long[] starts = this.starts;
    BaseFixedWidthVector child = (BaseFixedWidthVector) v.getDataVector();
    // room for 8 bytes past the last element (whole-word copies below)
    ((FixedColumnWriter) element).allocateFixed(child, total + 8 / width);
    long data = child.getDataBufferAddress();
    // whole-word copies: each array's element block is padded to 8 bytes inside the array
    // (checkedCount), so only the destination needs 8 bytes of room past the last element
    boolean words = child.getDataBuffer().capacity() >= (long) total * width + 8;
    BitAppender validity = new BitAppender(child.getValidityBufferAddress());
    long pos = 0;
    int w = width;
    for (int i = 0; i < n; i++) {
      long start = starts[i];
      if (start != 0) {
        int count = (int) Platform.UNSAFE.getLong(base, start);
        long bitmap = ((count + 63L) >>> 6) << 3;
        if (words) {
          Copies.copyWords(base, start + 8 + bitmap, data + pos * w, (long) count * w);
        } else {
          Copies.copyBytes(base, start + 8 + bitmap, data + pos * w, (long) count * w);
        }
        if (count <= 64) {
          if (count > 0) {
            long valid = ~Platform.UNSAFE.getLong(base, start + 8);
            validity.append(count == 64 ? valid : valid & ((1L << count) - 1), count);
          }
        } else {
          validity.appendInverted(base, start + 8, count);
        }
        pos += count;
      }
    }
    validity.finish();
    child.setValueCount(total);
    v.setValueCount(n);
  }
}
