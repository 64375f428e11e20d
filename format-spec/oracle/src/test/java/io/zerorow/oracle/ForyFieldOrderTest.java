package io.zerorow.oracle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.zerorow.InvalidDataException;
import io.zerorow.encoder.EncoderOptions;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.FieldOrder;
import java.util.List;
import org.apache.fory.format.encoder.Encoders;
import org.apache.fory.format.row.binary.BinaryRow;
import org.apache.fory.memory.MemoryBuffer;
import org.junit.jupiter.api.Test;

/**
 * Field order (SPEC Appendix A rule 5): Fory orders a class's fields by name, zerorow by
 * declaration. With {@link FieldOrder#NAME} a class whose two orders differ round-trips through the
 * bytes of fory-format 0.16 in both directions; with the default order its values would be swapped.
 */
class ForyFieldOrderTest {
  /** Declared out of alphabetical order, with fields of one width so a swap stays readable. */
  public static class Reading {
    public long zeta;
    public long alpha;
    public long mid;
    public String note;

    public Reading() {}

    Reading(long zeta, long alpha, long mid, String note) {
      this.zeta = zeta;
      this.alpha = alpha;
      this.mid = mid;
      this.note = note;
    }

    List<Object> values() {
      return List.of(zeta, alpha, mid, note);
    }
  }

  private static final Reading SAMPLE = new Reading(1, 2, 3, "n");

  @Test
  void rowsForyWroteReadWithFieldOrderName() {
    // README (java-row/README.md, "Coming from Fory"): the byName statement and the assertion
    byte[] fory = Encoders.bean(Reading.class).toRow(SAMPLE).toBytes();
    RowEncoder<Reading> byName =
        io.zerorow.encoder.Encoders.rowEncoder(
            Reading.class, EncoderOptions.defaults().fieldOrder(FieldOrder.NAME));
    assertEquals(SAMPLE.values(), byName.decode(fory).values());
    assertArrayEquals(fory, byName.encode(SAMPLE), "the same bytes both ways");
    RowEncoder<Reading> declared = io.zerorow.encoder.Encoders.rowEncoder(Reading.class);
    // in the declaration order, note's reference slot holds Fory's zeta (1: offset 0, inside the
    // fixed region), which decode's default check (BOUNDS, the fixed region) refuses ...
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> declared.decode(fory));
    assertEquals("note", e.path(), e.getMessage());
    // ... and unchecked it reads the values swapped
    assertNotEquals(
        SAMPLE.values(),
        declared.decode(fory, ValidationLevel.NONE).values(),
        "the declaration order reads Fory's row with values swapped");
  }

  @Test
  void foryReadsRowsWrittenWithFieldOrderName() {
    byte[] ours =
        io.zerorow.encoder.Encoders.rowEncoder(
                Reading.class, EncoderOptions.defaults().fieldOrder(FieldOrder.NAME))
            .encode(SAMPLE);
    var enc = Encoders.bean(Reading.class);
    BinaryRow row = new BinaryRow(enc.schema());
    row.pointTo(MemoryBuffer.fromByteArray(ours), 0, ours.length);
    assertEquals(SAMPLE.values(), enc.fromRow(row).values());
  }
}
