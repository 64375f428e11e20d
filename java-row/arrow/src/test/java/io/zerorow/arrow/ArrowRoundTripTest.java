package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.InvalidDataException;
import io.zerorow.ZerorowException;
import io.zerorow.row.BinaryRow;
import io.zerorow.tools.GoldenVectors;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every golden vector: row -> Arrow -> row gives the same bytes (SPEC §12). */
class ArrowRoundTripTest {
  private BufferAllocator allocator;

  @BeforeEach
  void open() {
    allocator = new RootAllocator(Long.MAX_VALUE);
  }

  @AfterEach
  void close() {
    allocator.close(); // fails the test if any Arrow buffer leaked
  }

  static void validateFull(VectorSchemaRoot root) {
    ArrowValidation.validateFull(root);
  }

  private static final java.util.regex.Pattern MICROSECONDS =
      java.util.regex.Pattern.compile("\"microseconds\"\\s*:\\s*\"(-?[0-9]+)\"");

  /**
   * Whether the case holds an interval of more microseconds than Arrow's month_day_nano nanoseconds
   * (int64) can hold: SPEC §12.1 refuses it (checked, invalid_data), so the writer must throw
   * instead of round-tripping.
   */
  static boolean intervalBeyondArrow(GoldenVectors.Case c) throws java.io.IOException {
    java.util.regex.Matcher m =
        MICROSECONDS.matcher(Files.readString(c.dir().resolve("values.json")));
    while (m.find()) {
      long us = Long.parseLong(m.group(1));
      if (us > Long.MAX_VALUE / 1000 || us < Long.MIN_VALUE / 1000) {
        return true;
      }
    }
    return false;
  }

  /** Asserts the writer refuses the case's row as SPEC §12.1 says. */
  void assertRefusedByArrow(GoldenVectors.Case c) {
    try (ArrowWriter w = ArrowUtils.createArrowWriter(c.schema(), allocator)) {
      InvalidDataException e =
          assertThrows(
              InvalidDataException.class,
              () -> {
                // rows are buffered: the interval column is converted when the batch is built
                w.write(BinaryRow.wrap(c.schema(), c.row()));
                w.finish().close();
              });
      assertTrue(e.getMessage().contains("does not fit month_day_nano_interval"), e.getMessage());
    }
  }

