package io.zerorow;

/**
 * {@link ErrorKind#UNSUPPORTED}: The schema, a Java type or the container uses something format v1
 * does not define.
 */
public class UnsupportedException extends ZerorowException {
  private static final long serialVersionUID = 1L;

  public UnsupportedException(String path, String detail) {
    super(ErrorKind.UNSUPPORTED, path, detail);
  }

  public UnsupportedException(String path, String detail, Throwable cause) {
    super(ErrorKind.UNSUPPORTED, path, detail, cause);
  }
}
