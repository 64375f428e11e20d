package io.zerorow.type;

import io.zerorow.InvalidDataException;
import io.zerorow.SchemaMismatchException;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Writes canonical variants (SPEC §3.9): from Java values, and from JSON text as Spark's {@code
 * parse_json} reads it. The metadata holds each distinct key once, sorted by UTF-8 bytes, with
 * {@code sorted_strings} set and the smallest offset size; objects store their fields in key order
 * with the smallest id and offset sizes ({@code is_large} only above 255 elements), arrays the
 * smallest offset size; integers take the smallest width, strings of at most 63 bytes are short
 * strings.
 */
final class VariantBuilder {
  private final Map<String, Integer> ids = new HashMap<>();

  private VariantBuilder() {}

  /** The canonical variant of a Java value (see {@link Variant#of}). */
  static Variant build(Object value) {
    TreeSet<byte[]> keys = new TreeSet<>(Arrays::compareUnsigned);
    collectKeys(value, keys, 0);
    VariantBuilder b = new VariantBuilder();
    List<byte[]> sorted = new ArrayList<>(keys);
    for (int i = 0; i < sorted.size(); i++) {
      b.ids.put(new String(sorted.get(i), StandardCharsets.UTF_8), i);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    b.write(value, out, 0);
    return new Variant(metadata(sorted), out.toByteArray());
  }

  private static SchemaMismatchException notAValue(Object v) {
    return new SchemaMismatchException(
        "",
        "a variant holds maps with string keys, lists, strings, numbers, booleans, null, dates,"
            + " times, timestamps, bytes and UUIDs, not a "
            + v.getClass().getName());
  }

  private static InvalidDataException tooDeep() {
    return new InvalidDataException(
        "",
        "variant: expected at most "
            + Variant.MAX_DEPTH
            + " nested objects and arrays but found more (SPEC §7)");
  }

  private static void collectKeys(Object v, TreeSet<byte[]> keys, int depth) {
    if (v instanceof Map || v instanceof List || isArray(v)) {
      if (depth >= Variant.MAX_DEPTH) {
        throw tooDeep();
      }
    }
    if (v instanceof Map) {
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        if (!(e.getKey() instanceof String)) {
          throw new SchemaMismatchException(
              "", "a variant object's keys are strings, not " + e.getKey());
        }
        keys.add(((String) e.getKey()).getBytes(StandardCharsets.UTF_8));
        collectKeys(e.getValue(), keys, depth + 1);
      }
    } else if (v instanceof List) {
      for (Object e : (List<?>) v) {
        collectKeys(e, keys, depth + 1);
      }
    } else if (isArray(v)) {
      for (int i = 0, n = Array.getLength(v); i < n; i++) {
        collectKeys(Array.get(v, i), keys, depth + 1);
      }
    } else if (v instanceof Variant) {
      // a nested variant is written again from its Java value, with this variant's dictionary
      collectKeys(((Variant) v).toObject(), keys, depth);
    }
  }

  private static boolean isArray(Object v) {
    return v != null && v.getClass().isArray() && !(v instanceof byte[]);
  }

  /** The metadata of a sorted dictionary: header, size, offsets, keys. */
  private static byte[] metadata(List<byte[]> keys) {
    int total = 0;
    for (byte[] k : keys) {
      total += k.length;
    }
    int o = intSize(Math.max(total, keys.size()));
    ByteArrayOutputStream m = new ByteArrayOutputStream();
    m.write(0x01 | 0x10 | ((o - 1) << 6)); // version 1, sorted_strings
    writeUint(m, keys.size(), o);
    int off = 0;
    writeUint(m, 0, o);
    for (byte[] k : keys) {
      off += k.length;
      writeUint(m, off, o);
    }
    for (byte[] k : keys) {
      m.write(k, 0, k.length);
    }
    return m.toByteArray();
  }

  /** The fewest bytes (1 to 4) that hold {@code v}. */
  static int intSize(long v) {
    return v <= 0xff ? 1 : v <= 0xffff ? 2 : v <= 0xffffff ? 3 : 4;
  }

  private static void writeUint(ByteArrayOutputStream out, long v, int n) {
    for (int i = 0; i < n; i++) {
      out.write((int) (v >>> (8 * i)));
    }
  }

  private static void writeLong(ByteArrayOutputStream out, long v, int n) {
    writeUint(out, v, n);
  }

