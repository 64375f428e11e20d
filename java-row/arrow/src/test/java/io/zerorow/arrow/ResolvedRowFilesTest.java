package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.SchemaMismatchException;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolution;
import io.zerorow.row.Resolver;
import io.zerorow.row.Row;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row files read with a reader schema (SPEC §13.5) and resolved rows to Arrow (SPEC §13.4, §12):
 * one file, a directory of two writer schemas, an unresolvable file, a stream.
 */
class ResolvedRowFilesTest {
  @TempDir Path tmp;

  static final Schema ITEM_V1 =
      Schema.of(
          Field.of("sku", DataTypes.string(), false), Field.of("qty", DataTypes.int32(), false));
  static final Schema V1 =
      Schema.of(
          Field.of("id", DataTypes.int32(), false),
          Field.of("name", DataTypes.string(), true),
          Field.of("items", DataTypes.list(ITEM_V1, true), true));

  /** Version 2: id widened, name renamed, a field added, qty widened inside the list. */
  static final Schema ITEM_V2 =
      Schema.of(
          Field.of("qty", DataTypes.int64(), false), Field.of("sku", DataTypes.string(), false));

  static final Schema V2 =
      Schema.of(
          Field.of("id", DataTypes.int64(), false),
          Field.of("full_name", DataTypes.string(), true, "name"),
          Field.of("items", DataTypes.list(ITEM_V2, true), true),
          Field.of("email", DataTypes.string(), true));

  /** Writes {@code n} rows of V1 starting at id {@code first}. */
  static void writeV1(Path file, int first, int n) throws Exception {
    RowWriter w = new RowWriter(V1);
    io.zerorow.writer.ArrayWriter items =
        new io.zerorow.writer.ArrayWriter(DataTypes.list(ITEM_V1, true), w);
    RowWriter item = new RowWriter(ITEM_V1, w);
    try (RowFileWriter out = RowFileWriter.file(file, V1)) {
      for (int i = first; i < first + n; i++) {
        w.reset();
        w.writeInt(0, i);
        w.writeString(1, "n" + i);
        int c = w.cursor();
        items.initialize(1);
        int ic = items.cursor();
        item.start();
        item.writeString(0, "s" + i);
        item.writeInt(1, i * 10);
        items.setOffsetAndSize(0, ic);
        w.setOffsetAndSize(2, c);
        out.write(w.getRow());
      }
    }
  }

  /** Writes {@code n} rows of V2 (already the reader schema) starting at id {@code first}. */
  static void writeV2(Path file, int first, int n) throws Exception {
    RowWriter w = new RowWriter(V2);
    try (RowFileWriter out = RowFileWriter.file(file, V2)) {
      for (int i = first; i < first + n; i++) {
        w.reset();
        w.writeLong(0, i);
        w.writeString(1, "v2-" + i);
        w.setNullAt(2);
        w.writeString(3, i + "@example.com");
        out.write(w.getRow());
      }
    }
  }

  @Test
  void oneFileReadWithANewerReaderSchema() throws Exception {
    Path file = tmp.resolve("v1.arrow");
    writeV1(file, 1, 3);
    try (RowFileReader in = RowFileReader.openResolved(file, V2)) {
      assertEquals(V1, in.schema());
      assertSame(V2, in.readerSchema());
      assertFalse(in.resolution().isIdentity());
      List<String> seen = new ArrayList<>();
      for (Row row : in.rows()) {
        seen.add(
            row.getLong(0)
                + " "
                + row.getString(1)
                + " "
                + row.getArray(2).getStruct(0).getLong(0)
                + " "
                + row.isNullAt(3));
      }
      assertEquals(List.of("1 n1 10 true", "2 n2 20 true", "3 n3 30 true"), seen);
      // the file's own rows are still there
      for (BinaryRow plain : in) {
        assertEquals(V1, plain.schema());
      }
    }
  }

  @Test
  void aFileOfTheReaderSchemaIsReadWithThePlainRows() throws Exception {
    Path file = tmp.resolve("v2.arrow");
    writeV2(file, 1, 2);
    try (RowFileReader in = RowFileReader.openResolved(file, V2)) {
      assertTrue(in.resolution().isIdentity());
      for (Row row : in.rows()) {
        assertInstanceOf(BinaryRow.class, row);
      }
    }
    try (RowFileReader in = RowFileReader.open(file)) {
      assertTrue(in.resolution().isIdentity(), "no reader schema: the file's own");
      assertSame(in.schema(), in.readerSchema());
    }
  }

