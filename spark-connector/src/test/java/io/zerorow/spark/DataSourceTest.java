package io.zerorow.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.udf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.arrow.RowFileReader;
import io.zerorow.arrow.RowFileWriter;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** format("zerorow"): write, read decoded / pruned / raw, SaveModes, commit protocol. */
class DataSourceTest {
  private final SparkSession spark = Sessions.get();
  @TempDir Path tmp;

  private Dataset<Row> orders(int n) {
    return spark
        .range(n)
        .selectExpr(
            "id AS order_id",
            "id * 1.5 AS total",
            "concat('c', cast(id % 7 AS string)) AS country",
            "named_struct('name', concat('n', cast(id AS string)), 'age', cast(id % 90 AS int)) AS customer",
            "transform(sequence(0, cast(id % 4 AS int)), i -> named_struct('qty', i, 'price', i * 2.0)) AS items",
            "CASE WHEN id % 3 = 0 THEN NULL ELSE map('k', id) END AS tags")
        .repartition(3);
  }

  /** The rows as sorted JSON text (maps cannot take part in EXCEPT). */
  static List<String> json(Dataset<Row> df) {
    return df.selectExpr("to_json(struct(*)) AS j").orderBy("j").collectAsList().stream()
        .map(r -> r.getString(0))
        .collect(Collectors.toList());
  }

  private List<Path> dataFiles(Path dir) throws IOException {
    return io.zerorow.arrow.RowFileSet.list(dir); // the readers' rule: no _SUCCESS, no .crc
  }

  @Test
  void writeThenReadDecodedPrunedAndRaw() throws IOException {
    String dir = tmp.resolve("orders").toString();
    Dataset<Row> df = orders(500);
    df.write().format("zerorow").save(dir);
    assertEquals(3, dataFiles(Path.of(dir)).size(), "one file per task");
    assertTrue(!Files.exists(Path.of(dir, "_temporary")), "no staging left");
    assertTrue(
        dataFiles(Path.of(dir)).stream()
            .allMatch(p -> p.getFileName().toString().matches("part-0000[0-2]-.*-c000\\.zrow")),
        dataFiles(Path.of(dir)).toString());

    Dataset<Row> back = spark.read().format("zerorow").load(dir);
    assertEquals(df.schema().simpleString(), back.schema().simpleString());
    assertEquals(json(df), json(back), "same rows");

    Dataset<Row> pruned =
        spark.read().format("zerorow").load(dir).select("order_id", "customer", "tags");
    String plan = pruned.queryExecution().executedPlan().toString();
    assertTrue(
        plan.contains(
            "struct<order_id:bigint,customer:struct<name:string,age:int>,"
                + "tags:map<string,bigint>>"),
        plan);
    assertEquals(json(df.select("order_id", "customer", "tags")), json(pruned));
    assertEquals(500, spark.read().format("zerorow").load(dir).count());

    Dataset<Row> raw = spark.read().format("zerorow").option("mode", "raw").load(dir);
    assertEquals("struct<row:binary>", raw.schema().simpleString());
    String json = raw.schema().fields()[0].metadata().getString("zerorow.schema");
    Schema schema = Schema.fromJson(json);
    assertEquals(SparkSchemas.toZerorow(df.schema(), "UTC"), schema);
    Dataset<Row> decoded =
        raw.select(ZerorowFunctions.zerorow_decode(col("row"), json).as("d")).select("d.*");
    assertEquals(json(df), json(decoded));
  }

