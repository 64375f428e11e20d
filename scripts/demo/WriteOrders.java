// The Java half of `make demo`: encodes Order records into a zerorow row file (SPEC §5).
// Run as a single-file program: java -cp <zerorow-arrow classpath> WriteOrders.java OUT N
import io.zerorow.row.BinaryRow;
import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.annotation.Decimal;
import io.zerorow.arrow.RowFileWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

public class WriteOrders {
  public record LineItem(String sku, int quantity, @Decimal(precision = 10, scale = 2) BigDecimal price) {}

  public record Order(long orderId, String customer, Instant placedAt, List<LineItem> items,
      Map<String, String> tags) {}

  static Order order(int i) {
    List<LineItem> items = new ArrayList<>();
    for (int k = 0; k <= i % 3; k++) {
      items.add(new LineItem("sku-" + (i * 7 + k) % 1000, 1 + k, BigDecimal.valueOf(199 + i % 500, 2)));
    }
    return new Order(i, "customer-" + i % 100, Instant.ofEpochSecond(1_700_000_000L + i),
        items, Map.of("channel", i % 2 == 0 ? "web" : "store"));
  }

  public static void main(String[] args) throws Exception {
    Path out = Path.of(args[0]);
    int n = Integer.parseInt(args[1]);
    RowEncoder<Order> encoder = Encoders.rowEncoder(Order.class);
    long bytes = 0;
    long start = System.nanoTime();
    try (RowFileWriter writer = RowFileWriter.file(out, encoder.schema())) {
      for (int i = 0; i < n; i++) {
        BinaryRow row = encoder.toRow(order(i));
        bytes += row.getSizeInBytes();
        writer.write(row);
      }
    }
    System.out.printf("java: encoded %,d Order rows (%,d bytes of rows) into %s in %.0f ms%n",
        n, bytes, out.getFileName(), (System.nanoTime() - start) / 1e6);
    System.out.println("java: schema fingerprint " + encoder.schema().fingerprintHex());
  }
}
