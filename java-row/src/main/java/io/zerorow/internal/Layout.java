package io.zerorow.internal;

import io.zerorow.type.DataType;

/**
 * Sizes of the layout (SPEC §2) that the row views, the writers and the validator all need, in one
 * place.
 */
public final class Layout {
  private Layout() {}

  /** The slot size of a null that keeps a 16-byte reserve in a row (SPEC §2.1), else -1. */
  public static int nullReserve(DataType t) {
    return switch (t.id()) {
      case DECIMAL -> t.isVariableWidth() ? 0 : -1;
      case INTERVAL -> 16;
      case BOOL,
              INT8,
              INT16,
              INT32,
              INT64,
              FLOAT32,
              FLOAT64,
              STRING,
              BINARY,
              DATE32,
              TIME,
              TIMESTAMP,
              DURATION,
              LIST,
              MAP,
              STRUCT,
              NULL,
              INTERVAL_YM,
              FIXED_BINARY,
              UUID,
              VARIANT ->
          -1;
    };
  }

  /**
   * The fixed region of an array of {@code n} elements of {@code width} bytes: the count word, the
   * null bitmap and the elements padded to 8 (SPEC §2.2).
   */
  public static long arrayFixedSize(int n, int width) {
    return 8L + (((n + 63L) >>> 6) << 3) + (((long) n * width + 7) & ~7L);
  }
}
