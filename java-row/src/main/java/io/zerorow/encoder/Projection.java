package io.zerorow.encoder;

import io.zerorow.row.BinaryRow;

/**
 * Decodes only some fields of a row into a class that declares just those fields, matched by name
 * (see {@link Encoders#projection(Class, Schema)}). Thread-safe.
 */
public interface Projection<T> {
  /** The ordinals of the row's fields that are read, in the class's declaration order. */
  int[] ordinals();

  /** Decodes the projected fields of {@code row} into a {@code T}. */
  T fromRow(BinaryRow row);
}
