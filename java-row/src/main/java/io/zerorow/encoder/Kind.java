package io.zerorow.encoder;

/**
 * The Java side of a binding: which Java representation a value has. The codecs dispatch on it with
 * switch expressions without a default, so a kind added here is a compile error wherever it is not
 * handled. Internal.
 */
public enum Kind {
  BOOL,
  INT8,
  INT16,
  INT32,
  INT64,
  FLOAT32,
  FLOAT64,
  STRING,
  ENUM,
  BINARY,
  LOCAL_DATE,
  LOCAL_TIME,
  INSTANT,
  LOCAL_DATE_TIME,
  DURATION,
  BIG_DECIMAL,
  COLLECTION,
  ARRAY,
  MAP,
  BEAN,
  OPTIONAL,
  /** {@code java.util.UUID}: uuid (SPEC §3.8). */
  UUID,
  /** {@code io.zerorow.type.Interval}: interval (SPEC §3.7). */
  INTERVAL,
  /** {@code io.zerorow.type.Variant}: variant (SPEC §3.9). */
  VARIANT,
  /** {@code Void}: null, a value that is always null (SPEC §3.6). */
  VOID;

  public boolean isIntegral() {
    return this == INT8 || this == INT16 || this == INT32 || this == INT64;
  }
}
