package io.zerorow.spark;

import io.zerorow.DataType;
import io.zerorow.DataTypes;
import io.zerorow.InvalidDataException;
import io.zerorow.Schema;
import org.apache.spark.unsafe.Platform;

/**
 * The few places where a Spark {@code UnsafeRow} and a zerorow row differ (SPEC §9), fixed in
 * place on bytes that are already valid: a NaN is rewritten as the canonical NaN (SPEC §2.6:
 * Spark keeps the bits a computation produced), and {@code time} is scaled between Spark 4's
 * nanoseconds and zerorow's microseconds. Only rows whose schema has a float or time value
 * anywhere are walked ({@link #needed}); a NaN-free float is read and left alone.
 */
final class RowFixups {
  private static final int CANONICAL_NAN_32 = Float.floatToRawIntBits(Float.NaN);
  private static final long CANONICAL_NAN_64 = Double.doubleToRawLongBits(Double.NaN);

  private final Object base;
  /** Spark → zerorow (encode) or zerorow → Spark (decode). */
  private final boolean toZerorow;

  private RowFixups(Object base, boolean toZerorow) {
    this.base = base;
    this.toZerorow = toZerorow;
  }

  /** True when rows of {@code t} hold a float or time value somewhere. */
  static boolean needed(DataType t) {
    switch (t.id()) {
      case FLOAT32:
      case FLOAT64:
      case TIME:
        return true;
      case LIST:
        return needed(((DataTypes.ListType) t).element());
      case MAP:
        return needed(((DataTypes.MapType) t).key()) || needed(((DataTypes.MapType) t).value());
      case STRUCT:
        for (io.zerorow.Field f : ((Schema) t).fields()) {
          if (needed(f.type())) {
            return true;
          }
        }
        return false;
      default:
        return false;
    }
  }

  /** True when rows of {@code t} hold a time value (decoding then needs its own copy). */
  static boolean hasTime(DataType t) {
    switch (t.id()) {
      case TIME:
        return true;
      case LIST:
        return hasTime(((DataTypes.ListType) t).element());
      case MAP:
        return hasTime(((DataTypes.MapType) t).key()) || hasTime(((DataTypes.MapType) t).value());
      case STRUCT:
        for (io.zerorow.Field f : ((Schema) t).fields()) {
          if (hasTime(f.type())) {
            return true;
          }
        }
        return false;
      default:
        return false;
    }
  }

  /** Spark bytes → zerorow bytes: canonical NaNs, time in microseconds. */
  static void toZerorow(Schema schema, Object base, long address) {
    new RowFixups(base, true).row(schema, address, "");
  }

  /** zerorow bytes → Spark bytes: time in nanoseconds (NaNs are left as they are). */
  static void toSpark(Schema schema, Object base, long address) {
    new RowFixups(base, false).row(schema, address, "");
  }

  private void row(Schema schema, long address, String path) {
    int bitmap = schema.bitmapBytes();
    for (int i = 0; i < schema.numFields(); i++) {
      DataType t = schema.field(i).type();
      if (!needed(t) || (Platform.getLong(base, address + ((i >> 6) << 3)) & (1L << (i & 63))) != 0) {
        continue;
      }
      long slot = address + bitmap + 8L * i;
      String p = path.isEmpty() ? schema.field(i).name() : path + "." + schema.field(i).name();
      value(t, address, slot, p);
    }
  }

  /** Fixes the value whose slot or element is at {@code at}, in a region at {@code region}. */
  private void value(DataType t, long region, long at, String path) {
    switch (t.id()) {
      case FLOAT32:
        if (toZerorow && Float.isNaN(Platform.getFloat(base, at))) {
          Platform.putInt(base, at, CANONICAL_NAN_32);
        }
        break;
      case FLOAT64:
        if (toZerorow && Double.isNaN(Platform.getDouble(base, at))) {
          Platform.putLong(base, at, CANONICAL_NAN_64);
        }
        break;
      case TIME:
        Platform.putLong(base, at, scaleTime(Platform.getLong(base, at), path));
        break;
      case STRUCT:
        row((Schema) t, region + (Platform.getLong(base, at) >>> 32), path);
        break;
      case LIST:
        array((DataTypes.ListType) t, region + (Platform.getLong(base, at) >>> 32), path);
        break;
      case MAP: {
        long map = region + (Platform.getLong(base, at) >>> 32);
        long keyBytes = Platform.getLong(base, map);
        DataTypes.MapType m = (DataTypes.MapType) t;
        array(m.keyArrayType(), map + 8, path + "{keys}");
        array(m.valueArrayType(), map + 8 + keyBytes, path + "{values}");
        break;
      }
      default:
        break;
    }
  }

  private void array(DataTypes.ListType t, long address, String path) {
    DataType e = t.element();
    if (!needed(e)) {
      return;
    }
    int n = (int) Platform.getLong(base, address);
    long data = address + 8 + (((n + 63L) >>> 6) << 3);
    int width = e.elementWidth();
    for (int i = 0; i < n; i++) {
      if ((Platform.getLong(base, address + 8 + ((i >> 6) << 3)) & (1L << (i & 63))) == 0) {
        value(e, address, data + (long) width * i, path + "[" + i + "]");
      }
    }
  }

  private long scaleTime(long v, String path) {
    if (!toZerorow) {
      if (v < 0 || v >= 86_400_000_000L) {
        throw new InvalidDataException(path, "expected 0 <= time < 86400000000 us but found "
            + v);
      }
      return v * 1000;
    }
    if (v % 1000 != 0) {
      throw new InvalidDataException(path, "expected a time with whole microseconds but found "
          + v + " ns (zerorow time counts microseconds, SPEC §3.3)");
    }
    return v / 1000;
  }
}
