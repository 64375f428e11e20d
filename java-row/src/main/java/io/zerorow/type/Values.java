package io.zerorow.type;

import io.zerorow.InvalidDataException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;

/** Conversions between Java time/decimal values and their stored integers (SPEC §3.3, §3.5). */
public final class Values {
  private static final BigInteger[] POW10 = new BigInteger[39];

  static {
    for (int i = 0; i < POW10.length; i++) {
      POW10[i] = BigInteger.TEN.pow(i);
    }
  }

  private Values() {}

  /** The instant {@code micros} microseconds after the epoch. */
  public static Instant instantOfMicros(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
  }

  /**
   * The wall-clock time {@code micros} microseconds after 1970-01-01T00:00 (a timestamp without
   * zone).
   */
  public static LocalDateTime localDateTimeOfMicros(long micros) {
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L),
        (int) (Math.floorMod(micros, 1_000_000L) * 1000L),
        ZoneOffset.UTC);
  }

  /** The duration of {@code micros} microseconds. */
  public static Duration durationOfMicros(long micros) {
    return Duration.ofSeconds(
        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
  }

  /**
   * Microseconds of an instant, truncated toward negative infinity (SPEC Appendix A: Spark and
   * Flink do the same); out of the int64 range is {@code invalid_data}.
   */
  public static long microsOf(Instant v, String path) {
    return microsOf(v, path, false);
  }

  /** Same as {@link #microsOf(Instant, String)}; {@code strict} refuses sub-microsecond digits. */
  public static long microsOf(Instant v, String path, boolean strict) {
    long us;
    try {
      us = Math.addExact(Math.multiplyExact(v.getEpochSecond(), 1_000_000L), v.getNano() / 1000);
    } catch (ArithmeticException e) {
      throw new InvalidDataException(
          path,
          "timestamp "
              + v
              + " is out of range: expected an instant within the int64 microsecond range");
    }
    if (strict && v.getNano() % 1000 != 0) {
      throw finer(path, v);
    }
    return us;
  }

  private static InvalidDataException finer(String path, Object v) {
    return new InvalidDataException(
        path,
        "expected whole microseconds but found "
            + v
            + " (the encoder is strict; by default it truncates to the microsecond)");
  }

  /**
   * Microseconds of a naive timestamp read as UTC, truncated (see {@link #microsOf(Instant,
   * String)}).
   */
  public static long microsOf(LocalDateTime v, String path) {
    return microsOf(v, path, false);
  }

  /** Same as {@link #microsOf(LocalDateTime, String)}; {@code strict} refuses nanoseconds. */
  public static long microsOf(LocalDateTime v, String path, boolean strict) {
    Instant i = v.toInstant(ZoneOffset.UTC);
    long us;
    try {
      us = Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1000);
    } catch (ArithmeticException e) {
      throw new InvalidDataException(
          path,
          "timestamp "
              + v
              + " is out of range: expected a date-time within the int64 microsecond range");
    }
    if (strict && v.getNano() % 1000 != 0) {
      throw finer(path, v);
    }
    return us;
  }

  /** Microseconds of a duration, truncated toward negative infinity. */
  public static long microsOf(Duration v, String path) {
    return microsOf(v, path, false);
  }

  /** Same as {@link #microsOf(Duration, String)}; {@code strict} refuses nanoseconds. */
  public static long microsOf(Duration v, String path, boolean strict) {
    long us;
    try {
      us = Math.addExact(Math.multiplyExact(v.getSeconds(), 1_000_000L), v.getNano() / 1000);
    } catch (ArithmeticException e) {
      throw new InvalidDataException(
          path,
          "duration "
              + v
              + " is out of range: expected a duration within the int64 microsecond range");
    }
    if (strict && v.getNano() % 1000 != 0) {
      throw finer(path, v);
    }
    return us;
  }

  /** Microseconds since midnight, truncated. */
  public static long microsOf(LocalTime v, String path) {
    return microsOf(v, path, false);
  }

  /** Same as {@link #microsOf(LocalTime, String)}; {@code strict} refuses nanoseconds. */
  public static long microsOf(LocalTime v, String path, boolean strict) {
    long nanos = v.toNanoOfDay();
    if (strict && nanos % 1000 != 0) {
      throw finer(path, v);
    }
    return nanos / 1000;
  }

  /** The date32 value of {@code v}: days since 1970-01-01. */
  public static int daysOf(LocalDate v) {
    return Math.toIntExact(v.toEpochDay());
  }

  /**
   * The unscaled value of {@code v} at {@code scale}, checked against {@code precision} (SPEC
   * §3.5): rescaling must be exact and {@code |unscaled| < 10^precision}.
   */
  public static BigInteger unscaled(BigDecimal v, int precision, int scale, String path) {
    BigDecimal r;
    try {
      r = v.setScale(scale, RoundingMode.UNNECESSARY);
    } catch (ArithmeticException e) {
      throw new InvalidDataException(
          path,
          "decimal "
              + v.toPlainString()
              + " needs rounding to fit scale "
              + scale
              + " of decimal("
              + precision
              + ","
              + scale
              + ")");
    }
    BigInteger u = r.unscaledValue();
    if (u.abs().compareTo(POW10[precision]) >= 0) {
      throw new InvalidDataException(
          path,
          "decimal "
              + v.toPlainString()
              + " exceeds the precision of decimal("
              + precision
              + ","
              + scale
              + ")");
    }
    return u;
  }

  /** True when {@code |u| < 10^precision}. */
  public static boolean fitsPrecision(BigInteger u, int precision) {
    return u.abs().compareTo(POW10[precision]) < 0;
  }

  /** True when {@code |u| < 10^precision}, for precision ≤ 18. */
  public static boolean fitsPrecision(long u, int precision) {
    long bound = POW10[precision].longValue();
    return u > -bound && u < bound;
  }
}
