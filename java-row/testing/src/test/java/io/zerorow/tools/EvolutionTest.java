package io.zerorow.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.ErrorKind;
import io.zerorow.SchemaMismatchException;
import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.internal.Json;
import io.zerorow.row.ArrayData;
import io.zerorow.row.BinaryArray;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.MapData;
import io.zerorow.row.Resolution;
import io.zerorow.row.Resolver;
import io.zerorow.row.Row;
import io.zerorow.row.RowCopier;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Schema evolution (SPEC §13) against the flexibility criteria users ask of serializers: a field
 * added, removed, reordered, renamed, widened; nullable to not-null refused; structs evolved inside
 * lists and maps and at depth 3; resolved views, their copies and identity.
 */
class EvolutionTest {
  static Schema schema(Field... fields) {
    return Schema.of(fields);
  }

  static Field f(String name, DataType type, boolean nullable, String... aliases) {
    return Field.of(name, type, nullable, aliases);
  }

  /** A row of {@code s} from a JSON object of values (SPEC §10 value encoding). */
  static BinaryRow row(Schema s, String values) {
    return BinaryRow.wrap(s, JsonValues.write(s, (Map<?, ?>) Json.parse(values)));
  }

  /** Reads {@code writerValues} through the resolution and checks every reader value. */
  static Row read(Schema writer, Schema reader, String writerValues) {
    return Resolution.resolve(writer, reader).view(row(writer, writerValues));
  }

  /**
   * The reader's values of a resolved row equal {@code readerValues}, and its reader-layout copy is
   * the row a writer of the reader schema writes for them.
   */
  static void assertReads(String readerValues, Row r) {
    Map<?, ?> want = (Map<?, ?>) Json.parse(readerValues);
    assertNull(JsonValues.diff(r.schema(), want, JsonValues.read(r)), r.toString());
    assertArrayEquals(JsonValues.write(r.schema(), want), r.copy().toBytes(), "reader layout");
  }

  static SchemaMismatchException refused(Schema writer, Schema reader, String path) {
    SchemaMismatchException e =
        assertThrows(SchemaMismatchException.class, () -> Resolution.resolve(writer, reader));
    assertEquals(path, e.path(), e.getMessage());
    assertEquals(ErrorKind.SCHEMA_MISMATCH, e.kind());
    return e;
  }

  static final Schema V1 =
      schema(
          f("id", DataTypes.int64(), false),
          f("name", DataTypes.string(), true),
          f("score", DataTypes.int32(), false));

  @Test
  void aFieldAddedReadsAsNull() {
    Schema v2 = schema(V1.field(0), V1.field(1), V1.field(2), f("email", DataTypes.string(), true));
    Row r = read(V1, v2, "{\"id\":\"7\",\"name\":\"Ada\",\"score\":3}");
    assertTrue(r.isNullAt(3));
    assertNull(r.getString(3));
    assertNull(r.get(3));
    assertEquals("{id=7, name=\"Ada\", score=3, email=null}", r.toString());
    assertReads("{\"id\":\"7\",\"name\":\"Ada\",\"score\":3,\"email\":null}", r);
    // absent primitives read as 0 like a null slot
    Schema v3 = schema(V1.field(0), f("rank", DataTypes.int64(), true));
    Row r3 = read(V1, v3, "{\"id\":\"7\",\"name\":\"Ada\",\"score\":3}");
    assertEquals(0L, r3.getLong(1));
    assertTrue(r3.isNullAt(1));
  }

  @Test
  void aFieldAddedAsNotNullableIsRefused() {
    Schema v2 = schema(V1.field(0), f("email", DataTypes.string(), false, "mail"));
    SchemaMismatchException e = refused(V1, v2, "email");
    assertTrue(
        e.getMessage()
            .startsWith(
                "schema_mismatch at email: reader field is not nullable but the writer has no"
                    + " field named \"email\", \"mail\""),
        e.getMessage());
  }

  @Test
  void aFieldRemovedIsSkipped() {
    Schema v0 = schema(V1.field(0), V1.field(2));
    Row r = read(V1, v0, "{\"id\":\"7\",\"name\":\"Ada\",\"score\":3}");
    assertEquals(2, r.numFields());
    assertEquals(3, r.getInt(1));
    assertReads("{\"id\":\"7\",\"score\":3}", r);
  }

