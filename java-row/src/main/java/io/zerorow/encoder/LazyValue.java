package io.zerorow.encoder;

import io.zerorow.ZerorowException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What {@link LazyList} and {@link LazyMap} share: a private copy of the collection's bytes,
 * decoded on first use by a {@link LazyDecoder} into the collection {@code C}, which then answers
 * every call. The first decode may race between threads; one result wins for all, and the bytes are
 * dropped once it is published.
 */
abstract class LazyValue<C> {
  private static final VarHandle DECODED;

  static {
    try {
      DECODED = MethodHandles.lookup().findVarHandle(LazyValue.class, "decoded", Object.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final transient LazyDecoder decoder;
  private final int site;

  /** The field path of the collection (SPEC §4.3, {@code []} for any index), for errors. */
  private final String path;

  /** The element count before decoding (answers {@code size()} without decoding). */
  final int count;

  private transient volatile byte[] bytes;
  private transient volatile Object decoded;

  LazyValue(LazyDecoder decoder, int site, String path, int count, byte[] bytes) {
    this.decoder = decoder;
    this.site = site;
    this.path = path;
    this.count = count;
    this.bytes = bytes;
  }

  /** True once the elements have been decoded (for tests and diagnostics). */
  public final boolean isDecoded() {
    return decoded != null;
  }

  /** The decoded collection, or null before the first decode. */
  @SuppressWarnings("unchecked")
  final C decodedOrNull() {
    return (C) decoded;
  }

  @SuppressWarnings("unchecked")
  final C value() {
    Object d = decoded;
    return (C) (d != null ? d : decode());
  }

  private Object decode() {
    byte[] b = bytes;
    if (b == null) {
      return decoded; // another thread decoded: published before the bytes were dropped
    }
    Object d;
    try {
      d = decoder.decodeLazy(site, b);
    } catch (ZerorowException e) {
      // the copy is decoded as a top-level value, so e.path() starts at its element: prefix
      throw ZerorowException.of(e.kind(), path + e.path(), e.detail());
    }
    Object won = DECODED.compareAndExchange(this, null, d);
    bytes = null;
    return won == null ? d : won;
  }

  /** Serialized as the decoded collection. */
  final Object writeReplace() {
    return value();
  }
}
