package io.zerorow.encoder;

import io.zerorow.row.BinaryMap;
import io.zerorow.type.DataTypes;
import java.util.Map;

/**
 * Converts a top-level {@code Map<K, V>} to a map (SPEC §2.3) and back. Thread-safe: each thread
 * encodes into a buffer of its own.
 */
public interface MapEncoder<K, V> {
  /** The map type this encoder writes and reads. */
  DataTypes.MapType type();

  /** Encodes {@code values} as a map body (SPEC §2.3), in a new byte array. */
  byte[] encode(Map<K, V> values);

  /** Decodes into a {@link java.util.LinkedHashMap} in entry order. */
  Map<K, V> decode(byte[] bytes);

  /** Decodes a map view into a map. */
  Map<K, V> fromMap(BinaryMap map);
}
