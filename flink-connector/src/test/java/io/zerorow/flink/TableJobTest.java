package io.zerorow.flink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.ZerorowException;
import io.zerorow.arrow.RowFileReader;
import io.zerorow.arrow.RowFileWriter;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Table API jobs: row files through the filesystem connector, and the SQL functions. */
class TableJobTest {
  /** Keeps every job's metrics, so a test reads them after the job finished. */
  static final InMemoryReporter REPORTER = InMemoryReporter.createWithRetainedMetrics();

  @RegisterExtension
  static final MiniClusterExtension CLUSTER =
      new MiniClusterExtension(
          new org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration.Builder()
              .setConfiguration(REPORTER.addToConfiguration(new Configuration()))
              .setNumberTaskManagers(1)
              .setNumberSlotsPerTaskManager(2)
              .build());

  /** The schema of the input files, written as another producer would (SPEC §4.1 JSON). */
  static final Schema ORDERS =
      Schema.fromJson(
          "{\"type\":\"struct\",\"fields\":["
              + "{\"name\":\"id\",\"type\":\"int64\",\"nullable\":false},"
              + "{\"name\":\"name\",\"type\":\"string\",\"nullable\":true},"
              + "{\"name\":\"score\",\"type\":\"float64\",\"nullable\":true},"
              + "{\"name\":\"tags\",\"type\":{\"type\":\"list\",\"element\":\"string\",\"element_nullable\":true},\"nullable\":true}]}");

  static void writeOrders(Path file, int from, int n) throws Exception {
    RowWriter w = new RowWriter(ORDERS);
    io.zerorow.writer.ArrayWriter tags =
        new io.zerorow.writer.ArrayWriter(
            (io.zerorow.type.DataTypes.ListType) ORDERS.field(3).type(), w);
    try (RowFileWriter out = RowFileWriter.file(file, ORDERS)) {
      for (int i = from; i < from + n; i++) {
        w.reset();
        w.writeInt64(0, i);
        w.writeString(1, "order-" + i);
        w.writeFloat64(2, i % 10 / 10.0);
        int c = w.cursor();
        tags.initialize(1);
        tags.writeString(0, "t" + i % 3);
        w.setOffsetAndSize(3, c);
        out.write(w.getRow());
      }
    }
  }

  static List<Row> collect(TableEnvironment t, String sql) throws Exception {
    return rows(t.executeSql(sql));
  }

  /**
   * Every row of a result. The iterator is closed in a finally block, not by try-with-resources:
   * its close() may throw InterruptedException, which such a block would hide (javac -Xlint:try).
   */
  static List<Row> rows(TableResult result) throws Exception {
    List<Row> rows = new ArrayList<>();
    CloseableIterator<Row> it = result.collect();
    try {
      it.forEachRemaining(rows::add);
    } finally {
      it.close();
    }
    return rows;
  }

  @Test
  void readProjectAndWriteRowFiles(@TempDir Path dir) throws Exception {
    Path in = Files.createDirectories(dir.resolve("in"));
    writeOrders(in.resolve("part-0.zr"), 0, 300);
    writeOrders(in.resolve("part-1.zr"), 300, 200);
    Path out = dir.resolve("out");
    TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
    t.getConfig().set("execution.checkpointing.interval", "200 ms");
    t.getConfig().set("parallelism.default", "2");
    t.executeSql(
        "CREATE TABLE orders (id BIGINT NOT NULL, name STRING, score DOUBLE, "
            + "tags ARRAY<STRING>) WITH ('connector' = 'filesystem', 'path' = '"
            + in.toUri()
            + "', 'format' = 'zerorow')");
    t.executeSql(
        "CREATE TABLE good (id BIGINT NOT NULL, name STRING) WITH ("
            + "'connector' = 'filesystem', 'path' = '"
            + out.toUri()
            + "', 'format' = 'zerorow')");
    // the projection reaches the format: only id, name and score are read
    String plan = t.explainSql("SELECT id, name FROM orders WHERE score > 0.45");
    assertTrue(plan.contains("project=[id, name, score]"), plan);
    t.executeSql("INSERT INTO good SELECT id, name FROM orders WHERE score > 0.45").await();

    // the written files are row files any zerorow reader opens (SPEC §5)
    List<Path> parts;
    try (Stream<Path> s = Files.walk(out)) {
      parts =
          s.filter(p -> Files.isRegularFile(p) && !p.getFileName().toString().startsWith("."))
              .collect(Collectors.toList());
    }
    assertFalse(parts.isEmpty());
    TreeSet<Long> ids = new TreeSet<>();
    for (Path p : parts) {
      try (RowFileReader r = RowFileReader.open(p)) {
        for (BinaryRow row : r) {
          assertEquals("order-" + row.getInt64(0), row.getString(1));
          ids.add(row.getInt64(0));
        }
      }
    }
    TreeSet<Long> expected = new TreeSet<>();
    for (long i = 0; i < 500; i++) {
      if (i % 10 / 10.0 > 0.45) {
        expected.add(i);
      }
    }
    assertEquals(expected, ids);
    // and the filesystem connector reads them back
    List<Row> back = collect(t, "SELECT COUNT(*), SUM(id) FROM good");
    Row last = back.get(back.size() - 1); // streaming: the last update holds the totals
    assertEquals((long) expected.size(), last.getField(0));
    assertEquals(expected.stream().mapToLong(x -> x).sum(), last.getField(1));
  }

