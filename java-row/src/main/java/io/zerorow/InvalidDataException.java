package io.zerorow;

/**
 * {@link ErrorKind#INVALID_DATA}: The bytes break a rule of SPEC §2–§3, or a value cannot be
 * written exactly.
 */
public class InvalidDataException extends ZerorowException {
  /** Version of the serialized form. */
  private static final long serialVersionUID = 1L;

  /**
   * An {@code invalid_data} error at {@code path} ("" for the whole value), described by {@code
   * detail}.
   */
  public InvalidDataException(String path, String detail) {
    super(ErrorKind.INVALID_DATA, path, detail);
  }

  /** Same as {@link #InvalidDataException(String, String)}, caused by {@code cause}. */
  public InvalidDataException(String path, String detail, Throwable cause) {
    super(ErrorKind.INVALID_DATA, path, detail, cause);
  }
}
