package io.zerorow.spark;

import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The built jar in a real local[2] session: a JVM whose classpath is Spark's own plus the jar (as
 * spark-submit puts spark.jars on the driver), the jar also in spark.jars, so Spark's Arrow and
 * janino are the ones in use. Run by {@code make test-spark-java}.
 */
public final class JarSmoke {
  private JarSmoke() {}

  public static void main(String[] args) throws Exception {
    java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("zerorow-smoke");
    SparkSession spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("zerorow-jar-smoke")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.jars", args[0])
            .config("spark.sql.extensions", "io.zerorow.spark.ZerorowExtensions")
            .getOrCreate();
    try {
      List<Row> r =
          spark
              .sql(
                  "SELECT zerorow_decode(zerorow_encode(named_struct('id', id, "
                      + "'xs', array(id, id + 1))), 'id BIGINT, xs ARRAY<BIGINT>').xs[1] AS x "
                      + "FROM range(10)")
              .collectAsList();
      check(r.size() == 10 && r.get(9).getLong(0) == 10, "SQL functions: " + r);
      String out = dir.resolve("t").toString();
      spark
          .range(100)
          .selectExpr("id", "cast(id AS string) AS s")
          .write()
          .format("zerorow")
          .save(out);
      long n = spark.read().format("zerorow").load(out).where("s LIKE '9%'").count();
      check(n == 11, "DataSource round trip: " + n);
      long raw = spark.read().format("zerorow").option("mode", "raw").load(out).count();
      check(raw == 100, "raw read: " + raw);
      // the jar's Arrow IPC codecs (SPEC §5.2): Spark 4.2's arrow-compression, or the one
      // shaded into the Spark 3.5 jar
      for (String codec : new String[] {"zstd", "lz4"}) {
        String c = dir.resolve(codec).toString();
        spark.range(100).write().format("zerorow").option("compression", codec).save(c);
        long sum = spark.read().format("zerorow").load(c).selectExpr("sum(id)").first().getLong(0);
        check(sum == 4950, codec + " round trip: " + sum);
      }
      System.out.println("JarSmoke: Spark " + spark.version() + " with " + args[0] + ": ok");
    } finally {
      spark.stop();
    }
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError("JarSmoke failed: " + what);
    }
  }
}
