package io.zerorow.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.struct;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.arrow.RowFileReader;
import io.zerorow.arrow.RowFileWriter;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.type.Variant;
import io.zerorow.writer.RowWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.unsafe.types.CalendarInterval;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The types of SPEC 1.2 in Spark jobs (SPEC Appendix B): NullType, CHAR/VARCHAR, both interval
 * types, fixed_binary/uuid and (Spark 4) VariantType from {@code parse_json}, through row files and
 * {@code zerorow_encode}/{@code zerorow_decode} with the values intact; and Spark's null-interval
 * reserve, which the connector zeroes (SPEC §3.7).
 */
class Spec12TypesTest {
  private final SparkSession spark = Sessions.get();
  @TempDir Path tmp;

  private Dataset<Row> frame() {
    List<String> cols = new ArrayList<>();
    cols.add("id");
    cols.add("NULL AS n");
    cols.add("array(NULL, NULL) AS ns");
    cols.add("CASE WHEN id % 3 = 0 THEN NULL ELSE make_ym_interval(CAST(id AS INT), -1) END AS ym");
    cols.add(
        "CASE WHEN id % 4 = 0 THEN NULL"
            + " ELSE make_interval(0, CAST(id AS INT), 0, -2, 0, 0, 1.5) END AS cal");
    cols.add("map('k', make_interval(0, 0, 0, CAST(id AS INT), 0, 0, 0)) AS mc");
    if (Sessions.spark4()) {
      cols.add(
          "parse_json(CASE WHEN id % 5 = 0 THEN NULL WHEN id = 7 THEN 'null' ELSE"
              + " concat('{\"id\": ', id, ', \"b\": [true, \"x\", 1.5, null], \"a\": {}}')"
              + " END) AS v");
    }
    return spark.range(12).selectExpr(cols.toArray(new String[0])).repartition(2);
  }

  /** The rows by id, each value comparable by content (EncodeDecodeTest.canon). */
  private static List<Object> rows(Dataset<Row> df) {
    List<Object> out = new ArrayList<>();
    for (Row r : df.orderBy("id").collectAsList()) {
      out.add(EncodeDecodeTest.canon(r));
    }
    return out;
  }

  @Test
  void newTypesPassThroughRowFiles() throws IOException {
    Dataset<Row> all = frame();
    String dir = tmp.resolve("t").toString();
    // Spark's DataFrameWriter refuses a calendar interval for every file source (Parquet's
    // too) before the connector sees it; zerorow_encode and reads take it (below)
    Exception refused =
        assertThrows(Exception.class, () -> all.write().format("zerorow").save(dir + "-cal"));
    String why = refused.getMessage();
    assertTrue(
        why.contains("doesn't support the column `cal`") // Spark 4
            || why.contains("Cannot save interval data type into external storage"), // 3.5
        why);
    Dataset<Row> df = all.drop("cal", "mc");
    df.write().format("zerorow").save(dir);
    Schema written;
    Path file = dataFiles(Path.of(dir)).get(0);
    try (RowFileReader r = RowFileReader.open(file)) {
      written = r.schema();
    }
    assertEquals(DataTypes.nullType(), written.field("n").type());
    assertEquals(DataTypes.list(DataTypes.nullType(), true), written.field("ns").type());
    assertEquals(DataTypes.intervalYm(), written.field("ym").type());
    Dataset<Row> back = spark.read().format("zerorow").load(dir);
    assertEquals(df.schema().simpleString(), back.schema().simpleString());
    assertEquals(rows(df), rows(back));
    assertEquals(0, df.select("id", "n", "ym").exceptAll(back.select("id", "n", "ym")).count());
    if (Sessions.spark4()) {
      assertEquals(DataTypes.variant(), written.field("v").type());
      assertEquals(
          df.selectExpr("id", "to_json(v)").orderBy("id").collectAsList(),
          back.selectExpr("id", "to_json(v)").orderBy("id").collectAsList());
      Row seven = back.where("id = 7").selectExpr("v IS NULL", "to_json(v)").first();
      assertEquals(false, seven.get(0), "a JSON null variant is not a null (SPEC §3.9)");
      assertEquals("null", seven.get(1));
      assertEquals(
          List.of(3L, 1.5),
          back
              .where("id = 3")
              .selectExpr("variant_get(v, '$.id', 'long')", "variant_get(v, '$.b[2]', 'double')")
              .collectAsList()
              .stream()
              .flatMap(r -> Stream.of(r.get(0), r.get(1)))
              .toList());
    }
    // zerorow_encode / zerorow_decode over the same columns
    // zerorow_encode / zerorow_decode over every column, calendar intervals included
    Schema encoded = SparkSchemas.toZerorow(all.schema());
    assertEquals(DataTypes.interval(), encoded.field("cal").type());
    Dataset<Row> dec =
        all.select(ZerorowFunctions.zerorow_encode(struct(col("*"))).as("z"))
            .select(ZerorowFunctions.zerorow_decode(col("z"), encoded.toJson()).as("d"))
            .select("d.*");
    assertEquals(rows(all), rows(dec));
  }

