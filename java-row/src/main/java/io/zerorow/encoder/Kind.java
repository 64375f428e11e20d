package io.zerorow.encoder;

/** The Java side of a binding: which Java representation a value has. Internal. */
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
  OPTIONAL;

  public boolean isIntegral() {
    return this == INT8 || this == INT16 || this == INT32 || this == INT64;
  }
}