  private static void primitive(ByteArrayOutputStream out, int id) {
    out.write(id << 2);
  }

  private void write(Object v, ByteArrayOutputStream out, int depth) {
    if (v == null) {
      primitive(out, 0);
    } else if (v instanceof Boolean) {
      primitive(out, (Boolean) v ? 1 : 2);
    } else if (v instanceof Long
        || v instanceof Integer
        || v instanceof Short
        || v instanceof Byte) {
      integer(out, ((Number) v).longValue());
    } else if (v instanceof BigInteger) {
      // an integer beyond int64 is decimal16 with scale 0, up to 38 digits (SPEC §3.9)
      BigInteger i = (BigInteger) v;
      if (i.bitLength() < 64) {
        integer(out, i.longValue());
      } else {
        decimal(out, new BigDecimal(i));
      }
    } else if (v instanceof Double) {
      primitive(out, 7);
      // every NaN as the canonical quiet NaN (SPEC §2.6)
      writeLong(out, Double.doubleToLongBits((Double) v), 8);
    } else if (v instanceof Float) {
      primitive(out, 14);
      writeLong(out, Float.floatToIntBits((Float) v) & 0xffffffffL, 4);
    } else if (v instanceof BigDecimal) {
      decimal(out, (BigDecimal) v);
    } else if (v instanceof String) {
      string(out, ((String) v).getBytes(StandardCharsets.UTF_8));
    } else if (v instanceof byte[]) {
      byte[] b = (byte[]) v;
      primitive(out, 15);
      writeUint(out, b.length, 4);
      out.write(b, 0, b.length);
    } else if (v instanceof LocalDate) {
      primitive(out, 11);
      writeUint(out, Values.daysOf((LocalDate) v), 4);
    } else if (v instanceof LocalTime) {
      primitive(out, 17);
      writeLong(out, Values.microsOf((LocalTime) v, ""), 8);
    } else if (v instanceof Instant) {
      primitive(out, 12);
      writeLong(out, Values.microsOf((Instant) v, ""), 8);
    } else if (v instanceof LocalDateTime) {
      primitive(out, 13);
      writeLong(out, Values.microsOf(((LocalDateTime) v).toInstant(ZoneOffset.UTC), ""), 8);
    } else if (v instanceof UUID) {
      UUID u = (UUID) v;
      primitive(out, 20);
      for (int i = 7; i >= 0; i--) {
        out.write((int) (u.getMostSignificantBits() >>> (8 * i)));
      }
      for (int i = 7; i >= 0; i--) {
        out.write((int) (u.getLeastSignificantBits() >>> (8 * i)));
      }
    } else if (v instanceof Variant) {
      write(((Variant) v).toObject(), out, depth);
    } else if (v instanceof Map) {
      object((Map<?, ?>) v, out, depth);
    } else if (v instanceof List) {
      array((List<?>) v, out, depth);
    } else if (isArray(v)) {
      List<Object> l = new ArrayList<>();
      for (int i = 0, n = Array.getLength(v); i < n; i++) {
        l.add(Array.get(v, i));
      }
      array(l, out, depth);
    } else {
      throw notAValue(v);
    }
  }

  private static void integer(ByteArrayOutputStream out, long x) {
    if (x == (byte) x) {
      primitive(out, 3);
      writeLong(out, x, 1);
    } else if (x == (short) x) {
      primitive(out, 4);
      writeLong(out, x, 2);
    } else if (x == (int) x) {
      primitive(out, 5);
      writeLong(out, x, 4);
    } else {
      primitive(out, 6);
      writeLong(out, x, 8);
    }
  }

  /** A decimal by its precision: decimal4 up to 9 digits, decimal8 up to 18, else decimal16. */
  private static void decimal(ByteArrayOutputStream out, BigDecimal d) {
    if (d.scale() < 0) {
      d = d.setScale(0);
    }
    int p = Math.max(d.precision(), d.scale());
    if (p > 38) {
      throw new InvalidDataException(
          "", "variant: a decimal holds at most 38 digits but " + d.toPlainString() + " has " + p);
    }
    int width = p <= 9 ? 4 : p <= 18 ? 8 : 16;
    primitive(out, width == 4 ? 8 : width == 8 ? 9 : 10);
    out.write(d.scale());
    byte[] be = d.unscaledValue().toByteArray();
    for (int i = 0; i < width; i++) {
      int k = be.length - 1 - i;
      out.write(k >= 0 ? be[k] : (d.signum() < 0 ? 0xff : 0));
    }
  }

