package io.zerorow;

/**
 * {@link ErrorKind#TRUNCATED}: The top-level buffer is shorter than the fixed region its schema
 * needs.
 */
public class TruncatedException extends ZerorowException {
  private static final long serialVersionUID = 1L;

  public TruncatedException(String path, String detail) {
    super(ErrorKind.TRUNCATED, path, detail);
  }

  public TruncatedException(String path, String detail, Throwable cause) {
    super(ErrorKind.TRUNCATED, path, detail, cause);
  }
}
