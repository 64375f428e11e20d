package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.BinaryRow;
import io.zerorow.InvalidDataException;
import io.zerorow.RowWriter;
import io.zerorow.Schema;
import io.zerorow.TruncatedException;
import io.zerorow.ValidationLevel;
import io.zerorow.ZerorowException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 12.1 and 12.3: rows keep their memory alive; damaged files give zerorow's errors. */
class RowFileSafetyTest {
  @TempDir Path dir;

  @Test
  void rowsOutliveTheirReaderInAChildJvm() throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-XX:-CreateCoredumpOnCrash",
                "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"),
                "--add-opens=java.base/java.nio=org.apache.arrow.memory.core,ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                RowFileKeepAlive.class.getName()));
    Path out = dir.resolve("child.log");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "child JVM finished");
    String log = Files.readString(out, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), "exit code (134/139 = killed by a signal):\n" + log);
    assertTrue(log.contains("rows outlived their readers"), log);
  }

  private Path writeFile(int rows) throws Exception {
    Path file = dir.resolve("rows.zrow");
    try (RowFileWriter f =
        RowFileWriter.file(
            file, RowFileKeepAlive.SCHEMA, ArrowUtils.rootAllocator(), 50, 1 << 20)) {
      RowWriter w = new RowWriter(RowFileKeepAlive.SCHEMA);
      for (int i = 0; i < rows; i++) {
        w.reset();
        w.writeLong(0, i);
        w.writeString(1, "row " + i);
        f.write(w.getRow());
      }
    }
    return file;
  }

  private static long count(RowFileReader r) {
    long n = 0;
    for (BinaryRow row : r) {
      row.getString(1);
      n++;
    }
    return n;
  }

  @Test
  void aTruncatedFileIsTruncatedAndNamesTheFile() throws Exception {
    Path file = writeFile(200);
    byte[] b = Files.readAllBytes(file);
    Path cut = dir.resolve("cut.zrow");
    for (int len : new int[] {0, 7, 64, b.length / 2, b.length - 9}) {
      Files.write(cut, java.util.Arrays.copyOf(b, len));
      ZerorowException e =
          assertThrows(
              ZerorowException.class,
              () -> {
                try (RowFileReader r = RowFileReader.open(cut)) {
                  count(r);
                }
              },
              "length " + len);
      assertTrue(
          e instanceof TruncatedException || e instanceof InvalidDataException, len + ": " + e);
      assertTrue(e.getMessage().contains("cut.zrow"), e.getMessage());
    }
    Files.write(cut, java.util.Arrays.copyOf(b, b.length - 9));
    assertThrows(
        TruncatedException.class,
        () -> RowFileReader.open(cut).close(),
        "a file cut in its footer is truncated, not Arrow's InvalidArrowFileException");
  }

  @Test
  void aCorruptedBatchIsInvalidDataNamingTheFileAndTheBatch() throws Exception {
    Path file = writeFile(200);
    byte[] b = Files.readAllBytes(file);
    try (RowFileReader r = RowFileReader.open(file)) {
      assertEquals(4, r.batchCount());
    }
    // the second batch's message starts after the first batch: overwrite its flatbuffer
    byte[] bad = b.clone();
    int first = indexOfContinuation(b, 8 + indexOfContinuation(b, 8) + 1);
    for (int k = first + 8; k < first + 40; k++) {
      bad[k] = (byte) 0x7f;
    }
    Path corrupt = dir.resolve("corrupt.zrow");
    Files.write(corrupt, bad);
    ZerorowException e =
        assertThrows(
            ZerorowException.class,
            () -> {
              try (RowFileReader r = RowFileReader.open(corrupt)) {
                count(r);
              }
            });
    assertTrue(e instanceof InvalidDataException, e.toString());
    assertTrue(
        e.getMessage().contains("corrupt.zrow") && e.getMessage().contains("record batch"),
        e.getMessage());
  }

  /** The next Arrow IPC continuation marker (0xFFFFFFFF) at or after {@code from}. */
  private static int indexOfContinuation(byte[] b, int from) {
    for (int i = from; i + 4 <= b.length; i++) {
      if (b[i] == -1 && b[i + 1] == -1 && b[i + 2] == -1 && b[i + 3] == -1) {
        return i;
      }
    }
    throw new AssertionError("no continuation marker after " + from);
  }

  @Test
  void theValidationLevelIsAnOption() throws Exception {
    Schema s = RowFileKeepAlive.SCHEMA;
    Path file = dir.resolve("padding.zrow");
    try (RowFileWriter f = RowFileWriter.file(file, s)) {
      RowWriter w = new RowWriter(s);
      w.reset();
      w.writeLong(0, 1);
      w.writeString(1, "abc");
      byte[] row = w.toByteArray();
      row[row.length - 1] = 1; // a non-zero padding byte: valid at bounds, refused at full
      f.write(BinaryRow.wrap(s, row));
    }
    try (RowFileReader r = RowFileReader.open(file, s, ValidationLevel.BOUNDS)) {
      assertEquals(1, count(r));
    }
    try (RowFileReader r = RowFileReader.open(file, s, ValidationLevel.FULL)) {
      assertThrows(InvalidDataException.class, () -> count(r));
    }
  }
}
