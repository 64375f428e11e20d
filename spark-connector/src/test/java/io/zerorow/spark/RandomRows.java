package io.zerorow.spark;

import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Schema;
import io.zerorow.type.Variant;
import io.zerorow.writer.ArrayWriter;
import io.zerorow.writer.BinaryWriter;
import io.zerorow.writer.RowWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.CalendarIntervalType;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.YearMonthIntervalType;
import org.apache.spark.unsafe.types.CalendarInterval;

/**
 * Random Spark schemas over every mapped type (nested up to depth 3) and random external rows for
 * them, with nulls at every level (java8 datetime API: LocalDate, Instant, LocalDateTime, Duration,
 * Period; CalendarInterval; and LocalTime and VariantVal for Spark 4's TimeType and VariantType,
 * which the Spark 3.5 build lacks); and the same values written with java-row's {@link RowWriter},
 * for byte checks.
 */
final class RandomRows {
  /** Spark's type for zerorow time, or null (Spark 3.5). */
  private static final org.apache.spark.sql.types.DataType TIME = Shim.timeType();

  /** Spark's type for zerorow variant, or null (Spark 3.5). */
  private static final org.apache.spark.sql.types.DataType VARIANT = Shim.variantType();

  /**
   * The primitive types of {@link #type}: 18 (null, interval_ym and interval among them), and time
   * and variant where Spark has them (at the end, so that both builds draw the same others).
   */
  private static final int PRIMITIVES = 18 + (TIME == null ? 0 : 1) + (VARIANT == null ? 0 : 1);

  private final Random rnd;

  RandomRows(long seed) {
    rnd = new Random(seed);
  }

  StructType struct(int depth) {
    int n = 1 + rnd.nextInt(depth == 0 ? 8 : 4);
    StructField[] fs = new StructField[n];
    for (int i = 0; i < n; i++) {
      org.apache.spark.sql.types.DataType t = type(depth);
      // a null field is nullable (SPEC §3.6)
      boolean nullable = t instanceof NullType || rnd.nextInt(4) != 0;
      fs[i] = new StructField("f" + i, t, nullable, Metadata.empty());
    }
    return new StructType(fs);
  }

  private org.apache.spark.sql.types.DataType type(int depth) {
    int k = rnd.nextInt(depth >= 2 ? PRIMITIVES : PRIMITIVES + 3);
    if (k >= PRIMITIVES) {
      k = 20 + k - PRIMITIVES; // the nested types
    }
    switch (k) {
      case 0:
        return org.apache.spark.sql.types.DataTypes.BooleanType;
      case 1:
        return org.apache.spark.sql.types.DataTypes.ByteType;
      case 2:
        return org.apache.spark.sql.types.DataTypes.ShortType;
      case 3:
        return org.apache.spark.sql.types.DataTypes.IntegerType;
      case 4:
        return org.apache.spark.sql.types.DataTypes.LongType;
      case 5:
        return org.apache.spark.sql.types.DataTypes.FloatType;
      case 6:
        return org.apache.spark.sql.types.DataTypes.DoubleType;
      case 7:
        return org.apache.spark.sql.types.DataTypes.StringType;
      case 8:
        return org.apache.spark.sql.types.DataTypes.BinaryType;
      case 9:
        return org.apache.spark.sql.types.DataTypes.DateType;
      case 10:
        return org.apache.spark.sql.types.DataTypes.TimestampType;
      case 11:
        return org.apache.spark.sql.types.DataTypes.TimestampNTZType;
      case 12:
        return DayTimeIntervalType.apply();
      case 13:
        return org.apache.spark.sql.types.DataTypes.createDecimalType(10, 2);
      case 14:
        return org.apache.spark.sql.types.DataTypes.createDecimalType(30, 5);
      case 15:
        return org.apache.spark.sql.types.DataTypes.NullType;
      case 16:
        return YearMonthIntervalType.apply();
      case 17:
        return org.apache.spark.sql.types.DataTypes.CalendarIntervalType;
      case 18:
        return TIME;
      case 19:
        return VARIANT;
      case 20:
        {
          org.apache.spark.sql.types.DataType e = type(depth + 1);
          return org.apache.spark.sql.types.DataTypes.createArrayType(
              e, e instanceof NullType || rnd.nextBoolean());
        }
      case 21:
        {
          org.apache.spark.sql.types.DataType v = type(depth + 1);
          return org.apache.spark.sql.types.DataTypes.createMapType(
              org.apache.spark.sql.types.DataTypes.StringType,
              v,
              v instanceof NullType || rnd.nextBoolean());
        }
      default:
        return struct(depth + 1);
    }
  }

  Row row(StructType t) {
    Object[] v = new Object[t.fields().length];
    for (int i = 0; i < v.length; i++) {
      StructField f = t.fields()[i];
      v[i] = f.nullable() && rnd.nextInt(5) == 0 ? null : value(f.dataType());
    }
    return RowFactory.create(v);
  }