  @Test
  void fieldsReordered() {
    Schema reordered = schema(V1.field(2), V1.field(0), V1.field(1));
    Row r = read(V1, reordered, "{\"id\":\"7\",\"name\":\"Ada\",\"score\":3}");
    assertEquals(3, r.getInt(0));
    assertEquals(7L, r.getLong(1));
    assertEquals("Ada", r.getString(2));
    assertReads("{\"score\":3,\"id\":\"7\",\"name\":\"Ada\"}", r);
  }

  @Test
  void aFieldRenamedIsFoundThroughItsAlias() {
    Schema v2 = schema(V1.field(0), f("full_name", DataTypes.string(), true, "nick", "name"));
    Row r = read(V1, v2, "{\"id\":\"7\",\"name\":\"Ada\",\"score\":3}");
    assertEquals("Ada", r.getString(1));
    assertEquals("Resolution(id <- id, full_name <- name)", Resolution.resolve(V1, v2).toString());
    // the first alias the writer has wins; the name itself comes before any alias
    Schema both = schema(f("id", DataTypes.int64(), false), f("x", DataTypes.string(), true));
    Schema w = schema(f("a", DataTypes.string(), true), f("b", DataTypes.string(), true));
    Row first =
        read(w, schema(f("x", DataTypes.string(), true, "b", "a")), "{\"a\":\"A\",\"b\":\"B\"}");
    assertEquals("B", first.getString(0));
    Row named =
        read(both, schema(f("x", DataTypes.string(), true, "id")), "{\"id\":\"1\",\"x\":\"X\"}");
    assertEquals("X", named.getString(0));
  }

  @Test
  void theWritersAliasesAreIgnored() {
    Schema writer = schema(f("name", DataTypes.string(), true, "old"));
    Schema reader = schema(f("old", DataTypes.string(), true));
    Row r = read(writer, reader, "{\"name\":\"N\"}");
    assertTrue(r.isNullAt(0), "the reader's old is not the writer's name");
  }

  /** One widening of SPEC §13.3: writer type and value, reader type and value (JSON). */
  record Widening(DataType from, String value, DataType to, String expected) {}

  static final Widening[] WIDENINGS = {
    new Widening(DataTypes.int8(), "-128", DataTypes.int16(), "-128"),
    new Widening(DataTypes.int8(), "-128", DataTypes.int32(), "-128"),
    new Widening(DataTypes.int8(), "127", DataTypes.int64(), "\"127\""),
    new Widening(DataTypes.int8(), "-7", DataTypes.float32(), "-7"),
    new Widening(DataTypes.int8(), "-7", DataTypes.float64(), "-7"),
    new Widening(DataTypes.int16(), "-32768", DataTypes.int32(), "-32768"),
    new Widening(DataTypes.int16(), "32767", DataTypes.int64(), "\"32767\""),
    new Widening(DataTypes.int16(), "-32768", DataTypes.float32(), "-32768"),
    new Widening(DataTypes.int16(), "32767", DataTypes.float64(), "32767"),
    new Widening(DataTypes.int32(), "-2147483648", DataTypes.int64(), "\"-2147483648\""),
    new Widening(DataTypes.int32(), "2147483647", DataTypes.float64(), "2147483647"),
    new Widening(DataTypes.float32(), "0.1", DataTypes.float64(), "0.10000000149011612"),
    new Widening(DataTypes.float32(), "\"NaN\"", DataTypes.float64(), "\"NaN\""),
    new Widening(DataTypes.float32(), "\"-0.0\"", DataTypes.float64(), "\"-0.0\""),
    new Widening(DataTypes.float32(), "\"-Infinity\"", DataTypes.float64(), "\"-Infinity\""),
    new Widening(DataTypes.decimal(5, 2), "\"-999.99\"", DataTypes.decimal(7, 3), "\"-999.990\""),
    new Widening(DataTypes.decimal(5, 2), "\"123.45\"", DataTypes.decimal(6, 2), "\"123.45\""),
    new Widening(
        DataTypes.decimal(18, 0),
        "\"-999999999999999999\"",
        DataTypes.decimal(38, 20),
        "\"-999999999999999999.00000000000000000000\""),
    new Widening(
        DataTypes.decimal(20, 2), "\"123.45\"", DataTypes.decimal(30, 12), "\"123.450000000000\""),
    new Widening(DataTypes.string(), "\"héllo\"", DataTypes.binary(), "\"68c3a96c6c6f\""),
    new Widening(
        DataTypes.timestamp("UTC"),
        "\"1700000000000000\"",
        DataTypes.timestamp("Asia/Tokyo"),
        "\"1700000000000000\""),
  };

