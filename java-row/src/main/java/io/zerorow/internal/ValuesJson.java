package io.zerorow.internal;

import io.zerorow.InvalidDataException;
import io.zerorow.ZerorowException;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Interval;
import io.zerorow.type.Schema;
import io.zerorow.type.Variant;
import io.zerorow.writer.ArrayWriter;
import io.zerorow.writer.BinaryWriter;
import io.zerorow.writer.RowWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The JSON form of values (SPEC §10, the form of {@code values.json}), which field defaults are
 * written in (SPEC §13.7): checks a JSON tree (as {@link Json} parses it) against a type, writes it
 * as canonical text (SPEC §4.1), and writes it into a row with the core writers. Not API: the
 * schema reader and the vector runner share it.
 */
public final class ValuesJson {
  private ValuesJson() {}

  /**
   * Checks that {@code v} is a value of type {@code t} in the JSON form (null only where {@code
   * nullable}) and returns it in canonical form: numbers as {@link BigDecimal}, int64-like values
   * as their digits, floats as {@link Double} or {@link Float}, hex in lowercase, objects in field
   * order.
   *
   * @throws InvalidDataException at {@code path} when it is not
   */
  public static Object check(DataType t, boolean nullable, Object v, String path) {
    if (v == null) {
      if (!nullable) {
        throw new InvalidDataException(path, "expected a value but found null");
      }
      return null;
    }
    return switch (t.id()) {
      case NULL ->
          throw new InvalidDataException(
              path, "expected null (the type null has no other value) but found " + describe(v));
      case BOOL -> expect(v, Boolean.class, t, path);
      case INT8 -> BigDecimal.valueOf(integer(v, t, path, Byte.MIN_VALUE, Byte.MAX_VALUE));
      case INT16 -> BigDecimal.valueOf(integer(v, t, path, Short.MIN_VALUE, Short.MAX_VALUE));
      case INT32, DATE32, INTERVAL_YM ->
          BigDecimal.valueOf(integer(v, t, path, Integer.MIN_VALUE, Integer.MAX_VALUE));
      case INT64, TIMESTAMP, DURATION -> Long.toString(int64(v, t, path));
      case TIME -> {
        long us = int64(v, t, path);
        if (us < 0 || us >= 86_400_000_000L) {
          throw new InvalidDataException(path, "expected 0 <= time < 86400000000 but found " + us);
        }
        yield Long.toString(us);
      }
      case FLOAT32 -> (float) floating(v, t, path);
      case FLOAT64 -> floating(v, t, path);
      case STRING -> {
        String s = expect(v, String.class, t, path);
        if (!isUtf8(s)) {
          throw new InvalidDataException(path, "a string with a lone surrogate is not UTF-8");
        }
        yield s;
      }
      case BINARY -> hex(unhex(expect(v, String.class, t, path), path));
      case FIXED_BINARY -> {
        byte[] b = unhex(expect(v, String.class, t, path), path);
        int n = ((DataTypes.FixedBinaryType) t).size();
        if (b.length != n) {
          throw new InvalidDataException(
              path, "expected " + n + " bytes for " + t + " but found " + b.length);
        }
        yield hex(b);
      }
      case UUID -> uuid(expect(v, String.class, t, path), path).toString();
      case DECIMAL -> {
        DataTypes.DecimalType d = (DataTypes.DecimalType) t;
        String s = expect(v, String.class, t, path);
        BigDecimal x;
        try {
          x = new BigDecimal(s);
        } catch (NumberFormatException e) {
          throw new InvalidDataException(path, "expected a decimal but found \"" + s + "\"");
        }
        BigInteger u;
        try {
          u = x.setScale(d.scale(), RoundingMode.UNNECESSARY).unscaledValue();
        } catch (ArithmeticException e) {
          throw new InvalidDataException(path, "decimal " + s + " is not exact at scale of " + t);
        }
        if (u.abs().compareTo(BigInteger.TEN.pow(d.precision())) >= 0) {
          throw new InvalidDataException(path, "decimal " + s + " exceeds the precision of " + t);
        }
        yield new BigDecimal(u, d.scale()).toPlainString();
      }
      case INTERVAL -> {
        Map<?, ?> m = expect(v, Map.class, t, path);
        keys(m, path, "months", "days", "microseconds");
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("months", check(DataTypes.INT32, false, m.get("months"), path + ".months"));
        out.put("days", check(DataTypes.INT32, false, m.get("days"), path + ".days"));
        out.put(
            "microseconds",
            check(DataTypes.INT64, false, m.get("microseconds"), path + ".microseconds"));
        yield out;
      }
      case VARIANT -> {
        Map<?, ?> m = expect(v, Map.class, t, path);
        for (Object k : m.keySet()) {
          if (!"metadata".equals(k) && !"value".equals(k) && !"json".equals(k)) {
            throw new InvalidDataException(path, "unknown key \"" + k + "\" in a variant");
          }
        }
        Variant x = variant(m, path);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("metadata", hex(x.metadata()));
        out.put("value", hex(x.value()));
        out.put("json", x.toJson());
        yield out;
      }
      case LIST -> {
        DataTypes.ListType l = (DataTypes.ListType) t;
        List<?> items = expect(v, List.class, t, path);
        List<Object> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
          out.add(check(l.element(), l.elementNullable(), items.get(i), path + "[" + i + "]"));
        }
        yield out;
      }
      case MAP -> {
        DataTypes.MapType mt = (DataTypes.MapType) t;
        List<?> entries = expect(v, List.class, t, path);
        List<Object> out = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
          List<?> p = pair(entries.get(i), path);
          List<Object> e = new ArrayList<>(2);
          e.add(check(mt.key(), false, p.get(0), path + "{keys}[" + i + "]"));
          e.add(check(mt.value(), mt.valueNullable(), p.get(1), path + "{values}[" + i + "]"));
          out.add(e);
        }
        yield out;
      }
      case STRUCT -> {
        Schema s = (Schema) t;
        Map<?, ?> m = expect(v, Map.class, t, path);
        for (Object k : m.keySet()) {
          if (s.field(String.valueOf(k)) == null) {
            throw new InvalidDataException(path, "unknown field \"" + k + "\"");
          }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Field f : s.fields()) {
          String p = path.isEmpty() ? f.name() : path + "." + f.name();
          if (!m.containsKey(f.name())) {
            throw new InvalidDataException(p, "missing field \"" + f.name() + "\"");
          }
          out.put(f.name(), check(f.type(), f.nullable(), m.get(f.name()), p));
        }
        yield out;
      }
    };
  }

  private static void keys(Map<?, ?> m, String path, String... want) {
    for (Object k : m.keySet()) {
      if (!List.of(want).contains(k)) {
        throw new InvalidDataException(path, "unknown key \"" + k + "\"");
      }
    }
    for (String k : want) {
      if (!m.containsKey(k)) {
        throw new InvalidDataException(path, "missing key \"" + k + "\"");
      }
    }
  }

  private static Variant variant(Map<?, ?> m, String path) {
    if (!(m.get("metadata") instanceof String) || !(m.get("value") instanceof String)) {
      throw new InvalidDataException(
          path, "expected a variant as {\"metadata\": hex, \"value\": hex, \"json\": text}");
    }
    try {
      Variant x =
          new Variant(
              unhex((String) m.get("metadata"), path), unhex((String) m.get("value"), path));
      x.validate();
      return x;
    } catch (ZerorowException e) {
      throw new InvalidDataException(path, e.detail(), e);
    }
  }

  private static UUID uuid(String s, String path) {
    if (s.length() != 36
        || s.charAt(8) != '-'
        || s.charAt(13) != '-'
        || s.charAt(18) != '-'
        || s.charAt(23) != '-') {
      throw new InvalidDataException(
          path, "expected a UUID as 8-4-4-4-12 hex digits but found \"" + s + "\"");
    }
    for (int i = 0; i < 36; i++) {
      if (i != 8 && i != 13 && i != 18 && i != 23 && Character.digit(s.charAt(i), 16) < 0) {
        throw new InvalidDataException(path, "bad hex digit in the UUID \"" + s + "\"");
      }
    }
    return UUID.fromString(s.toLowerCase(Locale.ROOT));
  }

  private static boolean isUtf8(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  private static List<?> pair(Object e, String path) {
    if (!(e instanceof List) || ((List<?>) e).size() != 2) {
      throw new InvalidDataException(path, "expected a [key, value] pair but found " + e);
    }
    return (List<?>) e;
  }

  private static <T> T expect(Object v, Class<T> c, DataType t, String path) {
    if (!c.isInstance(v)) {
      throw new InvalidDataException(
          path, "expected a value of " + t.toJson() + " but found " + describe(v));
    }
    return c.cast(v);
  }

  private static String describe(Object v) {
    return v instanceof String ? "\"" + v + "\"" : String.valueOf(v);
  }

  private static long integer(Object v, DataType t, String path, long min, long max) {
    BigDecimal d = expect(v, BigDecimal.class, t, path);
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

  private static long int64(Object v, DataType t, String path) {
    String s = expect(v, String.class, t, path);
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new InvalidDataException(
          path, "expected an int64 in decimal digits but found \"" + s + "\"");
    }
  }

  private static double floating(Object v, DataType t, String path) {
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
          throw new InvalidDataException(path, "expected a number but found \"" + v + "\"");
      }
    }
    String text = expect(v, BigDecimal.class, t, path).toString();
    double d =
        t.id() == io.zerorow.type.TypeId.FLOAT32
            ? Float.parseFloat(text)
            : Double.parseDouble(text);
    if (Double.isInfinite(d)) {
      // a number, not the string "Infinity": out of the type's range
      throw new InvalidDataException(path, "the number " + text + " is out of the range of " + t);
    }
    return d;
  }

  /** Bytes of a hex string (either case). */
  public static byte[] unhex(String s, String path) {
    if ((s.length() & 1) != 0) {
      throw new InvalidDataException(path, "odd number of hex digits");
    }
    byte[] out = new byte[s.length() / 2];
    for (int i = 0; i < out.length; i++) {
      int hi = Character.digit(s.charAt(2 * i), 16);
      int lo = Character.digit(s.charAt(2 * i + 1), 16);
      if (hi < 0 || lo < 0) {
        throw new InvalidDataException(path, "bad hex digit in \"" + s + "\"");
      }
      out[i] = (byte) (hi << 4 | lo);
    }
    return out;
  }

  /** Lowercase hex digits of {@code b}. */
  public static String hex(byte[] b) {
    StringBuilder s = new StringBuilder(2 * b.length);
    for (byte x : b) {
      s.append(Character.forDigit((x >> 4) & 0xf, 16)).append(Character.forDigit(x & 0xf, 16));
    }
    return s.toString();
  }

  // ---- canonical text ----

  /** Appends the canonical JSON text (SPEC §4.1) of a value {@link #check} returned. */
  public static void appendCanonical(StringBuilder out, Object v) {
    if (v == null) {
      out.append("null");
    } else if (v instanceof Boolean || v instanceof BigDecimal) {
      out.append(v instanceof BigDecimal ? ((BigDecimal) v).toPlainString() : v);
    } else if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      if (Double.isNaN(d)) {
        out.append("\"NaN\"");
      } else if (Double.isInfinite(d)) {
        out.append(d > 0 ? "\"Infinity\"" : "\"-Infinity\"");
      } else if (d == 0 && 1 / d < 0) {
        out.append("\"-0.0\"");
      } else {
        out.append(v instanceof Float ? Floats.shortest((Float) v) : Floats.shortest(d));
      }
    } else if (v instanceof String) {
      appendString(out, (String) v);
    } else if (v instanceof Map) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        out.append(first ? "" : ",");
        first = false;
        appendString(out, (String) e.getKey());
        out.append(':');
        appendCanonical(out, e.getValue());
      }
      out.append('}');
    } else {
      out.append('[');
      boolean first = true;
      for (Object e : (List<?>) v) {
        out.append(first ? "" : ",");
        first = false;
        appendCanonical(out, e);
      }
      out.append(']');
    }
  }

  /** A JSON string with the canonical escaping of SPEC §4.1. */
  public static void appendString(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"') {
        out.append("\\\"");
      } else if (c == '\\') {
        out.append("\\\\");
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    out.append('"');
  }

  // ---- writing into rows ----

  /**
   * Encodes {@code values} (a JSON object of the values of every field, SPEC §10) as a row of
   * {@code schema}.
   *
   * @throws InvalidDataException when a value is not one of its field's type
   */
  public static byte[] writeRow(Schema schema, Map<?, ?> values) {
    @SuppressWarnings("unchecked")
    Map<String, Object> checked = (Map<String, Object>) check(schema, false, values, "");
    RowWriter w = new RowWriter(schema);
    w.reset();
    writeFields(w, schema, checked);
    return w.toByteArray();
  }

  /** Writes a value {@link #check} returned at ordinal {@code i} of {@code w}. */
  public static void write(BinaryWriter w, int i, DataType t, Object v) {
    if (v == null) {
      if (t instanceof DataTypes.DecimalType) {
        DataTypes.DecimalType d = (DataTypes.DecimalType) t;
        w.writeDecimal(i, null, d.precision(), d.scale());
      } else {
        w.setNullAt(i);
      }
      return;
    }
    // a switch expression without default: a new storage kind must be handled here
    Void done =
        switch (t.storage()) {
          case NONE -> {
            w.setNullAt(i);
            yield null;
          }
          case FIXED -> writeFixed(w, i, t, v);
          case BODY -> writeBody(w, i, t, v);
          case ARRAY -> {
            DataTypes.ListType lt = (DataTypes.ListType) t;
            List<?> items = (List<?>) v;
            int c = w.cursor();
            ArrayWriter aw = new ArrayWriter(lt, w);
            aw.initialize(items.size());
            for (int j = 0; j < items.size(); j++) {
              write(aw, j, lt.element(), items.get(j));
            }
            w.setOffsetAndSize(i, c);
            yield null;
          }
          case MAP -> {
            DataTypes.MapType mt = (DataTypes.MapType) t;
            List<?> entries = (List<?>) v;
            int c = w.beginMap();
            ArrayWriter kw = new ArrayWriter(mt.keyArrayType(), w);
            kw.initialize(entries.size());
            for (int j = 0; j < entries.size(); j++) {
              write(kw, j, mt.key(), ((List<?>) entries.get(j)).get(0));
            }
            w.endMapKeys(c);
            ArrayWriter vw = new ArrayWriter(mt.valueArrayType(), w);
            vw.initialize(entries.size());
            for (int j = 0; j < entries.size(); j++) {
              write(vw, j, mt.value(), ((List<?>) entries.get(j)).get(1));
            }
            w.setOffsetAndSize(i, c);
            yield null;
          }
          case ROW -> {
            Schema s = (Schema) t;
            int c = w.cursor();
            RowWriter rw = new RowWriter(s, w);
            rw.start();
            writeFields(rw, s, (Map<?, ?>) v);
            w.setOffsetAndSize(i, c);
            yield null;
          }
        };
  }

  private static void writeFields(RowWriter w, Schema s, Map<?, ?> values) {
    for (int k = 0; k < s.numFields(); k++) {
      Field f = s.field(k);
      write(w, k, f.type(), values.get(f.name()));
    }
  }

  private static Void writeFixed(BinaryWriter w, int i, DataType t, Object v) {
    return switch (t.id()) {
      case BOOL -> {
        w.writeBoolean(i, (Boolean) v);
        yield null;
      }
      case INT8 -> {
        w.writeByte(i, ((BigDecimal) v).byteValue());
        yield null;
      }
      case INT16 -> {
        w.writeShort(i, ((BigDecimal) v).shortValue());
        yield null;
      }
      case INT32, DATE32, INTERVAL_YM -> {
        w.writeInt(i, ((BigDecimal) v).intValue());
        yield null;
      }
      case INT64, TIME, TIMESTAMP, DURATION -> {
        w.writeLong(i, Long.parseLong((String) v));
        yield null;
      }
      case FLOAT32 -> {
        w.writeFloat(i, (Float) v);
        yield null;
      }
      case FLOAT64 -> {
        w.writeDouble(i, (Double) v);
        yield null;
      }
      case DECIMAL -> {
        DataTypes.DecimalType d = (DataTypes.DecimalType) t;
        w.writeDecimal(i, new BigDecimal((String) v), d.precision(), d.scale());
        yield null;
      }
      case STRING, BINARY, LIST, MAP, STRUCT, NULL, INTERVAL, FIXED_BINARY, UUID, VARIANT ->
          throw new IllegalStateException("not stored in the slot: " + t);
    };
  }

  private static Void writeBody(BinaryWriter w, int i, DataType t, Object v) {
    return switch (t.id()) {
      case STRING -> {
        w.writeUtf8(i, ((String) v).getBytes(StandardCharsets.UTF_8));
        yield null;
      }
      case BINARY, FIXED_BINARY -> {
        w.writeBinary(i, unhex((String) v, ""));
        yield null;
      }
      case UUID -> {
        w.writeUuid(i, UUID.fromString((String) v));
        yield null;
      }
      case DECIMAL -> {
        DataTypes.DecimalType d = (DataTypes.DecimalType) t;
        w.writeDecimal(i, new BigDecimal((String) v), d.precision(), d.scale());
        yield null;
      }
      case INTERVAL -> {
        Map<?, ?> m = (Map<?, ?>) v;
        w.writeInterval(
            i,
            new Interval(
                ((BigDecimal) m.get("months")).intValue(),
                ((BigDecimal) m.get("days")).intValue(),
                Long.parseLong((String) m.get("microseconds"))));
        yield null;
      }
      case VARIANT -> {
        Map<?, ?> m = (Map<?, ?>) v;
        w.writeVariant(
            i,
            new Variant(unhex((String) m.get("metadata"), ""), unhex((String) m.get("value"), "")));
        yield null;
      }
      case BOOL,
              INT8,
              INT16,
              INT32,
              INT64,
              FLOAT32,
              FLOAT64,
              DATE32,
              TIME,
              TIMESTAMP,
              DURATION,
              LIST,
              MAP,
              STRUCT,
              NULL,
              INTERVAL_YM ->
          throw new IllegalStateException("no body for " + t);
    };
  }
}
