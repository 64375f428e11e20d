package io.zerorow.arrow;

import io.zerorow.internal.Platform;

/** Arrow validity bitmaps (bit set = valid) written from zerorow null bits (bit set = null). */
final class Bitmaps {
  private Bitmaps() {}

  /**
   * Writes the validity bitmap of field {@code ordinal} of {@code rows} (no null rows) at {@code
   * address} straight from the rows' null bitmaps, 64 values per word.
   */
  static void fieldValidity(Object base, Slots rows, int ordinal, long address) {
    long word = (ordinal >> 6) << 3;
    int bit = ordinal & 63;
    long[] region = rows.region;
    int n = rows.n;
    int i = 0;
    for (; i + 64 <= n; i += 64) {
      long bits = 0;
      for (int k = 0; k < 64; k++) {
        bits |= ((~Platform.getLong(base, region[i + k] + word) >>> bit) & 1L) << k;
      }
      Platform.putLong(null, address + (i >> 3), bits);
    }
    if (i < n) {
      long bits = 0;
      for (int k = 0; i + k < n; k++) {
        bits |= ((~Platform.getLong(base, region[i + k] + word) >>> bit) & 1L) << k;
      }
      for (int b = 0; i + 8 * b < n; b++) {
        Platform.putByte(null, address + (i >> 3) + b, (byte) (bits >>> (8 * b)));
      }
    }
  }

  /** Writes the validity bitmap of {@code s} at {@code address}: bit set = valid. */
  static void writeValidity(Slots s, long address) {
    int n = s.n;
    boolean[] nul = s.nul;
    int i = 0;
    for (; i + 64 <= n; i += 64) {
      long bits = 0;
      for (int k = 0; k < 64; k++) {
        bits |= (nul[i + k] ? 0L : 1L) << k;
      }
      Platform.putLong(null, address + (i >> 3), bits);
    }
    for (; i < n; i += 8) {
      int b = 0;
      for (int k = 0; k < 8 && i + k < n; k++) {
        b |= (nul[i + k] ? 0 : 1) << k;
      }
      Platform.putByte(null, address + (i >> 3), (byte) b);
    }
  }

  /** Writes the last {@code n & 63} validity bits of {@code n} values, byte by byte. */
  static void validityTail(long validity, int n, long bits) {
    int tail = n & 63;
    if (tail != 0) {
      long at = validity + ((n >> 6) << 3);
      for (int b = 0; b * 8 < tail; b++) {
        Platform.putByte(null, at + b, (byte) (bits >>> (8 * b)));
      }
    }
  }
}
