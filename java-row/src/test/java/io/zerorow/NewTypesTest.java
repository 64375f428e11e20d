package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.annotation.As;
import io.zerorow.annotation.Default;
import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.encoder.TypeInference;
import io.zerorow.internal.Platform;
import io.zerorow.row.ArrayData;
import io.zerorow.row.BinaryArray;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolution;
import io.zerorow.row.Row;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Interval;
import io.zerorow.type.Schema;
import io.zerorow.type.StorageKind;
import io.zerorow.type.Variant;
import io.zerorow.writer.ArrayWriter;
import io.zerorow.writer.RowWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The types of SPEC 1.2 (§3.6–§3.9) in java-row: factories, canonical JSON and fingerprints, the
 * schema rules of the type null, getters and writers with their layouts (the interval's null
 * reserve), access rules B4 and B5, {@link Variant} (canonical building, reading in place, JSON
 * text, Java values, every rule of §3.9, damaged bytes), field defaults (§13.7), the new widenings
 * (§13.3), and the encoders' new Java types and annotations (Appendix A), in both modes.
 */
class NewTypesTest {
  private static final HexFormat HEX = HexFormat.of();

  // ---- types, JSON, fingerprints ----

  @Test
  void factoriesAndCanonicalJson() {
    assertEquals("\"null\"", DataTypes.nullType().toJson());
    assertEquals("\"interval_ym\"", DataTypes.intervalYm().toJson());
    assertEquals("\"interval\"", DataTypes.interval().toJson());
    assertEquals("\"uuid\"", DataTypes.uuid().toJson());
    assertEquals("\"variant\"", DataTypes.variant().toJson());
    assertEquals("{\"type\":\"fixed_binary\",\"size\":16}", DataTypes.fixedBinary(16).toJson());
    assertEquals(StorageKind.NONE, DataTypes.NULL.storage());
    assertEquals(StorageKind.FIXED, DataTypes.INTERVAL_YM.storage());
    assertEquals(4, DataTypes.INTERVAL_YM.elementWidth());
    assertEquals(8, DataTypes.NULL.elementWidth());
    for (DataType t :
        List.of(DataTypes.INTERVAL, DataTypes.UUID, DataTypes.VARIANT, DataTypes.fixedBinary(3))) {
      assertEquals(StorageKind.BODY, t.storage(), t.toJson());
      assertEquals(t, DataTypes.parse(t.toJson()));
    }
    assertEquals(StorageKind.FIXED, DataTypes.decimal(18, 2).storage());
    assertEquals(StorageKind.BODY, DataTypes.decimal(19, 2).storage());
    assertThrows(UnsupportedException.class, () -> DataTypes.fixedBinary(0));
    assertThrows(
        UnsupportedException.class,
        () -> DataTypes.parse("{\"type\":\"fixed_binary\",\"size\":0}"));
    assertThrows(InvalidDataException.class, () -> DataTypes.parse("fixed_binary"));
  }

  @Test
  void theTypeNullStandsOnlyWhereANullCan() {
    assertEquals(
        "x",
        assertThrows(InvalidDataException.class, () -> Field.of("x", DataTypes.NULL, false))
            .path());
    String[][] cases = {
      {"{\"type\":\"list\",\"element\":\"null\",\"element_nullable\":false}", "l[]"},
      {
        "{\"type\":\"map\",\"key\":\"int32\",\"value\":\"null\",\"value_nullable\":false}",
        "l{values}"
      },
      {
        "{\"type\":\"map\",\"key\":\"null\",\"value\":\"int32\",\"value_nullable\":true}", "l{keys}"
      },
      {
        "{\"type\":\"map\",\"key\":{\"type\":\"struct\",\"fields\":[{\"name\":\"a\",\"type\":\"null\",\"nullable\":true}]},\"value\":\"int32\",\"value_nullable\":true}",
        "l{keys}.a"
      },
    };
    for (String[] c : cases) {
      String json =
          "{\"type\":\"struct\",\"fields\":[{\"name\":\"l\",\"type\":"
              + c[0]
              + ",\"nullable\":true}]}";
      InvalidDataException e =
          assertThrows(InvalidDataException.class, () -> Schema.fromJson(json));
      assertEquals(c[1], e.path(), e.getMessage());
    }
    Schema ok =
        Schema.of(
            Field.of("n", DataTypes.NULL, true),
            Field.of("l", DataTypes.list(DataTypes.NULL, true), true));
    RowWriter w = new RowWriter(ok);
    w.reset();
    w.setNullAt(0);
    int c = w.cursor();
    ArrayWriter aw = new ArrayWriter(DataTypes.list(DataTypes.NULL, true), w);
    aw.initialize(2);
    aw.setNullAt(0);
    aw.setNullAt(1);
    w.setOffsetAndSize(1, c);
    byte[] row = w.toByteArray();
    Validator.validate(ok, row);
    BinaryRow r = BinaryRow.wrap(ok, row);
    assertNull(r.get(0));
    assertEquals("[null, null]", r.getArray(1).toString());
    // a value in the slot of a null field is invalid at full (SPEC §6.3 3.1)
    row[0] = 0;
    assertThrows(InvalidDataException.class, () -> Validator.validate(ok, row));
  }

