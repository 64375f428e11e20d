package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.encoder.EncoderOptions;
import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.encoder.TypeInference;
import io.zerorow.row.BinaryArray;
import io.zerorow.row.BinaryMap;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.FieldOrder;
import io.zerorow.type.Schema;
import io.zerorow.writer.ArrayWriter;
import io.zerorow.writer.RowWriter;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Checked getters and writers, errors, time truncation, field order. */
class CheckedAccessTest {
  static final Schema S =
      Schema.of(
          Field.of("id", DataTypes.INT64, false),
          Field.of("xs", DataTypes.list(DataTypes.INT32, false), true),
          Field.of("d", DataTypes.decimal(5, 2), true),
          Field.of("big", DataTypes.decimal(25, 3), false));

  /** A record whose two long fields are not nullable. */
  public record Pair(long a, long b) {}

  @Test
  void rowGettersCheckTheFieldType() {
    RowWriter w = new RowWriter(S);
    w.reset();
    w.writeLong(0, 7);
    w.setNullAt(1);
    w.writeDecimal(2, new BigDecimal("1.5"), 5, 2);
    w.writeDecimal(3, new BigDecimal("2"), 25, 3);
    BinaryRow r = w.getRow();
    assertEquals(new BigDecimal("1.50"), r.getDecimal(2), "1.5 rescaled exactly to scale 2");
    SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> r.getString(0));
    assertTrue(
        e.getMessage().contains("id")
            && e.getMessage().contains("string")
            && e.getMessage().contains("int64"),
        e.getMessage());
    w.reset();
    ArrayWriter aw = new ArrayWriter((DataTypes.ListType) S.field(1).type(), w);
    int c = w.cursor();
    aw.initialize(1);
    aw.writeInt(0, 3);
    w.setOffsetAndSize(1, c);
    w.writeDecimal(3, new BigDecimal("2"), 25, 3);
    BinaryRow r2 = w.getRow();
    e = assertThrows(SchemaMismatchException.class, () -> r2.getStruct(1));
    assertTrue(e.getMessage().contains("xs") && e.getMessage().contains("list"), e.getMessage());
    assertThrows(SchemaMismatchException.class, () -> r2.getLong(3), "decimal(25,3) is no int64");
  }

  /**
   * The type is checked before the null bit: a variable-width getter on a null field (or element)
   * of another type is a {@code SchemaMismatchException}, not a null.
   */
  @Test
  void variableWidthGettersCheckTheTypeOfANullField() {
    Schema s =
        Schema.of(
            Field.of("n", DataTypes.INT64, true),
            Field.of("xs", DataTypes.list(DataTypes.INT64, true), true),
            Field.of("name", DataTypes.STRING, true));
    RowWriter w = new RowWriter(s);
    w.reset();
    w.setNullAt(0);
    ArrayWriter aw = new ArrayWriter((DataTypes.ListType) s.field(1).type(), w);
    int c = w.cursor();
    aw.initialize(1);
    aw.setNullAt(0);
    w.setOffsetAndSize(1, c);
    w.setNullAt(2);
    BinaryRow r = w.getRow();
    assertNull(r.getString(2), "a null of the getter's own type is a null");
    assertNull(r.getBinary(2));
    BinaryArray a = r.getArray(1);
    assertTrue(a.isNullAt(0));
    List<org.junit.jupiter.api.function.Executable> rowGets =
        List.of(
            () -> r.getString(0),
            () -> r.getUtf8(0),
            () -> r.getBinary(0),
            () -> r.getDecimal(0),
            () -> r.getStruct(0),
            () -> r.getArray(0),
            () -> r.getMap(0));
    List<org.junit.jupiter.api.function.Executable> arrayGets =
        List.of(
            () -> a.getString(0),
            () -> a.getUtf8(0),
            () -> a.getBinary(0),
            () -> a.getDecimal(0),
            () -> a.getStruct(0),
            () -> a.getArray(0),
            () -> a.getMap(0));
    for (int k = 0; k < rowGets.size(); k++) {
      SchemaMismatchException e = assertThrows(SchemaMismatchException.class, rowGets.get(k));
      assertEquals("n", e.path());
      assertTrue(e.getMessage().contains("int64"), e.getMessage());
      e = assertThrows(SchemaMismatchException.class, arrayGets.get(k));
      assertEquals("xs[0]", e.path());
      assertTrue(e.getMessage().contains("int64"), e.getMessage());
    }
  }

  @Test
  void writersRefuseNullsForNonNullableFieldsAndDecimalsThatDoNotFit() {
    RowWriter w = new RowWriter(S);
    w.reset();
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> w.setNullAt(0));
    assertTrue(e.getMessage().contains("id"), e.getMessage());
    assertThrows(InvalidDataException.class, () -> w.writeDecimal(3, null, 25, 3));
    e =
        assertThrows(
            InvalidDataException.class, () -> w.writeDecimal(2, new BigDecimal("1.555"), 5, 2));
    assertTrue(e.getMessage().contains("rounding"), e.getMessage());
    e =
        assertThrows(
            InvalidDataException.class, () -> w.writeDecimal(2, new BigDecimal("1234.5"), 5, 2));
    assertTrue(e.getMessage().contains("precision"), e.getMessage());
    assertThrows(
        SchemaMismatchException.class, () -> w.writeDecimal(2, new BigDecimal("1.5"), 6, 2));
    ArrayWriter aw = new ArrayWriter((DataTypes.ListType) S.field(1).type());
    aw.reset(1);
    assertThrows(InvalidDataException.class, () -> aw.setNullAt(0));
  }

  @Test
  void decodingANullBitOnANonNullableFieldIsInvalidData() {
    for (Encoders.Mode mode : Encoders.Mode.values()) {
      RowEncoder<Pair> enc = Encoders.rowEncoder(Pair.class, mode);
      byte[] b = enc.encode(new Pair(1, 3));
      b[0] |= 2; // null bit of b
      InvalidDataException e =
          assertThrows(InvalidDataException.class, () -> enc.decode(b), mode.toString());
      assertEquals("b", e.path(), e.getMessage());
      assertThrows(InvalidDataException.class, () -> enc.fromRow(BinaryRow.wrap(enc.schema(), b)));
    }
  }

  @Test
  void equalityTakesTheSchemaIntoAccount() {
    Schema x = Schema.of(Field.of("x", DataTypes.INT64, false));
    Schema y = Schema.of(Field.of("y", DataTypes.INT64, false));
    Schema f = Schema.of(Field.of("x", DataTypes.FLOAT64, false));
    RowWriter w = new RowWriter(x);
    w.reset();
    w.writeLong(0, 5);
    byte[] b = w.toByteArray();
    assertEquals(BinaryRow.wrap(x, b), BinaryRow.wrap(x, b.clone()));
    assertEquals(BinaryRow.wrap(x, b).hashCode(), BinaryRow.wrap(x, b.clone()).hashCode());
    assertNotEquals(BinaryRow.wrap(x, b), BinaryRow.wrap(y, b));
    assertNotEquals(BinaryRow.wrap(x, b), BinaryRow.wrap(f, b));
    byte[] a = new byte[24];
    a[0] = 1;
    assertNotEquals(
        BinaryArray.wrap(DataTypes.list(DataTypes.INT64, false), a),
        BinaryArray.wrap(DataTypes.list(DataTypes.FLOAT64, false), a));

    // maps: the same bytes under other key or value types are other values
    DataTypes.MapType longs = DataTypes.map(DataTypes.INT64, DataTypes.INT64, true);
    byte[] m = Encoders.mapEncoder(Long.class, Long.class).encode(java.util.Map.of(1L, 2L));
    assertEquals(BinaryMap.wrap(longs, m), BinaryMap.wrap(longs, m.clone()));
    assertEquals(BinaryMap.wrap(longs, m).hashCode(), BinaryMap.wrap(longs, m.clone()).hashCode());
    for (DataTypes.MapType other :
        List.of(
            DataTypes.map(DataTypes.FLOAT64, DataTypes.INT64, true),
            DataTypes.map(DataTypes.INT64, DataTypes.FLOAT64, true),
            DataTypes.map(DataTypes.INT64, DataTypes.INT64, false))) {
      assertNotEquals(BinaryMap.wrap(longs, m), BinaryMap.wrap(other, m), other.toString());
    }
  }

  @Test
  void nullArgumentsNameTheArgument() {
    RowEncoder<Pair> enc = Encoders.rowEncoder(Pair.class);
    NullPointerException e = assertThrows(NullPointerException.class, () -> enc.toRow(null));
    assertTrue(
        e.getMessage().contains("toRow(value)") && e.getMessage().contains("Pair"), e.getMessage());
    e =
        assertThrows(
            NullPointerException.class,
            () -> Encoders.rowEncoder(Pair.class, (Encoders.Mode) null));
    assertTrue(e.getMessage().contains("rowEncoder(cls, mode): mode is null"), e.getMessage());
    e = assertThrows(NullPointerException.class, () -> Encoders.rowEncoder(null));
    assertTrue(e.getMessage().contains("cls"), e.getMessage());
  }

  @Test
  void writingWithoutResetSaysSo() {
    RowWriter w = new RowWriter(S);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> w.writeLong(0, 1));
    assertTrue(e.getMessage().contains("reset()"), e.getMessage());
  }

  /** Nullable values of every kind of slot, for the reuse test. */
  public record Mixed(
      Integer n, String s, Pair p, List<Integer> xs, BigDecimal d, Double f, Boolean b) {}

  /**
   * An encoder reuses its buffer and zeroes only the null bitmap between rows (every field is
   * written in its whole slot): the bytes of each row are those of a fresh encoder, whatever the
   * row before held.
   */
  @Test
  void encodersReusingTheirBufferWriteCanonicalBytes() {
    List<Mixed> rows =
        List.of(
            new Mixed(
                -1,
                "a string",
                new Pair(-1, -2),
                List.of(-1, -2),
                new BigDecimal("-1.5"),
                Double.NaN,
                true),
            new Mixed(null, null, null, null, null, null, null),
            new Mixed(7, "", new Pair(0, 0), List.of(), BigDecimal.ZERO, -0.0, false),
            new Mixed(null, "x", null, List.of(3), null, 2.5, null));
    for (Encoders.Mode mode : Encoders.Mode.values()) {
      RowEncoder<Mixed> reused = Encoders.rowEncoder(Mixed.class, mode);
      for (int round = 0; round < 2; round++) {
        for (Mixed m : rows) {
          byte[] fresh = Encoders.rowEncoder(Mixed.class, mode).encode(m);
          assertArrayEquals(fresh, reused.encode(m), mode + " " + m);
          assertArrayEquals(fresh, reused.toRow(m).toBytes(), mode + " " + m);
          Validator.validate(reused.schema(), fresh, ValidationLevel.FULL);
        }
      }
    }
  }

  /** Time values of every kind, for the truncation tests. */
  public record Times(Instant i, LocalDateTime l, LocalTime t, Duration d) {}

  @Test
  void timeValuesFinerThanAMicrosecondAreTruncatedTowardNegativeInfinity() {
    for (Encoders.Mode mode : Encoders.Mode.values()) {
      RowEncoder<Times> enc = Encoders.rowEncoder(Times.class, mode);
      Times t =
          new Times(
              Instant.ofEpochSecond(-1, 999_999_999),
              LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_789),
              LocalTime.of(1, 2, 3, 999),
              Duration.ofSeconds(-1, 1));
      BinaryRow r = enc.toRow(t);
      assertEquals(-1L, r.getLong(0), "floor(-1 ns) = -1 µs");
      assertEquals(123_456_000, r.getLocalDateTime(1).getNano());
      assertEquals(LocalTime.of(1, 2, 3), r.getTime(2));
      assertEquals(-1_000_000L, r.getLong(3), "floor(-999999.999 µs)");
      enc.toRow(new Times(Instant.now(), LocalDateTime.now(), LocalTime.now(), null));
    }
  }

  @Test
  void aStrictEncoderRefusesThemWithThePathAndTheValue() {
    for (Encoders.Mode mode : Encoders.Mode.values()) {
      RowEncoder<Times> enc =
          Encoders.rowEncoder(Times.class, EncoderOptions.defaults().strict(true).mode(mode));
      InvalidDataException e =
          assertThrows(
              InvalidDataException.class,
              () -> enc.toRow(new Times(Instant.ofEpochSecond(0, 1), null, null, null)));
      assertEquals("i", e.path());
      assertTrue(e.getMessage().contains("1970-01-01T00:00:00.000000001Z"), e.getMessage());
      e =
          assertThrows(
              InvalidDataException.class,
              () ->
                  enc.toRow(new Times(null, LocalDateTime.of(2024, 1, 2, 3, 4, 5, 7), null, null)));
      assertEquals("l", e.path());
      assertFalse(e.getMessage().contains("Z"), "a LocalDateTime has no zone: " + e.getMessage());
      assertEquals(
          5_000_000L, enc.toRow(new Times(null, null, null, Duration.ofSeconds(5))).getLong(3));
    }
  }

  @Test
  void instantMaxIsOutOfRange() {
    RowEncoder<Times> enc = Encoders.rowEncoder(Times.class);
    InvalidDataException e =
        assertThrows(
            InvalidDataException.class, () -> enc.toRow(new Times(Instant.MAX, null, null, null)));
    assertTrue(e.getMessage().contains("out of range"), e.getMessage());
    assertFalse(e.getMessage().contains("whole microseconds"), e.getMessage());
  }

  /** Fields declared out of alphabetical order. */
  public record Unsorted(String zeta, long alpha, int mid) {}

  /** A bean with a computed final field and a transient one. */
  public static class WithComputed {
    public long id;
    public transient String cache;
    public final String kind = "fixed";
  }

  @Test
  void fieldOrderNameSortsFieldsAsForyDoes() {
    assertEquals(List.of("zeta", "alpha", "mid"), names(TypeInference.inferSchema(Unsorted.class)));
    assertEquals(
        List.of("alpha", "mid", "zeta"),
        names(TypeInference.inferSchema(Unsorted.class, FieldOrder.NAME)));
    for (Encoders.Mode mode : Encoders.Mode.values()) {
      RowEncoder<Unsorted> enc =
          Encoders.rowEncoder(
              Unsorted.class, EncoderOptions.defaults().fieldOrder(FieldOrder.NAME).mode(mode));
      BinaryRow r = enc.toRow(new Unsorted("z", 1, 2));
      assertEquals(1L, r.getLong(0));
      assertEquals(2, r.getInt(1));
      assertEquals("z", r.getString(2));
      assertEquals(new Unsorted("z", 1, 2), enc.fromRow(r));
    }
  }

  @Test
  void transientAndComputedFinalFieldsAreNotInTheSchema() {
    assertEquals(List.of("id"), names(TypeInference.inferSchema(WithComputed.class)));
    WithComputed w = new WithComputed();
    w.id = 4;
    w.cache = "c";
    WithComputed back =
        Encoders.rowEncoder(WithComputed.class)
            .decode(Encoders.rowEncoder(WithComputed.class).encode(w));
    assertEquals(4, back.id);
    assertNull(back.cache);
  }

  private static List<String> names(Schema s) {
    return s.fields().stream().map(Field::name).toList();
  }
}
