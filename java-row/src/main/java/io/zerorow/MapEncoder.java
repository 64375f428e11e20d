package io.zerorow;

import java.util.Map;

/** Converts a top-level {@code Map<K, V>} to a map (SPEC §2.3) and back. Not thread-safe. */
public interface MapEncoder<K, V> {
  DataTypes.MapType type();

  byte[] encode(Map<K, V> values);

  /** Decodes into a {@link java.util.LinkedHashMap} in entry order. */
  Map<K, V> decode(byte[] bytes);

  Map<K, V> fromMap(BinaryMap map);
}