  @Test
  void sparkLeavesANullIntervalsReserveAndTheConnectorZeroesIt() {
    // one partition, row 0's interval set, row 1's null: Spark's projection reuses its buffer
    Dataset<Row> df =
        spark
            .range(2)
            .coalesce(1)
            .selectExpr(
                "CASE WHEN id = 0 THEN make_interval(0, 5, 0, 6, 0, 0, 7) END AS cal",
                "CAST(id AS INT) AS i");
    Dataset<Row> enc =
        df.select(
            struct(col("cal"), col("i")).as("s"),
            ZerorowFunctions.zerorow_encode(struct(col("cal"), col("i"))).as("z"));
    List<InternalRow> internal =
        enc.queryExecution().toRdd().toJavaRDD().map(InternalRow::copy).collect();
    byte[] sparkNull = ((UnsafeRow) internal.get(1).getStruct(0, 2)).getBytes();
    byte[] zerorowNull = internal.get(1).getBinary(1);
    Schema schema =
        Schema.of(
            Field.of("cal", DataTypes.interval(), true), Field.of("i", DataTypes.int32(), false));
    RowWriter w = new RowWriter(schema);
    w.reset();
    w.writeInterval(0, null);
    w.writeInt32(1, 1);
    // the slot is (cursor << 32) | 16 in both, Spark's reserve holds row 0's interval
    assertEquals(0x0000_0018_0000_0010L, longAt(sparkNull, 8));
    assertEquals(5, intAt(sparkNull, 24), "Spark's reserve keeps row 0's months");
    assertArrayEquals(w.toByteArray(), zerorowNull, "the connector's bytes: a zeroed reserve");
    assertNotEquals(
        java.util.HexFormat.of().formatHex(sparkNull),
        java.util.HexFormat.of().formatHex(zerorowNull));
    byte[] sparkSet = ((UnsafeRow) internal.get(0).getStruct(0, 2)).getBytes();
    assertArrayEquals(sparkSet, internal.get(0).getBinary(1), "a set interval: Spark's bytes");
    assertEquals(
        new io.zerorow.type.Interval(5, 6, 7_000_000),
        BinaryRow.wrap(schema, sparkSet).getInterval(0));
  }

