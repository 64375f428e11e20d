package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.ErrorKind;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Json;
import io.zerorow.row.BinaryRow;
import io.zerorow.tools.GoldenVectors;
import io.zerorow.tools.JsonValues;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeStampMilliTZVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionLargeListWriter;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Nulls at every level, the Arrow variants readers accept (SPEC §12), and batch reuse. */
class ArrowInteropTest {
  private BufferAllocator allocator;

  @BeforeEach
  void open() {
    allocator = new RootAllocator(Long.MAX_VALUE);
  }

  @AfterEach
  void close() {
    allocator.close();
  }

  static final Schema NESTED =
      Schema.fromJson(
          "{\"type\":\"struct\",\"fields\":[{\"name\":\"s\","
              + "\"type\":{\"type\":\"struct\",\"fields\":[{\"name\":\"l\",\"type\":{\"type\":\"list\","
              + "\"element\":{\"type\":\"map\",\"key\":\"string\",\"value\":{\"type\":\"struct\","
              + "\"fields\":[{\"name\":\"x\",\"type\":\"int32\",\"nullable\":true},{\"name\":\"y\","
              + "\"type\":{\"type\":\"decimal\",\"precision\":20,\"scale\":2},\"nullable\":true}]},"
              + "\"value_nullable\":true},\"element_nullable\":true},\"nullable\":true}]},"
              + "\"nullable\":true},{\"name\":\"after\",\"type\":\"string\",\"nullable\":true}]}");

  static byte[] row(Schema schema, String json) {
    return JsonValues.write(schema, (Map<?, ?>) Json.parse(json));
  }

  @Test
  void nullsAtEveryLevelRoundTrip() {
    List<byte[]> rows =
        List.of(
            row(NESTED, "{\"s\":null,\"after\":\"a\"}"),
            row(NESTED, "{\"s\":{\"l\":null},\"after\":null}"),
            row(
                NESTED,
                "{\"s\":{\"l\":[null,[],[[\"k\",null],[\"k2\",{\"x\":null,\"y\":null}],"
                    + "[\"k3\",{\"x\":1,\"y\":\"-1.50\"}]]]},\"after\":\"z\"}"));
    try (ArrowWriter w = ArrowUtils.createArrowWriter(NESTED, allocator)) {
      for (byte[] r : rows) {
        w.write(BinaryRow.wrap(NESTED, r));
      }
      try (VectorSchemaRoot root = w.finish()) {
        ArrowValidation.validateFull(root);
        StructVector s = (StructVector) root.getVector("s");
        assertTrue(s.isNull(0));
        ListVector l = (ListVector) s.getChild("l");
        assertTrue(l.isNull(1));
        assertFalse(l.isNull(2));
        MapVector m = (MapVector) l.getDataVector();
        assertEquals(3, m.getValueCount());
        assertTrue(m.isNull(0));
        assertEquals(0, m.getElementEndIndex(1) - m.getElementStartIndex(1));
        StructVector entries = (StructVector) m.getDataVector();
        StructVector value = (StructVector) entries.getChild("value");
        assertTrue(value.isNull(0));
        assertFalse(value.isNull(1));
        assertTrue(value.getChild("x").isNull(1));
        assertTrue(value.getChild("y").isNull(1));
        assertEquals(1, value.getChild("x").getObject(2));
        assertEquals(new java.math.BigDecimal("-1.50"), value.getChild("y").getObject(2));
        assertTrue(root.getVector("after").isNull(1));
        try (ArrowReader r = ArrowReader.of(root)) {
          for (int i = 0; i < rows.size(); i++) {
            assertArrayEquals(rows.get(i), r.rowBytes(i), "row " + i);
          }
        }
      }
    }
  }

  @Test
  void earlierRecordBatchesStayValid() {
    Schema s =
        Schema.of(Field.of("a", DataTypes.INT64, true), Field.of("b", DataTypes.STRING, true));
    try (ArrowWriter w = ArrowUtils.createArrowWriter(s, allocator)) {
      w.write(BinaryRow.wrap(s, row(s, "{\"a\":\"1\",\"b\":\"one\"}")));
      try (ArrowRecordBatch first = w.finishAsRecordBatch()) {
        w.write(BinaryRow.wrap(s, row(s, "{\"a\":\"2\",\"b\":\"two\"}")));
        w.write(BinaryRow.wrap(s, row(s, "{\"a\":null,\"b\":null}")));
        try (ArrowRecordBatch second = w.finishAsRecordBatch();
            ArrowReader r1 = ArrowReader.of(first, s, allocator);
            ArrowReader r2 = ArrowReader.of(second, s, allocator)) {
          assertEquals(1, r1.rowCount());
          assertEquals("one", r1.row(0).getString(1));
          assertEquals(2, r2.rowCount());
          assertEquals("two", r2.row(0).getString(1));
          assertTrue(r2.row(1).isNullAt(0));
        }
      }
    }
  }

