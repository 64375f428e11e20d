package io.zerorow;

/**
 * {@link ErrorKind#TRUNCATED}: The top-level buffer is shorter than the fixed region its schema
 * needs.
 */
public class TruncatedException extends ZerorowException {
  /** Version of the serialized form. */
  private static final long serialVersionUID = 1L;

  /**
   * An {@code truncated} error at {@code path} ("" for the whole value), described by {@code
   * detail}.
   */
  public TruncatedException(String path, String detail) {
    super(ErrorKind.TRUNCATED, path, detail);
  }

  /** Same as {@link #TruncatedException(String, String)}, caused by {@code cause}. */
  public TruncatedException(String path, String detail, Throwable cause) {
    super(ErrorKind.TRUNCATED, path, detail, cause);
  }
}