  private static void string(ByteArrayOutputStream out, byte[] utf8) {
    if (utf8.length <= 63) {
      out.write(Variant.BASIC_SHORT_STRING | (utf8.length << 2));
    } else {
      primitive(out, 16);
      writeUint(out, utf8.length, 4);
    }
    out.write(utf8, 0, utf8.length);
  }

  private void object(Map<?, ?> m, ByteArrayOutputStream out, int depth) {
    if (depth >= Variant.MAX_DEPTH) {
      throw tooDeep();
    }
    int n = m.size();
    int[] fieldIds = new int[n];
    Object[] vals = new Object[n];
    int k = 0;
    for (Map.Entry<?, ?> e : m.entrySet()) {
      fieldIds[k] = ids.get((String) e.getKey());
      vals[k++] = e.getValue();
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    // the dictionary is sorted, so id order is key order (SPEC §3.9: keys in increasing order)
    Arrays.sort(order, (a, b) -> Integer.compare(fieldIds[a], fieldIds[b]));
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    int[] offsets = new int[n + 1];
    int maxId = 0;
    for (int i = 0; i < n; i++) {
      offsets[i] = data.size();
      maxId = Math.max(maxId, fieldIds[order[i]]);
      write(vals[order[i]], data, depth + 1);
    }
    offsets[n] = data.size();
    boolean large = n > 255;
    int idSize = intSize(maxId);
    int offsetSize = intSize(data.size());
    out.write(
        Variant.BASIC_OBJECT
            | ((offsetSize - 1) << 2)
            | ((idSize - 1) << 4)
            | ((large ? 1 : 0) << 6));
    writeUint(out, n, large ? 4 : 1);
    for (int i = 0; i < n; i++) {
      writeUint(out, fieldIds[order[i]], idSize);
    }
    for (int i = 0; i <= n; i++) {
      writeUint(out, offsets[i], offsetSize);
    }
    out.writeBytes(data.toByteArray());
  }

  private void array(List<?> l, ByteArrayOutputStream out, int depth) {
    if (depth >= Variant.MAX_DEPTH) {
      throw tooDeep();
    }
    int n = l.size();
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    int[] offsets = new int[n + 1];
    int i = 0;
    for (Object e : l) {
      offsets[i++] = data.size();
      write(e, data, depth + 1);
    }
    offsets[n] = data.size();
    boolean large = n > 255;
    int offsetSize = intSize(data.size());
    out.write(Variant.BASIC_ARRAY | ((offsetSize - 1) << 2) | ((large ? 1 : 0) << 4));
    writeUint(out, n, large ? 4 : 1);
    for (int k = 0; k <= n; k++) {
      writeUint(out, offsets[k], offsetSize);
    }
    out.writeBytes(data.toByteArray());
  }

  // ---- JSON text (RFC 8259), as Spark's parse_json reads it ----

  /** Parses JSON text into the Java values {@link #build} takes, numbers per SPEC §3.9. */
  static Object parseJson(String text) {
    JsonText p = new JsonText(text);
    p.ws();
    Object v = p.value(0);
    p.ws();
    if (p.pos != text.length()) {
      throw p.error("trailing characters");
    }
    return v;
  }

  private static final class JsonText {
    private final String s;
    private int pos;

    JsonText(String s) {
      this.s = s;
    }

    InvalidDataException error(String what) {
      return new InvalidDataException(
          "", "variant: malformed JSON: " + what + " at character " + pos);
    }

    void ws() {
      while (pos < s.length()) {
        char c = s.charAt(pos);
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
          return;
        }
        pos++;
      }
    }

    Object value(int depth) {
      if (pos >= s.length()) {
        throw error("unexpected end");
      }
      char c = s.charAt(pos);
      switch (c) {
        case '{':
          return object(depth);
        case '[':
          return array(depth);
        case '"':
          return string();
        case 't':
          return literal("true", Boolean.TRUE);
        case 'f':
          return literal("false", Boolean.FALSE);
        case 'n':
          return literal("null", null);
        default:
          return number();
      }
    }

    private Object literal(String word, Object v) {
      if (!s.startsWith(word, pos)) {
        throw error("unknown literal");
      }
      pos += word.length();
      return v;
    }

    private Map<String, Object> object(int depth) {
      if (depth >= Variant.MAX_DEPTH) {
        throw tooDeep();
      }
      pos++;
      Map<String, Object> m = new LinkedHashMap<>();
      ws();
      if (pos < s.length() && s.charAt(pos) == '}') {
        pos++;
        return m;
      }
      while (true) {
        ws();
        if (pos >= s.length() || s.charAt(pos) != '"') {
          throw error("expected a key");
        }
        String k = string();
        ws();
        expect(':');
        ws();
        Object v = value(depth + 1);
        if (m.containsKey(k)) {
          throw new InvalidDataException(
              "", "variant: duplicate key \"" + k + "\" in one JSON object");
        }
        m.put(k, v);
        ws();
        if (pos < s.length() && s.charAt(pos) == ',') {
          pos++;
          continue;
        }
        expect('}');
        return m;
      }
    }

    private List<Object> array(int depth) {
      if (depth >= Variant.MAX_DEPTH) {
        throw tooDeep();
      }
      pos++;
      List<Object> l = new ArrayList<>();
      ws();
      if (pos < s.length() && s.charAt(pos) == ']') {
        pos++;
        return l;
      }
      while (true) {
        ws();
        l.add(value(depth + 1));
        ws();
        if (pos < s.length() && s.charAt(pos) == ',') {
          pos++;
          continue;
        }
        expect(']');
        return l;
      }
    }

    private void expect(char c) {
      if (pos >= s.length() || s.charAt(pos) != c) {
        throw error("expected '" + c + "'");
      }
      pos++;
    }

    private String string() {
      pos++;
      StringBuilder b = new StringBuilder();
      while (true) {
        if (pos >= s.length()) {
          throw error("unterminated string");
        }
        char c = s.charAt(pos++);
        if (c == '"') {
          break;
        }
        if (c < 0x20) {
          throw error("control character in a string");
        }
        if (c != '\\') {
          b.append(c);
          continue;
        }
        if (pos >= s.length()) {
          throw error("unterminated escape");
        }
        char e = s.charAt(pos++);
        switch (e) {
          case '"', '\\', '/' -> b.append(e);
          case 'b' -> b.append('\b');
          case 'f' -> b.append('\f');
          case 'n' -> b.append('\n');
          case 'r' -> b.append('\r');
          case 't' -> b.append('\t');
          case 'u' -> {
            if (pos + 4 > s.length()) {
              throw error("short \\u escape");
            }
            try {
              b.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
            } catch (NumberFormatException x) {
              throw error("bad \\u escape");
            }
            pos += 4;
          }
          default -> throw error("bad escape");
        }
      }
      String out = b.toString();
      for (int i = 0; i < out.length(); i++) {
        char c = out.charAt(i);
        if (Character.isHighSurrogate(c)
            && i + 1 < out.length()
            && Character.isLowSurrogate(out.charAt(i + 1))) {
          i++;
        } else if (Character.isSurrogate(c)) {
          throw error("a lone surrogate, which UTF-8 cannot hold,");
        }
      }
      return out;
    }

    /** A JSON number as SPEC §3.9 reads it: integer, decimal or double. */
    private Object number() {
      int start = pos;
      if (pos < s.length() && s.charAt(pos) == '-') {
        pos++;
      }
      int intStart = pos;
      while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
        pos++;
      }
      if (pos == intStart || (s.charAt(intStart) == '0' && pos - intStart > 1)) {
        throw error("bad number");
      }
      boolean fraction = false;
      boolean exponent = false;
      if (pos < s.length() && s.charAt(pos) == '.') {
        fraction = true;
        pos++;
        int f = pos;
        while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
          pos++;
        }
        if (pos == f) {
          throw error("bad number");
        }
      }
      if (pos < s.length() && (s.charAt(pos) == 'e' || s.charAt(pos) == 'E')) {
        exponent = true;
        pos++;
        if (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) {
          pos++;
        }
        int e = pos;
        while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
          pos++;
        }
        if (pos == e) {
          throw error("bad number");
        }
      }
      String t = s.substring(start, pos);
      if (exponent) {
        return Double.parseDouble(t);
      }
      BigDecimal d = new BigDecimal(t);
      if (!fraction) {
        BigInteger i = d.toBigIntegerExact();
        if (i.bitLength() < 64) {
          return i.longValue();
        }
        return d.precision() <= 38 ? d : (Object) Double.parseDouble(t);
      }
      return d.precision() <= 38 && d.scale() <= 38 ? d : (Object) Double.parseDouble(t);
    }
  }
}
