package io.zerorow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.annotation.Aliases;
import io.zerorow.arrow.RowFileWriter;
import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * format("zerorow") with a reader schema (SPEC §13.5): a directory of files written with two
 * versions of a schema, read with the newer one given as an option or as Spark's schema, decoded,
 * pruned and raw; files the reader cannot read are refused naming the file.
 */
class EvolutionTest {
  public record Customer1(String name, int since) {}

  /** Version 1 of the orders. */
  public record Order1(int id, String name, Float score, Customer1 customer) {}

  public record Customer2(String name, long since, String tier) {}

  /** Version 2: id, since and score widened, name renamed to title, tier and email added. */
  public record Order2(
      long id, @Aliases("name") String title, Double score, Customer2 customer, String email) {}

  static final RowEncoder<Order1> V1 = Encoders.rowEncoder(Order1.class);
  static final RowEncoder<Order2> V2 = Encoders.rowEncoder(Order2.class);
  static final Schema READER = V2.schema();

  @TempDir static Path tmp;
  static Path dir;
  static final List<Order1> OLD = new ArrayList<>();
  static final List<Order2> NEW = new ArrayList<>();

  private final SparkSession spark = Sessions.get();

  @BeforeAll
  static void writeTwoVersions() throws IOException {
    for (int i = 0; i < 4; i++) {
      OLD.add(
          i == 2
              ? new Order1(i, "n" + i, null, null)
              : new Order1(i, "n" + i, i * 0.5f, new Customer1("c" + i, 2000 + i)));
    }
    for (int i = 10; i < 13; i++) {
      NEW.add(
          new Order2(
              10_000_000_000L + i,
              "t" + i,
              i * 0.1,
              new Customer2("d" + i, 1L << 40, "gold"),
              "e" + i));
    }
    dir = tmp.resolve("orders");
    Files.createDirectories(dir);
    write(dir.resolve("a-v1.zrow"), V1, OLD);
    write(dir.resolve("b-v2.zrow"), V2, NEW);
  }

  static <T> void write(Path file, RowEncoder<T> encoder, List<T> values) throws IOException {
    try (RowFileWriter w = RowFileWriter.file(file, encoder.schema())) {
      for (T v : values) {
        w.write(encoder.toRow(v));
      }
    }
  }

  /** What the reader schema reads: version 1 orders seen as version 2, then version 2 ones. */
  static List<Order2> expected() {
    List<Order2> out = new ArrayList<>();
    for (Order1 o : OLD) {
      out.add(
          new Order2(
              o.id(),
              o.name(),
              o.score() == null ? null : (double) o.score(),
              o.customer() == null
                  ? null
                  : new Customer2(o.customer().name(), o.customer().since(), null),
              null));
    }
    out.addAll(NEW);
    return out;
  }

  static Order2 order(Row r) {
    Row c = r.getStruct(3);
    return new Order2(
        r.getLong(0),
        r.getString(1),
        r.isNullAt(2) ? null : r.getDouble(2),
        c == null ? null : new Customer2(c.getString(0), c.getLong(1), c.getString(2)),
        r.getString(4));
  }

  @Test
  void aReaderSchemaOptionReadsBothVersions() {
    Dataset<Row> df =
        spark
            .read()
            .format("zerorow")
            .option("zerorowSchema", READER.toJson())
            .load(dir.toString());
    // as for every Spark file source, the columns read are nullable
    assertEquals(SparkSchemas.toSpark(READER).asNullable(), df.schema());
    List<Order2> got = new ArrayList<>();
    for (Row r : df.orderBy("id").collectAsList()) {
      got.add(order(r));
    }
    assertEquals(expected(), got);

    // pruning: only the columns the query reads are laid out, for both files (a null customer
    // has a null tier too)
    Dataset<Row> pruned = df.select("title", "customer").where("customer.tier IS NULL");
    String plan = pruned.queryExecution().executedPlan().toString();
    assertTrue(
        plan.contains(
            " struct<title:string,customer:struct<name:string," + "since:bigint,tier:string>>"),
        plan);
    assertEquals(
        List.of("n0", "n1", "n2", "n3"),
        pruned.orderBy("title").collectAsList().stream().map(r -> r.getString(0)).toList());
    assertEquals(7, df.count());
  }

  @Test
  void sparksSchemaIsTheReaderSchema() {
    // a Spark schema has no aliases: v2's title is not v1's name; a field no file has is null
    Dataset<Row> df =
        spark
            .read()
            .format("zerorow")
            .schema("id BIGINT, name STRING, score DOUBLE, note STRING")
            .load(dir.toString());
    List<Row> rows = df.orderBy("id").collectAsList();
    assertEquals(7, rows.size());
    assertEquals("n1", rows.get(1).getString(1));
    assertEquals(0.5, rows.get(1).getDouble(2));
    assertTrue(rows.get(2).isNullAt(2));
    assertEquals(10_000_000_011L, rows.get(5).getLong(0));
    assertTrue(rows.get(5).isNullAt(1), "v2 has no field name");
    assertEquals(1.1, rows.get(5).getDouble(2), 1e-15);
    assertTrue(rows.stream().allMatch(r -> r.isNullAt(3)));
    assertEquals(4, df.where("name IS NOT NULL").count());
  }