  /**
   * A directory of a complete file, a file cut inside its third batch and one whose writer never
   * finished it (two batches flushed): through SQL the query fails naming a file and the byte where
   * it ends; with 'zerorow.ignore-parse-errors' it reads every complete batch and nothing else, in
   * the decoded and in the raw mode; raw rows written back read the same.
   */
  @Test
  void cutAndUnfinishedFilesThroughSqlDecodedAndRaw(@TempDir Path dir) throws Exception {
    Path in = Files.createDirectories(dir.resolve("in"));
    RowFileFormatTest.writeIds(in.resolve("part-0.arrow"), 0, 10, true);
    Path whole = RowFileFormatTest.writeIds(dir.resolve("whole.arrow"), 100, 10, true);
    byte[] b = Files.readAllBytes(whole);
    Files.write(
        in.resolve("part-1.arrow"),
        java.util.Arrays.copyOf(b, (int) RowFileFormatTest.lastBatchOffset(whole) + 10));
    try (RowFileWriter open =
        RowFileWriter.file(
            dir.resolve("open.arrow"),
            RowFileFormatTest.SCHEMA,
            io.zerorow.arrow.ArrowUtils.rootAllocator(),
            4,
            1 << 20)) {
      RowFileFormatTest.writeIds(open, 200, 10);
      Files.copy(dir.resolve("open.arrow"), in.resolve("part-2.arrow"));
    }
    TreeSet<Long> complete = new TreeSet<>();
    for (long i : new long[] {0, 100, 200}) {
      for (long k = 0; k < (i == 0 ? 10 : 8); k++) {
        complete.add(i + k);
      }
    }
    TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    t.getConfig().set("parallelism.default", "2");
    String files =
        "'connector' = 'filesystem', 'path' = '" + in.toUri() + "', 'format' = 'zerorow'";
    t.executeSql("CREATE TABLE strict (id BIGINT NOT NULL, name STRING) WITH (" + files + ")");
    Exception e = assertThrows(Exception.class, () -> collect(t, "SELECT id FROM strict"));
    String m = ExceptionUtils.stringifyException(e);
    assertTrue(m.contains("truncated at <row>: row file file:" + in), m);
    assertTrue(m.contains(": the file ends at byte "), m);

    t.executeSql(
        "CREATE TABLE lenient (id BIGINT NOT NULL, name STRING) WITH ("
            + files
            + ", 'zerorow.ignore-parse-errors' = 'true')");
    TreeSet<Long> ids = new TreeSet<>();
    for (Row r : collect(t, "SELECT id, name FROM lenient")) {
      assertEquals("name-" + r.getField(0), r.getField(1));
      assertTrue(ids.add((Long) r.getField(0)), "once: " + r);
    }
    assertEquals(complete, ids);

    String schema = RowFileFormatTest.SCHEMA.toJson();
    t.executeSql("CREATE TEMPORARY FUNCTION zerorow_decode AS 'io.zerorow.flink.ZerorowDecode'");
    t.executeSql(
        "CREATE TABLE raw_in (`row` BYTES) WITH ("
            + files
            + ", 'zerorow.ignore-parse-errors' = 'true', 'zerorow.mode' = 'raw', 'zerorow.schema' = '"
            + schema
            + "')");
    Path out = dir.resolve("out");
    t.executeSql(
        "CREATE TABLE raw_out (`row` BYTES) WITH ('connector' = 'filesystem', 'path' = '"
            + out.toUri()
            + "', 'format' = 'zerorow', 'zerorow.mode' = 'raw', 'zerorow.schema' = '"
            + schema
            + "')");
    t.executeSql("INSERT INTO raw_out SELECT `row` FROM raw_in").await();
    TreeSet<Long> back = new TreeSet<>();
    try (Stream<Path> s = Files.walk(out)) {
      for (Path p : (Iterable<Path>) s.filter(Files::isRegularFile)::iterator) {
        if (!p.getFileName().toString().startsWith(".")) {
          try (RowFileReader r = RowFileReader.open(p, RowFileFormatTest.SCHEMA)) {
            for (BinaryRow row : r) {
              assertEquals("name-" + row.getInt64(0), row.getString(1));
              back.add(row.getInt64(0));
            }
          }
        }
      }
    }
    assertEquals(complete, back);
  }

