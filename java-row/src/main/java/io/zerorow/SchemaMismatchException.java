package io.zerorow;

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

  /** Same as {@link #SchemaMismatchException(String, String)}, caused by {@code cause}. */
  public SchemaMismatchException(String path, String detail, Throwable cause) {
    super(ErrorKind.SCHEMA_MISMATCH, path, detail, cause);
  }
}
