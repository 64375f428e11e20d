package io.zerorow.flink;

import io.zerorow.row.BinaryGetters;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.TypeId;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;

/**
 * Reads one zerorow value (a row field or an array element) as Flink's internal data structure;
 * shared by {@link ZerorowRowData} and {@link ZerorowArrayData}. TIME and durations are
 * microseconds in zerorow and milliseconds in Flink (FlinkTypes).
 */
final class FieldReads {
  private FieldReads() {}

  static int getInt(BinaryGetters g, int pos, TypeId id) {
    return id == TypeId.TIME ? (int) Math.floorDiv(g.getLong(pos), 1000L) : g.getInt(pos);
  }

  static long getLong(BinaryGetters g, int pos, TypeId id) {
    return id == TypeId.DURATION ? Math.floorDiv(g.getLong(pos), 1000L) : g.getLong(pos);
  }

  static StringData getString(BinaryGetters g, int pos) {
    byte[] utf8 = g.getUtf8(pos);
    return utf8 == null ? null : StringData.fromBytes(utf8);
  }

  static DecimalData getDecimal(BinaryGetters g, int pos, DataType t, int precision, int scale) {
    if (g.isNullAt(pos)) {
      return null;
    }
    if (((DataTypes.DecimalType) t).precision() <= DataTypes.DecimalType.MAX_LONG_PRECISION
        && precision <= DataTypes.DecimalType.MAX_LONG_PRECISION) {
      return DecimalData.fromUnscaledLong(g.getLong(pos), precision, scale);
    }
    return DecimalData.fromBigDecimal(g.getDecimal(pos), precision, scale);
  }

  static TimestampData getTimestamp(BinaryGetters g, int pos) {
    if (g.isNullAt(pos)) {
      return null;
    }
    long us = g.getLong(pos);
    return TimestampData.fromEpochMillis(
        Math.floorDiv(us, 1000L), (int) Math.floorMod(us, 1000L) * 1000);
  }
}