  /** Closed batches give their buffers back to the writer; each new batch is still exact. */
  @Test
  void buffersAreReusedOnlyAfterTheBatchIsClosed() throws java.io.IOException {
    for (GoldenVectors.Case c : GoldenVectors.valid()) {
      if (ArrowRoundTripTest.intervalBeyondArrow(c)) {
        continue; // refused by the writer (SPEC §12.1), asserted in ArrowRoundTripTest
      }
      try (ArrowWriter w = ArrowUtils.createArrowWriter(c.schema(), allocator)) {
        for (int round = 1; round <= 3; round++) {
          for (int i = 0; i < round; i++) {
            w.write(BinaryRow.wrap(c.schema(), c.row()));
          }
          try (ArrowRecordBatch batch = w.finishAsRecordBatch();
              ArrowReader r = ArrowReader.of(batch, c.schema(), allocator)) {
            ArrowValidation.validateFull(r.root());
            assertEquals(round, r.rowCount());
            for (int i = 0; i < round; i++) {
              assertArrayEquals(c.row(), r.rowBytes(i), c.name() + " round " + round);
            }
          }
        }
      }
    }
  }

  @Test
  void readsLargeViewAndOtherUnitVariants() {
    org.apache.arrow.vector.types.pojo.Schema arrow =
        new org.apache.arrow.vector.types.pojo.Schema(
            List.of(
                new org.apache.arrow.vector.types.pojo.Field(
                    "s", FieldType.nullable(ArrowType.LargeUtf8.INSTANCE), null),
                new org.apache.arrow.vector.types.pojo.Field(
                    "b", FieldType.nullable(ArrowType.LargeBinary.INSTANCE), null),
                new org.apache.arrow.vector.types.pojo.Field(
                    "v", FieldType.nullable(ArrowType.Utf8View.INSTANCE), null),
                new org.apache.arrow.vector.types.pojo.Field(
                    "ms",
                    FieldType.nullable(
                        new ArrowType.Timestamp(TimeUnit.MILLISECOND, "Europe/Paris")),
                    null),
                new org.apache.arrow.vector.types.pojo.Field(
                    "ns",
                    FieldType.nullable(new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
                    null),
                new org.apache.arrow.vector.types.pojo.Field(
                    "ll",
                    FieldType.nullable(ArrowType.LargeList.INSTANCE),
                    List.of(
                        new org.apache.arrow.vector.types.pojo.Field(
                            "item", FieldType.nullable(new ArrowType.Int(32, true)), null)))));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(arrow, allocator)) {
      ((LargeVarCharVector) root.getVector("s"))
          .setSafe(0, "héllo".getBytes(StandardCharsets.UTF_8));
      ((LargeVarBinaryVector) root.getVector("b")).setSafe(0, new byte[] {1, 2, 3});
      ((ViewVarCharVector) root.getVector("v"))
          .setSafe(0, "a string longer than twelve bytes".getBytes(StandardCharsets.UTF_8));
      ((TimeStampMilliTZVector) root.getVector("ms")).setSafe(0, 1_700_000_000_123L);
      ((TimeStampNanoVector) root.getVector("ns")).setSafe(0, 5_000L);
      LargeListVector ll = (LargeListVector) root.getVector("ll");
      UnionLargeListWriter lw = ll.getWriter();
      lw.setPosition(0);
      lw.startList();
      lw.writeInt(7);
      lw.writeNull();
      lw.endList();
      ll.setValueCount(1);
      root.setRowCount(1);
      Schema schema = ArrowUtils.fromArrowSchema(arrow);
      assertEquals(
          "{\"type\":\"struct\",\"fields\":[{\"name\":\"s\",\"type\":\"string\","
              + "\"nullable\":true},{\"name\":\"b\",\"type\":\"binary\",\"nullable\":true},"
              + "{\"name\":\"v\",\"type\":\"string\",\"nullable\":true},{\"name\":\"ms\",\"type\":"
              + "{\"type\":\"timestamp\",\"tz\":\"Europe/Paris\"},\"nullable\":true},{\"name\":\"ns\","
              + "\"type\":\"timestamp\",\"nullable\":true},{\"name\":\"ll\",\"type\":{\"type\":\"list\","
              + "\"element\":\"int32\",\"element_nullable\":true},\"nullable\":true}]}",
          schema.toJson());
      try (ArrowReader r = ArrowReader.of(root)) {
        BinaryRow row = r.row(0);
        assertEquals("héllo", row.getString(0));
        assertArrayEquals(new byte[] {1, 2, 3}, row.getBinary(1));
        assertEquals("a string longer than twelve bytes", row.getString(2));
        assertEquals(1_700_000_000_123_000L, row.getLong(3));
        assertEquals(5L, row.getLong(4));
        assertEquals(7, row.getArray(5).getInt(0));
        assertTrue(row.getArray(5).isNullAt(1));
      }
      // nanoseconds that are not a whole microsecond: floored by default (SPEC Appendix A
      // rule 6, -1 ns is -1 µs), refused by a strict reader with the field, value and index
      TimeStampNanoVector ns = (TimeStampNanoVector) root.getVector("ns");
      long[][] floored = {{5_001L, 5L}, {5_999L, 5L}, {-1L, -1L}, {-1_000L, -1L}, {-1_001L, -2L}};
      for (long[] c : floored) {
        ns.setSafe(0, c[0]);
        try (ArrowReader r = ArrowReader.of(root)) {
          assertEquals(c[1], r.row(0).getLong(4), "floor of " + c[0] + " ns");
        }
      }
      try (ArrowReader r = ArrowReader.of(root, schema, true)) {
        assertTrue(r.strict());
        ns.setSafe(0, 5_000L); // a whole microsecond is read by a strict reader too
        assertEquals(5L, r.row(0).getLong(4));
        ns.setSafe(0, -1_001L);
        ZerorowException e = assertThrows(ZerorowException.class, () -> r.row(0));
        assertEquals(ErrorKind.INVALID_DATA, e.kind());
        assertEquals("ns", e.path());
        assertTrue(
            e.getMessage().contains("row 0: timestamp -1001 ns is not a whole number"),
            e.getMessage());
      }
      try (ArrowReader r = ArrowReader.of(root, schema, false)) {
        assertFalse(r.strict());
        assertEquals(-2L, r.row(0).getLong(4));
      }
    }
  }

