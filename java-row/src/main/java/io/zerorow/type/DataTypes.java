package io.zerorow.type;

import io.zerorow.UnsupportedException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** Constants and factories for every type of SPEC §3. */
public final class DataTypes {
  /** {@code bool} (SPEC §3.1). */
  public static final DataType BOOL = new PrimitiveType(TypeId.BOOL);

  /** {@code int8}. */
  public static final DataType INT8 = new PrimitiveType(TypeId.INT8);

  /** {@code int16}. */
  public static final DataType INT16 = new PrimitiveType(TypeId.INT16);

  /** {@code int32}. */
  public static final DataType INT32 = new PrimitiveType(TypeId.INT32);

  /** {@code int64}. */
  public static final DataType INT64 = new PrimitiveType(TypeId.INT64);

  /** {@code float32}. */
  public static final DataType FLOAT32 = new PrimitiveType(TypeId.FLOAT32);

  /** {@code float64}. */
  public static final DataType FLOAT64 = new PrimitiveType(TypeId.FLOAT64);

  /** {@code string}: UTF-8 text. */
  public static final DataType STRING = new PrimitiveType(TypeId.STRING);

  /** {@code binary}: bytes. */
  public static final DataType BINARY = new PrimitiveType(TypeId.BINARY);

  /** {@code date32}: days since 1970-01-01. */
  public static final DataType DATE32 = new PrimitiveType(TypeId.DATE32);

  /** {@code time}: microseconds since midnight. */
  public static final DataType TIME = new PrimitiveType(TypeId.TIME);

  /** {@code duration}: microseconds. */
  public static final DataType DURATION = new PrimitiveType(TypeId.DURATION);

  /** A timestamp without zone: a wall-clock time encoded as if it were UTC (SPEC §3.3). */
  public static final TimestampType TIMESTAMP = new TimestampType(null);

  /** {@code null}: a value that is always null (SPEC §3.6). */
  public static final DataType NULL = new PrimitiveType(TypeId.NULL);

  /** {@code interval_ym}: a number of months (SPEC §3.7). */
  public static final DataType INTERVAL_YM = new PrimitiveType(TypeId.INTERVAL_YM);

  /** {@code interval}: months, days and microseconds (SPEC §3.7). */
  public static final DataType INTERVAL = new PrimitiveType(TypeId.INTERVAL);

  /** {@code uuid}: 16 bytes in RFC 9562 order (SPEC §3.8). */
  public static final DataType UUID = new PrimitiveType(TypeId.UUID);

  /** {@code variant}: a semi-structured value in Parquet's Variant encoding (SPEC §3.9). */
  public static final DataType VARIANT = new PrimitiveType(TypeId.VARIANT);

  private DataTypes() {}

  // Factories named as the spec's types (SPEC §1.1); the constants above are their aliases.

  /** bool. */
  public static DataType bool() {
    return BOOL;
  }

  /** int8. */
  public static DataType int8() {
    return INT8;
  }

  /** int16. */
  public static DataType int16() {
    return INT16;
  }

  /** int32. */
  public static DataType int32() {
    return INT32;
  }

  /** int64. */
  public static DataType int64() {
    return INT64;
  }

  /** float32. */
  public static DataType float32() {
    return FLOAT32;
  }

  /** float64. */
  public static DataType float64() {
    return FLOAT64;
  }

  /** string (UTF-8). */
  public static DataType string() {
    return STRING;
  }

  /** binary. */
  public static DataType binary() {
    return BINARY;
  }

  /** date32 (days since the epoch). */
  public static DataType date32() {
    return DATE32;
  }

  /** time (microseconds since midnight). */
  public static DataType time() {
    return TIME;
  }

  /** duration (microseconds). */
  public static DataType duration() {
    return DURATION;
  }

  /** null: always null (SPEC §3.6); only a nullable field, element or map value may have it. */
  public static DataType nullType() {
    return NULL;
  }

  /** interval_ym: int32 months (SPEC §3.7). */
  public static DataType intervalYm() {
    return INTERVAL_YM;
  }

