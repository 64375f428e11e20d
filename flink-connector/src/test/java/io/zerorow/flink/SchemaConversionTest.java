package io.zerorow.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.UnsupportedException;
import io.zerorow.connector.testing.TypeMapVectors;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/** Flink types ↔ zerorow schemas: every mapping, and errors that name the field. */
class SchemaConversionTest {
  private static RowType rowType(org.apache.flink.table.types.DataType t) {
    return (RowType) t.getLogicalType();
  }

  /**
   * Every golden vector's schema to a RowType and back (SPEC Appendix B): equal, except the vectors
   * declared here; the connector kit's driver fails on any other outcome and on a declared name
   * that is no vector.
   */
  @Test
  void everyGoldenVectorBothWays() {
    Map<String, TypeMapVectors.Outcome> declared = new HashMap<>();
    // no calendar interval in Flink, no VARIANT before Flink 2.1: refused naming the field
    declared.putAll(
        TypeMapVectors.refusedWherever(
            VariantShim.HAS_VARIANT
                ? Set.of(TypeId.INTERVAL)
                : Set.of(TypeId.INTERVAL, TypeId.VARIANT),
            (type, at) -> "at " + at + ": zerorow type " + type + " "));
    TypeMapVectors.Outcome uuid =
        TypeMapVectors.changed("uuid as BINARY(16), read as fixed_binary(16)");
    for (String v : List.of("uuid_and_fixed_binary_16", "uuid_in_list_map_struct", "uuid_values")) {
      declared.put(v, uuid);
    }
    declared.put(
        "timestamp_zones",
        TypeMapVectors.changed("a zone as UTC: TIMESTAMP_LTZ has no zone of its own"));
    TypeMapVectors.Counts counts =
        TypeMapVectors.check(
            "Flink " + (VariantShim.HAS_VARIANT ? "2.x" : "1.20"),
            new TypeMapVectors.Mapping<RowType>() {
              @Override
              public RowType toEngine(Schema schema) {
                return FlinkTypes.toRowType(schema);
              }

              @Override
              public Schema fromEngine(RowType engine) {
                return FlinkTypes.toSchema(engine);
              }
            },
            declared);
    assertEquals(
        VariantShim.HAS_VARIANT ? 15 : 31, counts.changed() + counts.refused(), counts.toString());
    assertTrue(counts.equal() >= 66, counts.toString());
  }