  @Test
  void fixedBinaryUuidAndIntervalsFromJavaRowFiles() throws IOException {
    Schema schema =
        Schema.of(
            Field.of("id", DataTypes.int32(), false),
            Field.of("u", DataTypes.uuid(), true),
            Field.of("f", DataTypes.fixedBinary(3), false),
            Field.of("cal", DataTypes.interval(), true),
            Field.of("n", DataTypes.nullType(), true));
    Path own = tmp.resolve("own");
    Files.createDirectories(own);
    java.util.UUID uuid = java.util.UUID.fromString("00112233-4455-6677-8899-aabbccddeeff");
    try (RowFileWriter fw = RowFileWriter.file(own.resolve("a.zrow"), schema)) {
      RowWriter w = new RowWriter(schema);
      for (int i = 0; i < 4; i++) {
        w.reset();
        w.writeInt32(0, i);
        if (i % 2 == 0) {
          w.writeUuid(1, uuid);
        } else {
          w.setNullAt(1);
        }
        w.writeBinary(2, new byte[] {(byte) i, 2, 3});
        w.writeInterval(3, i == 1 ? null : new io.zerorow.type.Interval(i, -i, 1_000_000L * i));
        w.setNullAt(4);
        fw.write(w.getRow());
      }
    }
    Dataset<Row> read = spark.read().format("zerorow").load(own.toString()).orderBy("id");
    assertEquals(
        "struct<id:int,u:binary,f:binary,cal:interval,n:void>", read.schema().simpleString());
    List<Row> rows = read.collectAsList();
    assertEquals(
        "00112233445566778899aabbccddeeff",
        java.util.HexFormat.of().formatHex((byte[]) rows.get(0).get(1)),
        "uuid: its RFC 9562 bytes (SPEC §3.8)");
    assertTrue(rows.get(1).isNullAt(1));
    assertArrayEquals(new byte[] {3, 2, 3}, (byte[]) rows.get(3).get(2));
    assertEquals(new CalendarInterval(2, -2, 2_000_000L), rows.get(2).get(3));
    assertTrue(rows.get(1).isNullAt(3) && rows.get(1).isNullAt(4));
  }

  @Test
  void charAndVarcharTablesReadAsStrings() throws IOException {
    String dir = tmp.resolve("cv").toUri().toString();
    spark.sql("DROP TABLE IF EXISTS zr_cv");
    try {
      spark.sql(
          "CREATE TABLE zr_cv (c CHAR(3), v VARCHAR(5)) USING zerorow LOCATION '" + dir + "'");
      spark.sql("INSERT INTO zr_cv VALUES ('ab', 'xyz'), (NULL, 'q')");
      assertEquals(
          List.of("null|q", "ab |xyz"),
          spark.sql("SELECT c, v FROM zr_cv ORDER BY v").collectAsList().stream()
              .map(r -> r.get(0) + "|" + r.get(1))
              .toList());
      Path file = dataFiles(tmp.resolve("cv")).get(0);
      try (RowFileReader r = RowFileReader.open(file)) {
        assertEquals(DataTypes.string(), r.schema().field("c").type());
        assertEquals(DataTypes.string(), r.schema().field("v").type());
      }
    } finally {
      spark.sql("DROP TABLE IF EXISTS zr_cv");
    }
  }

  @Test
  void aVariantFileReadsOnSpark4AndIsRefusedOn35NamingTheField() throws IOException {
    Schema schema = Schema.of(Field.of("doc", DataTypes.variant(), true));
    Path own = tmp.resolve("variant");
    Files.createDirectories(own);
    try (RowFileWriter fw = RowFileWriter.file(own.resolve("a.zrow"), schema)) {
      RowWriter w = new RowWriter(schema);
      w.reset();
      w.writeVariant(0, Variant.fromJson("{\"b\": [1, null], \"a\": \"x\"}"));
      fw.write(w.getRow());
    }
    if (Sessions.spark4()) { // java-row's canonical variant, read by Spark in place
      assertEquals(
          "{\"a\":\"x\",\"b\":[1,null]}",
          spark
              .read()
              .format("zerorow")
              .load(own.toString())
              .selectExpr("to_json(doc)")
              .first()
              .getString(0));
      return;
    }
    Exception e =
        assertThrows(
            Exception.class, () -> spark.read().format("zerorow").load(own.toString()).schema());
    assertTrue(
        e.getMessage().contains("zerorow type variant at doc has no Spark type before Spark 4.0"),
        e.getMessage());
    // raw mode reads the rows' bytes whatever their types
    assertEquals(
        1, spark.read().format("zerorow").option("mode", "raw").load(own.toString()).count());
  }

  private static long longAt(byte[] b, int at) {
    return java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong(at);
  }

  private static int intAt(byte[] b, int at) {
    return java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(at);
  }

  private static List<Path> dataFiles(Path dir) throws IOException {
    return io.zerorow.arrow.RowFileSet.list(dir); // the readers' rule: no _SUCCESS, no .crc
  }
}
