package io.zerorow.row;

/**
 * Validation levels of SPEC §6.2; the same three words mean the same in every language (SPEC §1.1).
 */
public enum ValidationLevel {
  /** Nothing is checked; the caller vouches for the bytes. */
  NONE,
  /** The wrap rules W1–W2 now; the getters check every access (the default). */
  BOUNDS,
  /** Every rule of SPEC §6.3, once, over the whole value; then reads as {@code BOUNDS}. */
  FULL
}
