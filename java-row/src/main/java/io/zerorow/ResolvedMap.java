package io.zerorow;

/**
 * A map read through a reader map type (SPEC §13.4): keys and values are resolved arrays of equal
 * count, entry {@code i} being {@code (keyArray().get(i), valueArray().get(i))} in the writer's
 * order. {@link BinaryMap} implements it (the identity). Not thread-safe.
 */
public interface ResolvedMap {
  /** The reader's map type. */
  DataTypes.MapType type();

  /** Number of entries. */
  int numElements();

  /** The keys, read as the reader's key type (never null). */
  ResolvedArray keyArray();

  /** The values, read as the reader's value type. */
  ResolvedArray valueArray();

  /** A copy laid out by the reader's map type, in a new array (SPEC §2.3). */
  BinaryMap copy();
}
