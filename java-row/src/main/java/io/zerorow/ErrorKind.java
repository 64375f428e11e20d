package io.zerorow;

/** The error kinds of SPEC §6.1; each {@link ZerorowException} carries exactly one. */
public enum ErrorKind {
  /** The bytes break a rule of SPEC §2–§3, or a value cannot be written exactly. */
  INVALID_DATA("invalid_data"),
  /** The top-level buffer is shorter than the fixed region its schema needs. */
  TRUNCATED("truncated"),
  /** The schema or container uses something format v1 does not define. */
  UNSUPPORTED("unsupported"),
  /** The data was written for another schema, or a value does not fit the schema's shape. */
  SCHEMA_MISMATCH("schema_mismatch");

  private final String specName;

  ErrorKind(String specName) {
    this.specName = specName;
  }

  /** The name used in the spec and in {@code expected.json} of invalid vectors. */
  public String specName() {
    return specName;
  }

  /** Parses a spec name such as {@code "invalid_data"}. */
  public static ErrorKind fromSpecName(String name) {
    for (ErrorKind k : values()) {
      if (k.specName.equals(name)) {
        return k;
      }
    }
    throw new IllegalArgumentException("unknown error kind: " + name);
  }
}
