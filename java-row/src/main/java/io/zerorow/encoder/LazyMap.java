package io.zerorow.encoder;

import io.zerorow.row.BinaryMap;
import java.io.Serializable;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What a property declared as {@code Map} decodes into: as {@link LazyList}, decoding only copies
 * the map's bytes, and the first call that needs an entry decodes them all into a {@link
 * LinkedHashMap} (entry order kept), which from then on answers every call. {@code size()} needs no
 * decoding. Declare the property as {@code LinkedHashMap}, {@code HashMap} or {@code TreeMap} to
 * decode it eagerly instead.
 */
public final class LazyMap<K, V> extends LazyValue<LinkedHashMap<K, V>>
    implements Map<K, V>, Serializable {
  private static final long serialVersionUID = 1L;

  /** A map over a copy of {@code map}'s bytes (the view may be reused afterwards). */
  public LazyMap(LazyDecoder decoder, int site, String path, BinaryMap map) {
    super(decoder, site, path, map.numElements(), map.toBytes());
  }

  private LinkedHashMap<K, V> map() {
    return value();
  }

  @Override
  public int size() {
    LinkedHashMap<K, V> m = decodedOrNull();
    return m != null ? m.size() : count;
  }

  @Override
  public boolean isEmpty() {
    return size() == 0;
  }

  @Override
  public boolean containsKey(Object key) {
    return map().containsKey(key);
  }

  @Override
  public boolean containsValue(Object value) {
    return map().containsValue(value);
  }

  @Override
  public V get(Object key) {
    return map().get(key);
  }

  @Override
  public V getOrDefault(Object key, V defaultValue) {
    return map().getOrDefault(key, defaultValue);
  }

  @Override
  public V put(K key, V value) {
    return map().put(key, value);
  }

  @Override
  public V remove(Object key) {
    return map().remove(key);
  }

  @Override
  public void putAll(Map<? extends K, ? extends V> m) {
    map().putAll(m);
  }

  @Override
  public void clear() {
    map().clear();
  }

  @Override
  public Set<K> keySet() {
    return map().keySet();
  }

  @Override
  public Collection<V> values() {
    return map().values();
  }

  @Override
  public Set<Entry<K, V>> entrySet() {
    return map().entrySet();
  }

  @Override
  public void forEach(BiConsumer<? super K, ? super V> action) {
    map().forEach(action);
  }

  @Override
  public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
    map().replaceAll(function);
  }

  @Override
  public V putIfAbsent(K key, V value) {
    return map().putIfAbsent(key, value);
  }

  @Override
  public boolean remove(Object key, Object value) {
    return map().remove(key, value);
  }

  @Override
  public boolean replace(K key, V oldValue, V newValue) {
    return map().replace(key, oldValue, newValue);
  }

  @Override
  public V replace(K key, V value) {
    return map().replace(key, value);
  }

  @Override
  public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
    return map().computeIfAbsent(key, mappingFunction);
  }

  @Override
  public V computeIfPresent(
      K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
    return map().computeIfPresent(key, remappingFunction);
  }

  @Override
  public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
    return map().compute(key, remappingFunction);
  }

  @Override
  public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
    return map().merge(key, value, remappingFunction);
  }

  @Override
  public boolean equals(Object o) {
    return o == this || map().equals(o);
  }

  @Override
  public int hashCode() {
    return map().hashCode();
  }

  @Override
  public String toString() {
    return map().toString();
  }
}
