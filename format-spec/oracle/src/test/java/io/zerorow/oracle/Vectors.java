package io.zerorow.oracle;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.zerorow.tools.GoldenVectors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Reads the golden vectors (SPEC.md §10) without any zerorow code: a tiny schema model parsed from
 * schema.json (§4.1), values.json as a Jackson tree, row.bin as bytes.
 */
final class Vectors {
  private Vectors() {}

  /** Floats are read as BigDecimal so a float32 value is parsed from its exact JSON text. */
  static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  /** A zerorow type (SPEC §4.1). Unused members are null/0/false. */
  record ZType(
      String kind,
      List<ZField> fields,
      ZType element,
      boolean elementNullable,
      ZType key,
      ZType value,
      boolean valueNullable,
      int precision,
      int scale,
      String tz,
      int size) {
    static ZType simple(String kind) {
      return new ZType(kind, null, null, false, null, null, false, 0, 0, null, 0);
    }

    @Override
    public String toString() {
      return switch (kind) {
        case "struct" -> "struct" + fields;
        case "list" -> "list<" + element + (elementNullable ? "" : " not null") + ">";
        case "map" -> "map<" + key + ", " + value + (valueNullable ? "" : " not null") + ">";
        case "decimal" -> "decimal(" + precision + "," + scale + ")";
        case "timestamp" -> tz == null ? "timestamp" : "timestamp[" + tz + "]";
        case "fixed_binary" -> "fixed_binary(" + size + ")";
        default -> kind;
      };
    }
  }

  record ZField(String name, ZType type, boolean nullable) {
    @Override
    public String toString() {
      return name + ": " + type + (nullable ? "" : " not null");
    }
  }

  /** One golden case: {@code vectors/<name>/}. */
  record Case(String name, Path dir, ZType schema, JsonNode values, byte[] rowBin) {
    @Override
    public String toString() {
      return name;
    }

    /**
     * Every type kind used anywhere in the schema (timestamps with a zone count as "timestamp"; a
     * struct with no fields also adds the pseudo-kind "empty_struct").
     */
    Set<String> kinds() {
      Set<String> out = new TreeSet<>();
      collectKinds(schema, out);
      return out;
    }
  }

  /** The vectors folder, found the way every Java test finds it (zerorow-testing). */
  static Path vectorsDir() {
    return GoldenVectors.folder();
  }

