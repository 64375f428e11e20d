package io.zerorow.flink.bench;

import java.time.Instant;

/**
 * The flat row of the NYC flights data (nycflights13's {@code flights}, 19 columns) as a Flink
 * POJO: the columns that have nulls in the data boxed, the others primitive, as a Java user would
 * write it; {@code time_hour} an {@link Instant} (a UTC timestamp). No Kryo.
 */
public class Flight {
  public long year, month, day;
  public Long depTime;
  public long schedDepTime;
  public Double depDelay;
  public Long arrTime;
  public long schedArrTime;
  public Double arrDelay;
  public String carrier;
  public long flight;
  public String tailnum;
  public String origin, dest;
  public Double airTime;
  public double distance;
  public long hour, minute;
  public Instant timeHour;
}
