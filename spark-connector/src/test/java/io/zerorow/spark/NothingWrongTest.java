package io.zerorow.spark;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.arrow.RowFileWriter;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing is read wrong without a word: a null bit on a non-nullable field is an error naming the
 * file, row and field at the default level (source and zerorow_decode); a reader field no file has
 * is named once per scan with the file's nearest field; zerorow_decode of a column that is not
 * binary is refused at analysis.
 */
class NothingWrongTest {
  private final SparkSession spark = Sessions.get();
  @TempDir Path tmp;

  private static final Schema SCHEMA =
      Schema.of(
          Field.of("id", DataTypes.int64(), false),
          Field.of("s", DataTypes.string(), false),
          Field.of("carrier", DataTypes.string(), true));

  /** Five rows; row 3's non-nullable {@code s} has its null bit set (a damaged or foreign row). */
  private static List<byte[]> rows() {
    List<byte[]> out = new ArrayList<>();
    RowWriter w = new RowWriter(SCHEMA);
    for (int i = 0; i < 5; i++) {
      w.reset();
      w.writeInt64(0, i);
      w.writeString(1, "s" + i);
      w.writeString(2, "c" + i);
      byte[] bytes = w.getRow().toBytes();
      if (i == 3) {
        bytes[0] |= 0b10; // field 1 (s): null bit on
      }
      out.add(bytes);
    }
    return out;
  }

  @Test
  void aNullBitOnANonNullableFieldIsAnErrorNamingFileRowAndField() throws IOException {
    Path dir = tmp.resolve("nulls");
    Files.createDirectories(dir);
    try (RowFileWriter w = RowFileWriter.file(dir.resolve("a.zrow"), SCHEMA)) {
      for (byte[] b : rows()) {
        w.write(b, org.apache.spark.unsafe.Platform.BYTE_ARRAY_OFFSET, b.length);
      }
    }
    Exception e =
        assertThrows(
            Exception.class,
            () -> spark.read().format("zerorow").load(dir.toString()).collectAsList());
    String m = EncodeDecodeTest.rootMessage(e);
    assertTrue(m.contains("invalid_data at s") && m.contains("a.zrow: row 3 (batch 0, byte "), m);
    assertTrue(m.contains("not nullable"), m);
    // a read of id alone refuses the row too: java-row tests every non-nullable field of a row
    // when it wraps it (one mask test per 64 fields, SPEC §6.2 B5), whatever the query reads
    e =
        assertThrows(
            Exception.class,
            () ->
                spark.read().format("zerorow").load(dir.toString()).selectExpr("sum(id)").first());
    m = EncodeDecodeTest.rootMessage(e);
    assertTrue(m.contains("invalid_data at s") && m.contains("a.zrow: row 3 (batch 0, byte "), m);

    Dataset<Row> bytes =
        spark.createDataFrame(
            rows().stream().map(b -> org.apache.spark.sql.RowFactory.create((Object) b)).toList(),
            new org.apache.spark.sql.types.StructType().add("row", "binary"));
    e =
        assertThrows(
            Exception.class,
            () ->
                bytes
                    .select(
                        ZerorowFunctions.zerorow_decode(
                                col("row"), "id BIGINT NOT NULL, s STRING NOT NULL, carrier STRING")
                            .as("d"))
                    .select("d.s")
                    .collectAsList());
    m = EncodeDecodeTest.rootMessage(e);
    assertTrue(m.contains("invalid_data at s") && m.contains("row 3"), m);
  }

  @Test
  void aReaderFieldNoFileHasIsNamedOncePerScanWithTheNearestFileField() {
    String dir = tmp.resolve("warn").toString();
    spark
        .range(0, 20, 1, 2)
        .selectExpr("id", "concat('c', id) AS carrier")
        .write()
        .format("zerorow")
        .save(dir);
    List<String> warnings = new ArrayList<>();
    Logger logger = (Logger) LogManager.getLogger(ZerorowFileReader.class);
    AbstractAppender appender =
        new AbstractAppender("zerorow-test", null, null, true, null) {
          @Override
          public void append(LogEvent event) {
            warnings.add(event.getMessage().getFormattedMessage());
          }
        };
    appender.start();
    logger.addAppender(appender);
    try {
      long nulls =
          spark
              .read()
              .format("zerorow")
              .schema("id BIGINT, carier STRING")
              .load(dir)
              .where("carier IS NULL")
              .count();
      assertEquals(20, nulls);
    } finally {
      logger.removeAppender(appender);
    }
    List<String> named = warnings.stream().filter(w -> w.contains("carier")).toList();
    assertEquals(1, named.size(), "once per scan, not once per file: " + warnings);
    assertTrue(named.get(0).contains("nearest field: carrier"), named.get(0));
  }

  @Test
  void zerorowDecodeOfAColumnThatIsNotBinaryIsRefusedAtAnalysis() {
    Exception e =
        assertThrows(
            AnalysisException.class,
            () -> spark.range(3).select(ZerorowFunctions.zerorow_decode(col("id"), "id BIGINT")));
    assertTrue(
        e.getMessage().contains("zerorow_decode takes a binary column")
            && e.getMessage().contains("bigint"),
        e.getMessage());
  }
}