  // ---- getters, writers, layouts, B4, B5 ----

  private static final Schema ALL =
      Schema.of(
          Field.of("ym", DataTypes.INTERVAL_YM, false),
          Field.of("iv", DataTypes.INTERVAL, true),
          Field.of("fb", DataTypes.fixedBinary(3), true),
          Field.of("u", DataTypes.UUID, true),
          Field.of("v", DataTypes.VARIANT, true),
          Field.of("n", DataTypes.NULL, true));

  @Test
  void gettersAndWritersOfEveryNewType() {
    UUID uuid = UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e");
    Variant v = Variant.fromJson("{\"b\":[true,\"x\"],\"a\":1}");
    RowWriter w = new RowWriter(ALL);
    w.reset();
    w.writeInt32(0, -14);
    w.writeInterval(1, new Interval(14, 3, 43_200_000_000L));
    w.writeBinary(2, new byte[] {1, 2, 3});
    w.writeUuid(3, uuid);
    w.writeVariant(4, v);
    w.setNullAt(5);
    byte[] bytes = w.toByteArray();
    Validator.validate(ALL, bytes);
    BinaryRow r = BinaryRow.wrap(ALL, bytes);
    assertEquals(-14, r.getInt32(0));
    assertEquals(new Interval(14, 3, 43_200_000_000L), r.getInterval(1));
    assertArrayEquals(new byte[] {1, 2, 3}, r.getBinary(2));
    assertEquals(uuid, r.getUuid(3));
    assertArrayEquals(HEX.parseHex("0f8fad5bd9cb469fa16570867728950e"), r.getBinary(3));
    assertEquals(v, r.getVariant(4));
    assertEquals("{\"a\":1,\"b\":[true,\"x\"]}", r.getVariant(4).toJson());
    assertTrue(r.isNullAt(5));
    assertEquals(
        "{ym=-14, iv=Interval[months=14, days=3, microseconds=43200000000], fb=0x010203,"
            + " u=0f8fad5b-d9cb-469f-a165-70867728950e, v={\"a\":1,\"b\":[true,\"x\"]}, n=null}",
        r.toString());
    assertThrows(SchemaMismatchException.class, () -> r.getUuid(1));
    assertThrows(SchemaMismatchException.class, () -> r.getLong(0));
    // a fixed_binary or uuid of another size is refused when written
    RowWriter w2 = new RowWriter(ALL);
    w2.reset();
    w2.writeInt32(0, 1);
    w2.setNullAt(1);
    assertEquals(
        "fb",
        assertThrows(InvalidDataException.class, () -> w2.writeBinary(2, new byte[4])).path());
  }