  /** Each widening, as a field, as a list element, as a map key and as a map value. */
  @Test
  void eachWideningIsExact() {
    for (Widening w : WIDENINGS) {
      String msg = w.from() + " -> " + w.to();
      Schema writer =
          schema(
              f("v", w.from(), false),
              f("l", DataTypes.list(w.from(), false), false),
              f("m", DataTypes.map(w.from(), w.from(), true), false));
      Schema reader =
          schema(
              f("m", DataTypes.map(w.to(), w.to(), true), false),
              f("l", DataTypes.list(w.to(), true), true),
              f("v", w.to(), true));
      Row r =
          read(
              writer,
              reader,
              "{\"v\":"
                  + w.value()
                  + ",\"l\":["
                  + w.value()
                  + "],\"m\":[["
                  + w.value()
                  + ",null]]}");
      assertReads(
          "{\"m\":[["
              + w.expected()
              + ",null]],\"l\":["
              + w.expected()
              + "],\"v\":"
              + w.expected()
              + "}",
          r);
      assertTrue(Objects.deepEquals(r.get(2), r.getArray(1).get(0)), msg);
      assertTrue(Objects.deepEquals(r.get(2), r.getMap(0).keyArray().get(0)), msg);
    }
  }

  @Test
  void widenedValuesThroughTheirGetters() {
    Schema writer =
        schema(
            f("a", DataTypes.int8(), false),
            f("b", DataTypes.int16(), false),
            f("c", DataTypes.int32(), false),
            f("d", DataTypes.float32(), false),
            f("e", DataTypes.decimal(9, 2), true),
            f("g", DataTypes.timestamp("UTC"), true));
    Schema reader =
        schema(
            f("a", DataTypes.float32(), false),
            f("b", DataTypes.int64(), false),
            f("c", DataTypes.float64(), false),
            f("d", DataTypes.float64(), false),
            f("e", DataTypes.decimal(12, 4), true),
            f("g", DataTypes.timestamp("America/New_York"), true));
    Row r =
        read(writer, reader, "{\"a\":-3,\"b\":300,\"c\":-5,\"d\":1.5,\"e\":\"12.34\",\"g\":\"1\"}");
    assertEquals(-3f, r.getFloat(0));
    assertEquals(300L, r.getInt64(1));
    assertEquals(-5.0, r.getDouble(2));
    assertEquals(1.5, r.getFloat64(3));
    assertEquals(new BigDecimal("12.3400"), r.getDecimal(4));
    assertEquals(123400L, r.getLong(4), "the unscaled value at the reader's scale");
    assertEquals(Instant.ofEpochSecond(0, 1000), r.getTimestamp(5));
  }

