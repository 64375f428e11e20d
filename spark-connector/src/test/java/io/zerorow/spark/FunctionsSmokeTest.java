package io.zerorow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

class FunctionsSmokeTest {
  @Test
  void sqlRoundTrip() {
    SparkSession spark = Sessions.get();
    List<Row> rows =
        spark
            .sql(
                "SELECT zerorow_decode(zerorow_encode(named_struct('a', id, 'b', "
                    + "cast(id as string), 'c', array(id, null))), 'a BIGINT, b STRING, c ARRAY<BIGINT>') AS s "
                    + "FROM range(5)")
            .select("s.a", "s.b", "s.c")
            .collectAsList();
    assertEquals(5, rows.size());
    assertEquals(3L, rows.get(3).getLong(0));
    assertEquals("3", rows.get(3).getString(1));
  }
}
