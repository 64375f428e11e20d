package io.zerorow.arrow;

import io.zerorow.internal.Platform;

/** Copies of value bodies from rows into Arrow buffers, tuned for short values. */
final class Copies {
  private Copies() {}

  /**
   * Copies {@code n} bytes from {@code (base, src)} to the off-heap {@code dst}: short values
   * (strings, small arrays) word by word, which beats a {@code copyMemory} call per value. Reads
   * exactly {@code [src, src + n)}.
   */
  static void copyBytes(Object base, long src, long dst, long length) {
    if (length > 64) {
      Platform.copy(base, src, null, dst, length);
      return;
    }
    int n = (int) length;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      Platform.UNSAFE.putLong(dst + i, Platform.UNSAFE.getLong(base, src + i));
    }
    if (i + 4 <= n) {
      Platform.UNSAFE.putInt(dst + i, Platform.UNSAFE.getInt(base, src + i));
      i += 4;
    }
    if (i + 2 <= n) {
      Platform.UNSAFE.putShort(dst + i, Platform.UNSAFE.getShort(base, src + i));
      i += 2;
    }
    if (i < n) {
      Platform.UNSAFE.putByte(dst + i, Platform.UNSAFE.getByte(base, src + i));
    }
  }

  /**
   * Copies {@code n} bytes as {@code ceil(n / 8)} whole words: the caller has checked that the
   * source is readable up to the next multiple of 8 (inside its row or array) and that the
   * destination has room for it (the extra bytes are overwritten by the next value or lie past the
   * vector's length).
   */
  static void copyWords(Object base, long src, long dst, long n) {
    for (long k = 0; k < n; k += 8) {
      Platform.UNSAFE.putLong(dst + k, Platform.UNSAFE.getLong(base, src + k));
    }
  }
}
