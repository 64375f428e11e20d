package io.zerorow.type;

/**
 * The types of SPEC §3, listed once: their JSON names and element widths. Every dispatch over types
 * in zerorow is a {@code switch} expression over this enum (or over {@link StorageKind}) without a
 * {@code default}, so a type added here is a compile error in every place that does not handle it
 * ({@code format-spec/ADDING_A_TYPE.md}).
 */
public enum TypeId {
  /** {@code bool}: one byte, 0 or 1 (SPEC §3.1). */
  BOOL("bool", 1),
  /** {@code int8}: signed, 1 byte. */
  INT8("int8", 1),
  /** {@code int16}: signed, 2 bytes. */
  INT16("int16", 2),
  /** {@code int32}: signed, 4 bytes. */
  INT32("int32", 4),
  /** {@code int64}: signed, 8 bytes. */
  INT64("int64", 8),
  /** {@code float32}: IEEE 754 single precision. */
  FLOAT32("float32", 4),
  /** {@code float64}: IEEE 754 double precision. */
  FLOAT64("float64", 8),
  /** {@code string}: UTF-8 bytes in a body (SPEC §3.2). */
  STRING("string", 8),
  /** {@code binary}: bytes in a body. */
  BINARY("binary", 8),
  /** {@code date32}: days since 1970-01-01, 4 bytes (SPEC §3.3). */
  DATE32("date32", 4),
  /** {@code time}: microseconds since midnight, 8 bytes. */
  TIME("time", 8),
  /** {@code timestamp}: microseconds since the epoch, with an optional zone. */
  TIMESTAMP("timestamp", 8),
  /** {@code duration}: microseconds, 8 bytes. */
  DURATION("duration", 8),
  /** {@code decimal(p, s)}: in the slot up to precision 18, else in a body (SPEC §3.5). */
  DECIMAL("decimal", 8),
  /** {@code list<T>}: an array body (SPEC §2.2). */
  LIST("list", 8),
  /** {@code map<K, V>}: a map body of two arrays (SPEC §2.3). */
  MAP("map", 8),
  /** {@code struct}: a nested row (SPEC §2.1). */
  STRUCT("struct", 8),
  /** {@code null}: always null, no value (SPEC §3.6); 8-byte elements, as Spark's NullType. */
  NULL("null", 8),
  /** {@code interval_ym}: int32 months (SPEC §3.7). */
  INTERVAL_YM("interval_ym", 4),
  /** {@code interval}: months, days and microseconds in a 16-byte body (SPEC §3.7). */
  INTERVAL("interval", 8),
  /** {@code fixed_binary(n)}: exactly n bytes in a body (SPEC §3.8). */
  FIXED_BINARY("fixed_binary", 8),
  /** {@code uuid}: 16 bytes in a body, RFC 9562 order (SPEC §3.8). */
  UUID("uuid", 8),
  /** {@code variant}: Parquet's Variant binary encoding in a body (SPEC §3.9). */
  VARIANT("variant", 8);

  private final String jsonName;
  private final int width;

  TypeId(String jsonName, int width) {
    this.jsonName = jsonName;
    this.width = width;
  }

  /** The name used in canonical JSON (SPEC §4.1). */
  public String jsonName() {
    return jsonName;
  }

  /** Width of an array element of this type (a row slot is always 8). */
  public int width() {
    return width;
  }
}