  /** The changes SPEC §13.3 refuses, each at its schema path, naming both types. */
  @Test
  void eachRefusedChangeNamesThePathAndBothTypes() {
    DataType[][] refusals = {
      {DataTypes.int32(), DataTypes.float32()},
      {DataTypes.int64(), DataTypes.float32()},
      {DataTypes.int64(), DataTypes.float64()},
      {DataTypes.int64(), DataTypes.int32()},
      {DataTypes.int16(), DataTypes.int8()},
      {DataTypes.float64(), DataTypes.float32()},
      {DataTypes.float32(), DataTypes.int64()},
      {DataTypes.binary(), DataTypes.string()},
      {DataTypes.date32(), DataTypes.timestamp()},
      {DataTypes.date32(), DataTypes.int32()},
      {DataTypes.timestamp(), DataTypes.timestamp("UTC")},
      {DataTypes.timestamp("UTC"), DataTypes.timestamp()},
      {DataTypes.time(), DataTypes.duration()},
      {DataTypes.duration(), DataTypes.time()},
      {DataTypes.int64(), DataTypes.timestamp()},
      {DataTypes.bool(), DataTypes.int8()},
      {DataTypes.decimal(10, 4), DataTypes.decimal(10, 2)},
      {DataTypes.decimal(10, 4), DataTypes.decimal(10, 5)},
      {DataTypes.int32(), DataTypes.decimal(10, 0)},
      {DataTypes.string(), DataTypes.list(DataTypes.string(), true)},
      {
        DataTypes.list(DataTypes.int32(), true),
        DataTypes.map(DataTypes.int32(), DataTypes.int32(), true)
      },
      {schema(f("x", DataTypes.int32(), true)), DataTypes.int32()},
      {DataTypes.int32(), schema(f("x", DataTypes.int32(), true))},
    };
    for (DataType[] c : refusals) {
      Schema writer = schema(f("outer", schema(f("v", c[0], true)), true));
      Schema reader = schema(f("outer", schema(f("v", c[1], true)), true));
      SchemaMismatchException e = refused(writer, reader, "outer.v");
      String want =
          "schema_mismatch at outer.v: writer type "
              + c[0].toJson()
              + " cannot be read as "
              + c[1].toJson();
      assertTrue(e.getMessage().startsWith(want), e.getMessage());
    }
  }

  @Test
  void nullableToNotNullIsRefusedEverywhere() {
    SchemaMismatchException e =
        refused(
            schema(f("x", DataTypes.int32(), true)), schema(f("x", DataTypes.int32(), false)), "x");
    assertEquals(
        "schema_mismatch at x: writer field is nullable and cannot be read as not-null"
            + " (nullability may widen, never narrow, SPEC §13.1)",
        e.getMessage());
    refused(
        schema(f("xs", DataTypes.list(DataTypes.int32(), true), true)),
        schema(f("xs", DataTypes.list(DataTypes.int64(), false), true)),
        "xs[]");
    refused(
        schema(f("m", DataTypes.map(DataTypes.string(), DataTypes.int32(), true), true)),
        schema(f("m", DataTypes.map(DataTypes.string(), DataTypes.int32(), false), true)),
        "m{values}");
    // not-null to nullable is fine, and reads the same values
    Row r =
        read(
            schema(
                f("x", DataTypes.int32(), false),
                f("xs", DataTypes.list(DataTypes.int8(), false), false)),
            schema(
                f("x", DataTypes.int32(), true),
                f("xs", DataTypes.list(DataTypes.int8(), true), true)),
            "{\"x\":5,\"xs\":[1,2]}");
    assertReads("{\"x\":5,\"xs\":[1,2]}", r);
  }

  static final Schema ITEM_V1 =
      schema(
          f("sku", DataTypes.string(), false),
          f("qty", DataTypes.int32(), false),
          f("internal", DataTypes.binary(), true));
  static final Schema ITEM_V2 =
      schema(
          f("quantity", DataTypes.int64(), false, "qty"),
          f("sku", DataTypes.string(), false),
          f("discount", DataTypes.decimal(9, 2), true));

  @Test
  void aStructEvolvedInsideAList() {
    Schema writer = schema(f("items", DataTypes.list(ITEM_V1, true), true));
    Schema reader = schema(f("items", DataTypes.list(ITEM_V2, true), true));
    Row r =
        read(
            writer,
            reader,
            "{\"items\":[{\"sku\":\"a\",\"qty\":2,\"internal\":\"00\"},null,"
                + "{\"sku\":\"b\",\"qty\":-1,\"internal\":null}]}");
    ArrayData items = r.getArray(0);
    assertEquals(3, items.numElements());
    assertEquals(2L, items.getStruct(0).getLong(0));
    assertEquals("b", items.getStruct(2).getString(1));
    assertNull(items.getStruct(1));
    assertTrue(items.getStruct(2).isNullAt(2));
    assertReads(
        "{\"items\":[{\"quantity\":\"2\",\"sku\":\"a\",\"discount\":null},null,"
            + "{\"quantity\":\"-1\",\"sku\":\"b\",\"discount\":null}]}",
        r);
    SchemaMismatchException e =
        refused(
            writer,
            schema(
                f("items", DataTypes.list(schema(f("qty", DataTypes.int16(), false)), true), true)),
            "items[].qty");
    assertTrue(e.getMessage().contains("writer type \"int32\" cannot be read as \"int16\""));
  }

