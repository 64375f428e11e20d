package io.zerorow;

/**
 * {@link ErrorKind#UNSUPPORTED}: The schema, a Java type or the container uses something format v1
 * does not define.
 */
public class UnsupportedException extends ZerorowException {
  /** Version of the serialized form. */
  private static final long serialVersionUID = 1L;

  /**
   * An {@code unsupported} error at {@code path} ("" for the whole value), described by {@code
   * detail}.
   */
  public UnsupportedException(String path, String detail) {
    super(ErrorKind.UNSUPPORTED, path, detail);
  }

  /** Same as {@link #UnsupportedException(String, String)}, caused by {@code cause}. */
  public UnsupportedException(String path, String detail, Throwable cause) {
    super(ErrorKind.UNSUPPORTED, path, detail, cause);
  }
}
