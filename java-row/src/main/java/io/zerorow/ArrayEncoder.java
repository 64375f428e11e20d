package io.zerorow;

import java.util.List;

/** Converts a top-level {@code List<E>} to an array (SPEC §2.2) and back. Not thread-safe. */
public interface ArrayEncoder<E> {
  DataTypes.ListType type();

  /** A view of the array in the encoder's reused buffer (valid until the next call). */
  BinaryArray toArray(List<E> values);

  List<E> fromArray(BinaryArray array);

  byte[] encode(List<E> values);

  List<E> decode(byte[] bytes);
}
