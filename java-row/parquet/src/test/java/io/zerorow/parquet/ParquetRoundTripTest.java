package io.zerorow.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.zerorow.ErrorKind;
import io.zerorow.UnsupportedException;
import io.zerorow.ZerorowException;
import io.zerorow.row.BinaryRow;
import io.zerorow.tools.GoldenVectors;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** Every golden vector: row -> Parquet -> row gives the same bytes; projection; errors. */
class ParquetRoundTripTest {
  @TempDir Path tmp;

  /** A struct with no fields cannot be a Parquet group. */
  static boolean hasEmptyStruct(io.zerorow.type.DataType t) {
    switch (t.id()) {
      case STRUCT:
        if (((Schema) t).numFields() == 0) {
          return true;
        }
        return ((Schema) t).fields().stream().anyMatch(f -> hasEmptyStruct(f.type()));
      case LIST:
        return hasEmptyStruct(((DataTypes.ListType) t).element());
      case MAP:
        return hasEmptyStruct(((DataTypes.MapType) t).key())
            || hasEmptyStruct(((DataTypes.MapType) t).value());
      default:
        return false;
    }
  }

  /** Whether {@code t} holds an interval: Parquet cannot (SPEC §12.3), the writer refuses it. */
  static boolean hasInterval(io.zerorow.type.DataType t) {
    if (t.id() == io.zerorow.type.TypeId.INTERVAL) {
      return true;
    }
    if (t instanceof Schema s) {
      return s.fields().stream().anyMatch(f -> hasInterval(f.type()));
    }
    if (t instanceof DataTypes.ListType l) {
      return hasInterval(l.element());
    }
    if (t instanceof DataTypes.MapType m) {
      return hasInterval(m.key()) || hasInterval(m.value());
    }
    return false;
  }

  /**
   * max_depth_64 (64 nested lists, 128 Parquet levels) takes parquet-mr 1.16 about 100 s to
   * assemble; it is checked by hand (README.md), not on every build.
   */
  static final int MAX_TEST_DEPTH = 16;

  @TestFactory
  Stream<DynamicTest> everyVectorRoundTrips() throws Exception {
    return GoldenVectors.valid().stream()
        .filter(c -> c.schema().depth() <= MAX_TEST_DEPTH)
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c.name(),
                    () -> {
                      Path file = tmp.resolve(c.name() + ".parquet");
                      if (hasEmptyStruct(c.schema()) || hasInterval(c.schema())) {
                        ZerorowException e =
                            assertThrows(
                                ZerorowException.class,
                                () -> ParquetRowWriter.open(file, c.schema()).close());
                        assertEquals(ErrorKind.UNSUPPORTED, e.kind());
                        return;
                      }
                      try (ParquetRowWriter w = ParquetRowWriter.open(file, c.schema())) {
                        for (int i = 0; i < 3; i++) {
                          w.write(BinaryRow.wrap(c.schema(), c.row()));
                        }
                      }
                      try (ParquetRowReader r = ParquetRowReader.open(file)) {
                        assertEquals(c.schema(), r.schema());
                        int n = 0;
                        for (BinaryRow back : r) {
                          assertArrayEquals(c.row(), back.toBytes(), c.name() + " row " + n);
                          n++;
                        }
                        assertEquals(3, n);
                      }
                    }));
  }

  @Test
  void projectionReadsOnlyTheRequestedColumns() throws Exception {
    Schema inner =
        Schema.of(Field.of("x", DataTypes.INT64, true), Field.of("y", DataTypes.STRING, true));
    Schema full =
        Schema.of(
            Field.of("id", DataTypes.INT32, false),
            Field.of("name", DataTypes.STRING, true),
            Field.of("s", inner, true),
            Field.of("tags", DataTypes.list(DataTypes.STRING, true), true));
    RowWriter w = new RowWriter(full);
    Path file = tmp.resolve("p.parquet");
    try (ParquetRowWriter pw = ParquetRowWriter.open(file, full)) {
      for (int i = 0; i < 10; i++) {
        w.reset();
        w.writeInt(0, i);
        w.writeString(1, "n" + i);
        int c = w.cursor();
        RowWriter iw = new RowWriter(inner, w);
        iw.start();
        iw.writeLong(0, 100L + i);
        iw.writeString(1, "y" + i);
        w.setOffsetAndSize(2, c);
        w.setNullAt(3);
        pw.write(w.getRow());
      }
    }
    Schema projection =
        Schema.of(
            Field.of("s", Schema.of(Field.of("y", DataTypes.STRING, true)), true),
            Field.of("id", DataTypes.INT32, false));
    try (ParquetRowReader r = ParquetRowReader.open(file, projection)) {
      int i = 0;
      for (BinaryRow row : r) {
        assertEquals("y" + i, row.getStruct(0).getString(0));
        assertEquals(i, row.getInt(1));
        i++;
      }
      assertEquals(10, i);
    }
    Schema missing = Schema.of(Field.of("nope", DataTypes.INT32, true));
    ZerorowException e =
        assertThrows(ZerorowException.class, () -> ParquetRowReader.open(file, missing));
    assertEquals(ErrorKind.SCHEMA_MISMATCH, e.kind());
  }

  @Test
  void readReturnsNullAtTheEnd() throws Exception {
    Schema s = Schema.of(Field.of("a", DataTypes.INT32, true));
    Path file = tmp.resolve("e.parquet");
    ParquetRowWriter.open(file, s).close();
    try (ParquetRowReader r = ParquetRowReader.open(file)) {
      assertNull(r.read());
    }
  }

  @Test
  void emptyStructIsUnsupported() {
    Schema s = Schema.of(Field.of("e", Schema.of(), true));
    assertThrows(UnsupportedException.class, () -> ParquetSchemas.toParquet(s));
  }
}
