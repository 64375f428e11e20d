package io.zerorow.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.Schema;
import io.zerorow.UnsupportedException;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/** Flink types ↔ zerorow schemas: every mapping, and errors that name the field. */
class SchemaConversionTest {
  private static RowType rowType(org.apache.flink.table.types.DataType t) {
    return (RowType) t.getLogicalType();
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
                                        "age",
                                        DataTypes.INTERVAL(
                                            DataTypes.YEAR(), DataTypes.MONTH()))))))));
    assertEquals("order.age", e.path());
    assertTrue(e.getMessage().contains("INTERVAL YEAR"), e.getMessage());
    UnsupportedException p =
        assertThrows(
            UnsupportedException.class,
            () ->
                FlinkTypes.toSchema(
                    rowType(DataTypes.ROW(DataTypes.FIELD("ts", DataTypes.TIMESTAMP(9))))));
    assertEquals("ts", p.path());
    assertTrue(p.getMessage().contains("precision <= 6") && p.getMessage().contains("9"));
  }

  @Test
  void zerorowTypesWithoutAFlinkTypeNameTheField() {
    for (io.zerorow.DataType t :
        java.util.List.of(
            io.zerorow.DataTypes.nullType(),
            io.zerorow.DataTypes.intervalYm(),
            io.zerorow.DataTypes.interval(),
            io.zerorow.DataTypes.fixedBinary(4),
            io.zerorow.DataTypes.uuid(),
            io.zerorow.DataTypes.variant())) {
      Schema inner = io.zerorow.DataTypes.struct(io.zerorow.Field.of("v", t, true));
      Schema s =
          io.zerorow.DataTypes.struct(
              io.zerorow.Field.of("order", io.zerorow.DataTypes.list(inner, true), true));
      UnsupportedException e =
          assertThrows(UnsupportedException.class, () -> FlinkTypes.toRowType(s), t.toString());
      assertEquals("order[].v", e.path());
      assertTrue(e.getMessage().contains(t.toString()), e.getMessage());
    }
  }
}
