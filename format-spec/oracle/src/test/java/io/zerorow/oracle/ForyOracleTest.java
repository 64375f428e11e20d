package io.zerorow.oracle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.zerorow.oracle.Coverage.Oracle;
import io.zerorow.oracle.Vectors.Case;
import io.zerorow.oracle.Vectors.ZField;
import io.zerorow.oracle.Vectors.ZType;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.fory.format.row.ArrayData;
import org.apache.fory.format.row.Getters;
import org.apache.fory.format.row.MapData;
import org.apache.fory.format.row.Row;
import org.apache.fory.format.row.binary.BinaryRow;
import org.apache.fory.format.row.binary.writer.BinaryRowWriter;
import org.apache.fory.format.type.DataType;
import org.apache.fory.format.type.DataTypes;
import org.apache.fory.format.type.Field;
import org.apache.fory.format.type.Schema;
import org.apache.fory.memory.MemoryBuffer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Fory oracle: Fory's BinaryRow reads row.bin with the equivalent Fory schema, and every value it
 * returns must equal values.json (SPEC §9: identical except decimal; duration and time are not
 * shared).
 */
class ForyOracleTest {

  @TestFactory
  Stream<DynamicTest> foryReadsRowBin() {
    List<Case> cases = Coverage.applicable(Oracle.FORY, Vectors.all());
    assertTrue(cases.size() > 0);
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
  }

  static void check(Case c) {
    Schema schema = DataTypes.schema(foryFields(c.schema()));
    BinaryRow row = new BinaryRow(schema);
    byte[] bin = c.rowBin().clone();
    row.pointTo(MemoryBuffer.fromByteArray(bin), 0, bin.length);
    List<String> mismatches = new ArrayList<>();
    compareStruct(row, c.schema(), c.values(), "", mismatches);
    if (!mismatches.isEmpty()) {
      throw new AssertionError(
          c.name()
              + ": Fory reads values that differ from values.json:\n  "
              + String.join("\n  ", mismatches));
    }
  }

  /** The oracle is not vacuous: a changed value byte in row.bin fails it. */
  @Test
  void aChangedByteIsCaught() {
    Case c = Vectors.load(Vectors.vectorsDir().resolve("seed_foo_small"));
    byte[] bin = c.rowBin().clone();
    bin[8] ^= 1; // f1's value
    Case bad = new Case(c.name(), c.dir(), c.schema(), c.values(), bin);
    AssertionError e = assertThrows(AssertionError.class, () -> check(bad));
    assertTrue(e.getMessage().contains("f1: values.json 1, Fory 0"), e.getMessage());
  }

  /** Evidence for the not-applicable reason recorded for `decimal`. */
  @Test
  void foryDecimalIsA32ByteBody() {
    Field f = DataTypes.field("d", DataTypes.decimal(9, 2), false);
    BinaryRowWriter w = new BinaryRowWriter(DataTypes.schema(List.of(f)));
    w.reset();
    w.write(0, new java.math.BigDecimal("1.50"));
    byte[] b = w.getRow().toBytes();
    // slot 0 at offset 8: size 0x20 (a 32-byte body), where zerorow stores the int64 150
    assertEquals(32, b[8] & 0xff, java.util.HexFormat.of().formatHex(b));
    assertEquals(8 + 8 + 32, b.length);
    assertEquals(150, b[16] & 0xff); // little-endian unscaled value at the start of the body
  }

  /** Evidence for the not-applicable reason recorded for `duration` in Coverage/ORACLES.md. */
  @Test
  void foryGettersHaveNoDuration() {
    Field f = DataTypes.field("d", DataTypes.duration(), true);
    BinaryRow row = new BinaryRow(DataTypes.schema(List.of(f)));
    byte[] bin = new byte[16];
    row.pointTo(MemoryBuffer.fromByteArray(bin), 0, bin.length);
    assertThrows(UnsupportedOperationException.class, () -> row.get(0, f));
  }

