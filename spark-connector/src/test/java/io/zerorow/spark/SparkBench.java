package io.zerorow.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.struct;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

/**
 * The JVM-only figures of spark-connector/README.md, zerorow and its anchor taking turns in one run
 * (robust ratios on a shared machine): (1) zerorow_encode + zerorow_decode of the order vs the JVM
 * floor (the same SQL over the cached columns), and again with the order cached as one struct
 * column, so that both read the whole order; (2) a pruned read of 3 columns from row files vs from
 * Parquet written by Spark. Prints medians and ratios as a Markdown table. {@code make
 * bench-spark-java}; rows: -Dbench.rows (default 1,000,000), repeats -Dbench.repeats.
 */
public final class SparkBench {
  private SparkBench() {}

  /** The benchmark's order: 30 top-level fields, a customer struct, 0–5 line items. */
  static Dataset<Row> orders(SparkSession spark, long n) {
    List<String> cols = new ArrayList<>();
    cols.add("id AS order_id");
    for (int i = 1; i < 10; i++) {
      cols.add("id * " + (i + 7) + " AS l" + i);
    }
    for (int i = 0; i < 10; i++) {
      cols.add("cast(id AS double) * " + (i + 1) + ".25 AS d" + i);
    }
    for (int i = 0; i < 8; i++) {
      cols.add("concat('s" + i + "-', cast(id % " + (97 + i) + " AS string)) AS s" + i);
    }
    cols.add(
        "named_struct('id', id % 100000, 'name', concat('customer ', cast(id % 100000 AS "
            + "string)), 'country', element_at(array('FR','DE','US','JP','BR'), cast(id % 5 AS int) "
            + "+ 1), 'vip', id % 11 = 0) AS customer");
    cols.add(
        "transform(sequence(1, cast(id % 6 AS int)), i -> named_struct('sku', concat('sku', "
            + "cast(i AS string)), 'qty', i, 'price', cast(i AS double) * 1.5)) AS items");
    return spark.range(0, n, 1, 4).selectExpr(cols.toArray(new String[0]));
  }

  private static final String VALUE =
      "order_id + length(customer.country) "
          + "+ aggregate(items, 0D, (acc, x) -> acc + x.qty * x.price)";

