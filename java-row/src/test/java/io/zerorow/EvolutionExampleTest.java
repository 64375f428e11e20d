package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.annotation.Aliases;
import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.encoder.TypeInference;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolution;
import io.zerorow.row.Row;
import io.zerorow.type.Schema;
import org.junit.jupiter.api.Test;

/**
 * The schema evolution example of {@code java-row/README.md} (section "Schema evolution"), run
 * verbatim between the README markers; {@link ReadmeExcerptsTest} checks that the README shows
 * exactly this code.
 */
class EvolutionExampleTest {
  // README: evolution-classes
  /** Version 1, as an older service wrote it. */
  public record CustomerV1(long id, String name, int visits) {}

  /** Version 2: name renamed (the old name kept as an alias), visits widened, email added. */
  public record Customer(long id, @Aliases("name") String fullName, long visits, String email) {}

  // README: end

  @Test
  void olderRowsReadWithTheNewClass() {
    // README: evolution
    byte[] old = Encoders.rowEncoder(CustomerV1.class).encode(new CustomerV1(7, "Ada", 3));
    Schema writer = TypeInference.inferSchema(CustomerV1.class); // a row file carries it

    RowEncoder<Customer> encoder = Encoders.rowEncoder(Customer.class);
    Resolution resolution = Resolution.resolve(writer, encoder.schema()); // once per pair
    Row row = resolution.view(BinaryRow.wrap(writer, old)); // per row, in place
    String name = row.getString(1); // "Ada", found through the alias
    long visits = row.getLong(2); // 3, written as an int32
    boolean noEmail = row.isNullAt(3); // the old writer had no email
    Customer customer = encoder.fromRow(row); // Customer[id=7, fullName=Ada, visits=3, email=null]
    // README: end

    assertEquals("Ada", name);
    assertEquals(3L, visits);
    assertTrue(noEmail);
    assertEquals(new Customer(7, "Ada", 3, null), customer);
    assertEquals(
        "Resolution(id <- id, fullName <- name, visits <- visits, email <- absent)",
        resolution.toString());
  }
}
