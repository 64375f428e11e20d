package io.zerorow.row;

import io.zerorow.type.DataTypes;

/**
 * A map: keys and values are arrays of equal count, entry {@code i} being {@code
 * (keyArray().get(i), valueArray().get(i))} in the writer's order. Two implementations: a {@link
 * BinaryMap} reads its own bytes; the map of a resolution (SPEC §13.4) reads them with the reader's
 * key and value types ({@code BinaryMap} is the identity). Not thread-safe.
 */
public interface MapData {
  /** The map type read (the reader's, for a resolution). */
  DataTypes.MapType type();

  /** Number of entries. */
  int numElements();

  /** The keys, read as the key type (never null). */
  ArrayData keyArray();

  /** The values, read as the value type. */
  ArrayData valueArray();

  /** A copy laid out by its map type, in a new array (SPEC §2.3). */
  BinaryMap copy();
}
