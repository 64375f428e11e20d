package io.zerorow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a Spark user expects of a file source, run side by side against Parquet on the same data:
 * each case runs once per format and the two answers must be equal (spark-connector/README.md lists
 * the same cases). Spark 3.5.9 runs the cases marked for both versions.
 */
class ParquetParityTest {
  private static final List<String> FORMATS = List.of("parquet", "zerorow");
  private final SparkSession spark = Sessions.get();
  @TempDir Path tmp;

  private Dataset<Row> data() {
    return spark
        .range(0, 600, 1, 3)
        .selectExpr(
            "id",
            "CAST(id % 3 AS INT) AS p",
            "concat('s', CAST(id AS STRING)) AS s",
            "named_struct('a', id * 2, 'b', CAST(id % 5 AS STRING)) AS st");
  }

  /** The same question asked of both formats, each with its own folder under {@code tmp}. */
  private <T> void same(String what, Function<String, T> ask) {
    T parquet = ask.apply("parquet");
    T zerorow = ask.apply("zerorow");
    assertEquals(parquet, zerorow, what + ": zerorow differs from Parquet");
  }

  private String dir(String format, String name) {
    return tmp.resolve(format + "-" + name).toString();
  }

  private DataFrameReader read(String format) {
    return spark.read().format(format);
  }

  static List<String> rows(Dataset<Row> df) {
    return DataSourceTest.json(df);
  }

