package io.zerorow.encoder;

import io.zerorow.SchemaMismatchException;
import io.zerorow.type.FieldOrder;
import io.zerorow.type.Schema;

/**
 * Entry points for encoders. Row encoders use generated code (Janino, compiled once per class and
 * cached) unless {@code -Dzerorow.codegen=false} or {@link Mode#INTERPRETED} is chosen; both paths
 * give identical bytes. Obtaining an encoder is thread-safe, and so is every encoder and
 * projection: one instance may be shared by all threads (each thread encodes into a buffer of its
 * own).
 */
public final class Encoders {
  /** How a row encoder runs. */
  public enum Mode {
    /** Generated Java source compiled by Janino (the default). */
    CODEGEN,
    /** Reflection/MethodHandle codecs, no code generation. */
    INTERPRETED
  }

  private Encoders() {}

  /** The default mode: {@code CODEGEN} unless {@code -Dzerorow.codegen=false}. */
  public static Mode defaultMode() {
    return "false".equals(System.getProperty("zerorow.codegen")) ? Mode.INTERPRETED : Mode.CODEGEN;
  }

  /** An encoder for a bean or record class (schema as {@link TypeInference#inferSchema}). */
  public static <T> RowEncoder<T> rowEncoder(Class<T> cls) {
    return rowEncoder(cls, defaultMode());
  }

  /**
   * An encoder for a bean or record class, run in {@code mode} (not null: {@link #defaultMode()} is
   * the default).
   */
  public static <T> RowEncoder<T> rowEncoder(Class<T> cls, Mode mode) {
    java.util.Objects.requireNonNull(
        mode, "rowEncoder(cls, mode): mode is null (Encoders.defaultMode() is the default)");
    return new BeanRowEncoder<>(cls, mode == Mode.CODEGEN);
  }

  /**
   * An encoder for a bean or record class built with {@code options}: field order (e.g. {@link
   * FieldOrder#NAME} for rows Apache Fory wrote), strict time values, mode.
   */
  public static <T> RowEncoder<T> rowEncoder(Class<T> cls, EncoderOptions options) {
    java.util.Objects.requireNonNull(options, "rowEncoder(cls, options): options is null");
    return new BeanRowEncoder<>(
        cls, options.mode() == Mode.CODEGEN, options.fieldOrder(), options.strict());
  }

  /** An encoder for a top-level {@code List<E>} (elements nullable unless primitive). */
  public static <E> ArrayEncoder<E> arrayEncoder(Class<E> elementClass) {
    return CollectionEncoders.array(elementClass);
  }

  /** An encoder for a top-level {@code Map<K, V>} (values nullable). */
  public static <K, V> MapEncoder<K, V> mapEncoder(Class<K> keyClass, Class<V> valueClass) {
    return CollectionEncoders.map(keyClass, valueClass);
  }

  /**
   * Decodes only the fields that {@code cls} declares from rows of {@code rowSchema}, matched by
   * name; each field's type must equal the row's (else {@link SchemaMismatchException}).
   */
  public static <T> Projection<T> projection(Class<T> cls, Schema rowSchema) {
    return CollectionEncoders.projection(cls, rowSchema);
  }
}