  @Test
  void aDirectoryOfTwoWriterSchemasHasOneResolutionPerSchema() throws Exception {
    Path dir = Files.createDirectory(tmp.resolve("table"));
    writeV1(dir.resolve("part-0.arrow"), 0, 2);
    writeV1(dir.resolve("part-1.arrow"), 2, 2);
    writeV2(dir.resolve("part-2.arrow"), 4, 2);
    Files.writeString(dir.resolve("_SUCCESS"), "");
    Files.writeString(dir.resolve(".part-0.arrow.crc"), "not a row file");
    try (RowFileSet files = RowFileSet.open(dir, V2)) {
      assertEquals(3, files.files().size(), "hidden files are skipped");
      assertEquals(2, files.resolver().size(), "one resolution per writer fingerprint");
      assertSame(files.resolution(0), files.resolution(1));
      assertTrue(files.resolution(2).isIdentity());
      assertSame(V2, files.reader());
      List<String> seen = new ArrayList<>();
      for (Row row : files) {
        assertEquals(V2, row.schema());
        seen.add(row.getLong(0) + ":" + row.getString(1) + ":" + row.getString(3));
      }
      assertEquals(
          List.of(
              "0:n0:null",
              "1:n1:null",
              "2:n2:null",
              "3:n3:null",
              "4:v2-4:4@example.com",
              "5:v2-5:5@example.com"),
          seen);
    }
  }

  @Test
  void aFileThatCannotBeResolvedIsRefusedWhenOpenedNamingTheFile() throws Exception {
    Path dir = Files.createDirectory(tmp.resolve("mixed"));
    writeV1(dir.resolve("a.arrow"), 0, 1);
    Path bad = dir.resolve("b.arrow");
    Schema incompatible = Schema.of(Field.of("id", DataTypes.string(), false));
    RowWriter w = new RowWriter(incompatible);
    try (RowFileWriter out = RowFileWriter.file(bad, incompatible)) {
      w.reset();
      w.writeString(0, "x");
      out.write(w.getRow());
    }
    SchemaMismatchException e =
        assertThrows(SchemaMismatchException.class, () -> RowFileReader.openResolved(bad, V2));
    assertEquals("id", e.path());
    assertTrue(e.getMessage().contains(bad.toString()), e.getMessage());
    assertTrue(
        e.getMessage().contains("writer type \"string\" cannot be read as \"int64\""),
        e.getMessage());
    SchemaMismatchException all =
        assertThrows(SchemaMismatchException.class, () -> RowFileSet.open(dir, V2));
    assertTrue(all.getMessage().contains(bad.toString()), all.getMessage());
    // through RowFiles, for readers with their own file systems
    try (RowFileReader in = RowFileReader.open(bad)) {
      SchemaMismatchException r =
          assertThrows(
              SchemaMismatchException.class,
              () -> RowFiles.resolve(RowFiles.arrowSchema(in.schema()), new Resolver(V2), "b"));
      assertTrue(
          r.getMessage().startsWith("schema_mismatch at id: b: writer type"), r.getMessage());
    }
    Resolution ok = RowFiles.resolve(RowFiles.arrowSchema(V1), new Resolver(V2), "a");
    assertEquals(V1, ok.writer());
  }

