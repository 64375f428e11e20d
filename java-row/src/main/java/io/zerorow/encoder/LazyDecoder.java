package io.zerorow.encoder;

/**
 * Decodes the detached bytes of a {@link LazyList} or {@link LazyMap} eagerly, with codec
 * state owned by the calling thread: a lazy collection may be read on any thread while the
 * encoder that made it works on another. Implemented by {@link Compiled} (which hands the call
 * to a generated codec of the calling thread) and by the interpreted list and map codecs.
 * Internal.
 */
public interface LazyDecoder {
  /**
   * The collection of site {@code site} decoded from {@code view} (a detached
   * {@code BinaryArray} for a list, {@code BinaryMap} for a map).
   */
  Object decodeLazy(int site, Object view);
}
