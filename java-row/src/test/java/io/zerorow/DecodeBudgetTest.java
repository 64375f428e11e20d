package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.encoder.TypeInference;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolution;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The decode budget (SPEC §6.2): a row whose references share one body, 100 references per level
 * and 20 levels deep, is valid at level bounds and would decode into 100^20 values; every whole-row
 * decoder refuses it as invalid_data with the path instead, and {@code toString} prints it within
 * its budget. The timeout is a hang guard (a regression would run for ages), not a measurement.
 */
@Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DecodeBudgetTest {
  static final int DEPTH = 20;
  static final int FANOUT = 100;

  /** Lazily decoded: the list decodes at its first use. */
  public record Lazy(
      List<
              List<
                  List<
                      List<
                          List<
                              List<
                                  List<
                                      List<
                                          List<
                                              List<
                                                  List<
                                                      List<
                                                          List<
                                                              List<
                                                                  List<
                                                                      List<
                                                                          List<
                                                                              List<
                                                                                  List<
                                                                                      List<
                                                                                          Integer>>>>>>>>>>>>>>>>>>>>
          xs) {}

  /** Eagerly decoded. */
  public record Eager(
      ArrayList<
              ArrayList<
                  ArrayList<
                      ArrayList<
                          ArrayList<
                              ArrayList<
                                  ArrayList<
                                      ArrayList<
                                          ArrayList<
                                              ArrayList<
                                                  ArrayList<
                                                      ArrayList<
                                                          ArrayList<
                                                              ArrayList<
                                                                  ArrayList<
                                                                      ArrayList<
                                                                          ArrayList<
                                                                              ArrayList<
                                                                                  ArrayList<
                                                                                      ArrayList<
                                                                                          Integer>>>>>>>>>>>>>>>>>>>>
          xs) {}

  /** The row: field xs, then each level's array with 100 references to the next level. */
  static byte[] sharedRow() {
    byte[] inner = new byte[24]; // one int32 element: count, bitmap, element padded to 8
    ByteBuffer.wrap(inner).order(ByteOrder.LITTLE_ENDIAN).putLong(0, 1).putInt(16, 7);
    byte[] body = inner;
    for (int level = 1; level < DEPTH; level++) {
      int fixed = 8 + 16 + 8 * FANOUT;
      ByteBuffer b = ByteBuffer.allocate(fixed + body.length).order(ByteOrder.LITTLE_ENDIAN);
      b.putLong(0, FANOUT);
      for (int k = 0; k < FANOUT; k++) {
        b.putLong(24 + 8 * k, ((long) fixed << 32) | body.length);
      }
      b.position(fixed);
      b.put(body);
      body = b.array();
    }
    ByteBuffer row = ByteBuffer.allocate(16 + body.length).order(ByteOrder.LITTLE_ENDIAN);
    row.putLong(8, (16L << 32) | body.length);
    row.position(16);
    row.put(body);
    return row.array();
  }

  @Test
  void theRowIsValidAtBoundsAndRefusedAtFull() {
    byte[] row = sharedRow();
    assertTrue(row.length < 20_000, "a few KiB: " + row.length);
    Schema s = TypeInference.inferSchema(Lazy.class);
    Validator.validate(s, row, ValidationLevel.BOUNDS);
    assertThrows(InvalidDataException.class, () -> Validator.validate(s, row));
  }

  @Test
  void everyWholeRowDecoderRefusesIt() {
    byte[] row = sharedRow();
    for (Encoders.Mode mode : Encoders.Mode.values()) {
      RowEncoder<Eager> eager = Encoders.rowEncoder(Eager.class, mode);
      InvalidDataException e =
          assertThrows(InvalidDataException.class, () -> eager.decode(row), mode + " decode");
      assertTrue(e.path().startsWith("xs"), e.getMessage());
      assertTrue(e.getMessage().contains("one value per byte"), e.getMessage());
      assertThrows(
          InvalidDataException.class,
          () -> eager.fromRow(BinaryRow.wrap(eager.schema(), row)),
          mode + " fromRow");
      RowEncoder<Lazy> lazy = Encoders.rowEncoder(Lazy.class, mode);
      Lazy l = lazy.decode(row);
      assertEquals(FANOUT, l.xs().size(), "the count is known without decoding");
      e = assertThrows(InvalidDataException.class, () -> l.xs().get(0), mode + " first use");
      assertTrue(e.path().startsWith("xs"), e.getMessage());
    }
  }

  /**
   * Printing is budgeted like decoding: {@code toString} of the row (and of its nested views and a
   * resolved view) returns, cut short, instead of walking 100^19 values. The row is built here and
   * read from the invalid vector {@code shared_bodies_amplify} (the same construction).
   */
  @Test
  void printingTheRowIsBudgeted() throws Exception {
    Path vector =
        Path.of(
            System.getProperty("zerorow.root", "../.."),
            "format-spec/vectors/invalid/shared_bodies_amplify");
    Schema s = Schema.fromJson(Files.readString(vector.resolve("schema.json")));
    assertEquals(TypeInference.inferSchema(Lazy.class).field(0).type(), s.field(0).type());
    for (byte[] row : List.of(sharedRow(), Files.readAllBytes(vector.resolve("row.bin")))) {
      BinaryRow r = BinaryRow.wrap(s, row);
      String text = r.toString();
      assertTrue(text.length() < 200_000, "printed " + text.length() + " chars");
      assertTrue(
          text.startsWith("{xs=[[[[") || text.startsWith("{deep=[[[["), text.substring(0, 40));
      assertTrue(text.contains("[...]") && text.contains("..."), "cut short");
      String array = r.getArray(0).toString();
      assertTrue(array.length() < 200_000, "printed " + array.length() + " chars");
      Schema reader = Schema.of(s.field(0), Field.of("extra", DataTypes.INT32, true));
      String resolved = Resolution.resolve(s, reader).view(r).toString();
      assertTrue(resolved.length() < 200_000, "printed " + resolved.length() + " chars");
      assertTrue(resolved.startsWith(text.substring(0, 40)), resolved.substring(0, 40));
    }
  }

  @Test
  void anOrdinaryRowStaysWithinTheBudget() {
    RowEncoder<Eager> enc = Encoders.rowEncoder(Eager.class);
    Object v = 5;
    for (int level = 0; level < DEPTH; level++) {
      ArrayList<Object> l = new ArrayList<>();
      l.add(v);
      if (level < 10) {
        l.add(v); // 1024 leaves: shared objects, but separate bodies in the row
      }
      v = l;
    }
    @SuppressWarnings("unchecked")
    Eager e =
        new Eager(
            (ArrayList<
                    ArrayList<
                        ArrayList<
                            ArrayList<
                                ArrayList<
                                    ArrayList<
                                        ArrayList<
                                            ArrayList<
                                                ArrayList<
                                                    ArrayList<
                                                        ArrayList<
                                                            ArrayList<
                                                                ArrayList<
                                                                    ArrayList<
                                                                        ArrayList<
                                                                            ArrayList<
                                                                                ArrayList<
                                                                                    ArrayList<
                                                                                        ArrayList<
                                                                                            ArrayList<
                                                                                                Integer>>>>>>>>>>>>>>>>>>>>)
                v);
    assertEquals(e, enc.decode(enc.encode(e)));
  }
}