  /**
   * What a whole-row decode checks first at BOUNDS ({@link Validator#validateFixedRegion}) sees the
   * types of SPEC 1.2: body sizes (B4), a null interval's 16-byte reserve, a field of type null.
   */
  @Test
  void theFixedRegionCheckKnowsTheNewTypes() {
    RowWriter w = new RowWriter(ALL);
    w.reset();
    w.writeInt32(0, 1);
    w.setNullAt(1);
    w.writeBinary(2, new byte[] {1, 2, 3});
    w.writeUuid(3, UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e"));
    w.setNullAt(4);
    w.setNullAt(5);
    byte[] good = w.toByteArray();
    Validator.validateFixedRegion(BinaryRow.wrap(ALL, good));
    byte[] uuidSize = good.clone();
    uuidSize[8 + 8 * 3] = 8; // the uuid's reference says 8 bytes
    InvalidDataException e =
        assertThrows(
            InvalidDataException.class,
            () -> Validator.validateFixedRegion(BinaryRow.wrap(ALL, uuidSize)));
    assertEquals("u", e.path());
    assertTrue(e.getMessage().contains("body of 16 bytes but found 8"), e.getMessage());
    byte[] reserve = good.clone();
    reserve[8 + 8] = 0; // a null interval's slot says size 16
    e =
        assertThrows(
            InvalidDataException.class,
            () -> Validator.validateFixedRegion(BinaryRow.wrap(ALL, reserve)));
    assertEquals("iv", e.path());
    assertTrue(e.getMessage().contains("body of 16 bytes but found 0"), e.getMessage());
    byte[] nullBit = good.clone();
    nullBit[0] &= (byte) ~(1 << 5); // n's null bit cleared
    e =
        assertThrows(
            InvalidDataException.class,
            () -> Validator.validateFixedRegion(BinaryRow.wrap(ALL, nullBit)));
    assertEquals("n", e.path());
    assertTrue(e.getMessage().contains("type null to be set"), e.getMessage());
  }

  @Test
  void aNullIntervalKeepsItsReserveInARowNotInAnArray() {
    Schema s =
        Schema.of(
            Field.of("a", DataTypes.INTERVAL, true),
            Field.of("l", DataTypes.list(DataTypes.INTERVAL, true), true));
    RowWriter w = new RowWriter(s);
    w.reset();
    w.setNullAt(0);
    int c = w.cursor();
    ArrayWriter aw = new ArrayWriter(DataTypes.list(DataTypes.INTERVAL, true), w);
    aw.initialize(1);
    aw.setNullAt(0);
    w.setOffsetAndSize(1, c);
    byte[] b = w.toByteArray();
    // slot 0: (cursor 24 << 32) | 16, then 16 zero bytes; the array's null element has no body
    assertEquals((24L << 32) | 16, Platform.getLong(b, Platform.BYTE_ARRAY_OFFSET + 8));
    assertEquals(24 + 16 + 24, b.length);
    Validator.validate(s, b);
    assertNull(BinaryRow.wrap(s, b).getInterval(0));
  }

  @Test
  void accessRulesB4AndB5() {
    Schema s = Schema.of(Field.of("u", DataTypes.UUID, true));
    RowWriter w = new RowWriter(s);
    w.reset();
    w.writeUuid(0, new UUID(1, 2));
    byte[] b = w.toByteArray();
    b[8] = 15; // the reference's size: 15 bytes, not 16
    InvalidDataException e =
        assertThrows(InvalidDataException.class, () -> BinaryRow.wrap(s, b).getUuid(0));
    assertEquals("u", e.path());
    assertThrows(InvalidDataException.class, () -> BinaryRow.wrap(s, b).getBinary(0));
    // B5: a null bit on a non-nullable field is refused when the row is wrapped
    Schema n =
        Schema.of(Field.of("a", DataTypes.INT32, true), Field.of("b", DataTypes.INT64, false));
    byte[] row = new byte[24];
    row[0] = 2;
    assertEquals(
        "b", assertThrows(InvalidDataException.class, () -> BinaryRow.wrap(n, row)).path());
    // ... and on a non-nullable element when it is read
    DataTypes.ListType lt = DataTypes.list(DataTypes.STRING, false);
    ArrayWriter aw = new ArrayWriter(lt);
    aw.reset(1);
    aw.writeString(0, "x");
    byte[] a = aw.toByteArray();
    a[8] = 1;
    BinaryArray view = BinaryArray.wrap(lt, a);
    assertThrows(InvalidDataException.class, () -> view.getString(0));
    assertThrows(InvalidDataException.class, () -> view.isNullAt(0));
  }

  // ---- Variant ----

  @Test
  void canonicalVariantOfTheSpecExample() {
    // SPEC §11.7: {"b": [true, "x"], "a": 1}
    Variant v = Variant.fromJson("{\"b\": [true, \"x\"], \"a\": 1}");
    assertEquals("11020001026162", HEX.formatHex(v.metadata()));
    assertEquals("0202000100020a0c0103020001030405" + "78", HEX.formatHex(v.value()));
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("b", List.of(true, "x"));
    m.put("a", 1);
    assertEquals(v, Variant.of(m));
    assertEquals(Variant.Type.OBJECT, v.type());
    assertEquals(List.of("a", "b"), v.keys());
    assertEquals(1, v.get("a").getLong());
    assertEquals("x", v.get("b").get(1).getString());
    assertEquals(Variant.Type.BOOLEAN, v.at("b", 0).type());
    assertNull(v.get("c"));
    assertThrows(IndexOutOfBoundsException.class, () -> v.get("b").get(2));
    assertThrows(SchemaMismatchException.class, () -> v.get(0));
    assertEquals(Map.of("a", 1L, "b", List.of(true, "x")), v.toObject());
    assertEquals("110000", HEX.formatHex(Variant.fromJson("1").metadata()));
  }

  @Test
  void numbersFromJsonTextAsSparkReadsThem() {
    assertEquals(Variant.Type.INT8, Variant.fromJson("-128").type());
    assertEquals(Variant.Type.INT16, Variant.fromJson("128").type());
    assertEquals(Variant.Type.INT32, Variant.fromJson("40000").type());
    assertEquals(Variant.Type.INT64, Variant.fromJson("3000000000").type());
    assertEquals(Variant.Type.DECIMAL16, Variant.fromJson("12345678901234567890").type());
    assertEquals(Variant.Type.DOUBLE, Variant.fromJson("1" + "0".repeat(40)).type());
    Variant d = Variant.fromJson("1.50");
    assertEquals(Variant.Type.DECIMAL4, d.type());
    assertEquals(new BigDecimal("1.50"), d.getDecimal());
    assertEquals("1.50", d.toJson());
    assertEquals(Variant.Type.DECIMAL8, Variant.fromJson("0.0000000001").type());
    assertEquals("0.0", Variant.fromJson("-0.0").toJson());
    assertEquals(Variant.Type.DOUBLE, Variant.fromJson("1e2").type());
    assertEquals("100", Variant.fromJson("1e2").toJson());
    assertEquals("1e+21", Variant.fromJson("1e21").toJson());
    assertEquals("1.5e-7", Variant.fromJson("1.5e-7").toJson());
    assertEquals("\"NaN\"", Variant.of(Double.NaN).toJson());
    assertEquals("-0.0", Variant.of(-0.0).toJson());
    assertEquals("0.1", Variant.of(0.1f).toJson());
    assertEquals(
        Variant.Type.DECIMAL16, Variant.of(new BigInteger("123456789012345678901234")).type());
    assertThrows(InvalidDataException.class, () -> Variant.of(BigInteger.TEN.pow(40)));
    for (String bad : new String[] {"{\"a\":1,\"a\":2}", "NaN", "[1,]", "01", "\"\\ud800\""}) {
      assertThrows(InvalidDataException.class, () -> Variant.fromJson(bad), bad);
    }
    String deep = "[".repeat(1000) + "]".repeat(1000);
    Variant.fromJson(deep).validate();
    assertThrows(
        InvalidDataException.class, () -> Variant.fromJson("[".repeat(1001) + "]".repeat(1001)));
  }

  @Test
  void scalarsOfEveryPrimitiveType() {
    Instant t = Instant.parse("2024-01-31T13:45:00.250Z");
    UUID u = UUID.randomUUID();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("d", LocalDate.of(2024, 1, 31));
    m.put("t", java.time.LocalTime.of(13, 45, 0, 250_000_000));
    m.put("ts", t);
    m.put("ntz", java.time.LocalDateTime.of(10000, 1, 1, 0, 0));
    m.put("b", new byte[] {1, 2, 3});
    m.put("u", u);
    m.put("n", null);
    m.put("s", "é".repeat(40));
    Variant v = Variant.of(m);
    v.validate();
    assertEquals(
        "{\"b\":\"AQID\",\"d\":\"2024-01-31\",\"n\":null,\"ntz\":\"+10000-01-01T00:00:00.000000\","
            + "\"s\":\""
            + "é".repeat(40)
            + "\",\"t\":\"13:45:00.250000\",\"ts\":\"2024-01-31T13:45:00.250000Z\",\"u\":\""
            + u
            + "\"}",
        v.toJson());
    assertEquals(t, v.get("ts").getTimestamp());
    assertEquals(u, v.get("u").getUuid());
    assertEquals(Variant.Type.STRING, v.get("s").type());
    assertTrue(v.get("n").isNull());
    assertThrows(SchemaMismatchException.class, () -> Variant.of(new Object()));
  }

  @Test
  void everyRuleOfTheEncodingIsChecked() {
    byte[] meta = HEX.parseHex("11020001026162");
    String[][] bad = {
      {"02020000000204" + "0c010c01", "keys not in increasing order (a twice)"},
      {"0201020002" + "0c01", "a field id past the dictionary"},
      {"54", "an unknown primitive type id (21)"},
      {"0d02", "a short string running past the value"},
      {"202700000000", "a decimal4 scale of 39"},
      {"20000000ca9a3b", "a decimal4 of 10 digits: runs past the value"},
      {"2000" + "00ca9a3b", "a decimal4 of 10^9"},
    };
    for (String[] c : bad) {
      Variant v = new Variant(meta, HEX.parseHex(c[0]));
      assertThrows(InvalidDataException.class, v::validate, c[1]);
    }
    byte[] time = new byte[9];
    time[0] = 17 << 2;
    for (int i = 1; i < 9; i++) {
      time[i] = (byte) 0xff; // -1 µs
    }
    assertThrows(InvalidDataException.class, () -> new Variant(meta, time).validate());
    byte[] badKey = HEX.parseHex("11010001ff");
    assertThrows(InvalidDataException.class, () -> new Variant(badKey, new byte[] {0}).validate());
    assertThrows(
        InvalidDataException.class,
        () -> new Variant(HEX.parseHex("3100 00".replace(" ", "")), new byte[] {0}).validate());
    // elements may share bytes: accepted, and checked once each
    // an array of 200 elements all at offset 0, each the int8 1
    byte[] shared = new byte[2 + 201 + 2];
    shared[0] = 3; // array, offset size 1
    shared[1] = (byte) 200;
    for (int i = 0; i < 200; i++) {
      shared[2 + i] = 0;
    }
    shared[202] = 2;
    shared[203] = 0x0c;
    shared[204] = 1;
    Variant s = new Variant(HEX.parseHex("110000"), shared);
    s.validate();
    assertEquals(200, s.numElements());
    assertEquals(1, s.get(199).getLong());
  }

  @Test
  void damagedVariantBytesGiveOnlyZerorowErrors() {
    Variant v =
        Variant.fromJson(
            "{\"k\":[1,2.5,\"text that is long enough to need a string header,"
                + " not a short one, yes\",{\"x\":null}],\"m\":-3}");
    byte[] meta = v.metadata();
    byte[] value = v.value();
    Random rnd = new Random(7);
    for (int round = 0; round < 3000; round++) {
      byte[] m = meta.clone();
      byte[] x = value.clone();
      byte[] target = rnd.nextBoolean() ? m : x;
      target[rnd.nextInt(target.length)] ^= (byte) (1 << rnd.nextInt(8));
      try {
        Variant d = new Variant(m, x);
        d.toString();
        d.validate();
        d.toJson();
        d.toObject();
      } catch (ZerorowException expected) {
        // a typed error is the answer; anything else fails the test
      }
    }
  }

  // ---- defaults (SPEC §13.7) ----

  @Test
  void defaultsAreInTheJsonNotInTheFingerprint() {
    Field f = Field.of("count", DataTypes.INT64, false).withDefault("\"7\"");
    Schema with = Schema.of(Field.of("id", DataTypes.INT32, false), f);
    Schema without =
        Schema.of(
            Field.of("id", DataTypes.INT32, false), Field.of("count", DataTypes.INT64, false));
    assertEquals(
        "{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"int32\",\"nullable\":false},"
            + "{\"name\":\"count\",\"type\":\"int64\",\"nullable\":false,\"default\":\"7\"}]}",
        with.toJson());
    assertEquals(without.fingerprint(), with.fingerprint());
    assertEquals(with, Schema.fromJson(with.toJson()));
    assertEquals(with.toJson(), Schema.fromJson(with.toJson()).toJson());
    assertEquals("\"7\"", f.defaultJson());
    assertEquals(
        "1.5e-7", Field.of("x", DataTypes.FLOAT64, false).withDefault("0.00000015").defaultJson());
    assertEquals(
        "\"-0.0\"", Field.of("x", DataTypes.FLOAT32, false).withDefault("\"-0.0\"").defaultJson());
    assertEquals(
        "\"1.50\"",
        Field.of("x", DataTypes.decimal(5, 2), false).withDefault("\"1.5\"").defaultJson());
    String[][] bad = {
      {"int8", "300"},
      {"int64", "7"},
      {"{\"type\":\"decimal\",\"precision\":3,\"scale\":1}", "\"1.25\""},
      {"{\"type\":\"fixed_binary\",\"size\":2}", "\"00\""},
      {"string", "\"\\ud800\""},
      {"int32", "null"},
      {
        "{\"type\":\"struct\",\"fields\":[{\"name\":\"a\",\"type\":\"int32\",\"nullable\":true}]}",
        "{}"
      },
      {"variant", "{\"metadata\":\"01\",\"value\":\"00\"}"},
    };
    for (String[] c : bad) {
      String json =
          "{\"type\":\"struct\",\"fields\":[{\"name\":\"s\",\"type\":{\"type\":\"struct\",\"fields\":"
              + "[{\"name\":\"f\",\"type\":"
              + quote(c[0])
              + ",\"nullable\":true,\"default\":"
              + c[1]
              + "}]},\"nullable\":true}]}";
      InvalidDataException e =
          assertThrows(InvalidDataException.class, () -> Schema.fromJson(json), c[0]);
      assertEquals("s.f", e.path(), e.getMessage());
    }
    assertThrows(
        InvalidDataException.class, () -> Field.of("n", DataTypes.NULL, true).withDefault("null"));
  }

  @Test
  void aReaderFieldTheWriterLacksReadsItsDefaultAtAnyDepth() {
    Schema inner = Schema.of(Field.of("a", DataTypes.INT32, false));
    Schema writer =
        Schema.of(
            Field.of("id", DataTypes.INT32, false),
            Field.of("items", DataTypes.list(inner, true), true),
            Field.of("gone", DataTypes.NULL, true));
    Schema innerR =
        Schema.of(
            Field.of("a", DataTypes.INT64, false),
            Field.of("tag", DataTypes.STRING, false).withDefault("\"new\""));
    Schema reader =
        Schema.of(
            Field.of("id", DataTypes.INT32, false),
            Field.of("items", DataTypes.list(innerR, true), true),
            Field.of("gone", DataTypes.STRING, true).withDefault("\"never read\""),
            Field.of("count", DataTypes.INT64, false).withDefault("\"5\""),
            Field.of("when", DataTypes.INTERVAL, true)
                .withDefault("{\"months\":1,\"days\":2,\"microseconds\":\"3\"}"));
    RowWriter w = new RowWriter(writer);
    w.reset();
    w.writeInt32(0, 9);
    int c = w.cursor();
    ArrayWriter aw = new ArrayWriter(DataTypes.list(inner, true), w);
    aw.initialize(2);
    for (int i = 0; i < 2; i++) {
      int e = aw.cursor();
      RowWriter rw = new RowWriter(inner, aw);
      rw.start();
      rw.writeInt32(0, 10 + i);
      aw.setOffsetAndSize(i, e);
    }
    w.setOffsetAndSize(1, c);
    w.setNullAt(2);
    Row r = Resolution.resolve(writer, reader).view(w.getRow());
    assertEquals(5, r.getLong(3));
    assertFalse(r.isNullAt(3));
    assertTrue(r.isNullAt(2)); // the writer has the field: its null stays null
    assertEquals(new Interval(1, 2, 3), r.getInterval(4));
    ArrayData items = r.getArray(1);
    assertEquals(11, items.getStruct(1).getLong(0));
    assertEquals("new", items.getStruct(1).getString(1));
    assertEquals(
        "{id=9, items=[{a=10, tag=\"new\"}, {a=11, tag=\"new\"}], gone=null, count=5,"
            + " when=Interval[months=1, days=2, microseconds=3]}",
        r.toString());
    BinaryRow copy = r.copy();
    Validator.validate(copy, ValidationLevel.FULL);
    assertEquals(5, copy.getLong(3));
    SchemaMismatchException e =
        assertThrows(
            SchemaMismatchException.class,
            () -> Resolution.resolve(writer, Schema.of(Field.of("x", DataTypes.INT64, false))));
    assertEquals("x", e.path());
  }

  @Test
  void theNewWideningsAndTheirRefusedNeighbours() {
    Schema w =
        Schema.of(
            Field.of("n", DataTypes.NULL, true),
            Field.of("ym", DataTypes.INTERVAL_YM, false),
            Field.of("d", DataTypes.DURATION, false),
            Field.of("u", DataTypes.UUID, false),
            Field.of("u2", DataTypes.UUID, false),
            Field.of("fb", DataTypes.fixedBinary(2), false),
            Field.of("ln", DataTypes.list(DataTypes.NULL, true), false));
    Schema r =
        Schema.of(
            Field.of("n", DataTypes.STRING, true),
            Field.of("ym", DataTypes.INTERVAL, false),
            Field.of("d", DataTypes.INTERVAL, false),
            Field.of("u", DataTypes.BINARY, false),
            Field.of("u2", DataTypes.fixedBinary(16), false),
            Field.of("fb", DataTypes.BINARY, false),
            Field.of("ln", DataTypes.list(DataTypes.INT32, true), false));
    RowWriter rw = new RowWriter(w);
    rw.reset();
    rw.setNullAt(0);
    rw.writeInt32(1, 13);
    rw.writeLong(2, -5);
    UUID u = new UUID(0x0102030405060708L, 0x090a0b0c0d0e0f10L);
    rw.writeUuid(3, u);
    rw.writeUuid(4, u);
    rw.writeBinary(5, new byte[] {7, 8});
    int c = rw.cursor();
    ArrayWriter aw = new ArrayWriter(DataTypes.list(DataTypes.NULL, true), rw);
    aw.initialize(1);
    aw.setNullAt(0);
    rw.setOffsetAndSize(6, c);
    Row row = Resolution.resolve(w, r).view(rw.getRow());
    assertNull(row.getString(0));
    assertEquals(Interval.ofMonths(13), row.getInterval(1));
    assertEquals(Interval.ofMicroseconds(-5), row.getInterval(2));
    assertArrayEquals(HEX.parseHex("0102030405060708090a0b0c0d0e0f10"), row.getBinary(3));
    assertArrayEquals(HEX.parseHex("0102030405060708090a0b0c0d0e0f10"), row.getBinary(4));
    assertArrayEquals(new byte[] {7, 8}, row.getBinary(5));
    assertTrue(row.getArray(6).isNullAt(0));
    assertEquals(0, row.getArray(6).getInt(0));
    Validator.validate(row.copy(), ValidationLevel.FULL);
    String[][] refused = {
      {"binary", "uuid"},
      {"binary", "{\"type\":\"fixed_binary\",\"size\":2}"},
      {"interval", "duration"},
      {"interval", "interval_ym"},
      {"int32", "null"},
      {"{\"type\":\"fixed_binary\",\"size\":16}", "uuid"},
      {"uuid", "{\"type\":\"fixed_binary\",\"size\":8}"},
    };
    for (String[] p : refused) {
      Schema ws =
          Schema.fromJson(
              "{\"type\":\"struct\",\"fields\":[{\"name\":\"x\",\"type\":"
                  + quote(p[0])
                  + ",\"nullable\":true}]}");
      Schema rs =
          Schema.fromJson(
              "{\"type\":\"struct\",\"fields\":[{\"name\":\"x\",\"type\":"
                  + quote(p[1])
                  + ",\"nullable\":true}]}");
      assertEquals(
          "x",
          assertThrows(SchemaMismatchException.class, () -> Resolution.resolve(ws, rs)).path());
    }
  }

  private static String quote(String t) {
    return t.startsWith("{") ? t : "\"" + t + "\"";
  }

  // ---- encoders (Appendix A) ----

  /** Every new Java type and annotation. */
  public record Event(
      UUID id,
      Interval every,
      Variant payload,
      Void nothing,
      @As("interval_ym") int months,
      @As("interval_ym") Integer maybeMonths,
      @As("{\"type\":\"fixed_binary\",\"size\":4}") byte[] tag,
      @Default("\"EUR\"") String currency,
      @Default("0") int retries) {}

  @Test
  void encodersOfTheNewJavaTypesInBothModes() {
    Schema s = TypeInference.inferSchema(Event.class);
    assertEquals(
        "{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"uuid\",\"nullable\":true},"
            + "{\"name\":\"every\",\"type\":\"interval\",\"nullable\":true},"
            + "{\"name\":\"payload\",\"type\":\"variant\",\"nullable\":true},"
            + "{\"name\":\"nothing\",\"type\":\"null\",\"nullable\":true},"
            + "{\"name\":\"months\",\"type\":\"interval_ym\",\"nullable\":false},"
            + "{\"name\":\"maybeMonths\",\"type\":\"interval_ym\",\"nullable\":true},"
            + "{\"name\":\"tag\",\"type\":{\"type\":\"fixed_binary\",\"size\":4},\"nullable\":true},"
            + "{\"name\":\"currency\",\"type\":\"string\",\"nullable\":true,\"default\":\"EUR\"},"
            + "{\"name\":\"retries\",\"type\":\"int32\",\"nullable\":false,\"default\":0}]}",
        s.toJson());
    Event e =
        new Event(
            UUID.randomUUID(),
            new Interval(1, -2, 3),
            Variant.fromJson("{\"a\":[1,null]}"),
            null,
            -7,
            null,
            new byte[] {1, 2, 3, 4},
            "USD",
            2);
    for (Encoders.Mode mode : Encoders.Mode.values()) {
      RowEncoder<Event> enc = Encoders.rowEncoder(Event.class, mode);
      byte[] bytes = enc.encode(e);
      Validator.validate(s, bytes);
      Event back = enc.decode(bytes);
      assertEquals(e.id(), back.id());
      assertEquals(e.every(), back.every());
      assertEquals(e.payload(), back.payload());
      assertNull(back.nothing());
      assertEquals(-7, back.months());
      assertNull(back.maybeMonths());
      assertArrayEquals(e.tag(), back.tag());
      assertEquals("USD", back.currency());
      // the decoded variant does not change when the encoder's buffer is reused
      enc.encode(new Event(null, null, Variant.fromJson("[]"), null, 0, 1, null, null, 0));
      assertEquals("{\"a\":[1,null]}", back.payload().toJson());
      InvalidDataException bad =
          assertThrows(
              InvalidDataException.class,
              () -> enc.encode(new Event(null, null, null, null, 0, 0, new byte[3], null, 0)));
      assertEquals("tag", bad.path());
    }
    assertSame(DataTypes.NULL, TypeInference.inferSchema(Event.class).field("nothing").type());
  }

  /** A default that is not a value of its field's type. */
  public record BadDefault(@Default("\"x\"") int n) {}

  @Test
  void aDefaultOfTheWrongTypeIsAnErrorAtInference() {
    InvalidDataException e =
        assertThrows(InvalidDataException.class, () -> TypeInference.inferSchema(BadDefault.class));
    assertEquals("n", e.path());
    assertTrue(e.getMessage().contains("BadDefault"), e.getMessage());
  }
}
