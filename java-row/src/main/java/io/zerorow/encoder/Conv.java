package io.zerorow.encoder;

import io.zerorow.InvalidDataException;
import io.zerorow.SchemaMismatchException;
import io.zerorow.type.Values;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Checked conversions used by both the generated and the interpreted codecs, so that both give the
 * same bytes and the same errors. Internal.
 */
public final class Conv {
  private Conv() {}

  public static byte int8(long v, String path) {
    if (v != (byte) v) {
      throw range(v, "int8", path);
    }
    return (byte) v;
  }

  public static short int16(long v, String path) {
    if (v != (short) v) {
      throw range(v, "int16", path);
    }
    return (short) v;
  }

  public static int int32(long v, String path) {
    if (v != (int) v) {
      throw range(v, "int32", path);
    }
    return (int) v;
  }

  private static InvalidDataException range(long v, String type, String path) {
    return new InvalidDataException(path, "value " + v + " is out of the range of " + type);
  }

  public static long time(long micros, String path) {
    if (micros < 0 || micros >= 86_400_000_000L) {
      throw new InvalidDataException(path, "expected 0 <= time < 86400000000 but found " + micros);
    }
    return micros;
  }

  public static int days(LocalDate v, String path) {
    long d = v.toEpochDay();
    if (d != (int) d) {
      throw new InvalidDataException(path, "date out of the int32 day range: " + v);
    }
    return (int) d;
  }

  public static long micros(LocalTime v, String path) {
    return Values.microsOf(v, path);
  }

  public static long micros(LocalTime v, String path, boolean strict) {
    return Values.microsOf(v, path, strict);
  }

  public static long micros(Instant v, String path) {
    return Values.microsOf(v, path);
  }

  public static long micros(Instant v, String path, boolean strict) {
    return Values.microsOf(v, path, strict);
  }

  public static long micros(LocalDateTime v, String path) {
    return Values.microsOf(v, path);
  }

  public static long micros(LocalDateTime v, String path, boolean strict) {
    return Values.microsOf(v, path, strict);
  }

  public static long micros(Duration v, String path) {
    return Values.microsOf(v, path);
  }

  public static long micros(Duration v, String path, boolean strict) {
    return Values.microsOf(v, path, strict);
  }

  public static LocalDate date(int days) {
    return LocalDate.ofEpochDay(days);
  }

  public static LocalTime time(long micros) {
    if (micros < 0 || micros >= 86_400_000_000L) {
      throw new InvalidDataException("", "expected 0 <= time < 86400000000 but found " + micros);
    }
    return LocalTime.ofNanoOfDay(micros * 1000L);
  }

  public static Instant instant(long micros) {
    return Values.instantOfMicros(micros);
  }

  public static LocalDateTime localDateTime(long micros) {
    return Values.localDateTimeOfMicros(micros);
  }

