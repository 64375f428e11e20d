package example;

import io.zerorow.row.BinaryRow;
import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.arrow.RowFileReader;
import io.zerorow.arrow.RowFileWriter;
import io.zerorow.parquet.ParquetRowReader;
import io.zerorow.parquet.ParquetRowWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A project that depends on the installed zerorow artifacts: records to rows (zerorow-java), a row
 * file (zerorow-arrow) and a Parquet file (zerorow-parquet), each read back and compared.
 */
public final class HelloZerorow {
  /** The record written. */
  public record Order(long id, String customer, List<Integer> quantities) {}

  public static void main(String[] args) throws Exception {
    RowEncoder<Order> encoder = Encoders.rowEncoder(Order.class);
    List<Order> orders = List.of(new Order(1, "ada", List.of(2, 3)), new Order(2, null, List.of()));
    Path dir = Files.createTempDirectory("hello-zerorow");
    Path rows = dir.resolve("orders.arrow");
    Path parquet = dir.resolve("orders.parquet");
    try (RowFileWriter out = RowFileWriter.file(rows, encoder.schema());
        ParquetRowWriter pq = ParquetRowWriter.open(parquet, encoder.schema())) {
      for (Order o : orders) {
        BinaryRow row = encoder.toRow(o);
        out.write(row);
        pq.write(row);
      }
    }
    List<Order> fromRows = new ArrayList<>();
    try (RowFileReader in = RowFileReader.open(rows, encoder.schema())) {
      for (BinaryRow row : in) {
        fromRows.add(encoder.fromRow(row));
      }
    }
    List<Order> fromParquet = new ArrayList<>();
    try (ParquetRowReader in = ParquetRowReader.open(parquet)) {
      for (BinaryRow row : in) {
        fromParquet.add(encoder.fromRow(row));
      }
    }
    if (!orders.equals(fromRows) || !orders.equals(fromParquet)) {
      throw new AssertionError(orders + " came back as " + fromRows + " and " + fromParquet);
    }
    System.out.println(
        "hello-zerorow: " + fromRows.size() + " orders through a row file and Parquet");
  }
}
