package io.zerorow.arrow;

import io.zerorow.internal.Platform;

/** Appends validity bits (1 = valid) to a bitmap at an address, a word at a time. */
final class BitAppender {
  private final long address;
  private long word;
  private int pos;

  BitAppender(long address) {
    this.address = address;
  }

  /** Appends the {@code count} inverted null bits of a zerorow bitmap at {@code bitmap}. */
  void appendInverted(Object base, long bitmap, int count) {
    for (int j = 0; j < count; j += 64) {
      long valid = ~Platform.getLong(base, bitmap + (j >> 3));
      int take = Math.min(64, count - j);
      if (take < 64) {
        valid &= (1L << take) - 1;
      }
      append(valid, take);
    }
  }

  void append(long bits, int count) {
    int used = pos & 63;
    word |= bits << used;
    if (used + count >= 64) {
      Platform.putLong(null, address + ((pos >>> 6) << 3), word);
      word = used == 0 ? 0 : bits >>> (64 - used);
    }
    pos += count;
  }

  /** Writes the last partial word, byte by byte (the bitmap may end mid-word). */
  void finish() {
    int used = pos & 63;
    long at = address + ((pos >>> 6) << 3);
    for (int b = 0; b * 8 < used; b++) {
      Platform.putByte(null, at + b, (byte) (word >>> (8 * b)));
    }
  }
}
