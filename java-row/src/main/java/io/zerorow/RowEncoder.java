package io.zerorow;

/**
 * Converts objects of one class (bean or record) to rows and back; obtain one with {@link
 * Encoders#rowEncoder(Class)}. An encoder reuses its buffer, so one instance must not be used by
 * two threads at once (obtaining encoders is thread-safe and cheap: the generated code is cached
 * per class).
 */
public interface RowEncoder<T> {
  /** The schema of the rows (as {@link TypeInference#inferSchema(Class)}). */
  Schema schema();

  /**
   * Encodes {@code value} into the encoder's reused buffer and returns the encoder's reused view of
   * it, valid until the next call on this encoder: use {@link BinaryRow#copy()} to keep it.
   */
  BinaryRow toRow(T value);

  /**
   * Decodes a row of this schema (a top-level row, or a nested struct read from another row:
   * partial decoding). A row of another schema is a {@link SchemaMismatchException}. Properties
   * declared as {@code List}/{@code Collection}/{@code Iterable}/{@code Map} decode lazily: their
   * bytes are copied now and decoded at first use ({@link io.zerorow.encoder.LazyList}, {@link
   * io.zerorow.encoder.LazyMap}); declare a concrete class ({@code ArrayList}, {@code HashMap} ...)
   * to decode eagerly.
   */
  T fromRow(BinaryRow row);

  /**
   * Decodes a row read through a resolution (SPEC §13.4): a row written with an older or newer
   * schema, read with this encoder's schema as the reader schema ({@code Resolution.resolve(writer,
   * encoder.schema()).view(row)}), in both encoder modes. Properties the writer lacks decode as
   * null (they are nullable: a writer without a primitive property's field does not resolve). A
   * plain {@link BinaryRow} decodes as {@link #fromRow(BinaryRow)}; a resolved row of another
   * reader schema is a {@link SchemaMismatchException}.
   */
  T fromRow(ResolvedRow row);

  /** Encodes {@code value} into a new byte array. */
  byte[] encode(T value);

  /** Decodes a top-level row from {@code bytes} (bounds-checked, not fully validated). */
  T decode(byte[] bytes);
}