  @Test
  void aStructEvolvedInsideAMap() {
    Schema writer = schema(f("bySku", DataTypes.map(DataTypes.int32(), ITEM_V1, true), false));
    Schema reader = schema(f("bySku", DataTypes.map(DataTypes.int64(), ITEM_V2, true), false));
    Row r =
        read(
            writer,
            reader,
            "{\"bySku\":[[1,{\"sku\":\"a\",\"qty\":2,\"internal\":null}],[2,null]]}");
    MapData m = r.getMap(0);
    assertEquals(2, m.numElements());
    assertEquals(1L, m.keyArray().getLong(0));
    assertEquals(2L, m.valueArray().getStruct(0).getLong(0));
    assertNull(m.valueArray().getStruct(1));
    assertReads(
        "{\"bySku\":[[\"1\",{\"quantity\":\"2\",\"sku\":\"a\",\"discount\":null}],[\"2\",null]]}",
        r);
    assertEquals("{1={quantity=2, sku=\"a\", discount=null}, 2=null}", r.getMap(0).toString());
    refused(
        writer,
        schema(
            f(
                "bySku",
                DataTypes.map(
                    DataTypes.int32(),
                    schema(
                        f("qty", DataTypes.int32(), true, "count"),
                        f("n", DataTypes.int8(), false)),
                    true),
                false)),
        "bySku{values}.n");
  }

  @Test
  void mapKeysWidenButDoNotEvolveAsStructs() {
    Schema key = schema(f("a", DataTypes.int32(), false), f("b", DataTypes.string(), false));
    Schema writer = schema(f("m", DataTypes.map(key, DataTypes.int32(), true), true));
    Schema widened = schema(f("a", DataTypes.int64(), false), f("b", DataTypes.string(), true));
    Row r =
        read(
            writer,
            schema(f("m", DataTypes.map(widened, DataTypes.int32(), true), true)),
            "{\"m\":[[{\"a\":1,\"b\":\"x\"},5]]}");
    assertEquals(1L, r.getMap(0).keyArray().getStruct(0).getLong(0));
    assertReads("{\"m\":[[{\"a\":\"1\",\"b\":\"x\"},5]]}", r);
    Schema dropped = schema(f("a", DataTypes.int32(), false));
    Schema reordered = schema(key.field(1), key.field(0));
    Schema renamed =
        schema(f("a", DataTypes.int32(), false), f("c", DataTypes.string(), false, "b"));
    for (Schema k : new Schema[] {dropped, reordered, renamed}) {
      SchemaMismatchException e =
          refused(
              writer, schema(f("m", DataTypes.map(k, DataTypes.int32(), true), true)), "m{keys}");
      assertTrue(e.getMessage().contains("must keep its field names and order"), e.getMessage());
    }
  }

  /** Evolution three structs down: rename, widening and an added field at depth 3. */
  @Test
  void evolutionAtDepthThree() {
    Schema c1 = schema(f("x", DataTypes.int16(), false), f("gone", DataTypes.string(), true));
    Schema b1 = schema(f("c", c1, true), f("keep", DataTypes.int8(), false));
    Schema writer = schema(f("a", schema(f("b", b1, true)), true));
    Schema c2 =
        schema(f("new", DataTypes.bool(), true), f("renamedX", DataTypes.float64(), false, "x"));
    Schema b2 = schema(f("keep", DataTypes.int8(), false), f("c", c2, true));
    Schema reader = schema(f("a", schema(f("b", b2, true)), true));
    Row r = read(writer, reader, "{\"a\":{\"b\":{\"c\":{\"x\":-9,\"gone\":\"g\"},\"keep\":4}}}");
    assertEquals(-9.0, r.getStruct(0).getStruct(0).getStruct(1).getDouble(1));
    assertReads("{\"a\":{\"b\":{\"keep\":4,\"c\":{\"new\":null,\"renamedX\":-9}}}}", r);
    SchemaMismatchException e =
        refused(
            writer,
            schema(
                f(
                    "a",
                    schema(
                        f(
                            "b",
                            schema(f("c", schema(f("x", DataTypes.int8(), false)), true)),
                            true)),
                    true)),
            "a.b.c.x");
    assertTrue(e.getMessage().startsWith("schema_mismatch at a.b.c.x: writer type \"int16\""));
  }

