package io.zerorow.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writing row files in a JVM started without the option Arrow needs on Java 17 (a local job run
 * from an IDE or a plain {@code java} command): the error names the option and where it goes.
 */
class ArrowJvmTest {
  /** Writes one row file through the file format's writer; prints the error's message. */
  public static void main(String[] args) throws Exception {
    RowType type =
        (RowType) DataTypes.ROW(DataTypes.FIELD("id", DataTypes.BIGINT())).getLogicalType();
    org.apache.flink.core.fs.Path file =
        new org.apache.flink.core.fs.Path(Path.of(args[0]).toUri());
    try (FSDataOutputStream out =
        FileSystem.getLocalFileSystem().create(file, FileSystem.WriteMode.OVERWRITE)) {
      BulkWriter<RowData> w =
          new RowFileWriterFactory(
                  type, io.zerorow.arrow.RowFileWriter.Options.defaults().withBatch(4, 1 << 20))
              .create(out);
      w.addElement(GenericRowData.of(1L));
      w.finish();
      System.out.println("written");
    } catch (RuntimeException | java.io.IOException e) {
      System.out.println("error: " + e.getMessage());
    }
  }

  @Test
  void withoutTheOptionTheErrorNamesIt(@TempDir Path dir) throws Exception {
    List<String> cmd =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx256m",
            "-cp",
            System.getProperty("java.class.path"),
            ArrowJvmTest.class.getName(),
            dir.resolve("part-0.arrow").toString());
    Path log = dir.resolve("child.log");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child JVM finished");
    String out = Files.readString(log, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), out);
    assertTrue(
        out.contains(
            "error: zerorow: writing row files needs the JVM option "
                + "--add-opens=java.base/java.nio=ALL-UNNAMED"),
        out);
    assertTrue(out.contains("add it to the JVM of a local job"), out);
  }
}
