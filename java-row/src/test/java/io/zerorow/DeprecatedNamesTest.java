package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.row.ArrayData;
import io.zerorow.row.BinaryArray;
import io.zerorow.row.BinaryMap;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.DataGetters;
import io.zerorow.row.MapData;
import io.zerorow.row.Resolution;
import io.zerorow.row.ResolvedArray;
import io.zerorow.row.ResolvedGetters;
import io.zerorow.row.ResolvedMap;
import io.zerorow.row.ResolvedRow;
import io.zerorow.row.Row;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import org.junit.jupiter.api.Test;

/**
 * The former names of the read contracts (CHANGES.md) for one release: every view still implements
 * them, so code that declares them keeps compiling and reads the same values.
 */
@SuppressWarnings("removal") // the deprecated names are what this test checks
class DeprecatedNamesTest {
  private static final Schema WRITER =
      Schema.of(Field.of("id", DataTypes.INT32, false), Field.of("n", DataTypes.INT32, true));
  private static final Schema READER =
      Schema.of(Field.of("id", DataTypes.INT64, false), Field.of("n", DataTypes.INT32, true));

  private static BinaryRow row() {
    RowWriter w = new RowWriter(WRITER);
    w.reset();
    w.writeInt(0, 7);
    w.writeInt(1, 9);
    return w.getRow();
  }

  @Test
  void aPlainRowIsStillEveryFormerType() {
    BinaryRow plain = row();
    DataGetters g = plain;
    ResolvedGetters rg = plain;
    ResolvedRow r = plain;
    assertEquals(7, g.getInt(0));
    assertEquals(9, rg.getInt(1));
    assertSame(WRITER, r.schema());
    assertEquals(2, plain.numElements()); // the deprecated twin of numFields()
    assertEquals(plain.numFields(), rg.numElements());
  }

  @Test
  void aResolvedRowIsStillAResolvedRow() {
    Row view = Resolution.resolve(WRITER, READER).view(row());
    ResolvedRow old = assertInstanceOf(ResolvedRow.class, view);
    assertEquals(7L, old.getLong(0)); // widened from int32 (SPEC §13.3)
    assertEquals(9, old.getInt(1));
    assertEquals(2, old.numElements());
    assertEquals(2, old.numFields());
  }

  @Test
  void arraysAndMapsStillImplementTheirFormerTypes() {
    assertTrue(ResolvedArray.class.isAssignableFrom(BinaryArray.class));
    assertTrue(DataGetters.class.isAssignableFrom(BinaryArray.class));
    assertTrue(ResolvedMap.class.isAssignableFrom(BinaryMap.class));
    assertTrue(ArrayData.class.isAssignableFrom(ResolvedArray.class));
    assertTrue(MapData.class.isAssignableFrom(ResolvedMap.class));
  }
}