  public record OrderV1(long id, String customer, java.util.List<Integer> quantities) {}

  /** The same structure under another class name: schemas are structural (SPEC §13.2). */
  public record PurchaseOrder(long id, String customer, java.util.List<Integer> quantities) {}

  @Test
  void aClassRenamedChangesNothing() {
    for (Encoders.Mode mode : Encoders.Mode.values()) {
      RowEncoder<OrderV1> old = Encoders.rowEncoder(OrderV1.class, mode);
      RowEncoder<PurchaseOrder> now = Encoders.rowEncoder(PurchaseOrder.class, mode);
      assertEquals(old.schema().fingerprint(), now.schema().fingerprint());
      BinaryRow bytes =
          BinaryRow.wrap(old.schema(), old.encode(new OrderV1(1, "c", java.util.List.of(2))));
      Resolution r = Resolution.resolve(old.schema(), now.schema());
      assertTrue(r.isIdentity());
      assertSame(bytes, r.view(bytes));
      assertEquals(new PurchaseOrder(1, "c", java.util.List.of(2)), now.fromRow(r.view(bytes)));
      assertEquals(new PurchaseOrder(1, "c", java.util.List.of(2)), now.fromRow(bytes));
    }
  }

  @Test
  void theIdentityIsThePlainViewAndSoAreNestedIdentities() {
    Schema aliased =
        schema(f("id", DataTypes.int64(), false), f("nm", DataTypes.string(), true, "name"));
    Schema plain = schema(f("id", DataTypes.int64(), false), f("nm", DataTypes.string(), true));
    Resolution same = Resolution.resolve(plain, aliased);
    assertTrue(same.isIdentity(), "aliases do not change the layout");
    BinaryRow row = row(plain, "{\"id\":\"1\",\"nm\":\"n\"}");
    assertSame(row, same.view(row));
    assertEquals("Resolution(identity " + plain.fingerprintHex() + ")", same.toString());
    // an unchanged nested value is read with the plain views, a changed one through a view
    Schema writer =
        schema(
            f("same", ITEM_V1, true),
            f("changed", ITEM_V1, true),
            f("xs", DataTypes.list(ITEM_V1, true), true));
    Schema reader =
        schema(
            f("same", ITEM_V1, true),
            f("changed", ITEM_V2, true),
            f("xs", DataTypes.list(ITEM_V1, true), true));
    Row r =
        read(
            writer,
            reader,
            "{\"same\":{\"sku\":\"s\",\"qty\":1,\"internal\":null},"
                + "\"changed\":{\"sku\":\"c\",\"qty\":2,\"internal\":null},\"xs\":[]}");
    assertFalse(Resolution.resolve(writer, reader).isIdentity());
    assertInstanceOf(BinaryRow.class, r.getStruct(0));
    assertFalse(r.getStruct(1) instanceof BinaryRow);
    assertInstanceOf(BinaryArray.class, r.getArray(2));
  }

  @Test
  void aResolvedRowFollowsItsRowWhenRePointed() {
    Schema reader = schema(f("score", DataTypes.int64(), false), f("id", DataTypes.int64(), false));
    Resolution res = Resolution.resolve(V1, reader);
    byte[] a =
        JsonValues.write(V1, (Map<?, ?>) Json.parse("{\"id\":\"1\",\"name\":null,\"score\":10}"));
    byte[] b =
        JsonValues.write(V1, (Map<?, ?>) Json.parse("{\"id\":\"2\",\"name\":\"x\",\"score\":20}"));
    BinaryRow view = BinaryRow.wrap(V1, a);
    Row r = res.view(view);
    assertEquals(10L, r.getLong(0));
    view.pointTo(b, 0, b.length);
    assertEquals(20L, r.getLong(0));
    assertEquals(2L, r.getLong(1));
  }