  /** The strict option reaches timestamps nested in lists, maps and structs, and record batches. */
  @Test
  void strictReachesNestedTimestamps() {
    Schema s =
        Schema.of(
            Field.of("l", DataTypes.list(DataTypes.timestamp("UTC"), true), true),
            Field.of("st", Schema.of(Field.of("t", DataTypes.timestamp(null), true)), true));
    org.apache.arrow.vector.types.pojo.Field tsNs =
        new org.apache.arrow.vector.types.pojo.Field(
            "item", FieldType.nullable(new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC")), null);
    org.apache.arrow.vector.types.pojo.Schema arrow =
        new org.apache.arrow.vector.types.pojo.Schema(
            List.of(
                new org.apache.arrow.vector.types.pojo.Field(
                    "l", FieldType.nullable(ArrowType.List.INSTANCE), List.of(tsNs)),
                new org.apache.arrow.vector.types.pojo.Field(
                    "st",
                    FieldType.nullable(ArrowType.Struct.INSTANCE),
                    List.of(
                        new org.apache.arrow.vector.types.pojo.Field(
                            "t",
                            FieldType.nullable(new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
                            null)))));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(arrow, allocator)) {
      ListVector l = (ListVector) root.getVector("l");
      l.startNewValue(0);
      ((org.apache.arrow.vector.TimeStampNanoTZVector) l.getDataVector()).setSafe(0, 2_500L);
      l.endValue(0, 1);
      l.setValueCount(1);
      StructVector st = (StructVector) root.getVector("st");
      st.setIndexDefined(0);
      ((TimeStampNanoVector) st.getChild("t")).setSafe(0, -2_500L);
      st.setValueCount(1);
      root.setRowCount(1);
      try (ArrowReader r = ArrowReader.of(root, s)) {
        BinaryRow row = r.row(0);
        assertEquals(2L, row.getArray(0).getLong(0));
        assertEquals(-3L, row.getStruct(1).getLong(0));
      }
      try (ArrowReader r = ArrowReader.of(root, s, true)) {
        ZerorowException e = assertThrows(ZerorowException.class, () -> r.row(0));
        assertEquals("l[]", e.path());
      }
      ((org.apache.arrow.vector.TimeStampNanoTZVector) l.getDataVector()).setSafe(0, 3_000L);
      try (ArrowReader r = ArrowReader.of(root, s, true)) {
        ZerorowException e = assertThrows(ZerorowException.class, () -> r.row(0));
        assertEquals("st.t", e.path());
      }
    }
  }

  @Test
  void nullInNonNullableFieldIsInvalidData() {
    Schema s = Schema.of(Field.of("a", DataTypes.INT32, false));
    org.apache.arrow.vector.types.pojo.Schema arrow =
        new org.apache.arrow.vector.types.pojo.Schema(
            List.of(
                new org.apache.arrow.vector.types.pojo.Field(
                    "a", FieldType.nullable(new ArrowType.Int(32, true)), null)));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(arrow, allocator)) {
      ((org.apache.arrow.vector.IntVector) root.getVector(0)).setNull(0);
      root.setRowCount(1);
      ZerorowException e = assertThrows(ZerorowException.class, () -> ArrowReader.of(root, s));
      assertEquals(ErrorKind.SCHEMA_MISMATCH, e.kind()); // nullable Arrow field vs not-null
      Schema nullableView = Schema.of(Field.of("a", DataTypes.INT32, true));
      try (ArrowReader r = ArrowReader.of(root, nullableView)) {
        assertTrue(r.row(0).isNullAt(0));
      }
    }
  }

  /**
   * Malformed references in top-level string and list columns (the writer's direct paths): {@code
   * invalid_data} naming the field, never a read outside the row; an unpadded body at the very end
   * of a row is copied exactly; the writer stays usable after an error.
   */
  @Test
  void malformedTopLevelReferencesAreInvalidData() {
    Schema s =
        Schema.of(
            Field.of("a", DataTypes.STRING, true),
            Field.of("t", DataTypes.list(DataTypes.INT32, true), true));
    byte[] good = row(s, "{\"a\":\"hello\",\"t\":[1,2,3]}");
    java.nio.ByteBuffer le = java.nio.ByteBuffer.wrap(good).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    long listRef = le.getLong(16);
    try (ArrowWriter w = ArrowUtils.createArrowWriter(s, allocator)) {
      byte[] bad = good.clone();
      java.nio.ByteBuffer.wrap(bad)
          .order(java.nio.ByteOrder.LITTLE_ENDIAN)
          .putLong(8, (8L << 32) | bad.length); // offset 8 + size = past the row's end
      w.write(BinaryRow.wrap(s, good));
      w.write(BinaryRow.wrap(s, bad));
      ZerorowException e = assertThrows(ZerorowException.class, w::finish);
      assertEquals(ErrorKind.INVALID_DATA, e.kind());
      assertEquals("a", e.path());

      byte[] badList = good.clone();
      java.nio.ByteBuffer.wrap(badList)
          .order(java.nio.ByteOrder.LITTLE_ENDIAN)
          .putLong((int) (listRef >>> 32), 1000); // count 1000 in an array of a few bytes
      w.write(BinaryRow.wrap(s, badList));
      e = assertThrows(ZerorowException.class, w::finishAsRecordBatch);
      assertEquals(ErrorKind.INVALID_DATA, e.kind());
      assertEquals("t", e.path());

      // a 3-byte string that ends exactly at the row's end: no padding to copy past it
      byte[] tail = good.clone();
      java.nio.ByteBuffer.wrap(tail)
          .order(java.nio.ByteOrder.LITTLE_ENDIAN)
          .putLong(8, ((long) (tail.length - 3) << 32) | 3);
      w.write(BinaryRow.wrap(s, tail));
      w.write(BinaryRow.wrap(s, good));
      try (VectorSchemaRoot root = w.finish()) {
        org.apache.arrow.vector.VarCharVector a =
            (org.apache.arrow.vector.VarCharVector) root.getVector(0);
        assertArrayEquals(
            java.util.Arrays.copyOfRange(tail, tail.length - 3, tail.length), a.get(0));
        assertEquals("hello", new String(a.get(1), StandardCharsets.UTF_8));
        ListVector t = (ListVector) root.getVector(1);
        assertEquals(List.of(1, 2, 3), t.getObject(1));
      }
    }
  }
}