  @Test
  void sqlFunctionsEncodeAndDecodeRows() throws Exception {
    TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    t.executeSql("CREATE TEMPORARY FUNCTION zerorow_encode AS 'io.zerorow.flink.ZerorowEncode'");
    t.executeSql("CREATE TEMPORARY FUNCTION zerorow_decode AS 'io.zerorow.flink.ZerorowDecode'");
    String schema =
        "{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"int64\",\"nullable\":true},"
            + "{\"name\":\"name\",\"type\":\"string\",\"nullable\":true}]}";
    List<Row> rows =
        collect(
            t,
            "SELECT r.id, r.name, b FROM ("
                + "SELECT zerorow_decode(b, '"
                + schema
                + "') AS r, b FROM ("
                + "SELECT zerorow_encode(CAST(ROW(id, name) AS ROW<id BIGINT, name STRING>)) AS b "
                + "FROM (VALUES (1, 'ada'), (2, CAST(NULL AS STRING))) AS v(id, name)))");
    // A batch job with parallel tasks gives the rows in any order.
    rows = new java.util.ArrayList<>(rows);
    rows.sort(java.util.Comparator.comparing(r -> (Long) r.getField(0)));
    assertEquals(2, rows.size());
    assertEquals(1L, rows.get(0).getField(0));
    assertEquals("ada", rows.get(0).getField(1));
    assertEquals(8 + 16 + 8, ((byte[]) rows.get(0).getField(2)).length); // bitmap, 2 slots, "ada"
    assertEquals(2L, rows.get(1).getField(0));
    assertEquals(null, rows.get(1).getField(1));
    assertEquals(8 + 16, ((byte[]) rows.get(1).getField(2)).length);

    // A bare ROW(...) constructor (fields EXPR$0, EXPR$1) gives the same bytes: the planner
    // asks the type inference before it has validated the constructor (Flink 1.20).
    List<Row> bare =
        collect(
            t,
            "SELECT zerorow_encode(ROW(id, name)) AS b "
                + "FROM (VALUES (CAST(1 AS BIGINT), 'ada')) AS v(id, name)");
    assertEquals(1, bare.size());
    assertArrayEquals((byte[]) rows.get(0).getField(2), (byte[]) bare.get(0).getField(0));
  }

  static final String NAMES =
      "{\"type\":\"struct\",\"fields\":["
          + "{\"name\":\"id\",\"type\":\"int64\",\"nullable\":true},"
          + "{\"name\":\"name\",\"type\":\"string\",\"nullable\":true}]}";

  /** The row (id, name) of schema NAMES; malformed: name's reference points past the row. */
  static byte[] nameRow(long id, String name, boolean malformed) {
    RowWriter w = new RowWriter(Schema.fromJson(NAMES));
    w.reset();
    w.writeInt64(0, id);
    w.writeString(1, name);
    byte[] row = w.toByteArray();
    if (malformed) {
      row[8 + 8 + 7] = 0x7f; // the high byte of name's offset (slot 1, after the bitmap)
    }
    return row;
  }

