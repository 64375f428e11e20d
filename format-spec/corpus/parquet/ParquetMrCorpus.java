/*
 * The parquet-mr half of the generated Parquet corpus (SPEC §12.4): the list and map forms of
 * the Parquet format's backward-compatibility rules, the logical types pyarrow does not write
 * (ENUM, BSON, INTERVAL, TIME(MILLIS), INT96 written raw, unsigned integers, decimals in BINARY
 * and FIXED_LEN_BYTE_ARRAY), VARIANT (plain and shredded) and a GEOMETRY column (a logical type
 * zerorow does not read). Run once with parquet-mr 1.16.0 on the classpath (README.md); the
 * output is committed in generated/.
 *
 *   java -cp <parquet-hadoop 1.16.0 and its dependencies> ParquetMrCorpus.java <generated dir>
 */

import java.io.IOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

public class ParquetMrCorpus {
  private static final HexFormat HEX = HexFormat.of();

  /** Canonical variants (SPEC §3.9) built by the reference: metadata, value, JSON text. */
  static final String[][] VARIANTS = {
    {
      "11020004096369747974656d7073",
      "02020001000618155061726973030300090a0c1c0000000000002940000cfd",
      "{\"city\":\"Paris\",\"temps\":[12.5,null,-3]}"
    },
    {"110000", "0303000206070c010d74776f04", "[1,\"two\",true]"},
    {
      "110000",
      "40430000006120737472696e67206f66206d6f7265207468616e2073697874792d74687265652062797465"
          + "732c20736f20746865206c6f6e6720666f726d206f6620737472696e67",
      "\"a string of more than sixty-three bytes, so the long form of string\""
    },
  };

  public static void main(String[] args) throws IOException {
    Path out = Path.of(args[0]);
    lists(out.resolve("mr_lists.parquet"));
    maps(out.resolve("mr_maps.parquet"));
    mapWithoutKey(out.resolve("mr_map_without_key.parquet"));
    logical(out.resolve("mr_logical.parquet"));
    interval(out.resolve("mr_interval.parquet"));
    intervalOverflow(out.resolve("mr_interval_overflow.parquet"));
    variant(out.resolve("mr_variant.parquet"));
    shreddedVariant(out.resolve("mr_variant_shredded.parquet"));
    geometry(out.resolve("mr_geometry.parquet"));
  }

  /**
   * A column pyarrow 21 cannot read, refused by SPEC §12.3: the reference runner takes its
   * verdict from {@code <file>.expected.json} (format-spec/README.md).
   */
  static void refusedSidecar(Path file, String column, String kind, String why)
      throws IOException {
    String name = file.getFileName().toString().replace(".parquet", ".expected.json");
    Files.writeString(
        file.resolveSibling(name),
        "{" + quote(column) + ": {\"error\": " + quote(kind) + ", \"message\": " + quote(why)
            + "}}\n");
  }

  static ParquetWriter<Group> writer(Path file, MessageType schema) throws IOException {
    Files.deleteIfExists(file);
    return ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(schema)
        .withCompressionCodec(CompressionCodecName.GZIP)
        .build();
  }

  static Binary bytes(byte... b) {
    return Binary.fromConstantByteArray(b);
  }

  static Binary text(String s) {
    return Binary.fromString(s);
  }

