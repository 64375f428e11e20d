package io.zerorow;

/**
 * The one base class of every error zerorow raises about data or schemas (SPEC §6.1). The message
 * reads {@code <kind> at <path>: <detail>}, e.g. {@code invalid_data at f3: expected offset+size <=
 * 96 but found 120}; a problem with the whole top-level value is {@code at <row>} (SPEC §1.1),
 * while {@link #path()} is then {@code ""}.
 */
public class ZerorowException extends RuntimeException {
  /** Version of the serialized form. */
  private static final long serialVersionUID = 1L;

  /** What kind of error (SPEC §6.1). */
  private final ErrorKind kind;

  /** The field path (SPEC §4.3), "" for the whole value. */
  private final String path;

  /** The message without kind and path. */
  private final String detail;

  /**
   * An error of {@code kind} at {@code path} (SPEC §4.3, "" for the whole value), described by
   * {@code detail}.
   */
  public ZerorowException(ErrorKind kind, String path, String detail) {
    this(kind, path, detail, null);
  }

  /** Same as {@link #ZerorowException(ErrorKind, String, String)}, caused by {@code cause}. */
  public ZerorowException(ErrorKind kind, String path, String detail, Throwable cause) {
    super(
        kind.specName()
            + " at "
            + (path == null || path.isEmpty() ? "<row>" : path)
            + ": "
            + detail,
        cause);
    this.kind = kind;
    this.path = path == null ? "" : path;
    this.detail = detail;
  }

  /** The kind of error (SPEC §6.1). */
  public ErrorKind kind() {
    return kind;
  }

  /** The field path of SPEC §4.3 where the error was found ("" for the whole value). */
  public String path() {
    return path;
  }

  /** The message without kind and path. */
  public String detail() {
    return detail;
  }

  /** Creates the subclass that matches {@code kind}. */
  public static ZerorowException of(ErrorKind kind, String path, String detail) {
    return of(kind, path, detail, null);
  }

  /** Creates the subclass that matches {@code kind}, caused by {@code cause} (may be null). */
  public static ZerorowException of(ErrorKind kind, String path, String detail, Throwable cause) {
    return switch (kind) {
      case INVALID_DATA -> new InvalidDataException(path, detail, cause);
      case TRUNCATED -> new TruncatedException(path, detail, cause);
      case UNSUPPORTED -> new UnsupportedException(path, detail, cause);
      case SCHEMA_MISMATCH -> new SchemaMismatchException(path, detail, cause);
    };
  }
}