  @Test
  void javaRowReadsSparkFilesAndTheOtherWayRound() throws IOException {
    String dir = tmp.resolve("j").toString();
    orders(50).coalesce(1).write().format("zerorow").save(dir);
    Path file = dataFiles(Path.of(dir)).get(0);
    long sum = 0;
    try (RowFileReader r = RowFileReader.open(file)) {
      for (BinaryRow row : r) {
        sum += row.getInt64(0);
      }
    }
    assertEquals(49 * 50 / 2, sum);

    Schema schema =
        Schema.of(
            Field.of("id", DataTypes.int64(), false), Field.of("name", DataTypes.string(), true));
    Path own = tmp.resolve("own");
    Files.createDirectories(own);
    try (RowFileWriter w = RowFileWriter.file(own.resolve("a.zrow"), schema)) {
      RowWriter rw = new RowWriter(schema);
      for (int i = 0; i < 10; i++) {
        rw.reset();
        rw.writeInt64(0, i);
        if (i % 2 == 0) {
          rw.setNullAt(1);
        } else {
          rw.writeString(1, "n" + i);
        }
        w.write(rw.getRow());
      }
    }
    List<Row> rows =
        spark.read().format("zerorow").load(own.toString()).orderBy("id").collectAsList();
    assertEquals(10, rows.size());
    assertEquals("n3", rows.get(3).getString(1));
    assertTrue(rows.get(4).isNullAt(1));
  }

  @Test
  void aPrunedReadChecksTheFieldsItReads() throws IOException {
    Schema schema =
        Schema.of(
            Field.of("id", DataTypes.int64(), false), Field.of("name", DataTypes.string(), true));
    Path dir = tmp.resolve("bad");
    Files.createDirectories(dir);
    try (RowFileWriter w = RowFileWriter.file(dir.resolve("a.zrow"), schema)) {
      RowWriter rw = new RowWriter(schema);
      for (int i = 0; i < 5; i++) {
        rw.reset();
        rw.writeInt64(0, i);
        rw.writeString(1, "name" + i);
        byte[] bytes = rw.getRow().toBytes();
        if (i == 3) { // the name's reference now points 4 KiB past the row's end
          bytes[8 + 8 + 4 + 1] = 0x10;
        }
        w.write(bytes, org.apache.spark.unsafe.Platform.BYTE_ARRAY_OFFSET, bytes.length);
      }
    }
    String path = dir.toString();
    assertEquals(
        10L,
        spark.read().format("zerorow").load(path).selectExpr("sum(id)").first().getLong(0),
        "the ids are read: the bad name is not");
    Exception e =
        assertThrows(
            Exception.class,
            () -> spark.read().format("zerorow").load(path).select("name").collectAsList());
    String text = String.valueOf(e.getMessage()) + String.valueOf(e.getCause());
    assertTrue(text.contains("invalid_data at name") && text.contains("row 3"), text);
  }

  @Test
  void saveModes() throws IOException {
    String dir = tmp.resolve("modes").toString();
    orders(10).coalesce(1).write().format("zerorow").mode(SaveMode.ErrorIfExists).save(dir);
    Exception e =
        assertThrows(
            Exception.class,
            () -> orders(10).write().format("zerorow").mode(SaveMode.ErrorIfExists).save(dir));
    assertTrue(EncodeDecodeTest.rootMessage(e).contains("already exists"), e.getMessage());
    orders(10).coalesce(1).write().format("zerorow").mode(SaveMode.Ignore).save(dir);
    assertEquals(10, spark.read().format("zerorow").load(dir).count(), "ignore kept the data");
    orders(10).coalesce(1).write().format("zerorow").mode(SaveMode.Append).save(dir);
    assertEquals(20, spark.read().format("zerorow").load(dir).count());
    orders(7).write().format("zerorow").mode(SaveMode.Overwrite).save(dir);
    assertEquals(7, spark.read().format("zerorow").load(dir).count());
  }