  @Test
  void decodeOfMalformedBytesFailsOrGivesNull() {
    byte[] bad = nameRow(2, "bob", true);
    ZerorowDecode failfast = new ZerorowDecode(NAMES, false);
    assertEquals("ada", failfast.eval(nameRow(1, "ada", false), NAMES).getString(1).toString());
    ZerorowException e = assertThrows(ZerorowException.class, () -> failfast.eval(bad, NAMES));
    assertEquals("name", e.path());
    assertTrue(
        e.getMessage().startsWith("invalid_data at name: zerorow_decode, value 1 (32 " + "bytes;"),
        e.getMessage());
    assertTrue(e.getMessage().contains("expected offset+size <= 32 but found"), e.getMessage());
    assertTrue(e.getMessage().contains("'PERMISSIVE'"), e.getMessage());

    ZerorowDecode permissive = new ZerorowDecode(NAMES, true);
    assertNull(permissive.eval(bad, NAMES));
    assertNull(permissive.eval(bad, NAMES, "PERMISSIVE"));
    assertEquals(3L, permissive.eval(nameRow(3, "cy", false), NAMES).getLong(0));
    assertEquals(2, permissive.parseErrors());
  }

  /** The row of ORDERS {@code i}; malformed: name's reference points past the row. */
  static byte[] orderRow(long i, boolean malformed) {
    RowWriter w = new RowWriter(ORDERS);
    io.zerorow.writer.ArrayWriter tags =
        new io.zerorow.writer.ArrayWriter(
            (io.zerorow.type.DataTypes.ListType) ORDERS.field(3).type(), w);
    w.reset();
    w.writeInt64(0, i);
    w.writeString(1, "order-" + i);
    w.writeFloat64(2, i / 10.0);
    int c = w.cursor();
    tags.initialize(1);
    tags.writeString(0, "t" + i);
    w.setOffsetAndSize(3, c);
    byte[] row = w.toByteArray();
    if (malformed) {
      row[8 + 8 + 7] = 0x7f; // the high byte of name's offset (slot 1, after the bitmap)
    }
    return row;
  }

  /** Values 0-9 of ORDERS; 3, 5, 7 and 9 malformed. */
  static final List<Integer> MALFORMED = List.of(3, 5, 7, 9);

  /** The parse errors counted by the job's zerorow_decode instances (metric, all subtasks). */
  static long parseErrors(TableResult result) {
    org.apache.flink.api.common.JobID job = result.getJobClient().orElseThrow().getJobID();
    long n = 0;
    for (org.apache.flink.metrics.Metric m :
        REPORTER.findMetrics(job, ZerorowDecode.PARSE_ERRORS_METRIC).values()) {
      n += ((org.apache.flink.metrics.Counter) m).getCount();
    }
    return n;
  }

