package io.zerorow.internal;

/**
 * The UTF-8 check of SPEC §3.2 (no overlong forms, no surrogates, at most U+10FFFF), over arrays
 * and memory. Not API.
 */
public final class Utf8 {
  private Utf8() {}

  /** True when {@code b} is valid UTF-8. */
  public static boolean isValid(byte[] b) {
    return firstError(b) < 0;
  }

  /** The index where {@code b} stops being valid UTF-8, or -1. */
  public static int firstError(byte[] b) {
    return (int) firstError(b, Platform.BYTE_ARRAY_OFFSET, b.length);
  }

  /** The offset where the {@code n} bytes at {@code (base, address)} stop being UTF-8, or -1. */
  public static long firstError(Object base, long address, long n) {
    long i = 0;
    while (i < n) {
      // ASCII runs, 8 bytes at a time
      while (i + 8 <= n && (Platform.getLong(base, address + i) & 0x8080808080808080L) == 0) {
        i += 8;
      }
      if (i >= n) {
        break;
      }
      int c = Platform.getByte(base, address + i) & 0xff;
      if (c < 0x80) {
        i++;
        continue;
      }
      int len;
      int min;
      int cp;
      if (c >= 0xc2 && c <= 0xdf) {
        len = 2;
        min = 0x80;
        cp = c & 0x1f;
      } else if (c >= 0xe0 && c <= 0xef) {
        len = 3;
        min = 0x800;
        cp = c & 0x0f;
      } else if (c >= 0xf0 && c <= 0xf4) {
        len = 4;
        min = 0x10000;
        cp = c & 0x07;
      } else {
        return i;
      }
      if (i + len > n) {
        return i;
      }
      for (int j = 1; j < len; j++) {
        int d = Platform.getByte(base, address + i + j) & 0xff;
        if ((d & 0xc0) != 0x80) {
          return i;
        }
        cp = (cp << 6) | (d & 0x3f);
      }
      if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
        return i;
      }
      i += len;
    }
    return -1;
  }
}