  @Test
  void failedTaskLeavesNoFile() throws IOException {
    String dir = tmp.resolve("failed").toString();
    UDF1<Long, Long> boom =
        id -> {
          if (TaskContext.getPartitionId() == 1 && id % 100 == 50) {
            throw new IllegalStateException("task failed on purpose");
          }
          return id;
        };
    Dataset<Row> df =
        spark
            .range(0, 400, 1, 4)
            .select(
                udf(boom, org.apache.spark.sql.types.DataTypes.LongType).apply(col("id")).as("id"));
    Exception e = assertThrows(Exception.class, () -> df.write().format("zerorow").save(dir));
    assertTrue(EncodeDecodeTest.rootMessage(e).contains("task failed on purpose"));
    awaitNoRunningTasks(); // tasks killed by the failure run their own abort after the job's
    Path d = Path.of(dir);
    List<String> left = new ArrayList<>();
    if (Files.exists(d)) {
      try (Stream<Path> s = Files.walk(d)) {
        s.filter(Files::isRegularFile).forEach(p -> left.add(p.toString()));
      }
    }
    assertEquals(List.of(), left, "the aborted job leaves no file, committed or not");
  }

  private void awaitNoRunningTasks() {
    long end = System.currentTimeMillis() + 20_000;
    while (System.currentTimeMillis() < end) {
      int running = 0;
      for (org.apache.spark.SparkExecutorInfo e :
          spark.sparkContext().statusTracker().getExecutorInfos()) {
        running += e.numRunningTasks();
      }
      if (running == 0) {
        return;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
    }
    throw new AssertionError("tasks still running 20 s after the job failed");
  }

  /** Failures of first attempts, counted in this JVM (local mode runs the tasks here). */
  private static final java.util.concurrent.atomic.AtomicInteger FIRST_ATTEMPTS_FAILED =
      new java.util.concurrent.atomic.AtomicInteger();

  /**
   * A task that fails on its first attempt, half-way through its rows, and succeeds on the retry
   * (the session allows one retry: local[2,2]): the output holds exactly one file per partition,
   * each row once, and nothing of the failed attempt.
   */
  @Test
  void aRetriedTaskLeavesOnlyTheCommittedFiles() throws IOException {
    String dir = tmp.resolve("retried").toString();
    UDF1<Long, Long> flaky =
        id -> {
          TaskContext task = TaskContext.get();
          if (task.partitionId() == 1 && task.attemptNumber() == 0 && id % 100 == 50) {
            FIRST_ATTEMPTS_FAILED.incrementAndGet();
            throw new IllegalStateException("first attempt failed on purpose");
          }
          return id;
        };
    int before = FIRST_ATTEMPTS_FAILED.get();
    spark
        .range(0, 400, 1, 4)
        .select(udf(flaky, org.apache.spark.sql.types.DataTypes.LongType).apply(col("id")).as("id"))
        .write()
        .format("zerorow")
        .save(dir);
    assertEquals(1, FIRST_ATTEMPTS_FAILED.get() - before, "partition 1 failed once");
    List<String> all = new ArrayList<>();
    try (Stream<Path> s = Files.walk(Path.of(dir))) {
      s.filter(p -> !p.equals(Path.of(dir)) && !p.getFileName().toString().matches("[._].*"))
          .forEach(p -> all.add(Path.of(dir).relativize(p).toString()));
    }
    all.sort(null);
    assertEquals(4, all.size(), "one file per partition and nothing else: " + all);
    for (int p = 0; p < 4; p++) {
      assertTrue(
          all.get(p).matches(String.format("part-%05d-[-0-9a-f]{36}-c000\\.zrow", p)), all.get(p));
    }
    Dataset<Row> back = spark.read().format("zerorow").load(dir);
    assertEquals(400, back.count());
    assertEquals(400, back.distinct().count());
    assertEquals(79800L, back.selectExpr("sum(id)").first().getLong(0));
  }

  /**
   * Row files on a Hadoop file system that is not the local one (OtherSchemeFs: scheme "zrtest"):
   * written through Hadoop's API and read with positioned reads (HadoopChannel), decoded, pruned
   * and raw.
   */
  @Test
  void rowFilesOnAnotherHadoopFileSystem() throws IOException {
    String dir = "zrtest://" + tmp.resolve("remote").toAbsolutePath();
    String impl = OtherSchemeFs.class.getName();
    Dataset<Row> df = orders(300);
    df.write().format("zerorow").option("fs.zrtest.impl", impl).save(dir);
    assertEquals(3, dataFiles(tmp.resolve("remote")).size(), "one file per task, on disk");
    int opened = OtherSchemeFs.OPENED.get();
    Dataset<Row> back = spark.read().format("zerorow").option("fs.zrtest.impl", impl).load(dir);
    assertEquals(json(df), json(back), "decoded");
    assertTrue(OtherSchemeFs.OPENED.get() - opened >= 3, "each task read its file there");
    assertEquals(
        json(df.select("order_id", "items")), json(back.select("order_id", "items")), "pruned");
    Dataset<Row> raw =
        spark
            .read()
            .format("zerorow")
            .option("fs.zrtest.impl", impl)
            .option("mode", "raw")
            .load(dir);
    String schema = raw.schema().fields()[0].metadata().getString("zerorow.schema");
    assertEquals(
        json(df),
        json(raw.select(ZerorowFunctions.zerorow_decode(col("row"), schema).as("d")).select("d.*")),
        "raw");
  }

  /**
   * The local disk under another scheme, so that nothing treats it as a local file; counts the
   * files that tasks open (the driver reads footers too).
   */
  public static final class OtherSchemeFs extends org.apache.hadoop.fs.RawLocalFileSystem {
    static final java.util.concurrent.atomic.AtomicInteger OPENED =
        new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public java.net.URI getUri() {
      return java.net.URI.create("zrtest:///");
    }

    @Override
    public String getScheme() {
      return "zrtest";
    }

    @Override
    public org.apache.hadoop.fs.FSDataInputStream open(org.apache.hadoop.fs.Path f, int bufferSize)
        throws IOException {
      if (TaskContext.get() != null) {
        OPENED.incrementAndGet();
      }
      return super.open(f, bufferSize);
    }
  }

  @Test
  void manyFilesAndDifferentSchemas() throws IOException {
    String dir = tmp.resolve("many").toString();
    spark
        .range(0, 1000, 1, 20)
        .selectExpr("id", "cast(id AS string) AS s")
        .write()
        .format("zerorow")
        .save(dir);
    assertEquals(20, dataFiles(Path.of(dir)).size());
    Dataset<Row> back = spark.read().format("zerorow").load(dir);
    // Spark packs small files into a few partitions (spark.sql.files.maxPartitionBytes and
    // openCostInBytes), as for Parquet
    assertEquals(
        spark.read().parquet(writeParquet(dir)).rdd().getNumPartitions(),
        back.rdd().getNumPartitions());
    assertEquals(499500L, back.selectExpr("sum(id)").first().getLong(0));

    String other = tmp.resolve("mixed").toString();
    spark.range(3).coalesce(1).write().format("zerorow").save(other);
    spark
        .range(3)
        .selectExpr("id AS other")
        .coalesce(1)
        .write()
        .format("zerorow")
        .mode(SaveMode.Append)
        .save(other);
    Exception e =
        assertThrows(Exception.class, () -> spark.read().format("zerorow").load(other).count());
    String msg = e.getMessage();
    List<Path> files = dataFiles(Path.of(other));
    assertTrue(msg.contains("row files of different schemas"), msg);
    assertTrue(
        msg.contains(files.get(0).getFileName().toString())
            && msg.contains(files.get(1).getFileName().toString()),
        msg);
  }

  /** The files of {@code dir} rewritten as Parquet beside it, one file per row file. */
  private String writeParquet(String dir) {
    String out = dir + "-parquet";
    Dataset<Row> df = spark.read().format("zerorow").load(dir);
    df.repartition(dataFilesUnchecked(dir)).write().parquet(out);
    return out;
  }

  private int dataFilesUnchecked(String dir) {
    try {
      return dataFiles(Path.of(dir)).size();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aUserSchemaIsTheReaderSchema() throws IOException {
    String dir = tmp.resolve("s").toString();
    spark.range(3).coalesce(1).write().format("zerorow").save(dir);
    // a nullable column the files lack reads as null (SPEC §13.1); EvolutionTest has the rest
    List<Row> rows =
        spark
            .read()
            .format("zerorow")
            .schema(new StructType().add("x", "string"))
            .load(dir)
            .collectAsList();
    assertEquals(3, rows.size());
    assertTrue(rows.stream().allMatch(r -> r.isNullAt(0)));
    // as for every Spark file source, a given schema is made nullable: NOT NULL is not refused
    assertEquals(
        3,
        spark
            .read()
            .format("zerorow")
            .schema(new StructType().add("x", "string", false))
            .load(dir)
            .where("x IS NULL")
            .count());
  }

  /**
   * Options compression and checksum (SPEC §5.1, §5.2) on writes, checksums verified on reads, and
   * option recover (SPEC §5.3) for a cut file.
   */
  @Test
  void compressionChecksumsAndRecovery() throws IOException {
    Dataset<Row> df = orders(300);
    List<String> expected = json(df);
    for (String[] o : new String[][] {{"zstd", "true"}, {"lz4", "false"}, {"none", "true"}}) {
      String dir = tmp.resolve("c-" + o[0] + o[1]).toString();
      df.write().format("zerorow").option("compression", o[0]).option("checksum", o[1]).save(dir);
      assertEquals(expected, json(spark.read().format("zerorow").load(dir)), o[0]);
      try (RowFileReader r = RowFileReader.open(dataFiles(Path.of(dir)).get(0))) {
        assertEquals(Boolean.parseBoolean(o[1]), r.batch(0).checksummed(), o[0] + " " + o[1]);
      }
    }
    // a flipped byte inside a value: only the checksum sees it
    Path file = dataFiles(tmp.resolve("c-nonetrue")).get(0);
    byte[] row0;
    try (RowFileReader r = RowFileReader.open(file)) {
      row0 = r.batch(0).row(0).toBytes();
    }
    byte[] bytes = Files.readAllBytes(file);
    int at = indexOf(bytes, row0);
    bytes[at + row0.length - 8 + 1] ^= 0x10; // a byte of the row's last body
    Files.write(file, bytes);
    String m =
        EncodeDecodeTest.rootMessage(
            assertThrows(
                Exception.class,
                () -> spark.read().format("zerorow").load(file.toString()).collectAsList()));
    assertTrue(
        java.util.regex.Pattern.compile(": row 0 \\(batch 0(, byte \\d+)?\\): crc32c is 0x")
            .matcher(m)
            .find(),
        m);

    // a cut file: refused naming where it ends, or read up to the cut with recover
    Schema schema =
        Schema.of(Field.of("id", DataTypes.INT64, false), Field.of("s", DataTypes.STRING, true));
    Path whole = tmp.resolve("whole.zrow");
    RowWriter w = new RowWriter(schema);
    try (RowFileWriter out =
        RowFileWriter.file(
            whole, schema, RowFileWriter.Options.defaults().withBatch(10, 1 << 20))) {
      for (int i = 0; i < 35; i++) {
        w.reset();
        w.writeLong(0, i);
        w.writeString(1, "s" + i);
        out.write(w.getRow());
      }
    }
    Path cutDir = Files.createDirectories(tmp.resolve("cut"));
    byte[] all = Files.readAllBytes(whole);
    Path cut = cutDir.resolve("part-0.zrow");
    Files.write(cut, java.util.Arrays.copyOf(all, all.length * 2 / 3));
    m =
        EncodeDecodeTest.rootMessage(
            assertThrows(
                Exception.class,
                () -> spark.read().format("zerorow").load(cutDir.toString()).count()));
    assertTrue(m.contains("row file ") && m.contains(" without its footer"), m);
    Dataset<Row> recovered =
        spark.read().format("zerorow").option("recover", "true").load(cutDir.toString());
    long n = recovered.count();
    assertTrue(n > 0 && n < 35 && n % 10 == 0, "complete batches of 10 rows: " + n);
    assertEquals(n * (n - 1) / 2, recovered.selectExpr("sum(id)").first().getLong(0));
  }

  /** format-spec/vectors/files/{@code name}/file.zrow of this checkout (a missing one fails). */
  static Path fileVector(String name) {
    String root = System.getenv("ZEROROW_ROOT");
    Path dir = root != null ? Path.of(root) : Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("format-spec/vectors/files"))) {
      dir = root != null ? null : dir.getParent();
    }
    assertTrue(dir != null, "format-spec/vectors/files not found");
    Path file = dir.resolve("format-spec/vectors/files").resolve(name).resolve("file.zrow");
    assertTrue(Files.isRegularFile(file), "the vector " + file + " is missing");
    return file;
  }

  /** The first node of {@code plan} (depth first) that has metric {@code name}, or null. */
  static org.apache.spark.sql.execution.SparkPlan withMetric(
      org.apache.spark.sql.execution.SparkPlan plan, String name) {
    if (plan instanceof org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec) {
      plan = ((org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec) plan).executedPlan();
    }
    if (plan.metrics().contains(name)) {
      return plan;
    }
    for (int i = 0; i < plan.children().length(); i++) {
      org.apache.spark.sql.execution.SparkPlan p = withMetric(plan.children().apply(i), name);
      if (p != null) {
        return p;
      }
    }
    return null;
  }

  /**
   * Option recover's counts as DataSource V2 metrics (SPEC §5.3), in the plan's metrics and the SQL
   * UI: the golden cut files (expected.json: 3 rows recovered and 4 lost; 9 and none; 9 and none)
   * read in one scan.
   */
  @Test
  void recoveryCountsAreTheScansMetrics() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("cut-vectors"));
    for (String name : List.of("cut_mid_batch", "footer_missing", "damaged_footer")) {
      Files.copy(fileVector(name), dir.resolve(name + ".zrow"));
    }
    Dataset<Row> df = spark.read().format("zerorow").option("recover", "true").load(dir.toString());
    assertEquals(21, df.collectAsList().size());
    org.apache.spark.sql.execution.SparkPlan scan =
        withMetric(df.queryExecution().executedPlan(), RecoveryMetrics.RECOVERED_ROWS);
    assertTrue(scan != null, df.queryExecution().executedPlan().toString());
    assertEquals(21L, scan.metrics().apply(RecoveryMetrics.RECOVERED_ROWS).value());
    assertEquals(4L, scan.metrics().apply(RecoveryMetrics.LOST_ROWS).value());
    assertEquals(3L, scan.metrics().apply(RecoveryMetrics.CUT_FILES).value());
    assertEquals(
        "rows recovered from cut row files",
        scan.metrics().apply(RecoveryMetrics.RECOVERED_ROWS).name().get());
    // whole files with recover: the metrics are there, at 0; without recover, not declared
    Dataset<Row> whole =
        spark
            .read()
            .format("zerorow")
            .option("recover", "true")
            .load(fileVector("good").toString());
    assertEquals(9, whole.collectAsList().size());
    org.apache.spark.sql.execution.SparkPlan wholeScan =
        withMetric(whole.queryExecution().executedPlan(), RecoveryMetrics.CUT_FILES);
    assertEquals(0L, wholeScan.metrics().apply(RecoveryMetrics.CUT_FILES).value());
    Dataset<Row> plain = spark.read().format("zerorow").load(fileVector("good").toString());
    assertEquals(9, plain.collectAsList().size());
    assertEquals(
        null, withMetric(plain.queryExecution().executedPlan(), RecoveryMetrics.CUT_FILES));
  }

  private static int indexOf(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int k = 0; k < needle.length; k++) {
        if (hay[i + k] != needle[k]) {
          continue outer;
        }
      }
      return i;
    }
    throw new AssertionError("the row is not in the file");
  }
}
