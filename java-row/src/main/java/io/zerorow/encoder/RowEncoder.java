package io.zerorow.encoder;

import io.zerorow.SchemaMismatchException;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Row;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.Schema;

/**
 * Converts objects of one class (bean or record) to rows and back; obtain one with {@link
 * Encoders#rowEncoder(Class)}. An encoder is thread-safe: share one instance between threads, as
 * Jackson's {@code ObjectMapper} is shared. Each thread encodes into a buffer of its own, reused by
 * that thread's calls, so the row {@link #toRow} returns is valid until the same thread's next call
 * on this encoder (obtaining encoders is cheap as well: the generated code is cached per class).
 */
public interface RowEncoder<T> {
  /** The schema of the rows (as {@link TypeInference#inferSchema(Class)}). */
  Schema schema();

  /**
   * Encodes {@code value} into the calling thread's reused buffer and returns a reused view of it,
   * valid until this thread's next call on this encoder: use {@link BinaryRow#copy()} to keep it
   * (or to hand it to another thread).
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
  T fromRow(Row row);

  /** Encodes {@code value} into a new byte array. */
  byte[] encode(T value);

  /**
   * Decodes a top-level row from {@code bytes} at {@link ValidationLevel#BOUNDS}: {@link
   * #decode(byte[], ValidationLevel) decode(bytes, BOUNDS)}.
   */
  T decode(byte[] bytes);

  /**
   * Decodes a top-level row of this encoder's schema from {@code bytes}, after checking them at
   * {@code level} (SPEC §6.2). Bytes carry no schema, so bytes of another class decode into
   * nonsense unless a check refuses them:
   *
   * <ul>
   *   <li>{@link ValidationLevel#BOUNDS} (the default): the row's fixed region first ({@link
   *       Validator#validateFixedRegion}: size, null bits, every fixed-width slot, every
   *       reference's offset and size), then every read bounds-checked. Bytes of another schema are
   *       refused as {@code invalid_data} or {@code truncated} whenever their fixed region shows it
   *       (a reference pointing inside the fixed region, a string body where an int32 slot should
   *       be). Only {@code FULL} sees the rest: nested bodies' layouts, canonical order, padding,
   *       UTF-8 and trailing bytes, so bytes of another schema whose fixed region happens to fit
   *       may still decode into wrong values at this level.
   *   <li>{@link ValidationLevel#FULL}: every rule of SPEC §6.3 over the whole row first.
   *   <li>{@link ValidationLevel#NONE}: no check first; reads stay bounds-checked.
   * </ul>
   *
   * Untrusted bytes, or bytes whose schema you do not know, call for {@code FULL} or a row file
   * (which carries the schema's fingerprint, SPEC §5).
   */
  T decode(byte[] bytes, ValidationLevel level);
}