  /** interval: months, days and microseconds, each signed (SPEC §3.7). */
  public static DataType interval() {
    return INTERVAL;
  }

  /**
   * {@code fixed_binary(size)}: exactly {@code size} bytes (SPEC §3.8); refused (unsupported)
   * outside {@code 1 <= size <= 2^31 - 8}.
   */
  public static FixedBinaryType fixedBinary(int size) {
    return new FixedBinaryType(size);
  }

  /** uuid: 16 bytes, read as {@link java.util.UUID} (SPEC §3.8). */
  public static DataType uuid() {
    return UUID;
  }

  /** variant: read as {@link Variant} (SPEC §3.9). */
  public static DataType variant() {
    return VARIANT;
  }

  /** A timestamp without zone (SPEC §3.3). */
  public static TimestampType timestamp() {
    return TIMESTAMP;
  }

  /** A timestamp with a zone (IANA name or fixed offset), or naive when {@code tz} is null. */
  public static TimestampType timestamp(String tz) {
    return tz == null ? TIMESTAMP : new TimestampType(tz);
  }

  /**
   * {@code decimal(precision, scale)}; refused (unsupported) outside {@code 1 <= p <= 38, 0 <= s <=
   * p}.
   */
  public static DecimalType decimal(int precision, int scale) {
    return new DecimalType(precision, scale);
  }

  /** {@code list<element>}, whose elements may be null when {@code elementNullable}. */
  public static ListType list(DataType element, boolean elementNullable) {
    return new ListType(element, elementNullable);
  }

  /** {@code map<key, value>}: keys are never null, values may be when {@code valueNullable}. */
  public static MapType map(DataType key, DataType value, boolean valueNullable) {
    return new MapType(key, value, valueNullable);
  }

  /** A struct of {@code fields}, in this order (a {@link Schema}). */
  public static Schema struct(Field... fields) {
    return new Schema(Arrays.asList(fields));
  }

  /** A struct of {@code fields}, in this order (a {@link Schema}). */
  public static Schema struct(List<Field> fields) {
    return new Schema(fields);
  }

  /** Parses a type from its JSON form (SPEC §4.1), e.g. {@code "int16"} or a decimal object. */
  public static DataType parse(String json) {
    String t = json.trim();
    if (!t.startsWith("{") && !t.startsWith("\"")) {
      t = "\"" + t + "\"";
    }
    return SchemaJson.type(io.zerorow.internal.Json.parse(t), "");
  }

  /** The parameterless types. */
  static final class PrimitiveType extends DataType {
    private final TypeId id;

    PrimitiveType(TypeId id) {
      this.id = id;
    }

    @Override
    public TypeId id() {
      return id;
    }

    @Override
    void appendJson(StringBuilder out) {
      out.append('"').append(id.jsonName()).append('"');
    }
  }

  /** {@code timestamp}, with an optional zone that lives in the schema only. */
  public static final class TimestampType extends DataType {
    private final String tz;

    TimestampType(String tz) {
      this.tz = tz;
    }

    @Override
    public TypeId id() {
      return TypeId.TIMESTAMP;
    }

    /** The zone, or null for a naive (wall-clock) timestamp. */
    public String tz() {
      return tz;
    }

    @Override
    void appendJson(StringBuilder out) {
      if (tz == null) {
        out.append("\"timestamp\"");
      } else {
        out.append("{\"type\":\"timestamp\",\"tz\":");
        SchemaJson.appendString(out, tz);
        out.append('}');
      }
    }
  }

  /** {@code decimal(p, s)}: {@code 1 <= p <= 38}, {@code 0 <= s <= p} (SPEC §3.5). */
  public static final class DecimalType extends DataType {
    /** The largest precision stored in the 8-byte slot; above it the value is a body. */
    public static final int MAX_LONG_PRECISION = 18;

    private final int precision;
    private final int scale;

