package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.internal.Platform;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/** string and binary: sizes first, then one copy per value into the data buffer. */
final class VarWidthColumnWriter extends ColumnWriter {
  /** Flag in {@link #sizes}: the body can be copied in whole words. */
  private static final int WORDS = 1 << 31;

  /** Per row of the batch: the body's address and its size (-1 = null, | WORDS). */
  private long[] src = new long[16];

  private int[] sizes = new int[16];

  VarWidthColumnWriter(String path) {
    super(path);
  }

  /**
   * Top-level rows (none null), straight from the rows: one pass reads each row's null bit and
   * reference, checks it against the row (B2) and sums the sizes; the vector is then allocated once
   * at its exact size and a second pass copies the bodies, offsets and validity without any further
   * check.
   */
  @Override
  void writeField(
      Object base, Slots rows, int ordinal, int bitmapBytes, Slots child, FieldVector fv) {
    if (rows.mayHaveNull()) {
      super.writeField(base, rows, ordinal, bitmapBytes, child, fv);
      return;
    }
    BaseVariableWidthVector v = (BaseVariableWidthVector) fv;
    int n = rows.n;
    if (src.length < n) {
      src = new long[Math.max(n, 2 * src.length)];
      sizes = new int[src.length];
    }
    long[] src = this.src;
    int[] sizes = this.sizes;
    long[] region = rows.region;
    long[] end = rows.end;
    long off = bitmapBytes + 8L * ordinal;
    long word = (ordinal >> 6) << 3;
    int bit = ordinal & 63;
    long total = 0;
    for (int i = 0; i < n; i++) {
      long r = region[i];
      if (((Platform.UNSAFE.getLong(base, r + word) >>> bit) & 1L) != 0) {
        sizes[i] = -1;
        continue;
      }
      long ref = Platform.UNSAFE.getLong(base, r + off);
      long o = ref >>> 32;
      long sz = ref & 0xffffffffL;
      long rowSize = end[i] - r;
      if (o + sz > rowSize) {
        throw Slots.refError(path, rowSize, o, sz);
      }
      src[i] = r + o;
      // bit 31: the body's padding to a multiple of 8 is inside the row too (the usual
      // case), so it can be copied in whole words
      sizes[i] = (int) sz | (o + ((sz + 7) & ~7L) <= rowSize && sz <= 64 ? WORDS : 0);
      total += sz;
    }
    checkBudget("string/binary bytes", total);
    if (total > Integer.MAX_VALUE) {
      throw new InvalidDataException(
          path,
          "expected at most 2^31-1 bytes of "
              + "string/binary data in one batch but found "
              + total
              + "; write smaller batches");
    }
    // 8 bytes of room past the end for whole-word copies
    if (!reusable(v, n) || v.getDataBuffer().capacity() < total + 8) {
      v.allocateNew(total + 8, n);
      allocated(v);
    }
    long offsets = v.getOffsetBufferAddress();
    long data = v.getDataBufferAddress();
    long validity = v.getValidityBufferAddress();
    int pos = 0;
    long bits = 0;
    Platform.UNSAFE.putInt(offsets, 0);
    for (int i = 0; i < n; i++) {
      int sz = sizes[i];
      if (sz != -1) {
        if ((sz & WORDS) != 0) {
          sz &= ~WORDS;
          Copies.copyWords(base, src[i], data + pos, sz);
        } else {
          Copies.copyBytes(base, src[i], data + pos, sz);
        }
        pos += sz;
        bits |= 1L << (i & 63);
      }
      Platform.UNSAFE.putInt(offsets + 4L * (i + 1), pos);
      if ((i & 63) == 63) {
        Platform.UNSAFE.putLong(validity + ((i >> 6) << 3), bits);
        bits = 0;
      }
    }
    Bitmaps.validityTail(validity, n, bits);
    v.setLastSet(n - 1);
    v.setValueCount(n);
  }

  @Override
  void write(Object base, Slots s, FieldVector fv) {
    BaseVariableWidthVector v = (BaseVariableWidthVector) fv;
    int n = s.n;
    long total = 0;
    for (int i = 0; i < n; i++) {
      if (!s.nul[i]) {
        total += (int) s.ref(base, i, path);
      }
    }
    checkBudget("string/binary bytes", total);
    if (total > Integer.MAX_VALUE) {
      throw new InvalidDataException(
          path,
          "expected at most 2^31-1 bytes of "
              + "string/binary data in one batch but found "
              + total
              + "; write smaller batches");
    }
    if (!reusable(v, n) || v.getDataBuffer().capacity() < total) {
      v.allocateNew(Math.max(total, 1), n);
      allocated(v);
    }
    long offsets = v.getOffsetBufferAddress();
    long data = v.getDataBufferAddress();
    int pos = 0;
    Platform.putInt(null, offsets, 0);
    for (int i = 0; i < n; i++) {
      if (!s.nul[i]) {
        long ref = Platform.getLong(base, s.slot[i]);
        int sz = (int) ref;
        Copies.copyBytes(base, s.body(i, ref), data + pos, sz);
        pos += sz;
      }
      Platform.putInt(null, offsets + 4L * (i + 1), pos);
    }
    Bitmaps.writeValidity(s, v.getValidityBufferAddress());
    v.setLastSet(n - 1);
    v.setValueCount(n);
  }
}
