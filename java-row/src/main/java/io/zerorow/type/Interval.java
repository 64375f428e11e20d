package io.zerorow.type;

/**
 * A calendar interval (SPEC §3.7): months, days and microseconds, each signed and independent (a
 * month is not 30 days, a day is not 86,400 seconds across a daylight-saving change). The value of
 * the type {@code interval} (Spark's {@code CalendarInterval}, Arrow's {@code month_day_nano}).
 *
 * @param months the number of months
 * @param days the number of days
 * @param microseconds the number of microseconds
 */
public record Interval(int months, int days, long microseconds) {
  /** The interval of {@code months} months, 0 days and 0 µs (an interval_ym read as interval). */
  public static Interval ofMonths(int months) {
    return new Interval(months, 0, 0);
  }

  /** The interval of 0 months, 0 days and {@code microseconds} µs (a duration read as one). */
  public static Interval ofMicroseconds(long microseconds) {
    return new Interval(0, 0, microseconds);
  }
}
