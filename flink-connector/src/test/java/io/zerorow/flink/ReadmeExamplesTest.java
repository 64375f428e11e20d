package io.zerorow.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Runs every code example of flink-connector/README.md. */
class ReadmeExamplesTest {
  @RegisterExtension
  static final MiniClusterExtension CLUSTER =
      new MiniClusterExtension(
          new org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration.Builder()
              .setNumberTaskManagers(1)
              .setNumberSlotsPerTaskManager(2)
              .build());

  static String readme() throws Exception {
    Path p = Path.of(System.getProperty("zerorow.root"), "flink-connector", "README.md");
    return Files.readString(p, StandardCharsets.UTF_8);
  }

  static List<String> blocks(String lang) throws Exception {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("```" + lang + "\n(.*?)```", Pattern.DOTALL).matcher(readme());
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  @Test
  void javaExampleIsThisTestsCode() throws Exception {
    List<String> java = blocks("java");
    // "Depend on it": the example project's class, which examples/build_and_run.sh checks is that
    // project's source and runs (make test-flink-install)
    java.removeIf(block -> block.startsWith("package example;"));
    assertEquals(3, java.size());
    // the second block (row files as a stream) is DataStreamJobTest's, the third (Schema
    // evolution) what EvolutionTest's restored job runs
    String[] tests = {"ReadmeExamplesTest.java", "DataStreamJobTest.java", "EvolutionTest.java"};
    for (int i = 0; i < tests.length; i++) {
      String source =
          Files.readString(
              Path.of(
                  System.getProperty("zerorow.root"),
                  "flink-connector/src/test/java/io/zerorow/flink/" + tests[i]));
      for (String line : java.get(i).split("\n")) {
        assertTrue(
            source.contains(line.strip()), "README line not run by " + tests[i] + ": " + line);
      }
    }
  }

  @Test
  void javaExample() throws Exception {
    RowType type =
        (RowType)
            DataTypes.ROW(
                    DataTypes.FIELD("user", DataTypes.BIGINT().notNull()),
                    DataTypes.FIELD("page", DataTypes.STRING()))
                .getLogicalType();
    RowDataEncoder encoder = new RowDataEncoder(type); // RowData -> row, getters built once
    Schema schema = encoder.schema();
    List<BinaryRow> rows =
        List.of(
            encoder.encode(GenericRowData.of(1L, StringData.fromString("/home"))).copy(),
            encoder.encode(GenericRowData.of(2L, StringData.fromString("/cart"))).copy(),
            encoder.encode(GenericRowData.of(1L, StringData.fromString("/pay"))).copy());

    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    List<String> pages = new ArrayList<>();
    env.fromData(rows, ZerorowTypeInfo.of(schema)) // no Kryo: pipeline.generic-types may be false
        .keyBy(ZerorowKeys.int64(schema, "user")) // reads one field in place
        .map(row -> new ZerorowRowData(row).getString(1).toString()) // lazy RowData view
        .executeAndCollect()
        .forEachRemaining(pages::add);

    pages.sort(null);
    assertEquals(List.of("/cart", "/home", "/pay"), pages);
  }

  /** Runs a SQL block statement by statement; returns the rows of its last query. */
  static List<Row> runSql(TableEnvironment t, String block) throws Exception {
    List<Row> last = new ArrayList<>();
    for (String statement : block.split(";\n")) {
      String s = statement.strip();
      if (s.isEmpty()) {
        continue;
      }
      TableResult r = t.executeSql(s.endsWith(";") ? s.substring(0, s.length() - 1) : s);
      if (s.startsWith("INSERT")) {
        r.await();
      } else if (s.startsWith("SELECT")) {
        last.clear();
        last.addAll(TableJobTest.rows(r));
      }
    }
    return last;
  }

  @Test
  void sqlExamples(@TempDir Path dir) throws Exception {
    List<String> sql = blocks("sql");
    assertEquals(4, sql.size());
    TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    assertEquals(List.of(Row.of("ada")), runSql(t, sql.get(0)));
    String orders = dir.resolve("orders").toUri().toString();
    String files = sql.get(1).replace("/tmp/zerorow-orders", orders);
    assertEquals(List.of(Row.of("grace")), runSql(t, files));
    // raw mode over the same files: each row as BYTES, decoded by zerorow_decode (block 0)
    List<Row> names = runSql(t, sql.get(2).replace("/tmp/zerorow-orders", orders));
    names.sort(java.util.Comparator.comparing(r -> (String) r.getField(0)));
    assertEquals(List.of(Row.of("ada"), Row.of("grace")), names);
    // Schema evolution: a file written by the INT table, read by the BIGINT one
    String events =
        sql.get(3).replace("/tmp/zerorow-events", dir.resolve("events").toUri().toString());
    assertEquals(List.of(Row.of(1L, "ada", null)), runSql(t, events));
  }
}
