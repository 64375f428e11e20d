package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.internal.Platform;
import java.util.Arrays;

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

  /** True when some of these values are null (children of a null struct). */
  boolean mayHaveNull() {
    if (allValid) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (nul[i]) {
        return true;
      }
    }
    return false;
  }

  /** Grows this to hold {@code need} values, keeping the first {@code keep}. */
  void grow(int keep, int need) {
    if (need > slot.length) {
      int cap = Math.max(need, slot.length * 2);
      slot = Arrays.copyOf(slot, cap);
      region = Arrays.copyOf(region, cap);
      end = Arrays.copyOf(end, cap);
      nul = Arrays.copyOf(nul, cap);
    }
  }

  /**
   * Points {@code out[from..]} at the elements of the array that {@code ref} in value {@code i} of
   * {@code s} refers to, after checking its header (SPEC §6.2 B3); returns the element count.
   */
  static int arrayElements(
      Object base, Slots s, int i, long ref, int width, Slots out, int from, String path) {
    long start = s.body(i, ref);
    int size = (int) ref;
    long count = size >= 8 ? Platform.getLong(base, start) : -1;
    long bitmap = ((count + 63) >>> 6) << 3;
    if (count < 0 || count >= (1L << 31) || 8 + bitmap + ((count * width + 7) & ~7L) > size) {
      throw new InvalidDataException(
          path,
          "expected an array with count < 2^31 whose fixed "
              + "region fits in its "
              + size
              + " bytes but found count "
              + (size >= 8 ? Long.toUnsignedString(count) : "(missing)"));
    }
    int n = (int) count;
    long elems = start + 8 + bitmap;
    long end = start + size;
    for (int j = 0; j < n; j++) {
      int k = from + j;
      out.slot[k] = elems + (long) j * width;
      out.region[k] = start;
      out.end[k] = end;
      out.nul[k] = ((Platform.getLong(base, start + 8 + ((j >> 6) << 3)) >>> (j & 63)) & 1) != 0;
    }
    return n;
  }
}
