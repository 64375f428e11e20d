package io.zerorow.tools;

import io.zerorow.ArrayWriter;
import io.zerorow.BinaryWriter;
import io.zerorow.DataType;
import io.zerorow.DataTypes;
import io.zerorow.Field;
import io.zerorow.InvalidDataException;
import io.zerorow.ResolvedArray;
import io.zerorow.ResolvedGetters;
import io.zerorow.ResolvedMap;
import io.zerorow.ResolvedRow;
import io.zerorow.RowWriter;
import io.zerorow.Schema;
import io.zerorow.SchemaMismatchException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The JSON value encoding of golden vectors (SPEC §10): builds a row from a parsed {@code
 * values.json} with {@link RowWriter}, and compares a row with one. JSON trees are what {@code
 * io.zerorow.internal.Json} parses (numbers are {@link BigDecimal}).
 */
public final class JsonValues {
  private JsonValues() {}

  /** Encodes {@code values} (a JSON object in schema order) as a row of {@code schema}. */
  public static byte[] write(Schema schema, Map<?, ?> values) {
    RowWriter w = new RowWriter(schema);
    w.reset();
    writeFields(w, schema, values, "");
    return w.toByteArray();
  }

  private static void writeFields(RowWriter w, Schema schema, Map<?, ?> values, String path) {
    for (Object k : values.keySet()) {
      if (schema.field(String.valueOf(k)) == null) {
        throw new SchemaMismatchException(path, "unknown field \"" + k + "\"");
      }
    }
    for (int i = 0; i < schema.numFields(); i++) {
      Field f = schema.field(i);
      String p = path.isEmpty() ? f.name() : path + "." + f.name();
      if (!values.containsKey(f.name())) {
        throw new SchemaMismatchException(p, "missing field");
      }
      writeValue(w, i, f.type(), f.nullable(), values.get(f.name()), p);
    }
  }

  private static void writeValue(
      BinaryWriter w, int i, DataType t, boolean nullable, Object v, String path) {
    if (v == null) {
      if (!nullable) {
        throw new InvalidDataException(path, "null where the type is not nullable");
      }
      if (t instanceof DataTypes.DecimalType) {
        DataTypes.DecimalType d = (DataTypes.DecimalType) t;
        w.writeDecimal(i, null, d.precision(), d.scale());
      } else {
        w.setNullAt(i);
      }
      return;
    }
    switch (t.id()) {
      case BOOL:
        w.writeBoolean(i, (Boolean) expect(v, Boolean.class, path));
        break;
      case INT8:
        w.writeByte(i, (byte) integer(v, path, Byte.MIN_VALUE, Byte.MAX_VALUE));
        break;
      case INT16:
        w.writeShort(i, (short) integer(v, path, Short.MIN_VALUE, Short.MAX_VALUE));
        break;
      case INT32:
      case DATE32:
        w.writeInt(i, (int) integer(v, path, Integer.MIN_VALUE, Integer.MAX_VALUE));
        break;
      case INT64:
      case TIMESTAMP:
      case DURATION:
        w.writeLong(i, int64(v, path));
        break;
      case TIME:
        {
          long us = int64(v, path);
          if (us < 0 || us >= 86_400_000_000L) {
            throw new InvalidDataException(
                path, "expected 0 <= time < 86400000000 but found " + us);
          }
          w.writeLong(i, us);
          break;
        }
      case FLOAT32:
        w.writeFloat(i, (float) floating(v, path, true));
        break;
      case FLOAT64:
        w.writeDouble(i, floating(v, path, false));
        break;
      case STRING:
        w.writeUtf8(i, ((String) expect(v, String.class, path)).getBytes(StandardCharsets.UTF_8));
        break;
      case BINARY:
        w.writeBinary(i, unhex((String) expect(v, String.class, path), path));
        break;
      case DECIMAL:
        {
          DataTypes.DecimalType d = (DataTypes.DecimalType) t;
          w.writeDecimal(
              i, new BigDecimal((String) expect(v, String.class, path)), d.precision(), d.scale());
          break;
        }
      case LIST:
        {
          DataTypes.ListType lt = (DataTypes.ListType) t;
          List<?> items = (List<?>) expect(v, List.class, path);
          int c = w.cursor();
          ArrayWriter aw = new ArrayWriter(lt, w);
          aw.initialize(items.size());
          for (int j = 0; j < items.size(); j++) {
            writeValue(
                aw, j, lt.element(), lt.elementNullable(), items.get(j), path + "[" + j + "]");
          }
          w.setOffsetAndSize(i, c);
          break;
        }
      case MAP:
        {
          DataTypes.MapType mt = (DataTypes.MapType) t;
          List<?> entries = (List<?>) expect(v, List.class, path);
          int c = w.beginMap();
          ArrayWriter kw = new ArrayWriter(mt.keyArrayType(), w);
          kw.initialize(entries.size());
          for (int j = 0; j < entries.size(); j++) {
            writeValue(
                kw,
                j,
                mt.key(),
                false,
                pair(entries.get(j), path).get(0),
                path + "{key " + j + "}");
          }
          w.endMapKeys(c);
          ArrayWriter vw = new ArrayWriter(mt.valueArrayType(), w);
          vw.initialize(entries.size());
          for (int j = 0; j < entries.size(); j++) {
            writeValue(
                vw,
                j,
                mt.value(),
                mt.valueNullable(),
                pair(entries.get(j), path).get(1),
                path + "{value " + j + "}");
          }
          w.setOffsetAndSize(i, c);
          break;
        }
      default:
        {
          Schema s = (Schema) t;
          int c = w.cursor();
          RowWriter rw = new RowWriter(s, w);
          rw.start();
          writeFields(rw, s, (Map<?, ?>) expect(v, Map.class, path), path);
          w.setOffsetAndSize(i, c);
          break;
        }
    }
  }

