package io.zerorow.flink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.InvalidDataException;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Validator;
import io.zerorow.type.Schema;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.types.RowKind;
import org.junit.jupiter.api.Test;

/** RowData → row → ZerorowRowData equals Flink's own GenericRowData, field by field. */
class ZerorowRowDataTest {
  @Test
  void randomSchemasAndValuesReadBackFieldByField() {
    int rows = 0;
    for (long seed = 0; seed < 150; seed++) {
      RandomRows random = new RandomRows(seed);
      RowType t = random.rowType(0);
      RowDataEncoder encoder = new RowDataEncoder(t);
      Schema schema = encoder.schema();
      // the view's own type: a zerorow schema maps back to an equivalent Flink type
      RowType back = FlinkTypes.toRowType(schema);
      assertEquals(schema, FlinkTypes.toSchema(back), "schema round trip, seed " + seed);
      for (int i = 0; i < 20; i++) {
        GenericRowData expected = random.row(t);
        byte[] bytes = encoder.toBytes(expected);
        Validator.validate(schema, bytes); // what we write is a valid row (SPEC §6.3)
        ZerorowRowData view = new ZerorowRowData(BinaryRow.wrap(schema, bytes));
        String diff = RandomRows.difference(t, expected, view, "");
        assertNull(diff, "seed " + seed + " row " + i + ": " + t);
        // equal values give equal bytes: encoding the view again gives the same row
        assertArrayEquals(bytes, encoder.toBytes(view), "re-encode, seed " + seed);
        rows++;
      }
    }
    assertEquals(3000, rows);
  }

  @Test
  void rowKindStaysBesideTheRow() {
    RowType t = RowType.of(new IntType(false));
    RowDataEncoder encoder = new RowDataEncoder(t);
    GenericRowData a = GenericRowData.ofKind(RowKind.DELETE, 7);
    GenericRowData b = GenericRowData.of(7);
    assertArrayEquals(encoder.toBytes(a), encoder.toBytes(b));
    ZerorowRowData view = new ZerorowRowData(encoder.encode(a).copy(), RowKind.DELETE);
    assertEquals(RowKind.DELETE, view.getRowKind());
    assertEquals(7, view.getInt(0));
  }

  @Test
  void nullMapKeyNamesTheField() {
    RowType t =
        RowType.of(
            new org.apache.flink.table.types.logical.LogicalType[] {
              new MapType(new VarCharType(VarCharType.MAX_LENGTH), new IntType())
            },
            new String[] {"tags"});
    java.util.Map<Object, Object> m = new java.util.HashMap<>();
    m.put(null, 1);
    InvalidDataException e =
        assertThrows(
            InvalidDataException.class,
            () -> new RowDataEncoder(t).toBytes(GenericRowData.of(new GenericMapData(m))));
    assertEquals("tags{key}", e.path());
    assertTrue(e.getMessage().contains("key 0 of 1 is null"), e.getMessage());
  }

  @Test
  void nestedViewsAreLazyViewsOfTheSameBytes() {
    RowType inner =
        RowType.of(
            new org.apache.flink.table.types.logical.LogicalType[] {
              new VarCharType(VarCharType.MAX_LENGTH)
            },
            new String[] {"name"});
    RowType t =
        RowType.of(
            new org.apache.flink.table.types.logical.LogicalType[] {new ArrayType(inner)},
            new String[] {"items"});
    RowDataEncoder encoder = new RowDataEncoder(t);
    BinaryRow row =
        encoder.encode(
            GenericRowData.of(
                new GenericArrayData(
                    new Object[] {
                      GenericRowData.of(StringData.fromString("a")),
                      null,
                      GenericRowData.of(StringData.fromString("c"))
                    })));
    RowData view = new ZerorowRowData(row);
    assertTrue(view.getArray(0) instanceof ZerorowArrayData);
    assertEquals("c", view.getArray(0).getRow(2, 1).getString(0).toString());
    assertTrue(view.getArray(0).isNullAt(1));
  }
}