  /**
   * Evidence for the not-applicable reasons recorded for the 1.2 types null, interval_ym, interval
   * and variant: Fory 0.16's type factory and its type ids have none of them.
   */
  @Test
  void foryHasNoNullIntervalOrVariantType() {
    List<String> typeIds = new ArrayList<>();
    for (java.lang.reflect.Field f : DataTypes.class.getFields()) {
      if (f.getName().startsWith("TYPE_")) {
        typeIds.add(f.getName());
      }
    }
    assertTrue(typeIds.contains("TYPE_DURATION"), "Fory's type ids: " + typeIds);
    for (String id : typeIds) {
      assertTrue(
          !id.contains("NULL") && !id.contains("INTERVAL") && !id.contains("VARIANT"),
          "Fory 0.16 has a type id " + id + "; update Coverage.FORY_UNSUPPORTED");
    }
    for (java.lang.reflect.Method m : DataTypes.class.getMethods()) {
      String n = m.getName().toLowerCase(java.util.Locale.ROOT);
      assertTrue(
          !n.equals("nulltype") && !n.contains("interval") && !n.contains("variant"),
          "Fory 0.16 has a type factory " + m.getName() + "; update Coverage.FORY_UNSUPPORTED");
    }
  }

  /** Evidence for the not-applicable reason recorded for structs with no fields. */
  @Test
  void foryRowsNeedAtLeastOneField() {
    assertThrows(
        IllegalArgumentException.class, () -> new BinaryRow(DataTypes.schema(List.<Field>of())));
  }

  // ---- schema ------------------------------------------------------------------------------

  static List<Field> foryFields(ZType struct) {
    List<Field> out = new ArrayList<>();
    for (ZField f : struct.fields()) {
      out.add(DataTypes.field(f.name(), foryType(f.type()), f.nullable()));
    }
    return out;
  }

  static DataType foryType(ZType t) {
    return switch (t.kind()) {
      case "bool" -> DataTypes.bool();
      case "int8" -> DataTypes.int8();
      case "int16" -> DataTypes.int16();
      case "int32" -> DataTypes.int32();
      case "int64" -> DataTypes.int64();
      case "float32" -> DataTypes.float32();
      case "float64" -> DataTypes.float64();
      case "string" -> DataTypes.utf8();
      // fixed_binary and uuid are binary's bytes (SPEC §9)
      case "binary", "fixed_binary", "uuid" -> DataTypes.binary();
      case "date32" -> DataTypes.date32();
      // Fory's timestamp has no zone; the zone lives only in the zerorow schema (SPEC §3.3)
      case "timestamp" -> DataTypes.timestamp();
      case "list" ->
          DataTypes.list(
              DataTypes.field(
                  DataTypes.ARRAY_ITEM_NAME, foryType(t.element()), t.elementNullable()));
      // Fory's MapType always declares its values nullable; nulls are read from the bitmap
      // either way, so value_nullable=false needs no separate Fory type
      case "map" -> DataTypes.map(foryType(t.key()), foryType(t.value()));
      case "struct" -> DataTypes.struct(foryFields(t));
      default -> throw new IllegalStateException("no Fory type for " + t);
    };
  }

  // ---- values ------------------------------------------------------------------------------

  static void compareStruct(Row r, ZType t, JsonNode v, String path, List<String> out) {
    Vectors.checkKeys(v, t, path.isEmpty() ? "<row>" : path);
    if (r.numFields() != t.fields().size()) {
      out.add(path + ": Fory numFields " + r.numFields() + ", schema " + t.fields().size());
      return;
    }
    for (int i = 0; i < t.fields().size(); i++) {
      ZField f = t.fields().get(i);
      String p = path.isEmpty() ? f.name() : path + "." + f.name();
      compare(r, i, f.type(), Vectors.fieldValue(v, f, p), p, out);
    }
  }

