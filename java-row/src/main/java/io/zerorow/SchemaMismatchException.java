package io.zerorow;

/**
 * {@link ErrorKind#SCHEMA_MISMATCH}: Data written for another schema, or a value that does not fit
 * the schema's shape.
 */
public class SchemaMismatchException extends ZerorowException {
  private static final long serialVersionUID = 1L;

  public SchemaMismatchException(String path, String detail) {
    super(ErrorKind.SCHEMA_MISMATCH, path, detail);
  }

  public SchemaMismatchException(String path, String detail, Throwable cause) {
    super(ErrorKind.SCHEMA_MISMATCH, path, detail, cause);
  }
}
