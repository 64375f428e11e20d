package io.zerorow;

import io.zerorow.type.Schema;

/**
 * {@link ErrorKind#SCHEMA_MISMATCH}: Data written for another schema, or a value that does not fit
 * the schema's shape.
 */
public class SchemaMismatchException extends ZerorowException {
  /** Version of the serialized form. */
  private static final long serialVersionUID = 1L;

  /**
   * An {@code schema_mismatch} error at {@code path} ("" for the whole value), described by {@code
   * detail}.
   */
  public SchemaMismatchException(String path, String detail) {
    super(ErrorKind.SCHEMA_MISMATCH, path, detail);
  }

  /**
   * A getter's error on a row of {@code schema}: {@code detail}, then the schema object's {@link
   * Schema#mismatchNote()} when it has one.
   */
  public SchemaMismatchException(String path, String detail, Schema schema) {
    this(path, withNote(detail, schema));
  }

  /**
   * {@code detail}, then {@code schema}'s {@link Schema#mismatchNote()} after "; " if it has one.
   */
  static String withNote(String detail, Schema schema) {
    String note = schema.mismatchNote();
    return note == null ? detail : detail + "; " + note;
  }

  /** Same as {@link #SchemaMismatchException(String, String)}, caused by {@code cause}. */
  public SchemaMismatchException(String path, String detail, Throwable cause) {
    super(ErrorKind.SCHEMA_MISMATCH, path, detail, cause);
  }
}