  /** Compares the value at ordinal {@code i} of a Fory row or array with its values.json. */
  static void compare(Getters g, int i, ZType t, JsonNode v, String path, List<String> out) {
    boolean isNull = g.isNullAt(i);
    if (v.isNull() || isNull) {
      if (v.isNull() != isNull) {
        out.add(path + ": values.json " + v + ", Fory isNullAt " + isNull);
      }
      return;
    }
    try {
      switch (t.kind()) {
        case "bool" -> eq(out, path, v.booleanValue(), g.getBoolean(i));
        case "int8" -> eq(out, path, (byte) v.intValue(), g.getByte(i));
        case "int16" -> eq(out, path, (short) v.intValue(), g.getInt16(i));
        case "int32" -> eq(out, path, v.intValue(), g.getInt32(i));
        case "date32" -> eq(out, path, v.intValue(), g.getDate(i));
        case "int64" -> eq(out, path, Vectors.int64(v), g.getInt64(i));
        case "timestamp" -> eq(out, path, Vectors.int64(v), g.getTimestamp(i));
        case "float32" -> {
          float e = Vectors.float32(v);
          float a = g.getFloat32(i);
          if (Float.floatToRawIntBits(e) != Float.floatToRawIntBits(a)) {
            out.add(
                String.format(
                    "%s: values.json %s (bits %08x), Fory %s (bits %08x)",
                    path, e, Float.floatToRawIntBits(e), a, Float.floatToRawIntBits(a)));
          }
        }
        case "float64" -> {
          double e = Vectors.float64(v);
          double a = g.getFloat64(i);
          if (Double.doubleToRawLongBits(e) != Double.doubleToRawLongBits(a)) {
            out.add(
                String.format(
                    "%s: values.json %s (bits %016x), Fory %s (bits %016x)",
                    path, e, Double.doubleToRawLongBits(e), a, Double.doubleToRawLongBits(a)));
          }
        }
        case "string" -> eq(out, path, v.asText(), g.getString(i));
        case "binary", "fixed_binary", "uuid" -> {
          byte[] e = Vectors.bytes(v, t);
          byte[] a = g.getBinary(i);
          try {
            assertArrayEquals(e, a);
          } catch (AssertionError err) {
            out.add(
                path
                    + ": values.json "
                    + v.asText()
                    + ", Fory "
                    + java.util.HexFormat.of().formatHex(a));
          }
        }
        case "list" -> {
          ArrayData a = g.getArray(i);
          if (a.numElements() != v.size()) {
            out.add(
                path
                    + ": values.json has "
                    + v.size()
                    + " elements, Fory numElements "
                    + a.numElements());
            return;
          }
          for (int j = 0; j < v.size(); j++) {
            compare(a, j, t.element(), v.get(j), path + "[" + j + "]", out);
          }
        }
        case "map" -> {
          MapData m = g.getMap(i);
          if (m.numElements() != v.size()) {
            out.add(
                path
                    + ": values.json has "
                    + v.size()
                    + " entries, Fory numElements "
                    + m.numElements());
            return;
          }
          ArrayData keys = m.keyArray();
          ArrayData vals = m.valueArray();
          assertEquals(v.size(), keys.numElements(), path + ": key array count");
          assertEquals(v.size(), vals.numElements(), path + ": value array count");
          for (int j = 0; j < v.size(); j++) {
            JsonNode e = v.get(j);
            compare(keys, j, t.key(), e.get(0), path + "{key " + j + "}", out);
            compare(vals, j, t.value(), e.get(1), path + "{value " + j + "}", out);
          }
        }
        case "struct" -> compareStruct(g.getStruct(i), t, v, path, out);
        default -> throw new IllegalStateException(path + ": no Fory getter for " + t);
      }
    } catch (RuntimeException e) {
      StackTraceElement[] st = e.getStackTrace();
      StringBuilder where = new StringBuilder();
      for (int k = 0; k < Math.min(4, st.length); k++) {
        where.append("\n      at ").append(st[k]);
      }
      out.add(path + ": Fory threw " + e + where);
    }
  }

  private static void eq(List<String> out, String path, Object expected, Object actual) {
    if (!expected.equals(actual)) {
      out.add(path + ": values.json " + expected + ", Fory " + actual);
    }
  }
}