  /** The list forms of the LogicalTypes backward-compatibility rules, and repeated fields. */
  static void lists(Path file) throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message lists {"
                + " optional group three_level (LIST) {"
                + "   repeated group list { optional int32 element; } }"
                + " optional group two_level_primitive (LIST) { repeated int32 element; }"
                + " optional group two_level_array (LIST) {"
                + "   repeated group array { required binary s (STRING); } }"
                + " optional group two_level_tuple (LIST) {"
                + "   repeated group two_level_tuple_tuple { required int32 x; } }"
                + " optional group two_level_two_fields (LIST) {"
                + "   repeated group item { required int32 a; optional binary b (STRING); } }"
                + " repeated int32 repeated_primitive;"
                + " repeated group repeated_group { required int32 id; optional binary name (STRING); }"
                + "}");
    SimpleGroupFactory f = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> w = writer(file, schema)) {
      Group g = f.newGroup();
      Group three = g.addGroup("three_level");
      three.addGroup("list").append("element", 1);
      three.addGroup("list");
      three.addGroup("list").append("element", 3);
      g.addGroup("two_level_primitive").append("element", 10).append("element", 20);
      g.addGroup("two_level_array").addGroup("array").append("s", "a");
      Group tuple = g.addGroup("two_level_tuple");
      tuple.addGroup("two_level_tuple_tuple").append("x", 1);
      tuple.addGroup("two_level_tuple_tuple").append("x", 2);
      g.addGroup("two_level_two_fields").addGroup("item").append("a", 1).append("b", "one");
      g.append("repeated_primitive", 7).append("repeated_primitive", 8);
      g.addGroup("repeated_group").append("id", 1).append("name", "first");
      w.write(g);

      Group empty = f.newGroup(); // nulls and empty lists everywhere
      empty.addGroup("three_level");
      empty.addGroup("two_level_primitive");
      empty.addGroup("two_level_two_fields").addGroup("item").append("a", 2);
      w.write(empty);
    }
  }

  /** MAP, the legacy MAP_KEY_VALUE on the repeated group and on the outer group. */
  static void maps(Path file) throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message maps {"
                + " optional group map (MAP) {"
                + "   repeated group key_value { required binary key (STRING); optional int32 value; } }"
                + " optional group legacy_map (MAP) {"
                + "   repeated group map (MAP_KEY_VALUE) { required int32 key; required binary value (STRING); } }"
                + " optional group map_key_value_outer (MAP_KEY_VALUE) {"
                + "   repeated group map { required binary key (STRING); optional double value; } }"
                + "}");
    SimpleGroupFactory f = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> w = writer(file, schema)) {
      Group g = f.newGroup();
      Group m = g.addGroup("map");
      m.addGroup("key_value").append("key", "a").append("value", 1);
      m.addGroup("key_value").append("key", "b");
      g.addGroup("legacy_map").addGroup("map").append("key", 1).append("value", "one");
      g.addGroup("map_key_value_outer").addGroup("map").append("key", "x").append("value", 0.5);
      w.write(g);
      Group empty = f.newGroup();
      empty.addGroup("map");
      w.write(empty);
    }
  }

  /** A MAP whose repeated group has no key: refused (SPEC §12.3). */
  static void mapWithoutKey(Path file) throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message m { optional group map_no_key (MAP) {"
                + " repeated group key_value { optional int32 value; } } }");
    try (ParquetWriter<Group> w = writer(file, schema)) {
      Group g = new SimpleGroupFactory(schema).newGroup();
      g.addGroup("map_no_key").addGroup("key_value").append("value", 1);
      w.write(g);
    }
    refusedSidecar(file, "map_no_key", "unsupported", "a MAP without its key field");
  }

  static Binary interval(long months, long days, long millis) {
    ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt((int) months).putInt((int) days).putInt((int) millis);
    return bytes(b.array());
  }

  /** INT96: nanoseconds of the day, then the Julian day (Impala's layout). */
  static Binary int96(long julianDay, long nanosOfDay) {
    ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(nanosOfDay).putInt((int) julianDay);
    return bytes(b.array());
  }

  static void logical(Path file) throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message logical {"
                + " optional binary enum (ENUM);"
                + " optional binary json (JSON);"
                + " optional binary bson (BSON);"
                + " optional binary utf8 (UTF8);"
                + " optional binary plain_binary;"
                + " optional fixed_len_byte_array(16) uuid (UUID);"
                + " optional int32 time_millis (TIME(MILLIS,false));"
                + " optional int64 time_micros (TIME(MICROS,true));"
                + " optional int64 time_nanos (TIME(NANOS,false));"
                + " optional int64 ts_millis_utc (TIMESTAMP(MILLIS,true));"
                + " optional int64 ts_nanos (TIMESTAMP(NANOS,false));"
                + " optional int32 int8 (INTEGER(8,true));"
                + " optional int32 uint8 (INTEGER(8,false));"
                + " optional int32 uint16 (INTEGER(16,false));"
                + " optional int32 uint32 (INTEGER(32,false));"
                + " optional int64 uint64 (INTEGER(64,false));"
                + " optional binary dec_binary (DECIMAL(20,3));"
                + " optional fixed_len_byte_array(7) dec_flba (DECIMAL(16,2));"
                + " optional int32 dec_int32 (DECIMAL(5,1));"
                + " optional int64 dec_int64 (DECIMAL(18,0));"
                + " optional fixed_len_byte_array(2) float16 (FLOAT16);"
                + " optional fixed_len_byte_array(3) flba;"
                + " optional int96 int96;"
                + " optional int32 date (DATE);"
                + "}");
    SimpleGroupFactory f = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> w = writer(file, schema)) {
      Group g = f.newGroup();
      g.append("enum", text("RED"));
      g.append("json", text("{\"a\":1}"));
      g.append("bson", bytes((byte) 5, (byte) 0, (byte) 0, (byte) 0, (byte) 0));
      g.append("utf8", text("héllo"));
      g.append("plain_binary", bytes((byte) 0, (byte) 0xff));
      g.append("uuid", bytes(HEX.parseHex("0f8fad5bd9cb469fa16570867728950e")));
      g.append("time_millis", 86_399_999);
      g.append("time_micros", 1L);
      g.append("time_nanos", 86_399_999_999_999L);
      g.append("ts_millis_utc", -1L);
      g.append("ts_nanos", -1L);
      g.append("int8", -128);
      g.append("uint8", 255);
      g.append("uint16", 65535);
      g.append("uint32", -1); // 2^32 - 1 as unsigned
      g.append("uint64", -1L); // 2^64 - 1 as unsigned
      g.append("dec_binary", bytes(HEX.parseHex("fb2e"))); // -1.234
      g.append("dec_flba", bytes(HEX.parseHex("0000000000303a"))); // 123.46
      g.append("dec_int32", -99999);
      g.append("dec_int64", 999_999_999_999_999_999L);
      g.append("float16", bytes((byte) 0x00, (byte) 0x3e)); // 1.5
      g.append("flba", bytes((byte) 1, (byte) 2, (byte) 3));
      g.append("int96", int96(2_440_588, 1)); // 1970-01-01 00:00:00.000000001
      g.append("date", -719_162);
      w.write(g);

      Group later = f.newGroup(); // a second row: far dates, and nulls elsewhere
      later.append("int96", int96(5_373_484, 86_399_999_999_999L)); // 9999-12-31 23:59:59.999999999
      later.append("date", 2_932_896);
      w.write(later);
      w.write(f.newGroup()); // all null
    }
  }

  /**
   * INTERVAL (months, days, milliseconds, each an unsigned 32-bit integer). pyarrow reads the
   * column as nulls, so the values are also written to mr_interval.expected.json.
   */
  static void interval(Path file) throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message m { optional fixed_len_byte_array(12) interval (INTERVAL); }");
    long[][] values = {{14, 3, 43_200_000}, {0, 0, 0}, {0x7fff_ffffL, 0x7fff_ffffL, 0xffff_ffffL}};
    SimpleGroupFactory f = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> w = writer(file, schema);
        Writer json =
            Files.newBufferedWriter(
                file.resolveSibling("mr_interval.expected.json"), StandardCharsets.UTF_8)) {
      json.write("{\"interval\": {\"type\": \"interval\", \"nullable\": true, \"values\": [\n");
      for (long[] v : values) {
        w.write(f.newGroup().append("interval", interval(v[0], v[1], v[2])));
        json.write(
            String.format(
                "  {\"months\": %d, \"days\": %d, \"microseconds\": \"%d\"},%n",
                v[0], v[1], v[2] * 1000));
      }
      w.write(f.newGroup()); // null
      json.write("  null\n]}}\n");
    }
  }

  /** INTERVAL's three fields are unsigned: 2^31 months does not fit zerorow's int32. */
  static void intervalOverflow(Path file) throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message m { optional fixed_len_byte_array(12) interval_overflow (INTERVAL); }");
    try (ParquetWriter<Group> w = writer(file, schema)) {
      Group g = new SimpleGroupFactory(schema).newGroup();
      g.append("interval_overflow", interval(0x8000_0000L, 0, 0));
      w.write(g);
    }
    refusedSidecar(file, "interval_overflow", "invalid_data", "row 0: 2^31 months");
  }

  static MessageType variantSchema(boolean shredded) {
    Types.GroupBuilder<org.apache.parquet.schema.GroupType> v =
        Types.optionalGroup()
            .as(LogicalTypeAnnotation.variantType((byte) 1))
            .required(PrimitiveTypeName.BINARY)
            .named("metadata");
    if (shredded) {
      v = v.optional(PrimitiveTypeName.BINARY).named("value");
      v = v.optional(PrimitiveTypeName.INT64).named("typed_value");
    } else {
      v = v.required(PrimitiveTypeName.BINARY).named("value");
    }
    Type t = v.named(shredded ? "v_shredded" : "v");
    return new MessageType("variants", List.of(t));
  }

  /** VARIANT, unshredded: pyarrow 21 cannot read it, so the values go to mr_variant.expected.json. */
  static void variant(Path file) throws IOException {
    MessageType schema = variantSchema(false);
    SimpleGroupFactory f = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> w = writer(file, schema);
        Writer json =
            Files.newBufferedWriter(
                file.resolveSibling("mr_variant.expected.json"), StandardCharsets.UTF_8)) {
      json.write("{\"v\": {\"type\": \"variant\", \"nullable\": true, \"values\": [\n");
      for (String[] v : VARIANTS) {
        Group g = f.newGroup();
        Group var = g.addGroup("v");
        var.append("metadata", bytes(HEX.parseHex(v[0])));
        var.append("value", bytes(HEX.parseHex(v[1])));
        w.write(g);
        json.write(
            "  {\"metadata\": \"" + v[0] + "\", \"value\": \"" + v[1] + "\", \"json\": "
                + quote(v[2]) + "},\n");
      }
      w.write(f.newGroup()); // a null variant
      json.write("  null\n]}}\n");
    }
  }

  static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  /** VARIANT with a typed_value (shredded): refused (SPEC §12.3). */
  static void shreddedVariant(Path file) throws IOException {
    MessageType schema = variantSchema(true);
    try (ParquetWriter<Group> w = writer(file, schema)) {
      Group g = new SimpleGroupFactory(schema).newGroup();
      Group v = g.addGroup("v_shredded");
      v.append("metadata", bytes(HEX.parseHex("110000")));
      v.append("typed_value", 42L);
      w.write(g);
    }
    refusedSidecar(file, "v_shredded", "unsupported", "a shredded VARIANT (typed_value)");
  }

  /** GEOMETRY: a logical type zerorow does not read (SPEC §12.3: refused, naming it). */
  static void geometry(Path file) throws IOException {
    MessageType schema =
        new MessageType(
            "geo",
            List.of(
                Types.optional(PrimitiveTypeName.BINARY)
                    .as(LogicalTypeAnnotation.geometryType("OGC:CRS84"))
                    .named("geometry")));
    try (ParquetWriter<Group> w = writer(file, schema)) {
      Group g = new SimpleGroupFactory(schema).newGroup();
      // WKB POINT(1 2), little-endian
      g.append("geometry", bytes(HEX.parseHex("0101000000000000000000f03f0000000000000040")));
      w.write(g);
    }
  }
}
