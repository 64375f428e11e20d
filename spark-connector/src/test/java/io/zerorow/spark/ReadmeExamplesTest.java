package io.zerorow.spark;

import static io.zerorow.spark.ZerorowFunctions.zerorow_decode;
import static io.zerorow.spark.ZerorowFunctions.zerorow_encode;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.struct;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.type.Schema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the SQL blocks of spark-connector/README.md and the Java block, kept verbatim here. */
class ReadmeExamplesTest {
  @TempDir Path tmp;

  private static String readme() throws Exception {
    Path p = Path.of(System.getProperty("zerorow.root", "../.."), "spark-connector", "README.md");
    return Files.readString(p);
  }

  private static List<String> blocks(String text, String lang) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("```" + lang + "\\n(.*?)```", Pattern.DOTALL).matcher(text);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  @Test
  void sqlBlocks() throws Exception {
    SparkSession spark = Sessions.get();
    List<String> sql = blocks(readme(), "sql");
    assertEquals(3, sql.size());
    assertEquals("b", spark.sql(sql.get(0)).first().getString(0));
    assertTrue(spark.sql(sql.get(1)).first().isNullAt(0));
    if (Sessions.spark4()) { // parse_json and VARIANT: Spark 4
      assertEquals("{\"a\":[1,null]}", spark.sql(sql.get(2)).first().getString(0));
    }
  }

  @Test
  void javaBlock() throws Exception {
    Sessions.get();
    String dir = tmp.resolve("orders").toString();
    // ---- README java block, verbatim ----
    SparkSession spark =
        SparkSession.builder()
            .config("spark.sql.extensions", "io.zerorow.spark.ZerorowExtensions")
            .getOrCreate();
    Dataset<Row> orders =
        spark
            .range(3)
            .selectExpr(
                "id AS order_id", "named_struct('country', 'FR', 'vip', id % 2 = 0) AS customer");
    Dataset<Row> rows =
        orders.select(zerorow_encode(struct(col("order_id"), col("customer"))).as("row"));
    Dataset<Row> back =
        rows.select(
            zerorow_decode(
                    col("row"),
                    "order_id BIGINT, customer STRUCT<country: STRING, vip: BOOLEAN>",
                    Map.of("mode", "PERMISSIVE"))
                .as("order"));
    back.select("order.customer.country").show();

    orders.write().format("zerorow").mode("overwrite").save(dir);
    Dataset<Row> decoded = spark.read().format("zerorow").load(dir).select("customer.vip");
    Dataset<Row> raw = spark.read().format("zerorow").option("mode", "raw").load(dir);
    String schemaJson = raw.schema().apply("row").metadata().getString("zerorow.schema");
    // ---- end ----
    assertEquals("FR", back.select("order.customer.country").first().getString(0));
    assertEquals(2, decoded.where("vip").count());
    assertEquals(3, raw.count());
    assertEquals(SparkSchemas.toZerorow(orders.schema()), Schema.fromJson(schemaJson));
    assertVerbatim(0, "README java block");
  }

  /** README java block {@code i} is the code between this file's markers {@code name}. */
  private static void assertVerbatim(int i, String name) throws Exception {
    String java = blocks(readme(), "java").get(i);
    String here =
        Files.readString(
            Path.of(
                System.getProperty("zerorow.root", "../.."),
                "spark-connector/src/test/java/io/zerorow/spark/ReadmeExamplesTest.java"));
    String start = "// ---- " + name + ", verbatim ----\n";
    int from = here.indexOf(start) + start.length();
    String verbatim = here.substring(from, here.indexOf("    // ---- end", from));
    assertEquals(
        java.strip(),
        verbatim
            .lines()
            .map(l -> l.length() >= 4 ? l.substring(4) : l)
            .reduce((a, b) -> a + "\n" + b)
            .orElse("")
            .strip(),
        name + " = this test");
  }

  @Test
  void evolutionBlock() throws Exception {
    SparkSession spark = Sessions.get();
    String versions = tmp.resolve("versions").toString();
    // ---- README evolution block, verbatim ----
    spark
        .sql("SELECT 1 AS id, 'ada' AS name")
        .write()
        .format("zerorow")
        .mode("append")
        .save(versions);
    spark
        .sql("SELECT 2L AS id, 'grace' AS title, 'g@example.com' AS email")
        .write()
        .format("zerorow")
        .mode("append")
        .save(versions);
    String reader =
        "{\"type\":\"struct\",\"fields\":["
            + "{\"name\":\"id\",\"type\":\"int64\",\"nullable\":false},"
            + "{\"name\":\"title\",\"type\":\"string\",\"nullable\":true,\"aliases\":[\"name\"]},"
            + "{\"name\":\"email\",\"type\":\"string\",\"nullable\":true}]}";
    Dataset<Row> both =
        spark.read().format("zerorow").option("zerorowSchema", reader).load(versions);
    // [1, ada, null]: id widened, title read through its alias; [2, grace, g@example.com]
    Dataset<Row> emails =
        spark
            .read()
            .format("zerorow")
            .schema("id BIGINT, email STRING")
            .load(versions); // Spark's own schema is a reader schema too (no aliases there)
    // ---- end ----
    assertEquals(
        List.of("[1,ada,null]", "[2,grace,g@example.com]"),
        both.orderBy("id").collectAsList().stream().map(Row::toString).toList());
    assertEquals(
        List.of("[1,null]", "[2,g@example.com]"),
        emails.orderBy("id").collectAsList().stream().map(Row::toString).toList());
    assertVerbatim(1, "README evolution block");
  }
}