  @Test
  void everyMappedTypeHasItsZerorowName() {
    RowType t =
        rowType(
            DataTypes.ROW(
                DataTypes.FIELD("b", DataTypes.BOOLEAN()),
                DataTypes.FIELD("i8", DataTypes.TINYINT()),
                DataTypes.FIELD("i16", DataTypes.SMALLINT()),
                DataTypes.FIELD("i32", DataTypes.INT().notNull()),
                DataTypes.FIELD("i64", DataTypes.BIGINT()),
                DataTypes.FIELD("f32", DataTypes.FLOAT()),
                DataTypes.FIELD("f64", DataTypes.DOUBLE()),
                DataTypes.FIELD("s", DataTypes.STRING()),
                DataTypes.FIELD("c", DataTypes.CHAR(3)),
                DataTypes.FIELD("bin", DataTypes.BYTES()),
                DataTypes.FIELD("d", DataTypes.DATE()),
                DataTypes.FIELD("t", DataTypes.TIME(3)),
                DataTypes.FIELD("ts", DataTypes.TIMESTAMP(6)),
                DataTypes.FIELD("ltz", DataTypes.TIMESTAMP_LTZ(3)),
                DataTypes.FIELD("dur", DataTypes.INTERVAL(DataTypes.SECOND(3))),
                DataTypes.FIELD("dec", DataTypes.DECIMAL(30, 4)),
                DataTypes.FIELD("arr", DataTypes.ARRAY(DataTypes.INT().notNull())),
                DataTypes.FIELD("m", DataTypes.MAP(DataTypes.STRING(), DataTypes.DOUBLE())),
                DataTypes.FIELD("ms", DataTypes.MULTISET(DataTypes.STRING())),
                DataTypes.FIELD("r", DataTypes.ROW(DataTypes.FIELD("x", DataTypes.INT())))));
    Schema s = FlinkTypes.toSchema(t);
    String[] expected = {
      "\"bool\"",
      "\"int8\"",
      "\"int16\"",
      "\"int32\"",
      "\"int64\"",
      "\"float32\"",
      "\"float64\"",
      "\"string\"",
      "\"string\"",
      "\"binary\"",
      "\"date32\"",
      "\"time\"",
      "\"timestamp\"",
      "{\"type\":\"timestamp\",\"tz\":\"UTC\"}",
      "\"duration\"",
      "{\"type\":\"decimal\",\"precision\":30,\"scale\":4}",
      "{\"type\":\"list\",\"element\":\"int32\",\"element_nullable\":false}",
      "{\"type\":\"map\",\"key\":\"string\",\"value\":\"float64\",\"value_nullable\":true}",
      "{\"type\":\"map\",\"key\":\"string\",\"value\":\"int32\",\"value_nullable\":false}",
      "{\"type\":\"struct\",\"fields\":[{\"name\":\"x\",\"type\":\"int32\",\"nullable\":true}]}"
    };
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], s.field(i).type().toJson(), s.field(i).name());
    }
    assertEquals(false, s.field("i32").nullable());
    assertEquals(true, s.field("i64").nullable());
  }

  /** SPEC 1.2's types (Appendix B): NULL, BINARY(n), INTERVAL YEAR TO MONTH, CHAR/VARCHAR(n). */
  @Test
  void spec12TypesMapBothWays() {
    RowType t =
        rowType(
            DataTypes.ROW(
                DataTypes.FIELD("n", DataTypes.NULL()),
                DataTypes.FIELD("fb", DataTypes.BINARY(4).notNull()),
                DataTypes.FIELD("ym", DataTypes.INTERVAL(DataTypes.YEAR(), DataTypes.MONTH())),
                DataTypes.FIELD("m", DataTypes.INTERVAL(DataTypes.MONTH())),
                DataTypes.FIELD("vc", DataTypes.VARCHAR(10)),
                DataTypes.FIELD("ch", DataTypes.CHAR(3)),
                DataTypes.FIELD("ns", DataTypes.ARRAY(DataTypes.NULL()))));
    Schema s = FlinkTypes.toSchema(t);
    assertEquals(
        "{\"type\":\"struct\",\"fields\":["
            + "{\"name\":\"n\",\"type\":\"null\",\"nullable\":true},"
            + "{\"name\":\"fb\",\"type\":{\"type\":\"fixed_binary\",\"size\":4},\"nullable\":false},"
            + "{\"name\":\"ym\",\"type\":\"interval_ym\",\"nullable\":true},"
            + "{\"name\":\"m\",\"type\":\"interval_ym\",\"nullable\":true},"
            + "{\"name\":\"vc\",\"type\":\"string\",\"nullable\":true},"
            + "{\"name\":\"ch\",\"type\":\"string\",\"nullable\":true},"
            + "{\"name\":\"ns\",\"type\":{\"type\":\"list\",\"element\":\"null\","
            + "\"element_nullable\":true},\"nullable\":true}]}",
        s.toJson());
    // and back: each zerorow type has one Flink type; uuid reads as BINARY(16)
    Schema z =
        Schema.fromJson(
            "{\"type\":\"struct\",\"fields\":["
                + "{\"name\":\"n\",\"type\":\"null\",\"nullable\":true},"
                + "{\"name\":\"fb\",\"type\":{\"type\":\"fixed_binary\",\"size\":4},\"nullable\":false},"
                + "{\"name\":\"id\",\"type\":\"uuid\",\"nullable\":true},"
                + "{\"name\":\"ym\",\"type\":\"interval_ym\",\"nullable\":true},"
                + "{\"name\":\"dt\",\"type\":\"duration\",\"nullable\":true}]}");
    assertEquals(
        "ROW<`n` NULL, `fb` BINARY(4) NOT NULL, `id` BINARY(16), `ym` INTERVAL YEAR(2) TO MONTH,"
            + " `dt` INTERVAL DAY(6) TO SECOND(3)> NOT NULL",
        FlinkTypes.toRowType(z).asSerializableString());
    Schema back = FlinkTypes.toSchema(FlinkTypes.toRowType(z));
    assertEquals("{\"type\":\"fixed_binary\",\"size\":16}", back.field("id").type().toJson());
    assertEquals(z.field("ym"), back.field("ym"));
    assertEquals(z.field("n"), back.field("n"));
    assertEquals(z.field("fb"), back.field("fb"));
  }

  /** VARIANT ↔ variant where the Flink version has it (2.x); refused naming the field on 1.20. */
  @Test
  void variantMapsWhereFlinkHasIt() {
    Schema z =
        io.zerorow.type.DataTypes.struct(
            io.zerorow.type.Field.of(
                "doc",
                io.zerorow.type.DataTypes.list(io.zerorow.type.DataTypes.variant(), true),
                true));
    if (VariantShim.HAS_VARIANT) {
      RowType t = FlinkTypes.toRowType(z);
      assertEquals("ROW<`doc` ARRAY<VARIANT>> NOT NULL", t.asSerializableString());
      assertEquals(z, FlinkTypes.toSchema(t));
    } else {
      UnsupportedException e =
          assertThrows(UnsupportedException.class, () -> FlinkTypes.toRowType(z));
      assertEquals("doc[]", e.path());
      assertTrue(e.getMessage().contains("no Flink 1.20 type"), e.getMessage());
      assertTrue(e.getMessage().contains("Flink 2.2"), e.getMessage());
    }
  }

  @Test
  void unmappedTypesNameTheField() {
    UnsupportedException e =
        assertThrows(
            UnsupportedException.class,
            () ->
                FlinkTypes.toSchema(
                    rowType(
                        DataTypes.ROW(
                            DataTypes.FIELD(
                                "order",
                                DataTypes.ROW(
                                    DataTypes.FIELD(
                                        "at", DataTypes.TIMESTAMP_WITH_TIME_ZONE(3))))))));
    assertEquals("order.at", e.path());
    assertTrue(e.getMessage().contains("TIMESTAMP(3) WITH TIME ZONE"), e.getMessage());
    UnsupportedException p =
        assertThrows(
            UnsupportedException.class,
            () ->
                FlinkTypes.toSchema(
                    rowType(DataTypes.ROW(DataTypes.FIELD("ts", DataTypes.TIMESTAMP(9))))));
    assertEquals("ts", p.path());
    assertTrue(p.getMessage().contains("precision <= 6") && p.getMessage().contains("9"));
    UnsupportedException b =
        assertThrows(
            UnsupportedException.class,
            () ->
                FlinkTypes.toSchema(
                    rowType(
                        DataTypes.ROW(
                            DataTypes.FIELD("blob", DataTypes.BINARY(Integer.MAX_VALUE))))));
    assertEquals("blob", b.path());
    assertTrue(
        b.getMessage().contains("BINARY length <= 2147483640")
            && b.getMessage().contains("found 2147483647")
            && b.getMessage().contains("use BYTES"),
        b.getMessage());
  }

  /** A calendar interval has no Flink type: refused naming the field and what to use instead. */
  @Test
  void calendarIntervalIsRefusedNamingTheField() {
    Schema inner =
        io.zerorow.type.DataTypes.struct(
            io.zerorow.type.Field.of("span", io.zerorow.type.DataTypes.interval(), true));
    Schema s =
        io.zerorow.type.DataTypes.struct(
            io.zerorow.type.Field.of("order", io.zerorow.type.DataTypes.list(inner, true), true));
    UnsupportedException e =
        assertThrows(UnsupportedException.class, () -> FlinkTypes.toRowType(s));
    assertEquals("order[].span", e.path());
    assertTrue(e.getMessage().contains("Flink has no calendar interval"), e.getMessage());
    assertTrue(
        e.getMessage().contains("interval_ym (INTERVAL YEAR TO MONTH)")
            && e.getMessage().contains("duration (INTERVAL DAY TO SECOND)"),
        e.getMessage());
  }
}
