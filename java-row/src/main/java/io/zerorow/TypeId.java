package io.zerorow;

/** The type names of SPEC §3, with their JSON names and element widths. */
public enum TypeId {
  BOOL("bool", 1),
  INT8("int8", 1),
  INT16("int16", 2),
  INT32("int32", 4),
  INT64("int64", 8),
  FLOAT32("float32", 4),
  FLOAT64("float64", 8),
  STRING("string", 8),
  BINARY("binary", 8),
  DATE32("date32", 4),
  TIME("time", 8),
  TIMESTAMP("timestamp", 8),
  DURATION("duration", 8),
  DECIMAL("decimal", 8),
  LIST("list", 8),
  MAP("map", 8),
  STRUCT("struct", 8);

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
