import io.zerorow.flink.RowDataEncoder;
import io.zerorow.flink.ZerorowKeys;
import io.zerorow.flink.ZerorowRowData;
import io.zerorow.flink.ZerorowTypeInfo;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

/**
 * Checks a built connector jar in real Flink jobs with nothing of zerorow on the class path but
 * that jar (part.mk: check-flink-jar): a DataStream job with Kryo disabled, the SQL functions, and
 * row files written and read back through the filesystem connector. Run: java -cp <Flink
 * jars>:<zerorow-flink jar> JarCheck.java
 */
public class JarCheck {
  public static void main(String[] args) throws Exception {
    if (JarCheck.class
            .getClassLoader()
            .getResource("io/zerorow/shaded/org/apache/arrow/vector/VarBinaryVector.class")
        == null) {
      throw new AssertionError("the connector jar is not on the class path");
    }
    Configuration conf = new Configuration();
    conf.set(PipelineOptions.GENERIC_TYPES, false);
    conf.setString("rest.bind-address", "127.0.0.1");
    StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2, conf);
    RowType type =
        (RowType)
            DataTypes.ROW(
                    DataTypes.FIELD("user", DataTypes.BIGINT().notNull()),
                    DataTypes.FIELD("page", DataTypes.STRING()))
                .getLogicalType();
    RowDataEncoder encoder = new RowDataEncoder(type);
    Schema schema = encoder.schema();
    List<BinaryRow> rows = new ArrayList<>();
    for (long i = 0; i < 100; i++) {
      rows.add(encoder.encode(GenericRowData.of(i % 3, StringData.fromString("p" + i))).copy());
    }
    List<String> pages = new ArrayList<>();
    env.fromData(rows, ZerorowTypeInfo.of(schema))
        .keyBy(ZerorowKeys.int64(schema, "user"))
        .map(r -> new ZerorowRowData(r).getString(1).toString())
        .returns(String.class)
        .executeAndCollect()
        .forEachRemaining(pages::add);
    check(pages.size() == 100, "DataStream job: " + pages.size() + " rows");

    TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    t.executeSql("CREATE TEMPORARY FUNCTION zerorow_encode AS 'io.zerorow.flink.ZerorowEncode'");
    t.executeSql("CREATE TEMPORARY FUNCTION zerorow_decode AS 'io.zerorow.flink.ZerorowDecode'");
    Path dir = Files.createTempDirectory("zerorow-jar-check");
    t.executeSql(
        "CREATE TABLE f (id BIGINT NOT NULL, name STRING) WITH ('connector' = "
            + "'filesystem', 'path' = '"
            + dir.toUri()
            + "', 'format' = 'zerorow')");
    t.executeSql("INSERT INTO f VALUES (1, 'ada'), (2, 'grace')").await();
    List<Row> out = new ArrayList<>();
    // closed in finally, not by try-with-resources: close() may throw InterruptedException
    CloseableIterator<Row> it =
        t.executeSql(
                "SELECT r.name FROM (SELECT zerorow_decode(zerorow_encode("
                    + "CAST(ROW(id, name) AS ROW<id BIGINT, name STRING>)), '{\"type\":\"struct\",\"fields\":"
                    + "[{\"name\":\"id\",\"type\":\"int64\",\"nullable\":true},{\"name\":\"name\",\"type\":"
                    + "\"string\",\"nullable\":true}]}') AS r FROM f WHERE id = 2)")
            .collect();
    try {
      it.forEachRemaining(out::add);
    } finally {
      it.close();
    }
    check(out.equals(List.of(Row.of("grace"))), "SQL over row files: " + out);
    System.out.println("jar check passed: DataStream (Kryo off), SQL functions, row files");
  }

  static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError("jar check failed: " + what);
    }
  }
}
