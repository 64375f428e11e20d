package io.zerorow.internal;

import io.zerorow.InvalidDataException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small strict JSON reader (RFC 8259) for schema JSON and golden-vector values: objects become
 * {@link LinkedHashMap} (key order kept), arrays {@link ArrayList}, numbers {@link BigDecimal}
 * (exact), and strings, booleans and null their Java forms. Malformed text is {@code invalid_data}.
 */
public final class Json {
  private final String s;
  private int pos;

  private Json(String s) {
    this.s = s;
  }

  /** Parses one JSON value; trailing non-whitespace is an error. */
  public static Object parse(String text) {
    Json p = new Json(text);
    p.ws();
    Object v = p.value(0);
    p.ws();
    if (p.pos != text.length()) {
      throw p.error("trailing characters");
    }
    return v;
  }

  private InvalidDataException error(String what) {
    return new InvalidDataException("", "malformed JSON: " + what + " at character " + pos);
  }

  private void ws() {
    while (pos < s.length()) {
      char c = s.charAt(pos);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        pos++;
      } else {
        break;
      }
    }
  }

  private Object value(int depth) {
    if (depth > 1100) { // a variant nests up to 1,000 levels (SPEC §7); schemas 64
      throw error("nesting too deep");
    }
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
    Map<String, Object> m = new LinkedHashMap<>();
    pos++;
    ws();
    if (peek() == '}') {
      pos++;
      return m;
    }
    while (true) {
      ws();
      if (peek() != '"') {
        throw error("expected a key");
      }
      String k = string();
      ws();
      expect(':');
      ws();
      if (m.containsKey(k)) {
        throw error("duplicate key \"" + k + "\"");
      }
      m.put(k, value(depth + 1));
      ws();
      char c = next();
      if (c == '}') {
        return m;
      }
      if (c != ',') {
        throw error("expected ',' or '}'");
      }
    }
  }

  private List<Object> array(int depth) {
    List<Object> a = new ArrayList<>();
    pos++;
    ws();
    if (peek() == ']') {
      pos++;
      return a;
    }
    while (true) {
      ws();
      a.add(value(depth + 1));
      ws();
      char c = next();
      if (c == ']') {
        return a;
      }
      if (c != ',') {
        throw error("expected ',' or ']'");
      }
    }
  }

  private char peek() {
    if (pos >= s.length()) {
      throw error("unexpected end");
    }
    return s.charAt(pos);
  }

  private char next() {
    char c = peek();
    pos++;
    return c;
  }

  private void expect(char c) {
    if (next() != c) {
      throw error("expected '" + c + "'");
    }
  }

  private String string() {
    pos++;
    StringBuilder b = new StringBuilder();
    while (true) {
      char c = next();
      if (c == '"') {
        return b.toString();
      }
      if (c < 0x20) {
        throw error("control character in string");
      }
      if (c != '\\') {
        b.append(c);
        continue;
      }
      char e = next();
      switch (e) {
        case '"':
          b.append('"');
          break;
        case '\\':
          b.append('\\');
          break;
        case '/':
          b.append('/');
          break;
        case 'b':
          b.append('\b');
          break;
        case 'f':
          b.append('\f');
          break;
        case 'n':
          b.append('\n');
          break;
        case 'r':
          b.append('\r');
          break;
        case 't':
          b.append('\t');
          break;
        case 'u':
          if (pos + 4 > s.length()) {
            throw error("short \\u escape");
          }
          try {
            b.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
          } catch (NumberFormatException ex) {
            throw error("bad \\u escape");
          }
          pos += 4;
          break;
        default:
          throw error("bad escape");
      }
    }
  }

  private BigDecimal number() {
    int start = pos;
    if (peek() == '-') {
      pos++;
    }
    while (pos < s.length() && "0123456789.eE+-".indexOf(s.charAt(pos)) >= 0) {
      pos++;
    }
    String t = s.substring(start, pos);
    if (t.isEmpty() || !t.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?")) {
      pos = start;
      throw error("bad number or unexpected character");
    }
    return new BigDecimal(t);
  }
}