  /**
   * zerorow_decode runs once per input value, whether the query reads one of its fields, three or
   * all: PERMISSIVE counts each malformed value once, FAILFAST numbers the value by its position.
   */
  @Test
  void decodeRunsOncePerValueHoweverManyFieldsAreRead() throws Exception {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(1);
    StreamTableEnvironment t = StreamTableEnvironment.create(env);
    t.executeSql("CREATE TEMPORARY FUNCTION zerorow_decode AS 'io.zerorow.flink.ZerorowDecode'");
    // from a stream, not literals: the planner would fold a call on constants while planning
    List<byte[]> values = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      values.add(orderRow(i, MALFORMED.contains(i)));
    }
    t.createTemporaryView(
        "v",
        t.fromDataStream(
                env.fromData(values, PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO))
            .as("b"));
    String decode = "zerorow_decode(b, '" + ORDERS.toJson() + "'";
    for (String fields :
        List.of("r.id", "r.id, r.name, r.score", "r.id, r.name, r.score, r.tags")) {
      TableResult result =
          t.executeSql(
              "SELECT " + fields + " FROM (SELECT " + decode + ", 'PERMISSIVE') AS r FROM v)");
      List<Row> rows = rows(result);
      assertEquals(10, rows.size(), fields);
      for (int i = 0; i < 10; i++) {
        Object id = rows.get(i).getField(0);
        assertEquals(MALFORMED.contains(i) ? null : (long) i, id, fields + ": row " + i);
      }
      assertEquals(MALFORMED.size(), parseErrors(result), fields);
    }
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                collect(
                    t, "SELECT r.id, r.name, r.score FROM (SELECT " + decode + ") AS r FROM v)"));
    String m = ExceptionUtils.stringifyException(e);
    assertTrue(m.contains("invalid_data at name: zerorow_decode, value 3 ("), m);

    ValidationException mode =
        assertThrows(
            ValidationException.class,
            () -> t.explainSql("SELECT " + decode + ", 'LENIENT') FROM v"));
    assertTrue(
        ExceptionUtils.stringifyException(mode).contains("expects 'FAILFAST' or 'PERMISSIVE'"),
        ExceptionUtils.stringifyException(mode));
    // a schema that is not one: a validation error naming the argument, not a planner bug
    for (String bad :
        List.of(
            "{not json",
            "{\"type\":\"struct\",\"fields\":[{\"name\":\"x\",\"type\":\"int128\"}]}")) {
      ValidationException schema =
          assertThrows(
              ValidationException.class,
              () -> t.explainSql("SELECT zerorow_decode(b, '" + bad + "').x FROM v"));
      String text = ExceptionUtils.stringifyException(schema);
      assertTrue(text.contains("zerorow_decode's second argument is not a zerorow schema"), text);
      assertFalse(text.contains("This is a bug"), text);
    }
  }

  /** Every part file of a sink directory (not the hidden in-progress ones). */
  static List<Path> partFiles(Path dir) throws Exception {
    return io.zerorow.connector.RowFileListing.list(
            new FlinkFiles(), new org.apache.flink.core.fs.Path(dir.toUri()), true)
        .stream()
        .map(e -> Path.of(e.path().toUri()))
        .collect(Collectors.toList());
  }

  /**
   * SPEC 1.2's types through row files (README: Type mapping; nested ones in FormatFactoryTest and
   * ZerorowRowDataTest: Flink 1.20's code generator fails on an ARRAY of BINARY literals): a Table
   * API job writes BINARY(n), INTERVAL YEAR TO MONTH, INTERVAL DAY TO SECOND, CHAR/VARCHAR(n) (and
   * VARIANT from PARSE_JSON on Flink 2.x) and reads them back equal; the files hold fixed_binary,
   * interval_ym, duration, string and variant; a file written elsewhere with null and uuid fields
   * reads as NULLs and BINARY(16) (SPEC §13.3).
   */
  @Test
  void spec12TypesThroughRowFiles(@TempDir Path dir) throws Exception {
    // (Flink's SQL has no CAST to an interval type: a null interval comes from NULLIF)
    boolean variant = VariantShim.HAS_VARIANT;
    TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    t.getConfig().set("parallelism.default", "1");
    Path out = dir.resolve("out");
    // Flink's SQL DDL has no interval column types: the table comes from the Table API
    org.apache.flink.table.api.Schema.Builder columns =
        org.apache.flink.table.api.Schema.newBuilder()
            .column("id", org.apache.flink.table.api.DataTypes.BIGINT().notNull())
            .column("fb", org.apache.flink.table.api.DataTypes.BINARY(4))
            .column(
                "ym",
                org.apache.flink.table.api.DataTypes.INTERVAL(
                    org.apache.flink.table.api.DataTypes.YEAR(),
                    org.apache.flink.table.api.DataTypes.MONTH()))
            .column(
                "dt",
                org.apache.flink.table.api.DataTypes.INTERVAL(
                    org.apache.flink.table.api.DataTypes.DAY(),
                    org.apache.flink.table.api.DataTypes.SECOND(3)))
            .column("c", org.apache.flink.table.api.DataTypes.CHAR(3))
            .column("vc", org.apache.flink.table.api.DataTypes.VARCHAR(5));
    if (variant) {
      columns.column(
          "v",
          org.apache.flink.table.types.utils.TypeConversions.fromLogicalToDataType(
              VariantShim.toFlink(true, "v")));
    }
    t.createTemporaryTable(
        "kinds",
        org.apache.flink.table.api.TableDescriptor.forConnector("filesystem")
            .schema(columns.build())
            .option("path", out.toUri().toString())
            .format("zerorow")
            .build());
    // the variant from PARSE_JSON over a string column (NULL on row 2): Flink 2.2's planner
    // cannot unify a VARIANT expression with a NULL literal (VALUES rows, CASE)
    t.executeSql(
            "INSERT INTO kinds SELECT id, fb, ym, dt, c, vc"
                + (variant ? ", PARSE_JSON(j)" : "")
                + " FROM (VALUES"
                + " (CAST(1 AS BIGINT), X'01020304', INTERVAL '1-2' YEAR TO MONTH,"
                + " INTERVAL '1 02:03:04.005' DAY TO SECOND(3), 'abc', 'hello', '{\"a\":[1,\"x\",null],\"b\":2.5}'),"
                + " (CAST(2 AS BIGINT), CAST(NULL AS BINARY(4)), INTERVAL '-3' MONTH,"
                + " NULLIF(INTERVAL '1' SECOND, INTERVAL '1' SECOND), CAST(NULL AS CHAR(3)), 'x',"
                + " CAST(NULL AS STRING)))"
                + " AS v(id, fb, ym, dt, c, vc, j)")
        .await();

    // the files are row files of the SPEC 1.2 types, values as any zerorow reader sees them
    List<Path> parts = partFiles(out);
    assertEquals(1, parts.size(), parts.toString());
    List<BinaryRow> written = new ArrayList<>();
    try (RowFileReader r = RowFileReader.open(parts.get(0))) {
      Schema s = r.schema();
      assertEquals("{\"type\":\"fixed_binary\",\"size\":4}", s.field("fb").type().toJson());
      assertEquals("\"interval_ym\"", s.field("ym").type().toJson());
      assertEquals("\"duration\"", s.field("dt").type().toJson());
      assertEquals("\"string\"", s.field("c").type().toJson());
      if (variant) {
        assertEquals("\"variant\"", s.field("v").type().toJson());
      }
      for (BinaryRow row : r) {
        written.add(row.copy());
      }
    }
    written.sort(java.util.Comparator.comparingLong(x -> x.getInt64(0)));
    BinaryRow first = written.get(0);
    assertArrayEquals(new byte[] {1, 2, 3, 4}, first.getBinary(1));
    assertEquals(14, first.getInt(2)); // months
    assertEquals(93_784_005_000L, first.getLong(3)); // µs of 1 day 02:03:04.005
    assertEquals("abc", first.getString(4));
    if (variant) {
      assertEquals("{\"a\":[1,\"x\",null],\"b\":2.5}", first.getVariant(6).toJson());
    }
    assertEquals(-3, written.get(1).getInt(2));

    // and read back through SQL, values equal
    List<Row> back = new ArrayList<>(collect(t, "SELECT * FROM kinds"));
    back.sort(java.util.Comparator.comparing(r -> (Long) r.getField(0)));
    Row a = back.get(0);
    assertArrayEquals(new byte[] {1, 2, 3, 4}, (byte[]) a.getField(1));
    assertEquals(java.time.Period.ofMonths(14), a.getField(2));
    assertEquals(java.time.Duration.parse("P1DT2H3M4.005S"), a.getField(3));
    assertEquals("abc", a.getField(4));
    assertEquals("hello", a.getField(5));
    if (variant) {
      assertEquals("{\"a\":[1,\"x\",null],\"b\":2.5}", a.getField(6).toString());
    }
    Row b = back.get(1);
    assertNull(b.getField(1));
    assertEquals(java.time.Period.ofMonths(-3), b.getField(2));
    assertNull(b.getField(3));
    if (variant) {
      assertNull(b.getField(6));
    }

    // a file from another producer: a null field reads as NULLs of any nullable column, a uuid
    // as BINARY(16) (its RFC 9562 bytes)
    Schema other =
        Schema.fromJson(
            "{\"type\":\"struct\",\"fields\":["
                + "{\"name\":\"id\",\"type\":\"int64\",\"nullable\":false},"
                + "{\"name\":\"n\",\"type\":\"null\",\"nullable\":true},"
                + "{\"name\":\"u\",\"type\":\"uuid\",\"nullable\":true}]}");
    Path in = Files.createDirectories(dir.resolve("in"));
    java.util.UUID uuid = java.util.UUID.fromString("00112233-4455-6677-8899-aabbccddeeff");
    try (RowFileWriter w = RowFileWriter.file(in.resolve("part-0.zr"), other)) {
      RowWriter rw = new RowWriter(other);
      rw.reset();
      rw.writeInt64(0, 7);
      rw.setNullAt(1);
      rw.writeUuid(2, uuid);
      w.write(rw.getRow());
    }
    t.executeSql(
        "CREATE TABLE other (id BIGINT NOT NULL, n STRING, u BINARY(16)) WITH ("
            + "'connector' = 'filesystem', 'path' = '"
            + in.toUri()
            + "', 'format' = 'zerorow')");
    List<Row> rows = collect(t, "SELECT id, n, u FROM other");
    assertEquals(1, rows.size());
    assertNull(rows.get(0).getField(1));
    assertEquals(
        "00112233445566778899aabbccddeeff",
        java.util.HexFormat.of().formatHex((byte[]) rows.get(0).getField(2)));
  }
}
