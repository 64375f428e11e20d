package io.zerorow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.zerorow.row.BinaryRow;
import io.zerorow.tools.GoldenVectors;
import io.zerorow.tools.ReadmeExcerpts;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example of README.md, run; and every Java block of the README is an excerpt of this file. */
class ReadmeExamplesTest {
  @TempDir Path tmp;

  @Test
  void writeReadAndProject() throws Exception {
    Schema schema =
        Schema.of(Field.of("id", DataTypes.INT64, false), Field.of("name", DataTypes.STRING, true));
    Schema projection = Schema.of(Field.of("id", DataTypes.INT64, false));
    RowWriter rw = new RowWriter(schema);
    rw.reset();
    rw.writeLong(0, 7);
    rw.writeString(1, "seven");
    BinaryRow row = rw.getRow();
    Path path = tmp.resolve("rows.parquet");
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream out = System.out;
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      // ---- README.md, "API"
      try (ParquetRowWriter w = ParquetRowWriter.open(path, schema)) { // uncompressed
        w.write(row);
      }
      try (ParquetRowReader r = ParquetRowReader.open(path)) { // the file's schema
        for (BinaryRow read : r) { // one reused row
          System.out.println(read);
        }
      }
      try (ParquetRowReader r = ParquetRowReader.open(path, projection)) { // only these columns
        for (BinaryRow read : r) {
          System.out.println(read.getLong(0));
        }
      }
      // ---- end
    } finally {
      System.setOut(out);
    }
    assertEquals(
        List.of("{id=7, name=\"seven\"}", "7"),
        printed.toString(StandardCharsets.UTF_8).lines().toList());
  }

  @Test
  void readmeBlocksAreExcerptsOfThisTest() throws Exception {
    Path module = GoldenVectors.root().resolve("java-row/parquet");
    assertEquals(
        List.of(),
        ReadmeExcerpts.problems(
            module.resolve("README.md"), module.resolve("src/test/java/io/zerorow/parquet")));
  }
}