  public static Duration duration(long micros) {
    return Values.durationOfMicros(micros);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  public static Enum<?> enumValue(Class<?> cls, String name, String path) {
    try {
      return Enum.valueOf((Class) cls, name);
    } catch (IllegalArgumentException e) {
      throw new InvalidDataException(
          path, "\"" + name + "\" is not a constant of " + cls.getName());
    }
  }

  /**
   * Returns {@code g} after checking that ordinal {@code i} is not null: decoding a row whose
   * non-nullable field has its null bit set is {@code invalid_data}, never a default value.
   */
  public static io.zerorow.row.BinaryRow notNull(io.zerorow.row.BinaryRow g, int i, String path) {
    if (io.zerorow.internal.Checks.BOUNDS_CHECKS && g.isNullAt(i)) {
      throw nullBit(path);
    }
    return g;
  }

  /**
   * Checks in one test that none of the fields 0–63 of {@code r} whose bit is set in {@code fields}
   * (its non-nullable ones) is null; {@code paths[i]} names field i in the error.
   */
  public static void notNull(io.zerorow.row.BinaryRow r, long fields, String[] paths) {
    if (io.zerorow.internal.Checks.BOUNDS_CHECKS && r.anyNull(fields)) {
      int i = 0;
      while (((fields >>> i) & 1) == 0 || !r.isNullAt(i)) {
        i++;
      }
      throw nullBit(paths[i]);
    }
  }

  /** Same as {@link #notNull(io.zerorow.row.BinaryRow, int, String)} for an array element. */
  public static io.zerorow.row.BinaryArray notNull(
      io.zerorow.row.BinaryArray g, int i, String path) {
    if (io.zerorow.internal.Checks.BOUNDS_CHECKS && g.isNullAt(i)) {
      throw nullBit(path);
    }
    return g;
  }

  /** Returns {@code a} after checking that none of its elements is null. */
  public static io.zerorow.row.BinaryArray noNulls(io.zerorow.row.BinaryArray a, String path) {
    if (io.zerorow.internal.Checks.BOUNDS_CHECKS && a.anyNull()) {
      throw nullBit(path);
    }
    return a;
  }

  /** The error of a null bit set on a value whose type is not nullable. */
  public static InvalidDataException nullBit(String path) {
    return new InvalidDataException(
        path, "expected a value (the type is not nullable) but " + "found its null bit set");
  }

  /**
   * The error of a decode that would produce more values than its row has bytes: references share
   * or overlap bodies (SPEC §6.2 refuses such a row at level full), and decoding them again and
   * again could take time and memory exponential in the depth.
   */
  public static InvalidDataException overBudget(String path) {
    return new InvalidDataException(
        path,
        "decoding would produce more values than the row has"
            + " bytes (a row holds at most one value per byte, SPEC §6.2): references share or"
            + " overlap bodies; validate the row at level full to find them");
  }

  /**
   * The decode budget of a row: its size in bytes (an unset view is refused here, before a budget
   * of 0 would misreport it as shared bodies).
   */
  public static long budgetOf(io.zerorow.row.BinaryRow r) {
    if (!r.isSet()) {
      throw new IllegalStateException(
          "BinaryRow is unset: point it at bytes (pointTo/wrap)" + " before decoding it");
    }
    return r.getSizeInBytes();
  }

  /** The decode budget of the interpreted codecs, per thread (the generated ones keep a field). */
  static final class Budget {
    private static final ThreadLocal<Budget> CURRENT = ThreadLocal.withInitial(Budget::new);
    long left;
    int depth;

    /** Enters a decode; the outermost one starts the budget at {@code bytes}. */
    static Budget enter(long bytes) {
      Budget b = CURRENT.get();
      if (b.depth++ == 0) {
        b.left = bytes;
      }
      return b;
    }

    void exit() {
      depth--;
    }

    static void take(long n, String path) {
      Budget b = CURRENT.get();
      if (b.depth > 0 && (b.left -= n) < 0) {
        throw overBudget(path);
      }
    }
  }

  public static InvalidDataException nullValue(String path) {
    return new InvalidDataException(path, "null where the type is not nullable");
  }

  public static SchemaMismatchException sizeChanged(String path, int expected, int found) {
    return new SchemaMismatchException(
        path,
        "collection changed while encoding: expected " + expected + " elements but found " + found);
  }

  /**
   * A decoded variant, detached from the row's memory (which an encoder reuses): a view read in
   * place would change under the object.
   */
  public static io.zerorow.type.Variant variant(io.zerorow.type.Variant v) {
    return v == null ? null : v.copy();
  }

  /** The error of a value given for a field of type null (SPEC §3.6: always null). */
  public static SchemaMismatchException voidValue(String path, Object v) {
    return new SchemaMismatchException(
        path, "expected null (the type null holds nothing else) but found " + v);
  }

  public static long decimal18(long unscaled, int precision, String path) {
    if (!Values.fitsPrecision(unscaled, precision)) {
      throw new InvalidDataException(
          path, "unscaled value " + unscaled + " exceeds the precision " + precision);
    }
    return unscaled;
  }
}