  /** The directory rules of SPEC §13.5. */
  @Test
  void directoriesFollowTheListingRules() throws Exception {
    Path empty = Files.createDirectory(tmp.resolve("empty"));
    Files.writeString(empty.resolve("_SUCCESS"), "");
    Files.createDirectory(empty.resolve("sub"));
    try (RowFileSet files = RowFileSet.open(empty, V2)) {
      assertEquals(List.of(), files.files());
      assertFalse(files.iterator().hasNext(), "no rows of the reader schema");
    }
    IllegalArgumentException none =
        assertThrows(IllegalArgumentException.class, () -> RowFileSet.open(empty));
    assertTrue(none.getMessage().contains("no row files in " + empty), none.getMessage());
    assertThrows(
        java.nio.file.NoSuchFileException.class, () -> RowFileSet.list(tmp.resolve("missing")));

    Path dir = Files.createDirectory(tmp.resolve("plain"));
    writeV1(dir.resolve("b.arrow"), 0, 1);
    writeV1(dir.resolve("a.arrow"), 1, 1);
    Path single = tmp.resolve("single.arrow");
    writeV1(single, 5, 1);
    assertEquals(List.of(single), RowFileSet.list(single));
    try (RowFileSet files = RowFileSet.open(dir)) { // without a reader schema: the first file's
      assertEquals(List.of(dir.resolve("a.arrow"), dir.resolve("b.arrow")), files.files());
      assertEquals(V1, files.reader());
      List<Long> ids = new ArrayList<>();
      for (Row row : files) {
        assertInstanceOf(BinaryRow.class, row);
        ids.add((long) row.getInt(0));
      }
      assertEquals(List.of(1L, 0L), ids);
    }
    writeV2(dir.resolve("c.arrow"), 0, 1);
    SchemaMismatchException two =
        assertThrows(SchemaMismatchException.class, () -> RowFileSet.open(dir));
    assertTrue(
        two.getMessage().contains(dir.resolve("a.arrow").toString())
            && two.getMessage().contains(dir.resolve("c.arrow").toString()),
        two.getMessage());
    try (RowFileSet files = RowFileSet.open(dir, V2)) {
      assertEquals(3, files.files().size(), "with a reader schema both writer schemas read");
    }
    Files.writeString(dir.resolve("notes.txt"), "not a row file");
    io.zerorow.ZerorowException bad =
        assertThrows(io.zerorow.ZerorowException.class, () -> RowFileSet.open(dir, V2));
    assertTrue(bad.getMessage().contains(dir.resolve("notes.txt").toString()), bad.getMessage());
  }

  @Test
  void aStreamReadWithAReaderSchema() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    RowWriter w = new RowWriter(V1);
    try (RowFileWriter out = RowFileWriter.stream(bytes, V1)) {
      w.reset();
      w.writeInt(0, 9);
      w.setNullAt(1);
      w.setNullAt(2);
      out.write(w.getRow());
    }
    try (RowFileReader in =
        RowFileReader.openStreamResolved(
            new ByteArrayInputStream(bytes.toByteArray()),
            new Resolver(V2),
            ArrowUtils.rootAllocator(),
            ValidationLevel.FULL)) {
      int n = 0;
      for (Row row : in.rows()) {
        assertEquals(9L, row.getLong(0));
        assertNull(row.getString(1));
        n++;
      }
      assertEquals(1, n);
    }
  }

  /** Resolved rows to Arrow: the reader's Arrow schema and values (SPEC §13.4). */
  @Test
  void resolvedRowsConvertToTheReadersArrowSchema() throws Exception {
    Path v1 = tmp.resolve("v1.arrow");
    writeV1(v1, 1, 3);
    String resolved;
    try (ArrowWriter writer = ArrowUtils.createArrowWriter(V2);
        RowFileReader in = RowFileReader.openResolved(v1, V2)) {
      for (Row row : in.rows()) {
        writer.write(row);
      }
      try (VectorSchemaRoot root = writer.finish()) {
        assertEquals(ArrowUtils.toArrowSchema(V2), root.getSchema());
        resolved = root.contentToTSVString();
      }
    }
    // the same values written directly in the reader schema
    try (ArrowWriter writer = ArrowUtils.createArrowWriter(V2);
        RowFileReader in = RowFileReader.openResolved(v1, V2)) {
      for (Row row : in.rows()) {
        writer.write(row.copy());
      }
      try (VectorSchemaRoot root = writer.finish()) {
        assertEquals(resolved, root.contentToTSVString());
      }
    }
    assertTrue(resolved.contains("\"qty\":10"), resolved);
    try (ArrowWriter writer = ArrowUtils.createArrowWriter(V1);
        RowFileReader in = RowFileReader.openResolved(v1, V2)) {
      Row row = in.rows().iterator().next();
      assertThrows(SchemaMismatchException.class, () -> writer.write(row));
    }
  }
}