  public static void main(String[] args) throws Exception {
    long rows = Long.getLong("bench.rows", 1_000_000L);
    int repeats = Integer.getInteger("bench.repeats", 5);
    SparkSession spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("zerorow-bench")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.sql.extensions", ZerorowExtensions.class.getName())
            .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    Dataset<Row> orders = orders(spark, rows).persist(StorageLevel.MEMORY_ONLY());
    System.err.println("cached " + orders.count() + " orders");
    Column[] all = Arrays.stream(orders.columns()).map(c -> col(c)).toArray(Column[]::new);
    String schema = SparkSchemas.toZerorow(orders.schema(), "UTC").toJson();

    Supplier<Object> floor =
        () -> orders.select(expr(VALUE).as("v")).agg(expr("sum(v)")).first().get(0);
    Supplier<Object> roundTrip =
        () ->
            orders
                .select(
                    ZerorowFunctions.zerorow_decode(
                            ZerorowFunctions.zerorow_encode(struct(all)), schema)
                        .as("o"))
                .select("o.*")
                .select(expr(VALUE).as("v"))
                .agg(expr("sum(v)"))
                .first()
                .get(0);
    check(floor.get(), roundTrip.get(), "encode+decode gives the floor's sum");
    // The same with the order cached as one struct column: the floor then reads the whole
    // order from the cache too, as the round trip must (the 30-column floor reads 3 columns).
    Dataset<Row> whole = orders.select(struct(all).as("o")).persist(StorageLevel.MEMORY_ONLY());
    System.err.println("cached " + whole.count() + " orders as one struct");
    String valueO =
        VALUE
            .replace("order_id", "o.order_id")
            .replace("customer.", "o.customer.")
            .replace("(items", "(o.items");
    Supplier<Object> floorO =
        () -> whole.select(expr(valueO).as("v")).agg(expr("sum(v)")).first().get(0);
    Supplier<Object> roundTripO =
        () ->
            whole
                .select(
                    ZerorowFunctions.zerorow_decode(
                            ZerorowFunctions.zerorow_encode(col("o")), schema)
                        .as("o"))
                .select(expr(valueO).as("v"))
                .agg(expr("sum(v)"))
                .first()
                .get(0);
    check(floor.get(), floorO.get(), "the struct floor gives the floor's sum");
    check(floor.get(), roundTripO.get(), "encode+decode of the struct gives the floor's sum");

    Path dir = Files.createTempDirectory("zerorow-bench");
    String zr = dir.resolve("zerorow").toString();
    String pq = dir.resolve("parquet").toString();
    orders.write().format("zerorow").save(zr);
    orders.write().parquet(pq);
    String[] three = {"order_id", "d3", "s5"};
    String agg = "sum(order_id + d3 + length(s5))";
    Supplier<Object> zrRead =
        () ->
            spark
                .read()
                .format("zerorow")
                .load(zr)
                .select(three[0], three[1], three[2])
                .agg(expr(agg))
                .first()
                .get(0);
    Supplier<Object> pqRead =
        () ->
            spark
                .read()
                .parquet(pq)
                .select(three[0], three[1], three[2])
                .agg(expr(agg))
                .first()
                .get(0);
    check(pqRead.get(), zrRead.get(), "row files and Parquet give the same sum");
    // every column of every row read and turned into Spark rows, nothing else (the noop sink)
    Supplier<Object> zrAll = () -> noop(spark.read().format("zerorow").load(zr));
    Supplier<Object> pqAll = () -> noop(spark.read().parquet(pq));
    // a write of the cached orders, one file per task, into a fresh folder each time
    String zrOut = dir.resolve("zerorow-out").toString();
    String pqOut = dir.resolve("parquet-out").toString();
    Supplier<Object> zrWrite =
        () -> {
          orders.write().mode("overwrite").format("zerorow").save(zrOut);
          return null;
        };
    Supplier<Object> pqWrite =
        () -> {
          orders.write().mode("overwrite").parquet(pqOut);
          return null;
        };

    double[][] t = new double[10][repeats];
    for (int r = 0; r < repeats; r++) { // interleaved: each pair shares the machine's moment
      t[0][r] = time(floor);
      t[1][r] = time(roundTrip);
      t[4][r] = time(floorO);
      t[5][r] = time(roundTripO);
      t[2][r] = time(pqRead);
      t[3][r] = time(zrRead);
      t[6][r] = time(pqAll);
      t[7][r] = time(zrAll);
      t[8][r] = time(pqWrite);
      t[9][r] = time(zrWrite);
    }
    System.out.println(
        "## zerorow_encode + zerorow_decode, and row files against Parquet (JVM, Spark "
            + spark.version()
            + ")");
    System.out.println();
    System.out.println(machineLine(rows, repeats));
    System.out.println();
    System.out.println(
        "| job (" + rows + " orders, local[2], median of " + repeats + ") | seconds | ratio |");
    System.out.println("| --- | ---: | ---: |");
    row("(f) JVM floor: SQL over the cached columns", median(t[0]), 1.0);
    row(
        "zerorow_encode + zerorow_decode, then the same SQL",
        median(t[1]),
        median(t[1]) / median(t[0]));
    row("(f-order) the same SQL over the order cached as one struct column", median(t[4]), 1.0);
    row(
        "zerorow_encode + zerorow_decode of that struct, then the same SQL",
        median(t[5]),
        median(t[5]) / median(t[4]));
    row("pruned read of 3 columns, Parquet written by Spark", median(t[2]), 1.0);
    row(
        "pruned read of 3 columns, row files (format(\"zerorow\"))",
        median(t[3]),
        median(t[3]) / median(t[2]));
    row("read of all 30 columns, Parquet", median(t[6]), 1.0);
    row("read of all 30 columns, row files", median(t[7]), median(t[7]) / median(t[6]));
    row("write of the orders, Parquet (snappy, Spark's default)", median(t[8]), 1.0);
    row("write of the orders, row files", median(t[9]), median(t[9]) / median(t[8]));
    spark.stop();
  }

  /** When, where and how: the date, the load average, the machine and the command. */
  private static String machineLine(long rows, int repeats) throws java.io.IOException {
    String[] avg = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
    String load = avg[0] + " " + avg[1] + " " + avg[2];
    String cpu =
        Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
            .filter(l -> l.startsWith("model name"))
            .map(l -> l.split(":", 2)[1].trim())
            .findFirst()
            .orElse("?");
    return java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC)
            .format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"))
        + ", load "
        + load
        + ", "
        + Runtime.getRuntime().availableProcessors()
        + " cores "
        + cpu
        + "; `make bench-spark-java SPARK_BENCH_ARGS='-Dbench.rows="
        + rows
        + " -Dbench.repeats="
        + repeats
        + "'`";
  }

  private static void check(Object expected, Object actual, String what) {
    if (!String.valueOf(expected).equals(String.valueOf(actual))) {
      throw new AssertionError(what + ": expected " + expected + " but found " + actual);
    }
  }

  /** Reads every row and column of {@code df} into Spark rows and drops them. */
  private static Object noop(Dataset<Row> df) {
    df.write().format("noop").mode("overwrite").save();
    return null;
  }

  private static double time(Supplier<Object> job) {
    long t0 = System.nanoTime();
    job.get();
    return (System.nanoTime() - t0) / 1e9;
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  private static void row(String name, double seconds, double ratio) {
    System.out.printf("| %s | %.3f | %.2fx |%n", name, seconds, ratio);
  }
}