  private Object value(org.apache.spark.sql.types.DataType t) {
    if (t instanceof NullType) {
      return null;
    }
    if (t instanceof YearMonthIntervalType) {
      return Period.ofMonths(rnd.nextInt());
    }
    if (t instanceof CalendarIntervalType) {
      return new CalendarInterval(rnd.nextInt(), rnd.nextInt(), rnd.nextLong());
    }
    if (Shim.isVariant(t)) {
      String json =
          rnd.nextInt(6) == 0
              ? "null"
              : "{\"k\": " + rnd.nextInt() + ", \"a\": [true, \"s" + rnd.nextInt(100) + "\", 1.5]}";
      Variant v = Variant.fromJson(json);
      return variantVal(v.value(), v.metadata());
    }
    if (t instanceof StructType) {
      return row((StructType) t);
    }
    if (t instanceof ArrayType) {
      ArrayType a = (ArrayType) t;
      List<Object> l = new ArrayList<>();
      int n = rnd.nextInt(5);
      for (int i = 0; i < n; i++) {
        l.add(a.containsNull() && rnd.nextInt(4) == 0 ? null : value(a.elementType()));
      }
      return l;
    }
    if (t instanceof MapType) {
      MapType m = (MapType) t;
      Map<Object, Object> map = new LinkedHashMap<>(); // at most 4 keys: Scala keeps the order
      int n = rnd.nextInt(4);
      for (int i = 0; i < n; i++) {
        map.put(
            "k" + i, m.valueContainsNull() && rnd.nextInt(4) == 0 ? null : value(m.valueType()));
      }
      return map;
    }
    if (Shim.isTime(t)) { // whole microseconds: zerorow time counts them (SPEC §3.3)
      return LocalTime.ofNanoOfDay(Math.floorMod(rnd.nextLong(), 86_400_000_000L) * 1000);
    }
    if (t instanceof DecimalType) {
      DecimalType d = (DecimalType) t;
      BigInteger u = new BigInteger(d.precision() > 18 ? 90 : 30, rnd);
      return new BigDecimal(rnd.nextBoolean() ? u : u.negate(), d.scale());
    }
    switch (t.typeName()) {
      case "boolean":
        return rnd.nextBoolean();
      case "byte":
        return (byte) rnd.nextInt();
      case "short":
        return (short) rnd.nextInt();
      case "integer":
        return rnd.nextInt();
      case "long":
        return rnd.nextLong();
      case "float":
        return rnd.nextInt(8) == 0 ? Float.NaN : (float) rnd.nextGaussian();
      case "double":
        return rnd.nextInt(8) == 0 ? -0.0 : rnd.nextGaussian() * 1e6;
      case "string":
        return rnd.nextBoolean() ? "s" + rnd.nextInt(1000) : "zé\u00e9\u4e2d" + rnd.nextInt();
      case "binary":
        {
          byte[] b = new byte[rnd.nextInt(20)];
          rnd.nextBytes(b);
          return b;
        }
      case "date":
        return LocalDate.ofEpochDay(rnd.nextInt(40000) - 20000);
      case "timestamp":
        return Instant.ofEpochSecond(rnd.nextInt(), rnd.nextInt(1000000) * 1000L);
      case "timestamp_ntz":
        return LocalDateTime.ofEpochSecond(
            rnd.nextInt(), rnd.nextInt(1000000) * 1000, ZoneOffset.UTC);
      default:
        if (t instanceof DayTimeIntervalType) {
          return Duration.ofNanos(rnd.nextLong() / 1000 / 1000 * 1000);
        }
        throw new IllegalArgumentException(t.toString());
    }
  }

