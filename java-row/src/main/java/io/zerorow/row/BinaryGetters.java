package io.zerorow.row;

/**
 * Typed access by ordinal of the plain views, {@link BinaryRow} (fields) and {@link BinaryArray}
 * (elements). This interface narrows {@link Getters} (its rules, which getter reads which type,
 * apply) to the plain views: nested getters return {@code BinaryRow}, {@code BinaryArray} and
 * {@code BinaryMap}, and can reuse a view instead of allocating one.
 */
public interface BinaryGetters extends Getters {
  /** A view of the struct at {@code ordinal} (no copy); null when the value is null. */
  @Override
  BinaryRow getStruct(int ordinal);

  /** A view of the list at {@code ordinal} (no copy); null when the value is null. */
  @Override
  BinaryArray getArray(int ordinal);

  /** A view of the map at {@code ordinal} (no copy); null when the value is null. */
  @Override
  BinaryMap getMap(int ordinal);

  /** Reuses {@code target} for the nested struct (no allocation); null when the value is null. */
  BinaryRow getStruct(int ordinal, BinaryRow target);

  /** Reuses {@code target} for the nested array (no allocation); null when the value is null. */
  BinaryArray getArray(int ordinal, BinaryArray target);

  /** Reuses {@code target} for the nested map (no allocation); null when the value is null. */
  BinaryMap getMap(int ordinal, BinaryMap target);
}