  @Test
  void rawModeGivesRowsOfTheReaderSchema() {
    Dataset<Row> raw =
        spark
            .read()
            .format("zerorow")
            .option("mode", "raw")
            .option("zerorowSchema", READER.toJson())
            .load(dir.toString());
    assertEquals(
        READER.fingerprintHex(),
        raw.schema().apply("row").metadata().getString("zerorow.fingerprint"));
    List<Order2> got = new ArrayList<>();
    for (Row r : raw.collectAsList()) {
      byte[] bytes = (byte[]) r.get(0);
      Validator.validate(READER, bytes, ValidationLevel.FULL); // the reader's canonical layout
      got.add(V2.fromRow(BinaryRow.wrap(READER, bytes)));
    }
    got.sort((a, b) -> Long.compare(a.id(), b.id()));
    assertEquals(expected(), got);
    // the same bytes decode in SQL with the reader's schema
    assertEquals(
        List.of(1L, 10_000_000_012L),
        raw
            .selectExpr("zerorow_decode(row, '" + READER.toJson() + "').id AS id")
            .where("id IN (1, 10000000012)")
            .orderBy("id")
            .collectAsList()
            .stream()
            .map(r -> r.getLong(0))
            .toList());
  }

  @Test
  void withoutAReaderSchemaTwoSchemasAreAnErrorSayingHowToGiveOne() {
    Exception e =
        assertThrows(
            AnalysisException.class, () -> spark.read().format("zerorow").load(dir.toString()));
    String msg = e.getMessage();
    assertTrue(msg.contains("a-v1.zrow") && msg.contains("b-v2.zrow"), msg);
    assertTrue(msg.contains("spark.read.schema(...) or option(\"zerorowSchema\""), msg);
  }

  /**
   * A reader schema given as option zerorowSchema is checked against every file's footer when the
   * DataFrame is made (no job runs); one given as Spark's schema is checked by the task that opens
   * the file (Spark does not list the files for a source when a schema is given, as for Parquet):
   * both name the file, the path and both types.
   */
  @Test
  void aFileTheReaderCannotReadIsRefusedNamingTheFileThePathAndBothTypes() {
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                spark
                    .read()
                    .format("zerorow")
                    .schema("id INT")
                    .load(dir.toString())
                    .collectAsList());
    String msg = EncodeDecodeTest.rootMessage(e);
    assertTrue(msg.contains("b-v2.zrow") && !msg.contains("a-v1.zrow"), msg);
    assertTrue(
        msg.contains("schema_mismatch at id: writer type \"int64\" cannot be read as \"int32\""),
        msg);
    spark.sparkContext().setJobGroup("evolution-refusal", "refused at planning", false);
    try {
      e =
          assertThrows(
              AnalysisException.class,
              () ->
                  spark
                      .read()
                      .format("zerorow")
                      .option("zerorowSchema", "customer STRUCT<since: INT>")
                      .load(dir.toString()));
      msg = e.getMessage();
      assertTrue(
          msg.contains("b-v2.zrow")
              && msg.contains(
                  "schema_mismatch at customer.since: "
                      + "writer type \"int64\" cannot be read as \"int32\""),
          msg);
      assertEquals(
          0,
          spark.sparkContext().statusTracker().getJobIdsForGroup("evolution-refusal").length,
          "no job ran");
    } finally {
      spark.sparkContext().clearJobGroup();
    }
  }

  @Test
  void badOptionsAreClearErrors() {
    Exception e =
        assertThrows(
            AnalysisException.class,
            () ->
                spark
                    .read()
                    .format("zerorow")
                    .option("zerorowSchema", "{\"type\": \"struct\"")
                    .load(dir.toString()));
    assertTrue(
        e.getMessage().contains("option zerorowSchema: invalid zerorow schema JSON"),
        e.getMessage());
    e =
        assertThrows(
            AnalysisException.class,
            () ->
                spark
                    .read()
                    .format("zerorow")
                    .option("zerorowSchema", READER.toJson())
                    .schema("id BIGINT")
                    .load(dir.toString())
                    .collectAsList());
    assertTrue(
        e.getMessage().contains("is not the Spark form of option zerorowSchema"), e.getMessage());
  }

  @Test
  void aMalformedOldRowFailsItsTaskNamingTheFileAndTheRow() throws IOException {
    Path bad = tmp.resolve("bad");
    Files.createDirectories(bad);
    try (RowFileWriter w = RowFileWriter.file(bad.resolve("v1.zrow"), V1.schema())) {
      for (Order1 o : OLD) {
        byte[] bytes = V1.toRow(o).toBytes();
        if (o.id() == 3) { // the name's reference now points 4 KiB past the row's end
          bytes[8 + 8 + 4 + 1] = 0x10;
        }
        w.write(bytes, org.apache.spark.unsafe.Platform.BYTE_ARRAY_OFFSET, bytes.length);
      }
    }
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                spark
                    .read()
                    .format("zerorow")
                    .option("zerorowSchema", READER.toJson())
                    .load(bad.toString())
                    .collectAsList());
    String text = String.valueOf(e.getMessage()) + String.valueOf(e.getCause());
    assertTrue(text.contains("invalid_data") && text.contains("v1.zrow, row 3"), text);
  }
}