  @TestFactory
  Stream<DynamicTest> everyVectorRoundTrips() {
    return GoldenVectors.valid().stream()
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c.name(),
                    () -> {
                      if (intervalBeyondArrow(c)) {
                        assertRefusedByArrow(c);
                        return;
                      }
                      BinaryRow row = BinaryRow.wrap(c.schema(), c.row());
                      try (ArrowWriter w = ArrowUtils.createArrowWriter(c.schema(), allocator)) {
                        // three copies: offsets of the second and third rows must come out right
                        // too
                        for (int i = 0; i < 3; i++) {
                          w.write(row);
                        }
                        try (VectorSchemaRoot root = w.finish()) {
                          assertEquals(3, root.getRowCount());
                          assertEquals(ArrowUtils.toArrowSchema(c.schema()), root.getSchema());
                          validateFull(root);
                          assertEquals(c.schema(), ArrowUtils.fromArrowSchema(root.getSchema()));
                          try (ArrowReader reader = ArrowReader.of(root, c.schema())) {
                            int n = 0;
                            for (BinaryRow back : reader) {
                              assertArrayEquals(c.row(), back.toBytes(), c.name() + " row " + n);
                              n++;
                            }
                            assertEquals(3, n);
                          }
                        }
                      }
                    }));
  }

  @TestFactory
  Stream<DynamicTest> everyVectorRoundTripsAsRecordBatch() {
    return GoldenVectors.valid().stream()
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c.name(),
                    () -> {
                      if (intervalBeyondArrow(c)) {
                        assertRefusedByArrow(c);
                        return;
                      }
                      try (ArrowWriter w = ArrowUtils.createArrowWriter(c.schema(), allocator)) {
                        w.write(BinaryRow.wrap(c.schema(), c.row()));
                        try (ArrowRecordBatch batch = w.finishAsRecordBatch();
                            ArrowReader reader = ArrowReader.of(batch, c.schema(), allocator)) {
                          validateFull(reader.root());
                          assertArrayEquals(c.row(), reader.rowBytes(0));
                        }
                      }
                    }));
  }

  /** All golden rows of one schema mixed with rows of other cases: each writer stays exact. */
  @Test
  void writerIsReusableAcrossBatches() throws Exception {
    for (GoldenVectors.Case c : GoldenVectors.valid()) {
      if (intervalBeyondArrow(c)) {
        continue; // refused (everyVectorRoundTrips checks it)
      }
      try (ArrowWriter w = ArrowUtils.createArrowWriter(c.schema(), allocator)) {
        for (int batch = 0; batch < 2; batch++) {
          w.write(BinaryRow.wrap(c.schema(), c.row()));
          try (VectorSchemaRoot root = w.finish();
              ArrowReader r = ArrowReader.of(root)) {
            assertEquals(1, root.getRowCount());
            assertArrayEquals(c.row(), r.rowBytes(0), c.name());
          }
        }
      }
    }
  }

  /** Malformed rows (vectors/invalid) give a ZerorowException or convert; never a crash. */
  @TestFactory
  Stream<DynamicTest> invalidRowsNeverCrash() throws Exception {
    Path dir = GoldenVectors.folder().resolve("invalid");
    List<DynamicTest> tests = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(dir)) {
      for (Path d : dirs.sorted().toList()) {
        if (!Files.isRegularFile(d.resolve("row.bin"))) {
          continue;
        }
        tests.add(
            DynamicTest.dynamicTest(
                d.getFileName().toString(),
                () -> {
                  io.zerorow.type.Schema schema;
                  try {
                    schema =
                        io.zerorow.type.Schema.fromJson(Files.readString(d.resolve("schema.json")));
                  } catch (ZerorowException e) {
                    return;
                  }
                  byte[] bytes = Files.readAllBytes(d.resolve("row.bin"));
                  try (ArrowWriter w = ArrowUtils.createArrowWriter(schema, allocator)) {
                    w.write(bytes, io.zerorow.internal.Platform.BYTE_ARRAY_OFFSET, bytes.length);
                    w.finish().close();
                  } catch (ZerorowException expected) {
                    // bounds-level checks caught it
                  }
                }));
      }
    }
    return tests.stream();
  }

  /**
   * Shared bodies (accepted at level bounds, rejected at full: SPEC §6.3 rule e) could make the
   * conversion exponential: 100 outer elements that all reference one inner list of 100 ints, in a
   * list, a list of lists and a map of lists. More elements than the rows have bytes is refused
   * (SPEC §6.2).
   */
  @Test
  void sharedBodiesCannotAmplifyTheConversion() {
    io.zerorow.type.DataType inner =
        io.zerorow.type.DataTypes.list(io.zerorow.type.DataTypes.INT32, false);
    io.zerorow.type.Schema schema =
        io.zerorow.type.Schema.of(
            io.zerorow.type.Field.of("l", io.zerorow.type.DataTypes.list(inner, false), false));
    int n = 100;
    int outer = 16;
    int outerFixed = 8 + 16 + 8 * n;
    int innerSize = 8 + 16 + 4 * n;
    java.nio.ByteBuffer b =
        java.nio.ByteBuffer.allocate(outer + outerFixed + innerSize)
            .order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.putLong(8, ((long) outer << 32) | (outerFixed + innerSize));
    b.putLong(outer, n);
    for (int e = 0; e < n; e++) {
      b.putLong(outer + 24 + 8 * e, ((long) outerFixed << 32) | innerSize);
    }
    b.putLong(outer + outerFixed, n);
    byte[] bytes = b.array();
    io.zerorow.row.Validator.validate(schema, bytes, io.zerorow.row.ValidationLevel.BOUNDS);
    assertThrows(
        io.zerorow.InvalidDataException.class,
        () ->
            io.zerorow.row.Validator.validate(schema, bytes, io.zerorow.row.ValidationLevel.FULL));
    try (ArrowWriter w = ArrowUtils.createArrowWriter(schema, allocator)) {
      w.write(BinaryRow.wrap(schema, bytes));
      io.zerorow.InvalidDataException e =
          assertThrows(io.zerorow.InvalidDataException.class, w::finish);
      assertEquals("l[]", e.path(), e.getMessage());
      org.junit.jupiter.api.Assertions.assertTrue(
          e.getMessage().contains("shared or overlap"), e.getMessage());
    }
  }

  @Test
  void rowOfAnotherSchemaIsRejected() {
    GoldenVectors.Case a = GoldenVectors.valid().get(0);
    GoldenVectors.Case b = GoldenVectors.valid().get(1);
    try (ArrowWriter w = ArrowUtils.createArrowWriter(a.schema(), allocator)) {
      ZerorowException e =
          assertThrows(ZerorowException.class, () -> w.write(BinaryRow.wrap(b.schema(), b.row())));
      assertEquals(io.zerorow.ErrorKind.SCHEMA_MISMATCH, e.kind());
    }
  }
}