    DecimalType(int precision, int scale) {
      if (precision < 1 || precision > 38 || scale < 0 || scale > precision) {
        throw new UnsupportedException(
            "",
            "decimal precision/scale must satisfy 1 <= p <= 38, 0 <= s <= p but found ("
                + precision
                + ","
                + scale
                + ")");
      }
      this.precision = precision;
      this.scale = scale;
    }

    @Override
    public TypeId id() {
      return TypeId.DECIMAL;
    }

    /** The number of decimal digits, 1 to 38. */
    public int precision() {
      return precision;
    }

    /** The number of digits after the point, 0 to the precision. */
    public int scale() {
      return scale;
    }

    @Override
    void appendJson(StringBuilder out) {
      out.append("{\"type\":\"decimal\",\"precision\":")
          .append(precision)
          .append(",\"scale\":")
          .append(scale)
          .append('}');
    }
  }

  /** {@code fixed_binary(n)}: exactly {@code n} bytes, {@code 1 <= n <= 2^31 - 8} (SPEC §3.8). */
  public static final class FixedBinaryType extends DataType {
    /** The largest size: a body must fit a row of at most 2^31 - 8 bytes (SPEC §7). */
    public static final int MAX_SIZE = Integer.MAX_VALUE - 7;

    private final int size;

    FixedBinaryType(int size) {
      if (size < 1 || size > MAX_SIZE) {
        throw new UnsupportedException(
            "", "expected a fixed_binary size 1 <= n <= 2^31-8 but found " + size);
      }
      this.size = size;
    }

    @Override
    public TypeId id() {
      return TypeId.FIXED_BINARY;
    }

    /** The number of bytes of every value. */
    public int size() {
      return size;
    }

    @Override
    void appendJson(StringBuilder out) {
      out.append("{\"type\":\"fixed_binary\",\"size\":").append(size).append('}');
    }
  }

  /** {@code list<E>} with the element's nullability. */
  public static final class ListType extends DataType {
    private final DataType element;
    private final boolean elementNullable;

    ListType(DataType element, boolean elementNullable) {
      this.element = Objects.requireNonNull(element, "element");
      this.elementNullable = elementNullable;
    }

    @Override
    public TypeId id() {
      return TypeId.LIST;
    }

    /** The element type. */
    public DataType element() {
      return element;
    }

    /** True when elements may be null. */
    public boolean elementNullable() {
      return elementNullable;
    }

    @Override
    void appendJson(StringBuilder out) {
      appendJson(out, true);
    }

    @Override
    void appendJson(StringBuilder out, boolean aliases) {
      out.append("{\"type\":\"list\",\"element\":");
      element.appendJson(out, aliases);
      out.append(",\"element_nullable\":").append(elementNullable).append('}');
    }
  }

  /** {@code map<K, V>}: keys are never null; values are nullable per {@code valueNullable}. */
  public static final class MapType extends DataType {
    private final DataType key;
    private final DataType value;
    private final boolean valueNullable;

    MapType(DataType key, DataType value, boolean valueNullable) {
      this.key = Objects.requireNonNull(key, "key");
      this.value = Objects.requireNonNull(value, "value");
      this.valueNullable = valueNullable;
    }

    @Override
    public TypeId id() {
      return TypeId.MAP;
    }

    /** The key type (keys are never null). */
    public DataType key() {
      return key;
    }

    /** The value type. */
    public DataType value() {
      return value;
    }

    /** True when values may be null. */
    public boolean valueNullable() {
      return valueNullable;
    }

    /** The key array's type: a list of non-null keys. */
    public ListType keyArrayType() {
      return new ListType(key, false);
    }

    /** The value array's type. */
    public ListType valueArrayType() {
      return new ListType(value, valueNullable);
    }

    @Override
    void appendJson(StringBuilder out) {
      appendJson(out, true);
    }

    @Override
    void appendJson(StringBuilder out, boolean aliases) {
      out.append("{\"type\":\"map\",\"key\":");
      key.appendJson(out, aliases);
      out.append(",\"value\":");
      value.appendJson(out, aliases);
      out.append(",\"value_nullable\":").append(valueNullable).append('}');
    }
  }
}
