package io.zerorow.type;

/**
 * How a value is stored (SPEC §3, "Storage kinds"): readers, writers and validators dispatch on the
 * kind, and a type adds only its value rules. Every {@link DataType} has exactly one ({@link
 * DataType#storage()}); a decimal's depends on its precision.
 */
public enum StorageKind {
  /** The value in the slot or element itself (width 1, 2, 4 or 8). */
  FIXED,
  /** A reference (SPEC §2.4) to a body of bytes: string, binary, a big decimal, interval ... */
  BODY,
  /** A reference to an array (SPEC §2.2): list. */
  ARRAY,
  /** A reference to a map (SPEC §2.3): map. */
  MAP,
  /** A reference to a row (SPEC §2.1): struct. */
  ROW,
  /** Nothing: the null bit is always set and the slot or element is 0 (type null, SPEC §3.6). */
  NONE
}
