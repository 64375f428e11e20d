package io.zerorow.internal;

import io.zerorow.InvalidDataException;
import io.zerorow.UnsupportedException;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Interval;
import io.zerorow.type.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * The one mapping of SPEC §12 between zerorow types and the column types of Arrow and Parquet, both
 * ways, with the value conversions it names. Arrow and Parquet describe a column type as a {@link
 * Source} (the kinds below, which are Arrow's types plus Parquet's INT96 and interval), and {@link
 * #toZerorow} gives every entry point its zerorow type, verdict and conversion; {@link #toSource}
 * gives the Arrow or Parquet writer the source type of a zerorow type. So {@code ArrowReader},
 * {@code ArrowWriter}, {@code ParquetRowReader} and {@code ParquetRowWriter} give the same column
 * the same verdict, the same values and the same errors. Not API.
 */
public final class Mapping {
  private Mapping() {}

  /** A time unit of Arrow or Parquet, and how many per second. */
  public enum Unit {
    /** Seconds. */
    SECOND("s"),
    /** Milliseconds. */
    MILLI("ms"),
    /** Microseconds: zerorow's unit (SPEC §3.3). */
    MICRO("us"),
    /** Nanoseconds: floored to µs (Appendix A rule 6). */
    NANO("ns");

    private final String text;

    Unit(String text) {
      this.text = text;
    }

    /** The unit as Arrow prints it: {@code s}, {@code ms}, {@code us}, {@code ns}. */
    public String text() {
      return text;
    }
  }

  /** The kinds of column type a source can have. */
  public enum Kind {
    /** Arrow {@code null}, Parquet {@code UNKNOWN}. */
    NULL,
    /** bool. */
    BOOL,
    /** An integer of {@link Source#bits} bits, signed or not. */
    INT,
    /** A float of 16, 32 or 64 bits. */
    FLOAT,
    /** decimal32/64/128/256 (bits) of a precision and scale. */
    DECIMAL,
    /** UTF-8 text (plain, large, view; Parquet STRING, ENUM, JSON). */
    STRING,
    /** Bytes (plain, large, view; Parquet BYTE_ARRAY, BSON). */
    BINARY,
    /** {@code fixed_size_binary(size)}. */
    FIXED_BINARY,
    /** {@code date32[day]}. */
    DATE_DAY,
    /** {@code date64[ms]}. */
    DATE_MILLI,
    /** A time of day in a unit. */
    TIME,
    /** A timestamp in a unit, with a zone or none. */
    TIMESTAMP,
    /** Parquet's legacy INT96 timestamp (nanoseconds of a Julian day). */
    INT96,
    /** A duration in a unit. */
    DURATION,
    /** {@code month_interval}. */
    INTERVAL_MONTHS,
    /** {@code day_time_interval}: days and milliseconds. */
    INTERVAL_DAY_TIME,
    /** {@code month_day_nano_interval}. */
    INTERVAL_MONTH_DAY_NANO,
    /** Parquet's INTERVAL: unsigned months, days and milliseconds. */
    INTERVAL_MILLIS,
    /** {@code arrow.uuid}, Parquet UUID. */
    UUID,
    /** {@code parquet.variant}, Parquet VARIANT (metadata and value). */
    VARIANT,
    /** A list (any Arrow list form, a Parquet LIST). */
    LIST,
    /** A map. */
    MAP,
    /** A struct. */
    STRUCT,
    /** A type SPEC §12 refuses (unions, decimal beyond 38 digits, an unknown type ...). */
    UNSUPPORTED
  }

  /**
   * A column type of Arrow or Parquet, as the mapping sees it. {@link #name} is the type as its
   * format prints it ({@code date64[ms]}, {@code fixed_size_binary[16]}), for messages.
   */
  public static final class Source {
    final Kind kind;
    final String name;
    int bits;
    boolean signed = true;
    Unit unit;
    String tz;
    int precision;
    int scale;
    int size;
    final List<String> names = new ArrayList<>();
    final List<Source> children = new ArrayList<>();
    final List<Boolean> nullable = new ArrayList<>();

    private Source(Kind kind, String name) {
      this.kind = kind;
      this.name = name;
    }

    /** A source of a kind without parameters. */
    public static Source of(Kind kind, String name) {
      return new Source(kind, name);
    }

    /** An integer of {@code bits} bits. */
    public static Source integer(int bits, boolean signed, String name) {
      Source s = new Source(Kind.INT, name);
      s.bits = bits;
      s.signed = signed;
      return s;
    }

    /** A float of {@code bits} bits (16, 32 or 64). */
    public static Source floating(int bits, String name) {
      Source s = new Source(Kind.FLOAT, name);
      s.bits = bits;
      return s;
    }

    /** A decimal of {@code bits} bits. */
    public static Source decimal(int precision, int scale, int bits, String name) {
      Source s = new Source(Kind.DECIMAL, name);
      s.precision = precision;
      s.scale = scale;
      s.bits = bits;
      return s;
    }

    /** A fixed-size binary of {@code size} bytes. */
    public static Source fixedBinary(int size, String name) {
      Source s = new Source(Kind.FIXED_BINARY, name);
      s.size = size;
      return s;
    }

    /** A time, timestamp or duration in {@code unit} (a timestamp's zone, or null). */
    public static Source temporal(Kind kind, Unit unit, String tz, String name) {
      Source s = new Source(kind, name);
      s.unit = unit;
      s.tz = tz;
      return s;
    }

    /** A list of {@code element}. */
    public static Source list(Source element, boolean elementNullable, String name) {
      Source s = new Source(Kind.LIST, name);
      s.children.add(element);
      s.nullable.add(elementNullable);
      s.names.add("element");
      return s;
    }

    /** A map of {@code key} (never null) to {@code value}. */
    public static Source map(Source key, Source value, boolean valueNullable, String name) {
      Source s = new Source(Kind.MAP, name);
      s.children.add(key);
      s.children.add(value);
      s.nullable.add(false);
      s.nullable.add(valueNullable);
      s.names.add("key");
      s.names.add("value");
      return s;
    }

    /** A struct; add its fields with {@link #field}. */
    public static Source struct(String name) {
      return new Source(Kind.STRUCT, name);
    }

    /** Adds a field to this struct. */
    public Source field(String fieldName, Source type, boolean fieldNullable) {
      names.add(fieldName);
      children.add(type);
      nullable.add(fieldNullable);
      return this;
    }

    /** The kind. */
    public Kind kind() {
      return kind;
    }

    /** The type as its format prints it. */
    public String name() {
      return name;
    }

    /** The bits of an integer, float or decimal. */
    public int bits() {
      return bits;
    }

    /** Whether an integer is signed. */
    public boolean signed() {
      return signed;
    }

    /** The unit of a time, timestamp or duration. */
    public Unit unit() {
      return unit;
    }

    /** The zone of a timestamp, or null. */
    public String tz() {
      return tz;
    }

    /** A decimal's precision. */
    public int precision() {
      return precision;
    }

    /** A decimal's scale. */
    public int scale() {
      return scale;
    }

    /** A fixed-size binary's size. */
    public int size() {
      return size;
    }

    /** The children: a list's element, a map's key and value, a struct's fields. */
    public List<Source> children() {
      return children;
    }

    /** The children's names (a struct's field names). */
    public List<String> names() {
      return names;
    }

    /** The children's nullability. */
    public List<Boolean> nullable() {
      return nullable;
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** How a source column's values become zerorow values (SPEC §12, "Verdicts"). */
  public enum Verdict {
    /** Every value is the same value. */
    EXACT,
    /** A lossless change of type. */
    WIDENED,
    /** Values finer than a microsecond follow Appendix A rule 6. */
    RULE6,
    /** Exact where the value fits, else {@code invalid_data} naming the column and the row. */
    CHECKED;

    /** The verdict as the corpus tables write it ({@code exact}, {@code rule6} ...). */
    public String text() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * A source type's zerorow type, its verdict and its children's (a list's element, a map's key and
   * value, a struct's fields).
   */
  public record Imported(Source source, DataType type, Verdict verdict, List<Imported> children) {
    /** The verdict of the column: the least exact of its own and its children's. */
    public Verdict columnVerdict() {
      Verdict v = verdict;
      for (Imported c : children) {
        Verdict cv = c.columnVerdict();
        if (cv.ordinal() > v.ordinal()) {
          v = cv;
        }
      }
      return v;
    }
  }

  /** The error of a type SPEC §12 refuses, at {@code path}. */
  public static UnsupportedException refused(String path, Source s, String why) {
    return new UnsupportedException(
        path, s.name + " has no zerorow type" + (why.isEmpty() ? "" : ": " + why) + " (SPEC §12)");
  }

  // ---- the source type -> zerorow (SPEC §12.2, §12.3) ----

  /**
   * The zerorow type, verdict and conversion of a source column type (SPEC §12.2 and the Parquet
   * read table of §12.3), at the column path {@code path} (SPEC §4.3).
   *
   * @throws UnsupportedException for a type the mapping refuses, naming the path and the type
   */
  public static Imported toZerorow(Source s, String path) {
    return switch (s.kind) {
      case NULL -> leaf(s, DataTypes.NULL, Verdict.EXACT);
      case BOOL -> leaf(s, DataTypes.BOOL, Verdict.EXACT);
      case INT -> integer(s, path);
      case FLOAT ->
          switch (s.bits) {
            case 16 -> leaf(s, DataTypes.FLOAT32, Verdict.WIDENED);
            case 32 -> leaf(s, DataTypes.FLOAT32, Verdict.EXACT);
            case 64 -> leaf(s, DataTypes.FLOAT64, Verdict.EXACT);
            default -> throw refused(path, s, "a float of " + s.bits + " bits");
          };
      case DECIMAL -> {
        if (s.precision < 1 || s.precision > 38 || s.scale < 0 || s.scale > s.precision) {
          throw refused(path, s, "zerorow decimals have 1 <= precision <= 38, 0 <= scale");
        }
        yield leaf(s, DataTypes.decimal(s.precision, s.scale), Verdict.EXACT);
      }
      case STRING -> leaf(s, DataTypes.STRING, Verdict.EXACT);
      case BINARY -> leaf(s, DataTypes.BINARY, Verdict.EXACT);
      case FIXED_BINARY -> {
        if (s.size < 1 || s.size > DataTypes.FixedBinaryType.MAX_SIZE) {
          throw refused(path, s, "fixed_binary sizes are 1 to 2^31-8");
        }
        yield leaf(s, DataTypes.fixedBinary(s.size), Verdict.EXACT);
      }
      case DATE_DAY -> leaf(s, DataTypes.DATE32, Verdict.EXACT);
      case DATE_MILLI -> leaf(s, DataTypes.DATE32, Verdict.CHECKED);
      case TIME -> leaf(s, DataTypes.TIME, s.unit == Unit.NANO ? Verdict.RULE6 : Verdict.EXACT);
      case TIMESTAMP ->
          leaf(s, DataTypes.timestamp(s.tz), s.unit == Unit.NANO ? Verdict.RULE6 : Verdict.CHECKED);
      case INT96 -> leaf(s, DataTypes.TIMESTAMP, Verdict.RULE6);
      case DURATION ->
          leaf(s, DataTypes.DURATION, s.unit == Unit.NANO ? Verdict.RULE6 : Verdict.CHECKED);
      case INTERVAL_MONTHS -> leaf(s, DataTypes.INTERVAL_YM, Verdict.EXACT);
      case INTERVAL_DAY_TIME -> leaf(s, DataTypes.INTERVAL, Verdict.EXACT);
      case INTERVAL_MONTH_DAY_NANO -> leaf(s, DataTypes.INTERVAL, Verdict.RULE6);
      case INTERVAL_MILLIS -> leaf(s, DataTypes.INTERVAL, Verdict.CHECKED);
      case UUID -> leaf(s, DataTypes.UUID, Verdict.EXACT);
      case VARIANT -> leaf(s, DataTypes.VARIANT, Verdict.EXACT);
      case LIST -> {
        Imported e = toZerorow(s.children.get(0), path + "[]");
        boolean en = s.nullable.get(0) || e.type.id() == io.zerorow.type.TypeId.NULL;
        yield new Imported(s, DataTypes.list(e.type, en), Verdict.EXACT, List.of(e));
      }
      case MAP -> {
        Imported k = toZerorow(s.children.get(0), path + "{keys}");
        Imported v = toZerorow(s.children.get(1), path + "{values}");
        boolean vn = s.nullable.get(1) || v.type.id() == io.zerorow.type.TypeId.NULL;
        yield new Imported(s, DataTypes.map(k.type, v.type, vn), Verdict.EXACT, List.of(k, v));
      }
      case STRUCT -> {
        List<Field> fields = new ArrayList<>();
        List<Imported> children = new ArrayList<>();
        for (int i = 0; i < s.children.size(); i++) {
          String n = s.names.get(i);
          Imported c = toZerorow(s.children.get(i), path.isEmpty() ? n : path + "." + n);
          children.add(c);
          // a column of type null is nullable whatever it declares (SPEC §3.6)
          boolean nullable = s.nullable.get(i) || c.type.id() == io.zerorow.type.TypeId.NULL;
          fields.add(Field.of(n, c.type, nullable));
        }
        Schema st;
        try {
          st = DataTypes.struct(fields);
        } catch (io.zerorow.ZerorowException e) {
          // an empty or duplicate field name (SPEC §4.1), named at the struct's path
          throw io.zerorow.ZerorowException.of(
              e.kind(), path, "struct " + s.name + ": " + e.detail());
        }
        yield new Imported(s, st, Verdict.EXACT, children);
      }
      case UNSUPPORTED -> throw refused(path, s, "");
    };
  }

  private static Imported leaf(Source s, DataType t, Verdict v) {
    return new Imported(s, t, v, List.of());
  }

  private static Imported integer(Source s, String path) {
    if (s.signed) {
      return switch (s.bits) {
        case 8 -> leaf(s, DataTypes.INT8, Verdict.EXACT);
        case 16 -> leaf(s, DataTypes.INT16, Verdict.EXACT);
        case 32 -> leaf(s, DataTypes.INT32, Verdict.EXACT);
        case 64 -> leaf(s, DataTypes.INT64, Verdict.EXACT);
        default -> throw refused(path, s, "an integer of " + s.bits + " bits");
      };
    }
    return switch (s.bits) {
      case 8 -> leaf(s, DataTypes.INT16, Verdict.WIDENED);
      case 16 -> leaf(s, DataTypes.INT32, Verdict.WIDENED);
      case 32 -> leaf(s, DataTypes.INT64, Verdict.WIDENED);
      case 64 -> leaf(s, DataTypes.decimal(20, 0), Verdict.WIDENED);
      default -> throw refused(path, s, "an integer of " + s.bits + " bits");
    };
  }

  // ---- zerorow -> the source type (SPEC §12.1, the Parquet write table of §12.3) ----

  /**
   * The source type a zerorow type is written as (SPEC §12.1); the Arrow and Parquet writers
   * realize it in their format. Names are Arrow's.
   */
  public static Source toSource(DataType t) {
    return switch (t.id()) {
      case NULL -> Source.of(Kind.NULL, "null");
      case BOOL -> Source.of(Kind.BOOL, "bool");
      case INT8 -> Source.integer(8, true, "int8");
      case INT16 -> Source.integer(16, true, "int16");
      case INT32 -> Source.integer(32, true, "int32");
      case INT64 -> Source.integer(64, true, "int64");
      case FLOAT32 -> Source.floating(32, "float");
      case FLOAT64 -> Source.floating(64, "double");
      case STRING -> Source.of(Kind.STRING, "string");
      case BINARY -> Source.of(Kind.BINARY, "binary");
      case FIXED_BINARY -> {
        int n = ((DataTypes.FixedBinaryType) t).size();
        yield Source.fixedBinary(n, "fixed_size_binary[" + n + "]");
      }
      case UUID -> Source.of(Kind.UUID, "extension<arrow.uuid>");
      case DATE32 -> Source.of(Kind.DATE_DAY, "date32[day]");
      case TIME -> Source.temporal(Kind.TIME, Unit.MICRO, null, "time64[us]");
      case TIMESTAMP -> {
        String tz = ((DataTypes.TimestampType) t).tz();
        yield Source.temporal(
            Kind.TIMESTAMP,
            Unit.MICRO,
            tz,
            tz == null ? "timestamp[us]" : "timestamp[us, tz=" + tz + "]");
      }
      case DURATION -> Source.temporal(Kind.DURATION, Unit.MICRO, null, "duration[us]");
      case INTERVAL_YM -> Source.of(Kind.INTERVAL_MONTHS, "month_interval");
      case INTERVAL -> Source.of(Kind.INTERVAL_MONTH_DAY_NANO, "month_day_nano_interval");
      case DECIMAL -> {
        DataTypes.DecimalType d = (DataTypes.DecimalType) t;
        yield Source.decimal(
            d.precision(), d.scale(), 128, "decimal128(" + d.precision() + ", " + d.scale() + ")");
      }
      case VARIANT -> Source.of(Kind.VARIANT, "extension<parquet.variant>");
      case LIST -> {
        DataTypes.ListType l = (DataTypes.ListType) t;
        Source e = toSource(l.element());
        yield Source.list(e, l.elementNullable(), "list<item: " + e.name + ">");
      }
      case MAP -> {
        DataTypes.MapType m = (DataTypes.MapType) t;
        Source k = toSource(m.key());
        Source v = toSource(m.value());
        yield Source.map(k, v, m.valueNullable(), "map<" + k.name + ", " + v.name + ">");
      }
      case STRUCT -> {
        Source s = Source.struct("struct");
        for (Field f : ((Schema) t).fields()) {
          s.field(f.name(), toSource(f.type()), f.nullable());
        }
        yield s;
      }
    };
  }

  // ---- the value conversions (SPEC §12.2, §12.3) ----

  /** The error of a value a checked conversion cannot hold, naming the column and the row. */
  public static InvalidDataException invalid(String path, long row, String detail) {
    return new InvalidDataException(path, "row " + row + ": " + detail);
  }

  /**
   * {@code v} in {@code unit} as microseconds: seconds and milliseconds exactly (checked to fit
   * int64), nanoseconds floored toward negative infinity (Appendix A rule 6) or, when {@code
   * strict}, refused unless whole; {@code what} names the kind of value in messages.
   */
  public static long micros(long v, Unit unit, boolean strict, String what, String path, long row) {
    return switch (unit) {
      case SECOND -> scaled(v, 1_000_000L, what, path, row, unit);
      case MILLI -> scaled(v, 1_000L, what, path, row, unit);
      case MICRO -> v;
      case NANO -> {
        if (strict && v % 1000 != 0) {
          throw invalid(
              path,
              row,
              what
                  + " "
                  + v
                  + " ns is not a whole number of microseconds (strict: floor it first, or"
                  + " read without strict)");
        }
        yield Math.floorDiv(v, 1000L);
      }
    };
  }

  private static long scaled(long v, long factor, String what, String path, long row, Unit u) {
    long r = v * factor;
    if (Math.multiplyHigh(v, factor) != (r >> 63)) {
      throw invalid(
          path, row, what + " " + v + " " + u.text + " does not fit in int64 microseconds");
    }
    return r;
  }

  /** A time of day in µs, checked to be in {@code [0, 24 h)} (SPEC §3.3). */
  public static long timeOfDay(long us, String path, long row) {
    if (us < 0 || us >= 86_400_000_000L) {
      throw invalid(path, row, "expected 0 <= time < 86400000000 µs but found " + us);
    }
    return us;
  }

  /** A {@code date64[ms]}: a whole number of days (checked), as days. */
  public static int daysOfMillis(long ms, String path, long row) {
    if (ms % 86_400_000L != 0) {
      throw invalid(path, row, "date64 " + ms + " ms is not a whole number of days");
    }
    long d = ms / 86_400_000L;
    if (d != (int) d) {
      throw invalid(path, row, "date64 " + ms + " ms is out of the date32 range");
    }
    return (int) d;
  }

  /** An IEEE 754 half-precision float (its 16 bits) as a float: exact. */
  public static float halfToFloat(short h) {
    int bits = h & 0xffff;
    int sign = (bits & 0x8000) << 16;
    int exp = (bits >>> 10) & 0x1f;
    int mant = bits & 0x3ff;
    if (exp == 0x1f) {
      return Float.intBitsToFloat(sign | 0x7f800000 | (mant << 13)); // infinity or NaN
    }
    if (exp == 0) {
      // zero or subnormal: mant × 2^-24, exact in a float
      float f = mant * 0x1p-24f;
      return sign != 0 ? -f : f;
    }
    return Float.intBitsToFloat(sign | ((exp + 112) << 23) | (mant << 13));
  }

  /** A {@code month_day_nano} interval: nanoseconds floored to µs (rule 6) or refused if strict. */
  public static Interval monthDayNano(
      int months, int days, long nanos, boolean strict, String path, long row) {
    return new Interval(
        months, days, micros(nanos, Unit.NANO, strict, "interval nanoseconds", path, row));
  }

  /** A {@code day_time} interval: days and milliseconds, exactly. */
  public static Interval dayTime(int days, int millis) {
    return new Interval(0, days, millis * 1000L);
  }

  /**
   * Parquet's INTERVAL (unsigned months, days, milliseconds): months and days checked below 2^31
   * (zerorow's are int32), the milliseconds (any u32) × 1000.
   */
  public static Interval parquetInterval(int months, int days, int millis, String path, long row) {
    if (months < 0 || days < 0) {
      throw invalid(
          path,
          row,
          "a Parquet INTERVAL of "
              + Integer.toUnsignedString(months)
              + " months and "
              + Integer.toUnsignedString(days)
              + " days does not fit zerorow's int32 months and days (each must be < 2^31)");
    }
    return new Interval(months, days, Integer.toUnsignedLong(millis) * 1000L);
  }

  /** Julian day of 1970-01-01. */
  private static final long JULIAN_EPOCH = 2_440_588L;

  /**
   * A Parquet INT96 timestamp (unsigned nanoseconds of the day, as Arrow reads them, then the
   * Julian day) as µs since the epoch: the nanoseconds floored (rule 6, or refused when {@code
   * strict}), the result checked to fit int64, never wrapped.
   */
  public static long int96Micros(
      long nanosOfDay, int julianDay, boolean strict, String path, long row) {
    if (strict && Long.remainderUnsigned(nanosOfDay, 1000) != 0) {
      throw invalid(
          path,
          row,
          "INT96 nanoseconds "
              + Long.toUnsignedString(nanosOfDay)
              + " are not a whole number of microseconds (strict: read without strict)");
    }
    long us = Long.divideUnsigned(nanosOfDay, 1000);
    try {
      return Math.addExact(Math.multiplyExact(julianDay - JULIAN_EPOCH, 86_400_000_000L), us);
    } catch (ArithmeticException e) {
      throw invalid(
          path,
          row,
          "INT96 timestamp of Julian day "
              + julianDay
              + " and "
              + Long.toUnsignedString(nanosOfDay)
              + " ns does not fit in int64 microseconds");
    }
  }
}
