package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.internal.Platform;

/**
 * The {@code n} values of one column, as locations in the writer's memory: for value {@code i} the
 * address of its slot or element, the start and end of its enclosing row or array (the base of its
 * references, SPEC §2.4) and whether it is null. A column is converted from one {@code Slots} in
 * one pass; nested columns build the {@code Slots} of their children.
 */
final class Slots {
  int n;
  long[] slot = new long[16];
  long[] region = new long[16];
  long[] end = new long[16];
  boolean[] nul = new boolean[16];

  /** Set by the owner when no value is null (top-level rows), so writers skip the check. */
  boolean allValid;

  /** Clears this to hold {@code count} values. */
  void reset(int count) {
    if (count > slot.length) {
      int cap = Math.max(count, slot.length * 2);
      slot = new long[cap];
      region = new long[cap];
      end = new long[cap];
      nul = new boolean[cap];
    }
    n = count;
  }

  /**
   * The reference in slot {@code i}, checked against its enclosing region (SPEC §6.2, B2), so a
   * malformed row can never make the writer read outside it.
   */
  long ref(Object base, int i, String path) {
    long r = Platform.getLong(base, slot[i]);
    long off = r >>> 32;
    long sz = r & 0xffffffffL;
    long size = end[i] - region[i];
    if (off + sz > size) {
      throw refError(path, size, off, sz);
    }
    return r;
  }

  /** The error of a reference {@code (off, sz)} that does not fit its region of {@code size}. */
  static InvalidDataException refError(String path, long size, long off, long sz) {
    return new InvalidDataException(
        path,
        "expected offset+size <= "
            + size
            + " but found "
            + (off + sz)
            + " (offset "
            + off
            + ", size "
            + sz
            + ")");
  }

  /** Address of the body a reference points at. */
  long body(int i, long ref) {
    return region[i] + (ref >>> 32);
  }
}