  /** Every valid golden case (every folder with a schema.json, except invalid/), sorted by name. */
  static List<Case> all() {
    List<Case> out = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(vectorsDir())) {
      for (Path d : dirs.sorted().toList()) {
        if (!Files.isDirectory(d) || d.getFileName().toString().equals("invalid")) {
          continue;
        }
        if (!Files.exists(d.resolve("schema.json"))) {
          continue;
        }
        out.add(load(d));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (out.isEmpty()) {
      throw new IllegalStateException("no golden cases under " + vectorsDir());
    }
    return out;
  }

  static Case load(Path d) {
    try {
      ZType schema = parseType(JSON.readTree(d.resolve("schema.json").toFile()));
      if (!schema.kind().equals("struct")) {
        throw new IllegalStateException(d + ": schema is not a struct");
      }
      JsonNode values = JSON.readTree(d.resolve("values.json").toFile());
      byte[] bin = Files.readAllBytes(d.resolve("row.bin"));
      return new Case(d.getFileName().toString(), d, schema, values, bin);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static ZType parseType(JsonNode n) {
    if (n.isTextual()) {
      return ZType.simple(checkSimple(n.asText()));
    }
    String kind = req(n, "type").asText();
    switch (kind) {
      case "struct":
        {
          List<ZField> fields = new ArrayList<>();
          for (JsonNode f : req(n, "fields")) {
            fields.add(
                new ZField(
                    req(f, "name").asText(),
                    parseType(req(f, "type")),
                    req(f, "nullable").asBoolean()));
          }
          return new ZType(
              "struct", List.copyOf(fields), null, false, null, null, false, 0, 0, null, 0);
        }
      case "list":
        return new ZType(
            "list",
            null,
            parseType(req(n, "element")),
            req(n, "element_nullable").asBoolean(),
            null,
            null,
            false,
            0,
            0,
            null,
            0);
      case "map":
        return new ZType(
            "map",
            null,
            null,
            false,
            parseType(req(n, "key")),
            parseType(req(n, "value")),
            req(n, "value_nullable").asBoolean(),
            0,
            0,
            null,
            0);
      case "decimal":
        return new ZType(
            "decimal",
            null,
            null,
            false,
            null,
            null,
            false,
            req(n, "precision").asInt(),
            req(n, "scale").asInt(),
            null,
            0);
      case "timestamp":
        return new ZType(
            "timestamp",
            null,
            null,
            false,
            null,
            null,
            false,
            0,
            0,
            n.has("tz") ? n.get("tz").asText() : null,
            0);
      case "fixed_binary":
        return new ZType(
            "fixed_binary",
            null,
            null,
            false,
            null,
            null,
            false,
            0,
            0,
            null,
            req(n, "size").asInt());
      default:
        return ZType.simple(checkSimple(kind));
    }
  }

  private static final Set<String> SIMPLE =
      Set.of(
          "bool",
          "int8",
          "int16",
          "int32",
          "int64",
          "float32",
          "float64",
          "string",
          "binary",
          "date32",
          "time",
          "timestamp",
          "duration",
          // SPEC 1.2 (§3.6-§3.9)
          "null",
          "interval_ym",
          "interval",
          "uuid",
          "variant");

  private static String checkSimple(String kind) {
    if (!SIMPLE.contains(kind)) {
      throw new IllegalStateException("unknown type in a golden schema: " + kind);
    }
    return kind;
  }

  private static JsonNode req(JsonNode n, String key) {
    JsonNode v = n.get(key);
    if (v == null) {
      throw new IllegalStateException("missing key '" + key + "' in " + n);
    }
    return v;
  }

  private static void collectKinds(ZType t, Set<String> out) {
    out.add(t.kind());
    if (t.kind().equals("struct") && t.fields().isEmpty()) {
      out.add("empty_struct");
    }
    switch (t.kind()) {
      case "struct" -> t.fields().forEach(f -> collectKinds(f.type(), out));
      case "list" -> collectKinds(t.element(), out);
      case "map" -> {
        collectKinds(t.key(), out);
        collectKinds(t.value(), out);
      }
      default -> {}
    }
  }

  // ---- values.json decoding (SPEC §10) -------------------------------------------------

  /** The value of field {@code f} in a struct object, checking that values.json has it. */
  static JsonNode fieldValue(JsonNode struct, ZField f, String path) {
    if (!struct.isObject()) {
      throw new IllegalStateException(path + ": expected a JSON object, got " + struct);
    }
    JsonNode v = struct.get(f.name());
    if (v == null) {
      throw new IllegalStateException(path + ": values.json has no key '" + f.name() + "'");
    }
    return v;
  }

  /** Checks values.json has exactly the struct's fields, in schema order. */
  static void checkKeys(JsonNode struct, ZType t, String path) {
    List<String> keys = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = struct.fields(); it.hasNext(); ) {
      keys.add(it.next().getKey());
    }
    List<String> names = t.fields().stream().map(ZField::name).toList();
    if (!keys.equals(names)) {
      throw new IllegalStateException(path + ": values.json keys " + keys + " != schema " + names);
    }
  }

  static long int64(JsonNode v) {
    if (!v.isTextual()) {
      throw new IllegalStateException("int64-like value must be a JSON string: " + v);
    }
    return Long.parseLong(v.asText());
  }

  static float float32(JsonNode v) {
    if (v.isTextual()) {
      return switch (v.asText()) {
        case "NaN" -> Float.NaN;
        case "Infinity" -> Float.POSITIVE_INFINITY;
        case "-Infinity" -> Float.NEGATIVE_INFINITY;
        case "-0.0" -> -0.0f;
        default -> throw new IllegalStateException("bad float32 string " + v);
      };
    }
    return Float.parseFloat(v.decimalValue().toString());
  }

  static double float64(JsonNode v) {
    if (v.isTextual()) {
      return switch (v.asText()) {
        case "NaN" -> Double.NaN;
        case "Infinity" -> Double.POSITIVE_INFINITY;
        case "-Infinity" -> Double.NEGATIVE_INFINITY;
        case "-0.0" -> -0.0d;
        default -> throw new IllegalStateException("bad float64 string " + v);
      };
    }
    return Double.parseDouble(v.decimalValue().toString());
  }

  static byte[] binary(JsonNode v) {
    return HexFormat.of().parseHex(v.asText());
  }

  /** The bytes of a binary, fixed_binary or uuid value (SPEC §10: hex, or a uuid's text). */
  static byte[] bytes(JsonNode v, ZType t) {
    if (!t.kind().equals("uuid")) {
      return binary(v);
    }
    java.util.UUID u = java.util.UUID.fromString(v.asText());
    return java.nio.ByteBuffer.allocate(16)
        .putLong(u.getMostSignificantBits())
        .putLong(u.getLeastSignificantBits())
        .array();
  }

  /** An interval of values.json: {"months", "days", "microseconds" (a string)}. */
  record Interval(int months, int days, long microseconds) {}

  static Interval interval(JsonNode v) {
    return new Interval(
        req(v, "months").intValue(), req(v, "days").intValue(), int64(req(v, "microseconds")));
  }

  /** A variant of values.json: its value and metadata bytes (SPEC §3.9, §10). */
  record VariantBytes(byte[] value, byte[] metadata) {}

  static VariantBytes variant(JsonNode v) {
    return new VariantBytes(binary(req(v, "value")), binary(req(v, "metadata")));
  }

  static BigDecimal decimal(JsonNode v, ZType t) {
    BigDecimal d = new BigDecimal(v.asText());
    if (d.scale() != t.scale()) {
      throw new IllegalStateException("decimal " + v + " does not have scale " + t.scale());
    }
    return d;
  }

  // ---- byte diffs ----------------------------------------------------------------------

  /** Empty when equal; otherwise a readable report of every differing byte (first 64). */
  static String byteDiff(byte[] expected, byte[] actual) {
    if (java.util.Arrays.equals(expected, actual)) {
      return "";
    }
    StringBuilder sb = new StringBuilder();
    sb.append("row.bin has ")
        .append(expected.length)
        .append(" bytes, oracle wrote ")
        .append(actual.length)
        .append('\n');
    int n = Math.max(expected.length, actual.length);
    int shown = 0;
    int total = 0;
    for (int i = 0; i < n; i++) {
      int e = i < expected.length ? expected[i] & 0xff : -1;
      int a = i < actual.length ? actual[i] & 0xff : -1;
      if (e != a) {
        total++;
        if (shown++ < 64) {
          sb.append(
              String.format(
                  "  offset 0x%04x: row.bin %s, oracle %s%n",
                  i,
                  e < 0 ? "--" : String.format("%02x", e),
                  a < 0 ? "--" : String.format("%02x", a)));
        }
      }
    }
    sb.append("  ").append(total).append(" differing byte(s)\n");
    sb.append("row.bin:\n").append(hexDump(expected)).append("oracle:\n").append(hexDump(actual));
    return sb.toString();
  }

  static String hexDump(byte[] b) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < b.length && i < 4096; i += 8) {
      sb.append(String.format("  0x%04x |", i));
      for (int j = i; j < i + 8 && j < b.length; j++) {
        sb.append(String.format(" %02x", b[j] & 0xff));
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
