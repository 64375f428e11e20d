package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.ErrorKind;
import io.zerorow.InvalidDataException;
import io.zerorow.ZerorowException;
import io.zerorow.arrow.RowFileWriter.Compression;
import io.zerorow.arrow.RowFileWriter.Options;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.zip.CRC32C;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Row files with checksums (SPEC §5.1) and compression (SPEC §5.2). */
class RowFileChecksumTest {
  @TempDir Path tmp;

  static final Schema SCHEMA =
      Schema.of(
          Field.of("id", DataTypes.INT64, false),
          Field.of("x", DataTypes.FLOAT64, true),
          Field.of("name", DataTypes.STRING, true));

  /** {@code n} distinct rows (no two share their bytes). */
  static List<byte[]> rows(int n) {
    RowWriter w = new RowWriter(SCHEMA);
    List<byte[]> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      w.reset();
      w.writeLong(0, 1000L + i);
      w.writeDouble(1, -4.0 * i);
      w.writeString(2, "name number " + i);
      out.add(w.getRow().toBytes());
    }
    return out;
  }

  static Path write(Path file, List<byte[]> rows, Options options) throws Exception {
    try (RowFileWriter w = RowFileWriter.file(file, SCHEMA, options)) {
      for (byte[] r : rows) {
        w.write(BinaryRow.wrap(SCHEMA, r));
      }
    }
    return file;
  }

  static List<byte[]> read(Path file, ValidationLevel level) throws Exception {
    List<byte[]> out = new ArrayList<>();
    try (RowFileReader r = RowFileReader.open(file, SCHEMA, level)) {
      for (BinaryRow row : r) {
        out.add(row.toBytes());
      }
    }
    return out;
  }

  @Test
  void crc32cIsTheCastagnoliChecksum() {
    CRC32C c = new CRC32C();
    c.update("123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    assertEquals(0xE3069283L, c.getValue()); // SPEC §5.1's check value
  }

  @Test
  void everyCompressionWithAndWithoutChecksumsRoundTrips() throws Exception {
    List<byte[]> rows = rows(50);
    for (Compression c : Compression.values()) {
      for (boolean checksum : new boolean[] {true, false}) {
        Options o = Options.defaults().withBatch(16, 1 << 20).withCompression(c);
        o = o.withChecksum(checksum);
        Path file = write(tmp.resolve(c + "-" + checksum + ".arrow"), rows, o);
        try (ArrowFileReader arrow =
            new ArrowFileReader(Files.newByteChannel(file), ArrowUtils.rootAllocator())) {
          List<org.apache.arrow.vector.types.pojo.Field> fields =
              arrow.getVectorSchemaRoot().getSchema().getFields();
          assertEquals(checksum ? 2 : 1, fields.size(), c + " " + checksum);
          if (checksum) {
            assertEquals("crc32c", fields.get(1).getName());
            assertEquals(
                new org.apache.arrow.vector.types.pojo.ArrowType.Int(32, false),
                fields.get(1).getType());
            assertFalse(fields.get(1).isNullable());
          }
        }
        for (ValidationLevel level : ValidationLevel.values()) {
          List<byte[]> back = read(file, level);
          assertEquals(rows.size(), back.size());
          for (int i = 0; i < rows.size(); i++) {
            assertArrayEquals(rows.get(i), back.get(i), c + " " + checksum + " row " + i);
          }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (RowFileWriter w = RowFileWriter.stream(Channels.newChannel(out), SCHEMA, o)) {
          for (byte[] r : rows) {
            w.write(BinaryRow.wrap(SCHEMA, r));
          }
        }
        int n = 0;
        try (RowFileReader r =
            RowFileReader.openStream(new ByteArrayInputStream(out.toByteArray()), SCHEMA)) {
          for (BinaryRow row : r) {
            assertArrayEquals(rows.get(n++), row.toBytes());
          }
        }
        assertEquals(rows.size(), n);
      }
    }
  }

  @Test
  void compressionShrinksRepetitiveRows() throws Exception {
    List<byte[]> rows = rows(2000);
    long plain = Files.size(write(tmp.resolve("p.arrow"), rows, Options.defaults()));
    for (Compression c : new Compression[] {Compression.LZ4, Compression.ZSTD}) {
      long small =
          Files.size(write(tmp.resolve(c + ".arrow"), rows, Options.defaults().withCompression(c)));
      assertTrue(small < plain / 2, c + ": " + small + " bytes against " + plain);
    }
  }

  @Test
  void compressedRowsLiveAsLongAsTheirViews() throws Exception {
    List<byte[]> rows = rows(40);
    Path file =
        write(
            tmp.resolve("z.arrow"),
            rows,
            Options.defaults().withBatch(8, 1 << 20).withCompression(Compression.ZSTD));
    BinaryRow kept;
    try (RowFileReader r = RowFileReader.open(file, SCHEMA)) {
      RowBatch b = r.batch(3);
      assertEquals(24, b.firstRow());
      kept = b.row(5, new BinaryRow(SCHEMA));
    }
    System.gc();
    assertArrayEquals(rows.get(29), kept.toBytes());
    assertTrue(kept.getBaseObject() instanceof byte[], "a view into the decompressed batch");
  }

  @Test
  void unknownCompressionIsRefusedNamingTheSupportedOnes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Compression.parse("snappy"));
    assertEquals(
        "compression \"snappy\" is not supported by row files (SPEC §5.2); supported: none, lz4,"
            + " zstd",
        e.getMessage());
    assertEquals(Compression.ZSTD, Compression.parse("ZSTD"));
    assertEquals(Compression.NONE, Compression.parse("uncompressed"));
  }

  /** Where {@code needle} starts in {@code hay} (it occurs once). */
  static int find(byte[] hay, byte[] needle) {
    int found = -1;
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int k = 0; k < needle.length; k++) {
        if (hay[i + k] != needle[k]) {
          continue outer;
        }
      }
      assertEquals(-1, found, "the row occurs once in the file");
      found = i;
    }
    assertTrue(found >= 0, "the row is in the file");
    return found;
  }

  /**
   * The flipped-byte experiment (SPEC §5.1): every byte of row 37 (batch 2 of batches of 16),
   * flipped in the file, is caught at bounds and full as invalid_data naming the file, the row, its
   * batch and both checksums; at none the changed row is returned.
   */
  @Test
  void everyFlippedByteOfARowIsCaught() throws Exception {
    List<byte[]> rows = rows(50);
    Path good = write(tmp.resolve("good.arrow"), rows, Options.defaults().withBatch(16, 1 << 20));
    byte[] bytes = Files.readAllBytes(good);
    byte[] target = rows.get(37);
    int at = find(bytes, target);
    CRC32C c = new CRC32C();
    c.update(target);
    long stored = c.getValue();
    Path bad = tmp.resolve("bad.arrow");
    for (int k = 0; k < target.length; k++) {
      byte[] damaged = bytes.clone();
      damaged[at + k] ^= (byte) 0x5a;
      Files.write(bad, damaged);
      byte[] changed = java.util.Arrays.copyOfRange(damaged, at, at + target.length);
      c.reset();
      c.update(changed);
      for (ValidationLevel level :
          new ValidationLevel[] {ValidationLevel.BOUNDS, ValidationLevel.FULL}) {
        ZerorowException e = assertThrows(ZerorowException.class, () -> read(bad, level));
        assertEquals(ErrorKind.INVALID_DATA, e.kind(), "byte " + k);
        assertEquals(
            String.format(
                "row file %s: row 37 (batch 2, byte %d): crc32c is 0x%08x but the row's bytes"
                    + " give 0x%08x",
                bad, at, stored, c.getValue()),
            e.detail(),
            "byte " + k + " at " + level);
      }
      List<byte[]> unchecked = read(bad, ValidationLevel.NONE);
      assertArrayEquals(changed, unchecked.get(37), "none skips the check");
    }
  }

  @Test
  void aFlippedByteInACompressedFileNeverReadsAsGoodData() throws Exception {
    List<byte[]> rows = rows(50);
    for (Compression comp : new Compression[] {Compression.LZ4, Compression.ZSTD}) {
      Path good =
          write(tmp.resolve(comp + "g.arrow"), rows, Options.defaults().withCompression(comp));
      byte[] bytes = Files.readAllBytes(good);
      Path bad = tmp.resolve(comp + "b.arrow");
      java.util.Random random = new java.util.Random(7);
      for (int t = 0; t < 40; t++) {
        byte[] damaged = bytes.clone();
        int k = random.nextInt(bytes.length);
        damaged[k] ^= (byte) (1 << random.nextInt(8));
        Files.write(bad, damaged);
        try {
          List<byte[]> back = read(bad, ValidationLevel.BOUNDS);
          for (int i = 0; i < rows.size(); i++) {
            assertArrayEquals(rows.get(i), back.get(i), comp + ": byte " + k + ", row " + i);
          }
        } catch (ZerorowException e) {
          assertTrue(e.getMessage().contains(bad.toString()), e.getMessage());
        }
      }
    }
  }

  @Test
  void checksumErrorsListsEveryDamagedRow() throws Exception {
    List<byte[]> rows = rows(50);
    Path good = write(tmp.resolve("g.arrow"), rows, Options.defaults().withBatch(16, 1 << 20));
    byte[] bytes = Files.readAllBytes(good);
    int[] damagedRows = {3, 17, 18, 49};
    int[] at = new int[damagedRows.length];
    for (int k = 0; k < damagedRows.length; k++) {
      at[k] = find(bytes, rows.get(damagedRows[k]));
      bytes[at[k] + 9] ^= 1; // a byte of the double x
    }
    Path bad = tmp.resolve("b.arrow");
    Files.write(bad, bytes);
    List<String> found = new ArrayList<>();
    try (RowFileReader r = RowFileReader.open(bad, SCHEMA)) {
      for (Iterator<RowBatch> it = r.batches(); it.hasNext(); ) {
        for (InvalidDataException e : it.next().checksumErrors()) {
          found.add(e.detail().replaceAll(": crc32c is .*", ""));
        }
      }
    }
    assertEquals(
        List.of(
            "row file " + bad + ": row 3 (batch 0, byte " + at[0] + ")",
            "row file " + bad + ": row 17 (batch 1, byte " + at[1] + ")",
            "row file " + bad + ": row 18 (batch 1, byte " + at[2] + ")",
            "row file " + bad + ": row 49 (batch 3, byte " + at[3] + ")"),
        found);
  }

  @Test
  void randomAccessNamesTheRowInTheFile() throws Exception {
    List<byte[]> rows = rows(50);
    Path good = write(tmp.resolve("g.arrow"), rows, Options.defaults().withBatch(16, 1 << 20));
    byte[] bytes = Files.readAllBytes(good);
    int at = find(bytes, rows.get(40));
    bytes[at + 9] ^= 1;
    Path bad = tmp.resolve("b.arrow");
    Files.write(bad, bytes);
    try (RowFileReader r = RowFileReader.open(bad, SCHEMA)) {
      RowBatch b = r.batch(2); // batches 0 and 1 never loaded
      assertTrue(b.checksummed());
      assertEquals(32, b.firstRow());
      assertEquals(at, b.rowOffset(8));
      InvalidDataException e = assertThrows(InvalidDataException.class, () -> b.row(8));
      assertTrue(
          e.detail().contains(": row 40 (batch 2, byte " + at + "): crc32c is 0x"), e.detail());
      assertArrayEquals(rows.get(41), b.row(9).toBytes());
    }
  }

  @Test
  void aFileWithoutChecksumsReadsUnchecked() throws Exception {
    List<byte[]> rows = rows(20);
    Path file = write(tmp.resolve("n.arrow"), rows, Options.defaults().withChecksum(false));
    byte[] bytes = Files.readAllBytes(file);
    int at = find(bytes, rows.get(5));
    bytes[at + 9] ^= 1;
    Files.write(file, bytes);
    try (RowFileReader r = RowFileReader.open(file, SCHEMA)) {
      RowBatch b = r.batch(0);
      assertFalse(b.checksummed());
      assertTrue(b.checksumErrors().isEmpty());
      assertEquals(bytes[at + 9], b.row(5).toBytes()[9]);
    }
  }
}
