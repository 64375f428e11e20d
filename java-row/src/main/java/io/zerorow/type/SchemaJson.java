package io.zerorow.type;

import io.zerorow.InvalidDataException;
import io.zerorow.UnsupportedException;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Json;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Canonical JSON writing helpers and the schema JSON reader (SPEC §4.1). */
final class SchemaJson {
  private SchemaJson() {}

  /** Appends a JSON string with the canonical escaping of SPEC §4.1. */
  static void appendString(StringBuilder out, String s) {
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

  static Schema parseSchema(String text) {
    Object tree = Json.parse(text);
    DataType t = type(tree, "");
    if (!(t instanceof Schema)) {
      throw new InvalidDataException("", "a schema must be a struct type but found " + t);
    }
    return (Schema) t;
  }

  static DataType type(Object node, String path) {
    if (node instanceof String) {
      return named((String) node, path);
    }
    if (!(node instanceof Map)) {
      throw new InvalidDataException(
          path, "expected a type (string or object) but found " + describe(node));
    }
    Map<?, ?> m = (Map<?, ?>) node;
    String name = str(m, "type", path);
    switch (name) {
      case "timestamp":
        return m.containsKey("tz") ? DataTypes.timestamp(str(m, "tz", path)) : DataTypes.TIMESTAMP;
      case "decimal":
        {
          int p = integer(m, "precision", path);
          int s = integer(m, "scale", path);
          if (p < 1 || p > 38 || s < 0 || s > p) {
            throw new UnsupportedException(
                path,
                "expected 1 <= precision <= 38 and 0 <= scale <= precision but found ("
                    + p
                    + ","
                    + s
                    + ")");
          }
          return DataTypes.decimal(p, s);
        }
      case "fixed_binary":
        {
          int n = integer(m, "size", path);
          if (n < 1 || n > DataTypes.FixedBinaryType.MAX_SIZE) {
            throw new UnsupportedException(
                path, "expected a fixed_binary size 1 <= n <= 2^31-8 but found " + n);
          }
          return DataTypes.fixedBinary(n);
        }
      case "list":
        return DataTypes.list(
            type(req(m, "element", path), path + "[]"), bool(m, "element_nullable", path));
      case "map":
        return DataTypes.map(
            type(req(m, "key", path), path + "{keys}"),
            type(req(m, "value", path), path + "{values}"),
            bool(m, "value_nullable", path));
      case "struct":
        return struct(m, path);
      default:
        return named(name, path);
    }
  }

  private static Schema struct(Map<?, ?> m, String path) {
    Object fs = req(m, "fields", path);
    if (!(fs instanceof List)) {
      throw new InvalidDataException(path, "\"fields\" must be an array");
    }
    try {
      List<Field> fields = new ArrayList<>();
      for (Object f : (List<?>) fs) {
        if (!(f instanceof Map)) {
          throw new InvalidDataException("", "a field must be an object");
        }
        Map<?, ?> fm = (Map<?, ?>) f;
        String name = str(fm, "name", "");
        Field field =
            new Field(
                name,
                type(req(fm, "type", name), name),
                bool(fm, "nullable", name),
                aliases(fm, name));
        if (fm.containsKey("default")) {
          if (fm.get("default") == null) {
            // a default is a value (SPEC §13.7): "no default" is the key left out
            throw new InvalidDataException(
                name, "a default of null: a default is a non-null value (leave the key out)");
          }
          field = field.withDefaultValue(fm.get("default"));
        }
        fields.add(field);
      }
      return new Schema(fields);
    } catch (ZerorowException e) {
      // the field's own rules name it relative to this struct; the error names the whole path
      if (path.isEmpty()) {
        throw e;
      }
      String p = e.path().isEmpty() ? path : path + "." + e.path();
      throw ZerorowException.of(e.kind(), p, e.detail());
    }
  }

  /** The optional {@code "aliases"} of a field (SPEC §13.2): an array of strings. */
  private static List<String> aliases(Map<?, ?> field, String path) {
    if (!field.containsKey("aliases")) {
      return List.of();
    }
    Object v = field.get("aliases");
    if (!(v instanceof List)) {
      throw new InvalidDataException(
          path, "\"aliases\" must be an array of strings but found " + describe(v));
    }
    List<String> out = new ArrayList<>();
    for (Object a : (List<?>) v) {
      if (!(a instanceof String)) {
        throw new InvalidDataException(
            path, "\"aliases\" must be an array of strings but found an element " + describe(a));
      }
      out.add((String) a);
    }
    return out;
  }

  private static DataType named(String name, String path) {
    for (TypeId id : TypeId.values()) {
      if (id.jsonName().equals(name)) {
        return switch (id) {
          case BOOL -> DataTypes.BOOL;
          case INT8 -> DataTypes.INT8;
          case INT16 -> DataTypes.INT16;
          case INT32 -> DataTypes.INT32;
          case INT64 -> DataTypes.INT64;
          case FLOAT32 -> DataTypes.FLOAT32;
          case FLOAT64 -> DataTypes.FLOAT64;
          case STRING -> DataTypes.STRING;
          case BINARY -> DataTypes.BINARY;
          case DATE32 -> DataTypes.DATE32;
          case TIME -> DataTypes.TIME;
          case TIMESTAMP -> DataTypes.TIMESTAMP;
          case DURATION -> DataTypes.DURATION;
          case NULL -> DataTypes.NULL;
          case INTERVAL_YM -> DataTypes.INTERVAL_YM;
          case INTERVAL -> DataTypes.INTERVAL;
          case UUID -> DataTypes.UUID;
          case VARIANT -> DataTypes.VARIANT;
          case DECIMAL, FIXED_BINARY, LIST, MAP, STRUCT ->
              throw new InvalidDataException(path, "type \"" + name + "\" needs its parameters");
        };
      }
    }
    throw new UnsupportedException(path, "unknown type \"" + name + "\"");
  }

  private static Object req(Map<?, ?> m, String key, String path) {
    if (!m.containsKey(key)) {
      throw new InvalidDataException(path, "missing key \"" + key + "\"");
    }
    return m.get(key);
  }

  private static String str(Map<?, ?> m, String key, String path) {
    Object v = req(m, key, path);
    if (!(v instanceof String)) {
      throw new InvalidDataException(
          path, "\"" + key + "\" must be a string but found " + describe(v));
    }
    return (String) v;
  }

  private static boolean bool(Map<?, ?> m, String key, String path) {
    Object v = req(m, key, path);
    if (!(v instanceof Boolean)) {
      throw new InvalidDataException(
          path, "\"" + key + "\" must be true or false but found " + describe(v));
    }
    return (Boolean) v;
  }

  private static int integer(Map<?, ?> m, String key, String path) {
    Object v = req(m, key, path);
    try {
      return ((BigDecimal) v).intValueExact();
    } catch (ClassCastException | ArithmeticException e) {
      throw new InvalidDataException(
          path, "\"" + key + "\" must be an integer but found " + describe(v));
    }
  }

  private static String describe(Object v) {
    return v == null ? "null" : v instanceof String ? "\"" + v + "\"" : String.valueOf(v);
  }
}
