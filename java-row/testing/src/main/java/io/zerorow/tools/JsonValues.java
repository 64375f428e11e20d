package io.zerorow.tools;

import io.zerorow.SchemaMismatchException;
import io.zerorow.internal.Json;
import io.zerorow.internal.ValuesJson;
import io.zerorow.row.ArrayData;
import io.zerorow.row.Getters;
import io.zerorow.row.MapData;
import io.zerorow.row.Row;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Interval;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import io.zerorow.type.Variant;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON value encoding of golden vectors (SPEC §10): builds a row from a parsed {@code
 * values.json} (with the library's {@link ValuesJson}), and reads and compares a row with one. JSON
 * trees are what {@code io.zerorow.internal.Json} parses (numbers are {@link BigDecimal}).
 */
public final class JsonValues {
  private JsonValues() {}

  /**
   * Encodes {@code values} (a JSON object in schema order) as a row of {@code schema}; a value that
   * is not of its field's type is {@code invalid_data} ({@link ValuesJson}, the codec of field
   * defaults, which the library shares).
   */
  public static byte[] write(Schema schema, Map<?, ?> values) {
    return ValuesJson.writeRow(schema, values);
  }

  private static double floating(Object v, String path, boolean f32) {
    if (v instanceof String) {
      switch ((String) v) {
        case "NaN":
          return Double.NaN;
        case "Infinity":
          return Double.POSITIVE_INFINITY;
        case "-Infinity":
          return Double.NEGATIVE_INFINITY;
        case "-0.0":
          return -0.0;
        default:
          throw new SchemaMismatchException(path, "expected a number but found \"" + v + "\"");
      }
    }
    if (!(v instanceof BigDecimal)) {
      throw new SchemaMismatchException(path, "expected a number but found " + v);
    }
    String text = v.toString();
    return f32 ? Float.parseFloat(text) : Double.parseDouble(text);
  }

  /**
   * Converts a row to the JSON tree of SPEC §10 (numbers as BigDecimal); a resolved row gives the
   * reader's values (SPEC §13.6).
   */
  public static Map<String, Object> read(Row row) {
    Map<String, Object> out = new LinkedHashMap<>();
    Schema s = row.schema();
    for (int i = 0; i < s.numFields(); i++) {
      out.put(s.field(i).name(), readValue(row, i, s.field(i).type()));
    }
    return out;
  }

  private static Object readValue(Getters g, int i, DataType t) {
    if (g.isNullAt(i)) {
      return null;
    }
    return switch (t.id()) {
      case BOOL -> g.getBoolean(i);
      case INT8 -> BigDecimal.valueOf(g.getByte(i));
      case INT16 -> BigDecimal.valueOf(g.getShort(i));
      case INT32, DATE32, INTERVAL_YM -> BigDecimal.valueOf(g.getInt(i));
      case INT64, TIME, TIMESTAMP, DURATION -> Long.toString(g.getLong(i));
      case FLOAT32 -> floatJson(g.getFloat(i), true);
      case FLOAT64 -> floatJson(g.getDouble(i), false);
      case STRING -> g.getString(i);
      case BINARY, FIXED_BINARY -> hex(g.getBinary(i));
      case DECIMAL -> g.getDecimal(i).toPlainString();
      case NULL -> null;
      case UUID -> g.getUuid(i).toString();
      case INTERVAL -> {
        Interval v = g.getInterval(i);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("months", BigDecimal.valueOf(v.months()));
        m.put("days", BigDecimal.valueOf(v.days()));
        m.put("microseconds", Long.toString(v.microseconds()));
        yield m;
      }
      case VARIANT -> {
        Variant v = g.getVariant(i);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("metadata", hex(v.metadata()));
        m.put("value", hex(v.value()));
        m.put("json", v.toJson());
        yield m;
      }
      case LIST -> {
        ArrayData a = g.getArray(i);
        List<Object> out = new ArrayList<>();
        for (int j = 0; j < a.numElements(); j++) {
          out.add(readValue(a, j, a.elementType()));
        }
        yield out;
      }
      case MAP -> {
        MapData m = g.getMap(i);
        DataTypes.MapType mt = m.type();
        List<Object> out = new ArrayList<>();
        for (int j = 0; j < m.numElements(); j++) {
          List<Object> p = new ArrayList<>();
          p.add(readValue(m.keyArray(), j, mt.key()));
          p.add(readValue(m.valueArray(), j, mt.value()));
          out.add(p);
        }
        yield out;
      }
      case STRUCT -> read(g.getStruct(i));
    };
  }

  private static Object floatJson(double v, boolean f32) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "Infinity" : "-Infinity";
    }
    if (v == 0 && Double.doubleToRawLongBits(v) != 0) {
      return "-0.0";
    }
    return new BigDecimal(f32 ? Float.toString((float) v) : Double.toString(v));
  }

  static String hex(byte[] b) {
    StringBuilder s = new StringBuilder();
    for (byte x : b) {
      s.append(Character.forDigit((x >> 4) & 0xf, 16)).append(Character.forDigit(x & 0xf, 16));
    }
    return s.toString();
  }

  /**
   * Compares a row's JSON tree (from {@link #read}) with an expected one; floats are compared as
   * values of their type. Returns null when equal, else where and how they differ.
   */
  public static String diff(Schema schema, Map<?, ?> expected, Map<?, ?> actual) {
    return diffFields(schema, expected, actual, "");
  }

  private static String diffFields(Schema s, Map<?, ?> e, Map<?, ?> a, String path) {
    for (Field f : s.fields()) {
      String p = path.isEmpty() ? f.name() : path + "." + f.name();
      if (!e.containsKey(f.name())) {
        return p + ": missing in values.json";
      }
      String d = diffValue(f.type(), e.get(f.name()), a.get(f.name()), p);
      if (d != null) {
        return d;
      }
    }
    return null;
  }

  private static String diffValue(DataType t, Object e, Object a, String p) {
    if (e == null || a == null) {
      return e == a ? null : p + ": expected " + e + " but found " + a;
    }
    String differ = p + ": expected " + e + " but found " + a;
    return switch (t.id()) {
      case FLOAT32, FLOAT64 -> {
        boolean f32 = t.id() == TypeId.FLOAT32;
        double x = floating(e, p, f32);
        double y = floating(a, p, f32);
        boolean same =
            f32
                ? Float.floatToIntBits((float) x) == Float.floatToIntBits((float) y)
                : Double.doubleToLongBits(x) == Double.doubleToLongBits(y);
        yield same ? null : differ;
      }
      case INT8, INT16, INT32, DATE32, INTERVAL_YM, INTERVAL -> jsonEquals(e, a) ? null : differ;
      case VARIANT -> {
        Map<?, ?> em = (Map<?, ?>) e;
        Map<?, ?> am = (Map<?, ?>) a;
        if (!em.get("metadata").equals(am.get("metadata"))) {
          yield p
              + ": expected variant metadata "
              + em.get("metadata")
              + " but found "
              + am.get("metadata");
        }
        if (!em.get("value").equals(am.get("value"))) {
          yield p + ": expected variant value " + em.get("value") + " but found " + am.get("value");
        }
        // the JSON text compares as a JSON value, numbers by exact decimal value (SPEC §10)
        yield jsonEquals(Json.parse((String) em.get("json")), Json.parse((String) am.get("json")))
            ? null
            : p + ": expected variant JSON " + em.get("json") + " but found " + am.get("json");
      }
      case LIST -> {
        List<?> el = (List<?>) e;
        List<?> al = (List<?>) a;
        if (el.size() != al.size()) {
          yield p + ": expected " + el.size() + " elements but found " + al.size();
        }
        DataType et = ((DataTypes.ListType) t).element();
        for (int i = 0; i < el.size(); i++) {
          String d = diffValue(et, el.get(i), al.get(i), p + "[" + i + "]");
          if (d != null) {
            yield d;
          }
        }
        yield null;
      }
      case MAP -> {
        List<?> el = (List<?>) e;
        List<?> al = (List<?>) a;
        if (el.size() != al.size()) {
          yield p + ": expected " + el.size() + " entries but found " + al.size();
        }
        DataTypes.MapType mt = (DataTypes.MapType) t;
        for (int i = 0; i < el.size(); i++) {
          List<?> ep = (List<?>) el.get(i);
          List<?> ap = (List<?>) al.get(i);
          String d = diffValue(mt.key(), ep.get(0), ap.get(0), p + "{key " + i + "}");
          if (d == null) {
            d = diffValue(mt.value(), ep.get(1), ap.get(1), p + "{value " + i + "}");
          }
          if (d != null) {
            yield d;
          }
        }
        yield null;
      }
      case STRUCT -> diffFields((Schema) t, (Map<?, ?>) e, (Map<?, ?>) a, p);
      case BOOL,
              INT64,
              STRING,
              BINARY,
              TIME,
              TIMESTAMP,
              DURATION,
              DECIMAL,
              NULL,
              FIXED_BINARY,
              UUID ->
          e.equals(a) ? null : differ;
    };
  }

  /** Equality of JSON trees, numbers by exact decimal value. */
  static boolean jsonEquals(Object e, Object a) {
    if (e instanceof BigDecimal && a instanceof BigDecimal) {
      return ((BigDecimal) e).compareTo((BigDecimal) a) == 0;
    }
    if (e instanceof Map && a instanceof Map) {
      Map<?, ?> em = (Map<?, ?>) e;
      Map<?, ?> am = (Map<?, ?>) a;
      if (!em.keySet().equals(am.keySet())) {
        return false;
      }
      for (Object k : em.keySet()) {
        if (!jsonEquals(em.get(k), am.get(k))) {
          return false;
        }
      }
      return true;
    }
    if (e instanceof List && a instanceof List) {
      List<?> el = (List<?>) e;
      List<?> al = (List<?>) a;
      if (el.size() != al.size()) {
        return false;
      }
      for (int i = 0; i < el.size(); i++) {
        if (!jsonEquals(el.get(i), al.get(i))) {
          return false;
        }
      }
      return true;
    }
    return java.util.Objects.equals(e, a);
  }
}
