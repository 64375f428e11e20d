package io.zerorow;

/**
 * {@link ErrorKind#INVALID_DATA}: The bytes break a rule of SPEC §2–§3, or a value cannot be
 * written exactly.
 */
public class InvalidDataException extends ZerorowException {
  private static final long serialVersionUID = 1L;

  public InvalidDataException(String path, String detail) {
    super(ErrorKind.INVALID_DATA, path, detail);
  }

  public InvalidDataException(String path, String detail, Throwable cause) {
    super(ErrorKind.INVALID_DATA, path, detail, cause);
  }
}
