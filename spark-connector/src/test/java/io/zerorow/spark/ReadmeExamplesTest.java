package io.zerorow.spark;

import static io.zerorow.spark.ZerorowFunctions.zerorow_decode;
import static io.zerorow.spark.ZerorowFunctions.zerorow_encode;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.struct;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.Schema;
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
  @TempDir
  Path tmp;

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
    assertEquals(2, sql.size());
    assertEquals("b", spark.sql(sql.get(0)).first().getString(0));
    assertTrue(spark.sql(sql.get(1)).first().isNullAt(0));
  }

  @Test
  void javaBlock() throws Exception {
    Sessions.get();
    String dir = tmp.resolve("orders").toString();
    // ---- README java block, verbatim ----
    SparkSession spark = SparkSession.builder()
        .config("spark.sql.extensions", "io.zerorow.spark.ZerorowExtensions")
        .getOrCreate();
    Dataset<Row> orders = spark.range(3).selectExpr("id AS order_id",
        "named_struct('country', 'FR', 'vip', id % 2 = 0) AS customer");
    Dataset<Row> rows = orders.select(
        zerorow_encode(struct(col("order_id"), col("customer"))).as("row"));
    Dataset<Row> back = rows.select(zerorow_decode(col("row"),
        "order_id BIGINT, customer STRUCT<country: STRING, vip: BOOLEAN>",
        Map.of("mode", "PERMISSIVE")).as("order"));
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
    String java = blocks(readme(), "java").get(0);
    String here = Files.readString(Path.of(System.getProperty("zerorow.root", "../.."),
        "spark-connector/src/test/java/io/zerorow/spark/ReadmeExamplesTest.java"));
    String verbatim = here.substring(here.indexOf("verbatim ----\n") + 14,
        here.indexOf("    // ---- end"));
    assertEquals(java.strip(), verbatim.lines().map(l -> l.length() >= 4 ? l.substring(4) : l)
        .reduce((a, b) -> a + "\n" + b).orElse("").strip(), "README java block = this test");
  }
}
