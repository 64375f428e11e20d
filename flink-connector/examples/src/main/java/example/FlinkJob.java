package example;

import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.writer.RowWriter;
import io.zerorow.type.Schema;
import io.zerorow.flink.ZerorowKeys;
import io.zerorow.flink.ZerorowTypeInfo;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

/** A SQL query over row files and a DataStream job, each on a local MiniCluster. */
public class FlinkJob {
  public static void main(String[] args) throws Exception {
    String dir = args[0]; // an empty directory for the row files
    TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    t.executeSql(
        "CREATE TABLE orders (id BIGINT NOT NULL, name STRING) WITH ("
            + "'connector' = 'filesystem', 'path' = '" + dir + "', 'format' = 'zerorow')");
    t.executeSql("INSERT INTO orders VALUES (1, 'ada'), (2, 'grace')").await();
    t.executeSql("SELECT name FROM orders WHERE id = 2").print();

    Schema schema =
        Schema.of(Field.of("user", DataTypes.INT64, false), Field.of("page", DataTypes.STRING, true));
    List<BinaryRow> rows = new ArrayList<>();
    RowWriter w = new RowWriter(schema);
    for (long user = 1; user <= 3; user++) {
      w.reset();
      w.writeInt64(0, user % 2);
      w.writeString(1, "/page-" + user);
      rows.add(w.getRow().copy());
    }
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.fromData(rows, ZerorowTypeInfo.of(schema))
        .keyBy(ZerorowKeys.int64(schema, "user"))
        .map(row -> row.getLong(0) + " " + row.getString(1))
        .print();
    env.execute("zerorow rows");
  }
}