  private static List<?> pair(Object e, String path) {
    List<?> p = (List<?>) expect(e, List.class, path);
    if (p.size() != 2) {
      throw new SchemaMismatchException(path, "expected a [key, value] pair but found " + p);
    }
    return p;
  }

  private static Object expect(Object v, Class<?> c, String path) {
    if (!c.isInstance(v)) {
      throw new SchemaMismatchException(
          path, "expected a JSON " + c.getSimpleName() + " but found " + v);
    }
    return v;
  }

  private static long integer(Object v, String path, long min, long max) {
    BigDecimal d = (BigDecimal) expect(v, BigDecimal.class, path);
    BigInteger x;
    try {
      x = d.toBigIntegerExact();
    } catch (ArithmeticException e) {
      throw new InvalidDataException(path, "expected an integer but found " + d);
    }
    if (x.compareTo(BigInteger.valueOf(min)) < 0 || x.compareTo(BigInteger.valueOf(max)) > 0) {
      throw new InvalidDataException(
          path, "expected " + min + " <= value <= " + max + " but found " + x);
    }
    return x.longValue();
  }

  private static long int64(Object v, String path) {
    String s = (String) expect(v, String.class, path);
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new InvalidDataException(
          path, "expected an int64 in decimal digits but found \"" + s + "\"");
    }
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
    String text = ((BigDecimal) expect(v, BigDecimal.class, path)).toString();
    return f32 ? Float.parseFloat(text) : Double.parseDouble(text);
  }

  private static byte[] unhex(String s, String path) {
    if ((s.length() & 1) != 0) {
      throw new SchemaMismatchException(path, "odd number of hex digits");
    }
    byte[] out = new byte[s.length() / 2];
    for (int i = 0; i < out.length; i++) {
      int hi = Character.digit(s.charAt(2 * i), 16);
      int lo = Character.digit(s.charAt(2 * i + 1), 16);
      if (hi < 0 || lo < 0) {
        throw new SchemaMismatchException(path, "bad hex digit in \"" + s + "\"");
      }
      out[i] = (byte) (hi << 4 | lo);
    }
    return out;
  }

  /**
   * Converts a row to the JSON tree of SPEC §10 (numbers as BigDecimal); a resolved row gives the
   * reader's values (SPEC §13.6).
   */
  public static Map<String, Object> read(ResolvedRow row) {
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    Schema s = row.schema();
    for (int i = 0; i < s.numFields(); i++) {
      out.put(s.field(i).name(), readValue(row, i, s.field(i).type()));
    }
    return out;
  }

  private static Object readValue(ResolvedGetters g, int i, DataType t) {
    if (g.isNullAt(i)) {
      return null;
    }
    switch (t.id()) {
      case BOOL:
        return g.getBoolean(i);
      case INT8:
        return BigDecimal.valueOf(g.getByte(i));
      case INT16:
        return BigDecimal.valueOf(g.getShort(i));
      case INT32:
      case DATE32:
        return BigDecimal.valueOf(g.getInt(i));
      case INT64:
      case TIME:
      case TIMESTAMP:
      case DURATION:
        return Long.toString(g.getLong(i));
      case FLOAT32:
        return floatJson(g.getFloat(i), true);
      case FLOAT64:
        return floatJson(g.getDouble(i), false);
      case STRING:
        return g.getString(i);
      case BINARY:
        return hex(g.getBinary(i));
      case DECIMAL:
        return g.getDecimal(i).toPlainString();
      case LIST:
        {
          ResolvedArray a = g.getArray(i);
          List<Object> out = new ArrayList<>();
          for (int j = 0; j < a.numElements(); j++) {
            out.add(readValue(a, j, a.elementType()));
          }
          return out;
        }
      case MAP:
        {
          ResolvedMap m = g.getMap(i);
          DataTypes.MapType mt = m.type();
          List<Object> out = new ArrayList<>();
          for (int j = 0; j < m.numElements(); j++) {
            List<Object> p = new ArrayList<>();
            p.add(readValue(m.keyArray(), j, mt.key()));
            p.add(readValue(m.valueArray(), j, mt.value()));
            out.add(p);
          }
          return out;
        }
      default:
        return read(g.getStruct(i));
    }
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
    switch (t.id()) {
      case FLOAT32:
      case FLOAT64:
        {
          boolean f32 = t == DataTypes.FLOAT32;
          double x = floating(e, p, f32);
          double y = floating(a, p, f32);
          boolean same =
              f32
                  ? Float.floatToIntBits((float) x) == Float.floatToIntBits((float) y)
                  : Double.doubleToLongBits(x) == Double.doubleToLongBits(y);
          return same ? null : p + ": expected " + e + " but found " + a;
        }
      case INT8:
      case INT16:
      case INT32:
      case DATE32:
        if (e instanceof BigDecimal && ((BigDecimal) e).compareTo((BigDecimal) a) == 0) {
          return null;
        }
        return p + ": expected " + e + " but found " + a;
      case LIST:
        {
          List<?> el = (List<?>) e;
          List<?> al = (List<?>) a;
          if (el.size() != al.size()) {
            return p + ": expected " + el.size() + " elements but found " + al.size();
          }
          DataType et = ((DataTypes.ListType) t).element();
          for (int i = 0; i < el.size(); i++) {
            String d = diffValue(et, el.get(i), al.get(i), p + "[" + i + "]");
            if (d != null) {
              return d;
            }
          }
          return null;
        }
      case MAP:
        {
          List<?> el = (List<?>) e;
          List<?> al = (List<?>) a;
          if (el.size() != al.size()) {
            return p + ": expected " + el.size() + " entries but found " + al.size();
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
              return d;
            }
          }
          return null;
        }
      case STRUCT:
        return diffFields((Schema) t, (Map<?, ?>) e, (Map<?, ?>) a, p);
      default:
        return e.equals(a) ? null : p + ": expected " + e + " but found " + a;
    }
  }
}
