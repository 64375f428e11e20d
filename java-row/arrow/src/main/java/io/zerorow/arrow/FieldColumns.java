package io.zerorow.arrow;

import io.zerorow.internal.Platform;
import io.zerorow.type.Schema;
import java.util.List;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * The fields of a batch of rows into their columns: the shared column loop of top-level batches and
 * nested structs. The 4- and 8-byte columns are written together, a tile of rows at a time.
 */
final class FieldColumns {
  private FieldColumns() {}

  /**
   * Writes field {@code k} of the rows in {@code rows} (region/end/nul of each row) into {@code
   * vectors.get(k)}.
   */
  static void write(
      Object base,
      Slots rows,
      Schema schema,
      ColumnWriter[] fields,
      Slots child,
      List<FieldVector> vectors) {
    int bitmap = schema.bitmapBytes();
    boolean tiled = fields.length > 1 && !rows.mayHaveNull();
    if (tiled) {
      writeWordColumns(base, rows, bitmap, fields, vectors);
    }
    for (int k = 0; k < fields.length; k++) {
      if (!(tiled && isWordColumn(fields[k]))) {
        fields[k].writeField(base, rows, k, bitmap, child, vectors.get(k));
      }
    }
  }

  /** A 4- or 8-byte fixed-width column, which {@link #writeWordColumns} writes. */
  static boolean isWordColumn(ColumnWriter w) {
    return w instanceof FixedColumnWriter && ((FixedColumnWriter) w).width >= 4;
  }

  /** Rows per tile: a tile of rows stays in the L1 cache while all its columns are read. */
  static final int TILE = 64;

  /**
   * All 4- and 8-byte columns of {@code rows} (no null rows), a tile of {@link #TILE} rows at a
   * time: each column copies the tile's slots and writes one validity word from the rows' null
   * bits, so each row is read from memory once for all these columns instead of once per column. A
   * null slot is all zero in a row (SPEC §2.1), copied as is.
   */
  static void writeWordColumns(
      Object base, Slots rows, int bitmapBytes, ColumnWriter[] fields, List<FieldVector> vectors) {
    int c = 0;
    for (ColumnWriter f : fields) {
      if (isWordColumn(f)) {
        c++;
      }
    }
    if (c == 0) {
      return;
    }
    int n = rows.n;
    int[] ordinal = new int[c];
    long[] data = new long[c];
    long[] validity = new long[c];
    boolean[] eight = new boolean[c];
    c = 0;
    for (int k = 0; k < fields.length; k++) {
      if (isWordColumn(fields[k])) {
        BaseFixedWidthVector v = (BaseFixedWidthVector) vectors.get(k);
        fields[k].allocateFixed(v, n);
        ordinal[c] = k;
        data[c] = v.getDataBufferAddress();
        validity[c] = v.getValidityBufferAddress();
        eight[c] = ((FixedColumnWriter) fields[k]).width == 8;
        c++;
      }
    }
    long[] region = rows.region;
    for (int t = 0; t < n; t += TILE) {
      int m = Math.min(TILE, n - t);
      for (int j = 0; j < c; j++) {
        int ord = ordinal[j];
        long off = bitmapBytes + 8L * ord;
        long word = (ord >> 6) << 3;
        int bit = ord & 63;
        long bits = 0;
        if (eight[j]) {
          long at = data[j] + 8L * t;
          for (int k = 0; k < m; k++) {
            long r = region[t + k];
            Platform.UNSAFE.putLong(at + 8L * k, Platform.UNSAFE.getLong(base, r + off));
            bits |= ((~Platform.UNSAFE.getLong(base, r + word) >>> bit) & 1L) << k;
          }
        } else {
          long at = data[j] + 4L * t;
          for (int k = 0; k < m; k++) {
            long r = region[t + k];
            Platform.UNSAFE.putInt(at + 4L * k, Platform.UNSAFE.getInt(base, r + off));
            bits |= ((~Platform.UNSAFE.getLong(base, r + word) >>> bit) & 1L) << k;
          }
        }
        if (m == TILE) {
          Platform.UNSAFE.putLong(validity[j] + (t >> 3), bits);
        } else {
          Bitmaps.validityTail(validity[j], n, bits);
        }
      }
    }
    for (int j = 0; j < c; j++) {
      ((BaseFixedWidthVector) vectors.get(ordinal[j])).setValueCount(n);
    }
  }
}
