package io.zerorow.flink;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BinaryType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DayTimeIntervalType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.NullType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.table.types.logical.YearMonthIntervalType;

/**
 * Random Flink row types (every mapped type, nested; VARIANT where the Flink version has it) and
 * random values of them.
 */
final class RandomRows {
  private final Random rnd;

  RandomRows(long seed) {
    rnd = new Random(seed);
  }

  RowType rowType(int depth) {
    int n = 1 + rnd.nextInt(depth == 0 ? 12 : 4);
    List<RowType.RowField> fields = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      fields.add(new RowType.RowField("f" + i, type(depth)));
    }
    return new RowType(fields);
  }

  LogicalType type(int depth) {
    boolean nullable = rnd.nextBoolean();
    // picks 0-15 and 20-24 are scalar, 16-19 nest (only above depth 2)
    int pick = rnd.nextInt(depth < 2 ? 25 : 21);
    if (pick >= 16 && depth >= 2) {
      pick += 4;
    }
    switch (pick) {
      case 0:
        return new BooleanType(nullable);
      case 1:
        return new TinyIntType(nullable);
      case 2:
        return new SmallIntType(nullable);
      case 3:
        return new IntType(nullable);
      case 4:
        return new BigIntType(nullable);
      case 5:
        return new FloatType(nullable);
      case 6:
        return new DoubleType(nullable);
      case 7:
        return new VarCharType(nullable, VarCharType.MAX_LENGTH);
      case 8:
        return new VarBinaryType(nullable, VarBinaryType.MAX_LENGTH);
      case 9:
        return new DateType(nullable);
      case 10:
        return new TimeType(nullable, 3);
      case 11:
        return new TimestampType(nullable, rnd.nextInt(7));
      case 12:
        return new LocalZonedTimestampType(nullable, rnd.nextInt(7));
      case 13:
        {
          int p = 1 + rnd.nextInt(38);
          return new DecimalType(nullable, p, rnd.nextInt(p + 1));
        }
      case 14:
        return new DayTimeIntervalType(
            nullable, DayTimeIntervalType.DayTimeResolution.DAY_TO_SECOND, 6, 3);
      case 15:
        return new DecimalType(nullable, 10, 2);
      case 16:
        return new ArrayType(nullable, type(depth + 1));
      case 17:
        return new MapType(
            nullable, new VarCharType(false, VarCharType.MAX_LENGTH), type(depth + 1));
      case 18:
        return new MultisetType(nullable, new IntType(false));
      case 19:
        return rowType(depth + 1).copy(nullable);
      case 20:
        return new NullType();
      case 21:
        return new BinaryType(nullable, 1 + rnd.nextInt(20));
      case 22:
        return new YearMonthIntervalType(
            nullable, YearMonthIntervalType.YearMonthResolution.YEAR_TO_MONTH, 4);
      case 23:
        return new VarCharType(nullable, 1 + rnd.nextInt(10));
      default:
        // a VARIANT where the Flink version has one (2.x), else another string
        return VariantShim.HAS_VARIANT
            ? VariantShim.toFlink(nullable, "")
            : new CharType(nullable, 1 + rnd.nextInt(10));
    }
  }

  GenericRowData row(RowType t) {
    GenericRowData r = new GenericRowData(t.getFieldCount());
    for (int i = 0; i < t.getFieldCount(); i++) {
      r.setField(i, value(t.getTypeAt(i)));
    }
    return r;
  }

  Object value(LogicalType t) {
    if (t.isNullable() && rnd.nextInt(5) == 0) {
      return null;
    }
    switch (t.getTypeRoot()) {
      case NULL:
        return null;
      case BINARY:
        {
          byte[] b = new byte[((BinaryType) t).getLength()];
          rnd.nextBytes(b);
          return b;
        }
      case INTERVAL_YEAR_MONTH:
        return rnd.nextInt(2_000) - 1_000;
      case BOOLEAN:
        return rnd.nextBoolean();
      case TINYINT:
        return (byte) rnd.nextInt();
      case SMALLINT:
        return (short) rnd.nextInt();
      case INTEGER:
        return rnd.nextInt();
      case BIGINT:
        return rnd.nextLong();
      case FLOAT:
        return rnd.nextFloat() * 1e6f;
      case DOUBLE:
        return rnd.nextGaussian() * 1e9;
      case CHAR:
      case VARCHAR:
        return StringData.fromString(string());
      case ROW:
        return row((RowType) t);
      case VARBINARY:
        {
          byte[] b = new byte[rnd.nextInt(20)];
          rnd.nextBytes(b);
          return b;
        }
      case DATE:
        return rnd.nextInt(200_000) - 100_000;
      case TIME_WITHOUT_TIME_ZONE:
        return rnd.nextInt(86_400_000);
      case INTERVAL_DAY_TIME:
        return rnd.nextLong() / 1_000_000;
      case TIMESTAMP_WITHOUT_TIME_ZONE:
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return TimestampData.fromEpochMillis(
            rnd.nextLong() % 4_000_000_000_000L, rnd.nextInt(1000) * 1000);
      case DECIMAL:
        {
          DecimalType d = (DecimalType) t;
          BigInteger u =
              new BigInteger(d.getPrecision() * 3, rnd).mod(BigInteger.TEN.pow(d.getPrecision()));
          BigDecimal v = new BigDecimal(rnd.nextBoolean() ? u : u.negate(), d.getScale());
          return DecimalData.fromBigDecimal(v, d.getPrecision(), d.getScale());
        }
      case ARRAY:
        {
          LogicalType e = ((ArrayType) t).getElementType();
          Object[] items = new Object[rnd.nextInt(5)];
          for (int i = 0; i < items.length; i++) {
            items[i] = value(e);
          }
          return new GenericArrayData(items);
        }
      case MAP:
        {
          MapType m = (MapType) t;
          Map<Object, Object> map = new LinkedHashMap<>();
          for (int i = rnd.nextInt(4); i > 0; i--) {
            map.put(StringData.fromString("k" + rnd.nextInt(1000)), value(m.getValueType()));
          }
          return new GenericMapData(map);
        }
      case MULTISET:
        {
          Map<Object, Object> map = new LinkedHashMap<>();
          for (int i = rnd.nextInt(4); i > 0; i--) {
            map.put(rnd.nextInt(50), 1 + rnd.nextInt(9));
          }
          return new GenericMapData(map);
        }
      default:
        if (VariantShim.HAS_VARIANT && t.getTypeRoot().name().equals("VARIANT")) {
          return VariantShim.toFlinkValue(
              io.zerorow.type.Variant.fromJson(
                  "{\"n\":" + rnd.nextInt(1000) + ",\"s\":\"" + string() + "\",\"l\":[1.5,null]}"));
        }
        throw new IllegalStateException(t.toString());
    }
  }

  private String string() {
    String[] parts = {"a", "zerorow", "é", "日本", "🙂", "", "x y"};
    StringBuilder b = new StringBuilder();
    for (int i = rnd.nextInt(4); i > 0; i--) {
      b.append(parts[rnd.nextInt(parts.length)]);
    }
    return b.toString();
  }

  /** Field-by-field equality of two RowData of type {@code t}, with the path of a difference. */
  static String difference(RowType t, RowData a, RowData b, String path) {
    if (a.getArity() != b.getArity()) {
      return path + ": arity " + a.getArity() + " vs " + b.getArity();
    }
    for (int i = 0; i < t.getFieldCount(); i++) {
      if (t.getTypeAt(i).is(org.apache.flink.table.types.logical.LogicalTypeRoot.NULL)
          && !(a.isNullAt(i) && b.isNullAt(i))) {
        return path + "." + t.getFieldNames().get(i) + ": a NULL field that is not null";
      }
      RowData.FieldGetter g = RowDataEncoder.fieldGetter(t.getTypeAt(i), i);
      String d =
          valueDifference(
              t.getTypeAt(i),
              g.getFieldOrNull(a),
              g.getFieldOrNull(b),
              path + "." + t.getFieldNames().get(i));
      if (d != null) {
        return d;
      }
    }
    return null;
  }

  static String valueDifference(LogicalType t, Object a, Object b, String path) {
    if (a == null || b == null) {
      return a == b ? null : path + ": " + a + " vs " + b;
    }
    switch (t.getTypeRoot()) {
      case ROW:
        return difference((RowType) t, (RowData) a, (RowData) b, path);
      case ARRAY:
        return arrayDifference(
            ((ArrayType) t).getElementType(), (ArrayData) a, (ArrayData) b, path);
      case MAP:
      case MULTISET:
        {
          LogicalType k =
              t instanceof MapType
                  ? ((MapType) t).getKeyType()
                  : ((MultisetType) t).getElementType();
          LogicalType v = t instanceof MapType ? ((MapType) t).getValueType() : new IntType(false);
          String d =
              arrayDifference(
                  k, ((MapData) a).keyArray(), ((MapData) b).keyArray(), path + "{key}");
          return d != null
              ? d
              : arrayDifference(
                  v, ((MapData) a).valueArray(), ((MapData) b).valueArray(), path + "{value}");
        }
      case BINARY:
      case VARBINARY:
        return java.util.Arrays.equals((byte[]) a, (byte[]) b) ? null : path + ": bytes differ";
      default:
        return a.equals(b) ? null : path + ": " + a + " vs " + b;
    }
  }

  private static String arrayDifference(LogicalType e, ArrayData a, ArrayData b, String path) {
    if (a.size() != b.size()) {
      return path + ": size " + a.size() + " vs " + b.size();
    }
    ArrayData.ElementGetter g = RowDataEncoder.elementGetter(e);
    for (int i = 0; i < a.size(); i++) {
      String d =
          valueDifference(
              e, g.getElementOrNull(a, i), g.getElementOrNull(b, i), path + "[" + i + "]");
      if (d != null) {
        return d;
      }
    }
    return null;
  }
}