  private static List<String> visibleFiles(String dir) {
    try (Stream<Path> s = Files.walk(Path.of(dir))) {
      return s.filter(Files::isRegularFile)
          .map(p -> Path.of(dir).relativize(p).toString())
          .filter(n -> !Path.of(n).getFileName().toString().matches("[._].*"))
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void partitionByWritesAndPartitionDiscovery() {
    same(
        "partitionBy + discovery",
        f -> {
          String d = dir(f, "parts");
          data().write().format(f).partitionBy("p").save(d);
          Dataset<Row> back = read(f).load(d);
          List<String> folders =
              visibleFiles(d).stream()
                  .map(n -> Path.of(n).getParent().toString())
                  .distinct()
                  .collect(Collectors.toList());
          return List.of(
              back.schema().simpleString(),
              rows(back.where("p = 1")),
              folders,
              String.valueOf(back.where("p = 2").count()));
        });
  }

  @Test
  void globsRecursiveLookupAndGlobFilter() throws IOException {
    same(
        "globs, recursiveFileLookup, pathGlobFilter",
        f -> {
          String d = dir(f, "tree");
          data().coalesce(1).write().format(f).save(d + "/a");
          data().coalesce(1).write().format(f).save(d + "/b/nested");
          long glob = read(f).load(d + "/*").count();
          long recursive = read(f).option("recursiveFileLookup", "true").load(d).count();
          long filtered =
              read(f)
                  .option("recursiveFileLookup", "true")
                  .option("pathGlobFilter", "part-00000*")
                  .load(d)
                  .count();
          return List.of(glob, recursive, filtered);
        });
  }

  @Test
  void subFoldersOfAFolderWithFiles() {
    same(
        "a file beside a sub-folder holding a copy",
        f -> {
          String d = dir(f, "sub");
          data().coalesce(1).write().format(f).save(d);
          data().coalesce(1).write().format(f).save(d + "/copy");
          try {
            return String.valueOf(read(f).load(d).count());
          } catch (RuntimeException e) {
            return "error " + e.getClass().getSimpleName();
          }
        });
  }

  @Test
  void modifiedBeforeAndAfter() {
    same(
        "modifiedBefore / modifiedAfter",
        f -> {
          String d = dir(f, "times");
          data().write().format(f).save(d);
          long after = read(f).option("modifiedAfter", "2000-01-01T00:00:00").load(d).count();
          long before =
              read(f)
                  .schema(data().schema())
                  .option("modifiedBefore", "2000-01-01T00:00:00")
                  .load(d)
                  .count();
          return List.of(after, before);
        });
  }

  @Test
  void maxRecordsPerFile() {
    same(
        "maxRecordsPerFile",
        f -> {
          String d = dir(f, "max");
          data().coalesce(1).write().format(f).option("maxRecordsPerFile", "250").save(d);
          return List.of(visibleFiles(d).size(), read(f).load(d).count());
        });
  }

  @Test
  void ignoreCorruptAndMissingFiles() throws IOException {
    same(
        "ignoreCorruptFiles / ignoreMissingFiles",
        f -> {
          String d = dir(f, "damaged");
          data().write().format(f).save(d);
          String ext = f.equals("zerorow") ? ".zrow" : ".parquet";
          try {
            Files.write(Path.of(d, "junk" + ext), "not a file of either format".getBytes());
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
          Dataset<Row> all = read(f).schema(data().schema()).load(d);
          boolean fails = failsWith(() -> all.count());
          long skipped =
              read(f).schema(data().schema()).option("ignoreCorruptFiles", "true").load(d).count();
          Dataset<Row> listed =
              read(f).schema(data().schema()).option("ignoreMissingFiles", "true").load(d);
          Dataset<Row> strict = read(f).schema(data().schema()).load(d);
          try {
            Files.delete(Path.of(d, "junk" + ext));
            Files.delete(Path.of(d, visibleFiles(d).get(0)));
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
          long missing = listed.count();
          boolean strictFails = failsWith(() -> strict.count());
          return List.of(fails, skipped, missing, strictFails);
        });
  }

  private static boolean failsWith(Runnable r) {
    try {
      r.run();
      return false;
    } catch (Exception e) { // SparkException is checked in Java but thrown from Scala code
      return true;
    }
  }

  @Test
  void tablesInsertOverwriteAndCtas() {
    same(
        "saveAsTable, INSERT INTO / OVERWRITE, CTAS",
        f -> {
          String t = "t_" + f;
          String c = "c_" + f;
          spark.sql("DROP TABLE IF EXISTS " + t);
          spark.sql("DROP TABLE IF EXISTS " + c);
          try {
            data().write().format(f).saveAsTable(t);
            spark.sql("INSERT INTO " + t + " SELECT * FROM " + t + " WHERE id < 10");
            long afterInsert = spark.table(t).count();
            spark.sql("CREATE TABLE " + c + " USING " + f + " AS SELECT id, s FROM " + t);
            long ctas = spark.table(c).count();
            spark.sql("INSERT OVERWRITE TABLE " + c + " SELECT id, s FROM " + t + " WHERE p = 0");
            List<String> overwritten = rows(spark.table(c));
            spark.sql(
                "CREATE TABLE pt_"
                    + f
                    + " (id BIGINT, s STRING, p INT) USING "
                    + f
                    + " PARTITIONED BY (p)");
            spark.sql("INSERT INTO pt_" + f + " SELECT id, s, p FROM " + t);
            spark.sql(
                "INSERT OVERWRITE TABLE pt_"
                    + f
                    + " PARTITION (p = 1) SELECT id, s FROM "
                    + t
                    + " WHERE id < 3");
            List<String> partitioned = rows(spark.table("pt_" + f).where("p = 1"));
            long others = spark.table("pt_" + f).where("p <> 1").count();
            return List.of(afterInsert, ctas, overwritten, partitioned, others);
          } finally {
            spark.sql("DROP TABLE IF EXISTS " + t);
            spark.sql("DROP TABLE IF EXISTS " + c);
            spark.sql("DROP TABLE IF EXISTS pt_" + f);
          }
        });
  }

  @Test
  void sqlOnAPath() {
    same(
        "SELECT ... FROM format.`path`",
        f -> {
          String d = dir(f, "sql");
          data().write().format(f).save(d);
          return rows(spark.sql("SELECT id, st.b FROM " + f + ".`" + d + "` WHERE id % 100 = 7"));
        });
  }

  @Test
  void plannerStatisticsAreTheFileSizes() {
    same(
        "sizeInBytes = the files' total size",
        f -> {
          String d = dir(f, "stats");
          data().write().format(f).save(d);
          long files = 0;
          for (String n : visibleFiles(d)) {
            files += Path.of(d, n).toFile().length();
          }
          long stats =
              read(f).load(d).queryExecution().optimizedPlan().stats().sizeInBytes().longValue();
          return stats == files && files > 0;
        });
  }

  @Test
  void columnNamesFollowSparkSqlCaseSensitive() {
    same(
        "case-insensitive and case-sensitive resolution of a reader schema",
        f -> {
          String d = dir(f, "case");
          data().write().format(f).save(d);
          String ddl = "ID BIGINT, S STRING, St STRUCT<A: BIGINT, b: STRING>";
          List<Object> out = new ArrayList<>();
          out.add(rows(read(f).schema(ddl).load(d).where("ID < 5")));
          spark.conf().set("spark.sql.caseSensitive", "true");
          try {
            out.add(rows(read(f).schema(ddl).load(d).where("ID IS NULL").limit(3)));
          } finally {
            spark.conf().unset("spark.sql.caseSensitive");
          }
          return out;
        });
  }

  @Test
  void unknownOptionsAndCodecsAreRefused() {
    String d = dir("zerorow", "opts");
    data().write().format("zerorow").option("compression", "none").save(d);
    Exception e =
        assertThrows(Exception.class, () -> read("zerorow").option("mdoe", "raw").load(d).count());
    String m = EncodeDecodeTest.rootMessage(e);
    assertTrue(m.contains("unknown option \"mdoe\"") && m.contains("did you mean \"mode\""), m);
    assertTrue(m.contains("recursiveFileLookup") && m.contains("zerorowSchema"), m);
    e =
        assertThrows(
            Exception.class,
            () ->
                data()
                    .write()
                    .format("zerorow")
                    .mode("append") // an overwrite deletes the old files first (Spark's order)
                    .option("compression", "snappy")
                    .save(d));
    m = EncodeDecodeTest.rootMessage(e);
    assertTrue(
        m.contains("compression \"snappy\" is not supported") && m.contains("none, lz4, zstd"), m);
    assertEquals(600, read("zerorow").option("fs.some.hadoop.key", "x").load(d).count());
    assertTrue(
        visibleFiles(d).stream().allMatch(n -> n.endsWith(".zrow")), visibleFiles(d).toString());
  }

  /**
   * Reads go through DataSource V2 ({@code ZerorowScan}) unless {@code
   * spark.sql.sources.useV1SourceList} names zerorow, as it names Parquet and Avro by default; the
   * V1 {@code FileFormat} (also what tables use) gives the same answers.
   */
  @Test
  void theV2AndV1ReadPathsAgree() {
    String d = dir("zerorow", "v1v2");
    data().write().format("zerorow").partitionBy("p").save(d);
    String key = "spark.sql.sources.useV1SourceList";
    String list = spark.conf().get(key);
    Function<Dataset<Row>, List<Object>> answer =
        df ->
            List.of(
                df.queryExecution().executedPlan().toString().contains("BatchScan"),
                rows(df.where("p = 2 AND id % 7 = 0").select("st.b", "id", "p")),
                df.queryExecution().optimizedPlan().stats().sizeInBytes().longValue());
    List<Object> v2 = answer.apply(read("zerorow").load(d));
    spark.conf().set(key, list + ",zerorow");
    List<Object> v1;
    try {
      v1 = answer.apply(read("zerorow").load(d));
    } finally {
      spark.conf().set(key, list);
    }
    assertEquals(true, v2.get(0), "DataSource V2 by default");
    assertEquals(false, v1.get(0), "V1 when useV1SourceList names zerorow");
    assertEquals(v2.get(1), v1.get(1));
    // Spark estimates the size of the pruned, projected scan with a formula of its own in each
    // path (V2's FileScan scales the files' size by the columns read, V1's plan by the rows'
    // sizes, each rounding where it divides): the estimates agree closely, not to the byte.
    long s2 = (Long) v2.get(2);
    long s1 = (Long) v1.get(2);
    assertTrue(Math.abs(s2 - s1) <= Math.max(8, s2 / 100), "size estimates " + s2 + " / " + s1);
  }
}
