package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.ErrorKind;
import io.zerorow.ZerorowException;
import io.zerorow.row.BinaryRow;
import io.zerorow.tools.GoldenVectors;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** Row files and streams (SPEC §5): round trips of every golden row, and the metadata checks. */
class RowFileTest {
  @TempDir Path tmp;

  @TestFactory
  Stream<DynamicTest> everyVectorThroughFileAndStream() {
    return GoldenVectors.valid().stream()
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c.name(),
                    () -> {
                      BinaryRow row = BinaryRow.wrap(c.schema(), c.row());
                      Path file = tmp.resolve(c.name() + ".arrow");
                      try (BufferAllocator alloc = new RootAllocator()) {
                        try (RowFileWriter w =
                            RowFileWriter.file(file, c.schema(), alloc, 3, 1 << 20)) {
                          for (int i = 0; i < 10; i++) {
                            w.write(row);
                          }
                        }
                        try (RowFileReader r = RowFileReader.open(file, c.schema())) {
                          assertEquals(4, r.batchCount()); // 3 + 3 + 3 + 1
                          int n = 0;
                          for (BinaryRow back : r) {
                            assertArrayEquals(c.row(), back.toBytes());
                            assertNull(
                                back.getBaseObject(), "rows are read in place from the mapping");
                            assertEquals(0, back.getBaseOffset() % 8, "rows stay 8-byte aligned");
                            n++;
                          }
                          assertEquals(10, n);
                        }
                        ByteArrayOutputStream out = new ByteArrayOutputStream();
                        try (RowFileWriter w =
                            RowFileWriter.stream(
                                java.nio.channels.Channels.newChannel(out),
                                c.schema(),
                                alloc,
                                4,
                                1 << 20)) {
                          for (int i = 0; i < 10; i++) {
                            w.write(row);
                          }
                        }
                        try (RowFileReader r =
                            RowFileReader.openStream(
                                new ByteArrayInputStream(out.toByteArray()), c.schema(), alloc)) {
                          int n = 0;
                          for (BinaryRow back : r) {
                            assertArrayEquals(c.row(), back.toBytes());
                            n++;
                          }
                          assertEquals(10, n);
                        }
                      }
                    }));
  }

  @Test
  void batchBytesLimitSplitsBatches() throws Exception {
    GoldenVectors.Case c = GoldenVectors.valid().get(0);
    Path file = tmp.resolve("bytes.arrow");
    try (RowFileWriter w =
        RowFileWriter.file(
            file, c.schema(), ArrowUtils.rootAllocator(), 1000, c.row().length * 2)) {
      for (int i = 0; i < 5; i++) {
        w.write(BinaryRow.wrap(c.schema(), c.row()));
      }
    }
    try (RowFileReader r = RowFileReader.open(file)) {
      assertEquals(3, r.batchCount());
      assertEquals(2, r.batch(0).size());
      assertEquals(1, r.batch(2).size());
      assertEquals(c.schema(), r.schema());
    }
  }

  /**
   * A channel that is not a FileChannel (a remote file system's stream) is read batch by batch onto
   * the heap: the same rows as the mapped file, and a cut file is named by the given name.
   */
  @Test
  void anySeekableChannelReadsTheSameRows() throws Exception {
    GoldenVectors.Case c = GoldenVectors.valid().get(0);
    Path file = tmp.resolve("channel.arrow");
    try (RowFileWriter w =
        RowFileWriter.file(
            file, c.schema(), ArrowUtils.rootAllocator(), 1000, c.row().length * 2)) {
      for (int i = 0; i < 5; i++) {
        w.write(BinaryRow.wrap(c.schema(), c.row()));
      }
    }
    byte[] bytes = java.nio.file.Files.readAllBytes(file);
    try (RowFileReader r =
        RowFileReader.open(
            new org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel(bytes),
            "remote://channel.arrow",
            c.schema(),
            io.zerorow.row.ValidationLevel.BOUNDS)) {
      assertEquals(3, r.batchCount());
      int n = 0;
      for (BinaryRow row : r) {
        assertArrayEquals(c.row(), row.toBytes());
        n++;
      }
      assertEquals(5, n);
    }
    byte[] cut = java.util.Arrays.copyOf(bytes, bytes.length - 3);
    ZerorowException e =
        assertThrows(
            ZerorowException.class,
            () ->
                RowFileReader.open(
                    new org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel(cut),
                    "remote://cut.arrow",
                    null,
                    io.zerorow.row.ValidationLevel.BOUNDS));
    assertEquals(ErrorKind.TRUNCATED, e.kind());
    assertTrue(e.getMessage().contains("row file remote://cut.arrow"), e.getMessage());
  }

  @Test
  void emptyFileHasNoRows() throws Exception {
    Schema s = Schema.of(Field.of("a", DataTypes.INT32, false));
    Path file = tmp.resolve("empty.arrow");
    RowFileWriter.file(file, s).close();
    try (RowFileReader r = RowFileReader.open(file, s)) {
      assertEquals(0, r.batchCount());
      assertTrue(!r.iterator().hasNext());
    }
  }

  @Test
  void otherSchemaIsSchemaMismatchNamingBothFingerprints() throws Exception {
    Schema written = Schema.of(Field.of("a", DataTypes.INT32, false));
    Schema expected = Schema.of(Field.of("a", DataTypes.INT64, false));
    Path file = tmp.resolve("a.arrow");
    RowFileWriter.file(file, written).close();
    ZerorowException e =
        assertThrows(ZerorowException.class, () -> RowFileReader.open(file, expected));
    assertEquals(ErrorKind.SCHEMA_MISMATCH, e.kind());
    assertTrue(e.getMessage().contains(written.fingerprintHex()), e.getMessage());
    assertTrue(e.getMessage().contains(expected.fingerprintHex()), e.getMessage());
  }

  private Path fileWithMetadata(String name, Map<String, String> meta) throws Exception {
    Path file = tmp.resolve(name);
    org.apache.arrow.vector.types.pojo.Field row =
        new org.apache.arrow.vector.types.pojo.Field(
            "row", new FieldType(false, ArrowType.Binary.INSTANCE, null, meta), null);
    try (BufferAllocator alloc = new RootAllocator();
        VectorSchemaRoot root =
            VectorSchemaRoot.create(
                new org.apache.arrow.vector.types.pojo.Schema(List.of(row)), alloc);
        FileChannel ch =
            FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        ArrowFileWriter w = new ArrowFileWriter(root, null, ch)) {
      w.start();
      ((VarBinaryVector) root.getVector(0)).setSafe(0, new byte[16]);
      root.setRowCount(1);
      w.writeBatch();
      w.end();
    }
    return file;
  }

  private static Map<String, String> meta(Schema s) {
    return new HashMap<>(RowFiles.arrowSchema(s).getFields().get(0).getMetadata());
  }

  @Test
  void corruptFingerprintIsInvalidData() throws Exception {
    Schema s = Schema.of(Field.of("a", DataTypes.INT32, false));
    Map<String, String> m = meta(s);
    m.put(RowFiles.FINGERPRINT_KEY, "0123456789abcdef");
    Path file = fileWithMetadata("fp.arrow", m);
    ZerorowException e = assertThrows(ZerorowException.class, () -> RowFileReader.open(file));
    assertEquals(ErrorKind.INVALID_DATA, e.kind());
    assertTrue(e.getMessage().contains(s.fingerprintHex()), e.getMessage());
  }

  @Test
  void otherVersionIsUnsupported() throws Exception {
    Map<String, String> m = meta(Schema.of(Field.of("a", DataTypes.INT32, false)));
    m.put(RowFiles.VERSION_KEY, "2");
    Path file = fileWithMetadata("v2.arrow", m);
    ZerorowException e = assertThrows(ZerorowException.class, () -> RowFileReader.open(file));
    assertEquals(ErrorKind.UNSUPPORTED, e.kind());
  }

  @Test
  void minorVersionIsAccepted() throws Exception {
    Schema s = Schema.of(Field.of("a", DataTypes.INT32, false));
    Map<String, String> m = meta(s);
    m.put(RowFiles.VERSION_KEY, "1.1");
    try (RowFileReader r = RowFileReader.open(fileWithMetadata("v11.arrow", m), s)) {
      assertEquals(s, r.schema());
    }
  }

  @Test
  void missingMetadataIsInvalidData() throws Exception {
    Map<String, String> m = meta(Schema.of(Field.of("a", DataTypes.INT32, false)));
    m.remove(RowFiles.SCHEMA_KEY);
    Path file = fileWithMetadata("nometa.arrow", m);
    ZerorowException e = assertThrows(ZerorowException.class, () -> RowFileReader.open(file));
    assertEquals(ErrorKind.INVALID_DATA, e.kind());
  }

  @Test
  void truncatedRowInFileIsAnErrorNotACrash() throws Exception {
    // a 16-byte row for a schema whose fixed region is 24 bytes
    Schema s =
        Schema.of(Field.of("a", DataTypes.INT32, false), Field.of("b", DataTypes.INT32, false));
    Path file = fileWithMetadata("short.arrow", meta(s));
    try (RowFileReader r = RowFileReader.open(file, s)) {
      ZerorowException e = assertThrows(ZerorowException.class, () -> r.iterator().next());
      assertEquals(ErrorKind.TRUNCATED, e.kind());
    }
  }
}
