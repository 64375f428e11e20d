package io.zerorow.encoder;

import io.zerorow.row.BinaryArray;
import io.zerorow.type.DataTypes;
import java.util.List;

/**
 * Converts a top-level {@code List<E>} to an array (SPEC §2.2) and back. Thread-safe: each thread
 * encodes into a buffer of its own.
 */
public interface ArrayEncoder<E> {
  /** The list type this encoder writes and reads. */
  DataTypes.ListType type();

  /**
   * A view of the array in the calling thread's reused buffer (valid until this thread's next call
   * on this encoder).
   */
  BinaryArray toArray(List<E> values);

  /** Decodes an array view into a list. */
  List<E> fromArray(BinaryArray array);

  /** Encodes {@code values} as an array body (SPEC §2.2), in a new byte array. */
  byte[] encode(List<E> values);

  /** Decodes an array encoded by {@link #encode}. */
  List<E> decode(byte[] bytes);
}