  @Test
  void misuseGivesTheErrorsOfBinaryRow() {
    Schema reader =
        schema(
            f("score", DataTypes.int64(), false),
            f("tags", DataTypes.list(DataTypes.int16(), true), true));
    Schema writer =
        schema(
            f("score", DataTypes.int32(), false),
            f("tags", DataTypes.list(DataTypes.int8(), true), true));
    Resolution res = Resolution.resolve(writer, reader);
    Row r = res.view(row(writer, "{\"score\":1,\"tags\":[1,2]}"));
    SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> r.getInt(0));
    assertEquals("score", e.path());
    assertTrue(
        e.getMessage()
            .contains(
                "expected a field of type int32 or date32 or interval_ym but the field has type"
                    + " \"int64\""),
        e.getMessage());
    assertThrows(SchemaMismatchException.class, () -> r.getString(0));
    assertThrows(SchemaMismatchException.class, () -> r.getStruct(1));
    assertThrows(IndexOutOfBoundsException.class, () -> r.getLong(2));
    assertThrows(IndexOutOfBoundsException.class, () -> r.isNullAt(-1));
    assertThrows(IndexOutOfBoundsException.class, () -> r.get(5));
    ArrayData tags = r.getArray(1);
    SchemaMismatchException te = assertThrows(SchemaMismatchException.class, () -> tags.getByte(0));
    assertEquals("tags[0]", te.path());
    assertThrows(IndexOutOfBoundsException.class, () -> tags.getShort(2));
    assertEquals(2, tags.getShort(1));
    // a row of another schema, an unset row, nulls
    SchemaMismatchException other =
        assertThrows(
            SchemaMismatchException.class,
            () -> res.view(row(V1, "{\"id\":\"1\",\"name\":null,\"score\":1}")));
    assertTrue(other.getMessage().contains(writer.fingerprintHex()), other.getMessage());
    assertThrows(IllegalStateException.class, () -> res.view(new BinaryRow(writer)));
    assertThrows(NullPointerException.class, () -> res.view(null));
    assertThrows(NullPointerException.class, () -> Resolution.resolve(null, reader));
    assertThrows(NullPointerException.class, () -> Resolution.resolve(writer, null));
  }

  @Test
  void theRowCopierRefusesRowsOfAnotherReaderSchema() {
    Schema reader = schema(f("score", DataTypes.int64(), false));
    Row r =
        Resolution.resolve(V1, reader).view(row(V1, "{\"id\":\"1\",\"name\":null,\"score\":1}"));
    RowCopier copier = new RowCopier(V1);
    assertThrows(SchemaMismatchException.class, () -> copier.copy(r));
    BinaryRow plain = row(V1, "{\"id\":\"1\",\"name\":null,\"score\":1}");
    assertSame(plain, copier.copy(plain));
    RowCopier mine = new RowCopier(reader);
    assertEquals(1L, mine.copy(r).getLong(0));
    assertArrayEquals(r.copy().toBytes(), mine.copy(r).toBytes());
  }

  @Test
  void stringsReadAsBinaryInPlace() {
    Row r =
        read(
            schema(f("s", DataTypes.string(), true)),
            schema(f("s", DataTypes.binary(), true)),
            "{\"s\":\"é\"}");
    assertArrayEquals("é".getBytes(StandardCharsets.UTF_8), r.getBinary(0));
    assertThrows(
        SchemaMismatchException.class, () -> r.getString(0), "the reader's type is binary");
  }

  @Test
  void theResolverKeepsOneResolutionPerWriterFingerprint() {
    Schema reader = schema(f("id", DataTypes.int64(), false), f("score", DataTypes.int64(), true));
    Resolver resolver = new Resolver(reader);
    Resolution a = resolver.resolve(V1);
    assertSame(a, resolver.resolve(Schema.fromJson(V1.toJson())));
    Schema v0 = schema(f("id", DataTypes.int64(), false));
    Resolution b = resolver.resolve(v0);
    assertSame(b, resolver.resolve(v0));
    assertEquals(2, resolver.size());
    assertThrows(
        SchemaMismatchException.class,
        () -> resolver.resolve(schema(f("id", DataTypes.string(), true))));
    assertEquals(2, resolver.size());
    assertSame(reader, resolver.reader());
  }
}
