package io.zerorow.encoder;

/**
 * Decodes the copied bytes of a {@link LazyList} or {@link LazyMap} eagerly, with codec state owned
 * by the calling thread: a lazy collection may be read on any thread while the encoder that made it
 * works on another. Implemented by {@link Compiled} (which hands the call to a generated codec of
 * the calling thread) and by the interpreted list and map codecs. Internal.
 */
public interface LazyDecoder {
  /**
   * The collection of site {@code site} decoded from {@code bytes}, a copy of exactly its array
   * (for a list) or map.
   */
  Object decodeLazy(int site, byte[] bytes);
}