  /** Spark 4's {@code VariantVal} of these bytes (by reflection: Spark 3.5 has no such class). */
  static Object variantVal(byte[] value, byte[] metadata) {
    try {
      return Class.forName("org.apache.spark.unsafe.types.VariantVal")
          .getConstructor(byte[].class, byte[].class)
          .newInstance(value, metadata);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The value and metadata bytes of a Spark 4 {@code VariantVal}, or null for another object. */
  static byte[][] variantBytes(Object v) {
    if (v == null || !v.getClass().getName().equals("org.apache.spark.unsafe.types.VariantVal")) {
      return null;
    }
    try {
      return new byte[][] {
        (byte[]) v.getClass().getMethod("getValue").invoke(v),
        (byte[]) v.getClass().getMethod("getMetadata").invoke(v)
      };
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** True when {@code t} holds a calendar interval somewhere (SPEC §3.7: Spark's null reserve). */
  static boolean hasInterval(org.apache.spark.sql.types.DataType t) {
    if (t instanceof StructType) {
      for (StructField f : ((StructType) t).fields()) {
        if (hasInterval(f.dataType())) {
          return true;
        }
      }
      return false;
    }
    if (t instanceof ArrayType) {
      return hasInterval(((ArrayType) t).elementType());
    }
    if (t instanceof MapType) {
      return hasInterval(((MapType) t).valueType());
    }
    return t instanceof CalendarIntervalType;
  }

  /** True when {@code t} holds a time somewhere (its bytes are not Spark's: SPEC §9). */
  static boolean hasTime(org.apache.spark.sql.types.DataType t) {
    if (t instanceof StructType) {
      for (StructField f : ((StructType) t).fields()) {
        if (hasTime(f.dataType())) {
          return true;
        }
      }
      return false;
    }
    if (t instanceof ArrayType) {
      return hasTime(((ArrayType) t).elementType());
    }
    if (t instanceof MapType) {
      return hasTime(((MapType) t).keyType()) || hasTime(((MapType) t).valueType());
    }
    return Shim.isTime(t);
  }

  /** java-row's bytes for a collected row (Scala collections inside, java8 datetime API). */
  static byte[] rowWriterBytes(Schema schema, Row r) {
    RowWriter w = new RowWriter(schema);
    w.reset();
    writeRow(w, schema, r);
    return w.toByteArray();
  }

  private static void writeRow(RowWriter w, Schema schema, Row r) {
    for (int i = 0; i < schema.numFields(); i++) {
      if (r.isNullAt(i)) {
        w.setNullAt(i);
      } else {
        write(w, i, schema.field(i).type(), r.get(i));
      }
    }
  }

  private static void write(BinaryWriter w, int i, DataType t, Object v) {
    switch (t.id()) {
      case BOOL:
        w.writeBool(i, (Boolean) v);
        break;
      case INT8:
        w.writeInt8(i, (Byte) v);
        break;
      case INT16:
        w.writeInt16(i, (Short) v);
        break;
      case INT32:
        w.writeInt32(i, (Integer) v);
        break;
      case INT64:
        w.writeInt64(i, (Long) v);
        break;
      case FLOAT32:
        w.writeFloat32(i, (Float) v);
        break;
      case FLOAT64:
        w.writeFloat64(i, (Double) v);
        break;
      case STRING:
        w.writeString(i, (String) v);
        break;
      case BINARY:
        w.writeBinary(i, (byte[]) v);
        break;
      case DATE32:
        w.writeInt32(i, (int) ((LocalDate) v).toEpochDay());
        break;
      case TIMESTAMP:
        w.writeInt64(
            i,
            v instanceof Instant
                ? micros((Instant) v)
                : micros(((LocalDateTime) v).toInstant(ZoneOffset.UTC)));
        break;
      case DURATION:
        w.writeInt64(i, ((Duration) v).toNanos() / 1000);
        break;
      case TIME:
        w.writeInt64(i, ((LocalTime) v).toNanoOfDay() / 1000);
        break;
      case INTERVAL_YM:
        w.writeInt32(i, (int) ((Period) v).toTotalMonths());
        break;
      case INTERVAL:
        {
          CalendarInterval c = (CalendarInterval) v;
          w.writeInterval(i, c.months, c.days, c.microseconds);
          break;
        }
      case VARIANT:
        {
          byte[][] b = variantBytes(v);
          w.writeVariant(i, new Variant(b[1], b[0]));
          break;
        }
      case DECIMAL:
        {
          DataTypes.DecimalType d = (DataTypes.DecimalType) t;
          w.writeDecimal(i, (BigDecimal) v, d.precision(), d.scale());
          break;
        }
      case STRUCT:
        {
          int c = w.cursor();
          RowWriter child = new RowWriter((Schema) t, w);
          child.start();
          writeRow(child, (Schema) t, (Row) v);
          w.setOffsetAndSize(i, c);
          break;
        }
      case LIST:
        {
          int c = w.cursor();
          writeArray(w, (DataTypes.ListType) t, seq(v));
          w.setOffsetAndSize(i, c);
          break;
        }
      case MAP:
        {
          DataTypes.MapType m = (DataTypes.MapType) t;
          List<Object> keys = new ArrayList<>();
          List<Object> values = new ArrayList<>();
          scala.collection.Iterator<?> it = ((scala.collection.Map<?, ?>) v).iterator();
          while (it.hasNext()) {
            scala.Tuple2<?, ?> kv = (scala.Tuple2<?, ?>) it.next();
            keys.add(kv._1());
            values.add(kv._2());
          }
          int c = w.beginMap();
          writeArray(w, m.keyArrayType(), keys);
          w.endMapKeys(c);
          writeArray(w, m.valueArrayType(), values);
          w.setOffsetAndSize(i, c);
          break;
        }
      default:
        throw new IllegalArgumentException(t.toString());
    }
  }

  private static void writeArray(BinaryWriter parent, DataTypes.ListType t, List<Object> values) {
    ArrayWriter a = new ArrayWriter(t, parent);
    a.initialize(values.size());
    for (int j = 0; j < values.size(); j++) {
      if (values.get(j) == null) {
        a.setNullAt(j);
      } else {
        write(a, j, t.element(), values.get(j));
      }
    }
  }

  private static List<Object> seq(Object v) {
    scala.collection.Seq<?> s = (scala.collection.Seq<?>) v;
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < s.length(); i++) {
      out.add(s.apply(i));
    }
    return out;
  }

  private static long micros(Instant t) {
    return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000);
  }
}
