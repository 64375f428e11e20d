package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.annotation.Aliases;
import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.encoder.TypeInference;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolution;
import io.zerorow.row.Row;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Encoders decode rows of an older or a newer writer into the reader's class (SPEC §13.4), in both
 * modes; a resolved copy keeps the decode budget of SPEC §6.2.
 */
class EvolutionEncodersTest {
  public record AddressV1(String city, int zip) {}

  public record PersonV1(
      long id, String name, int age, List<String> tags, Map<String, AddressV1> addresses) {}

  public record Address(@Aliases("zip") Long postcode, String city, String country) {}

  /** Version 2: name renamed, age widened, address evolved inside a map, email added. */
  public record Person(
      long id,
      @Aliases("name") String fullName,
      long age,
      List<String> tags,
      Map<String, Address> addresses,
      String email) {}

  /** An older reader of version 2 rows: most fields removed. */
  public record PersonV0(long id, List<String> tags) {}

  /** A reader that needs a value the old writer never wrote. */
  public record Ranked(long id, int rank) {}

  static final PersonV1 ADA =
      new PersonV1(7, "Ada", 36, List.of("x", "y"), Map.of("home", new AddressV1("London", 12)));

  @Test
  void olderRowsDecodeIntoTheNewClass() {
    for (Encoders.Mode mode : Encoders.Mode.values()) {
      RowEncoder<PersonV1> v1 = Encoders.rowEncoder(PersonV1.class, mode);
      RowEncoder<Person> v2 = Encoders.rowEncoder(Person.class, mode);
      Resolution r = Resolution.resolve(v1.schema(), v2.schema());
      Person p = v2.fromRow(r.view(BinaryRow.wrap(v1.schema(), v1.encode(ADA))));
      assertEquals(
          new Person(
              7,
              "Ada",
              36,
              List.of("x", "y"),
              Map.of("home", new Address(12L, "London", null)),
              null),
          p,
          mode.toString());
    }
  }

  @Test
  void newerRowsDecodeIntoTheOldClass() {
    for (Encoders.Mode mode : Encoders.Mode.values()) {
      RowEncoder<Person> v2 = Encoders.rowEncoder(Person.class, mode);
      RowEncoder<PersonV0> v0 = Encoders.rowEncoder(PersonV0.class, mode);
      Person p = new Person(1, "B", 2, List.of("t"), Map.of(), "b@example.com");
      Row row =
          Resolution.resolve(v2.schema(), v0.schema())
              .view(BinaryRow.wrap(v2.schema(), v2.encode(p)));
      assertEquals(new PersonV0(1, List.of("t")), v0.fromRow(row), mode.toString());
    }
  }

  /** Lazy lists hold their own copy of the bytes, not the encoder's reused copy buffer. */
  @Test
  void decodedCollectionsOutliveTheNextDecode() {
    for (Encoders.Mode mode : Encoders.Mode.values()) {
      RowEncoder<PersonV1> v1 = Encoders.rowEncoder(PersonV1.class, mode);
      RowEncoder<Person> v2 = Encoders.rowEncoder(Person.class, mode);
      Resolution r = Resolution.resolve(v1.schema(), v2.schema());
      List<Person> out = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        PersonV1 x = new PersonV1(i, "n" + i, i, List.of("t" + i), Map.of());
        out.add(v2.fromRow(r.view(BinaryRow.wrap(v1.schema(), v1.encode(x)))));
      }
      for (int i = 0; i < 3; i++) {
        assertEquals(List.of("t" + i), out.get(i).tags(), mode.toString());
      }
    }
  }

  @Test
  void aPrimitiveTheWriterLacksIsRefusedAtResolveTime() {
    RowEncoder<Ranked> ranked = Encoders.rowEncoder(Ranked.class);
    SchemaMismatchException e =
        assertThrows(
            SchemaMismatchException.class,
            () -> Resolution.resolve(TypeInference.inferSchema(PersonV1.class), ranked.schema()));
    assertEquals("rank", e.path());
  }

  @Test
  void aResolvedRowOfAnotherReaderSchemaIsRefused() {
    for (Encoders.Mode mode : Encoders.Mode.values()) {
      RowEncoder<PersonV1> v1 = Encoders.rowEncoder(PersonV1.class, mode);
      RowEncoder<Person> v2 = Encoders.rowEncoder(Person.class, mode);
      Row forV0 =
          Resolution.resolve(v1.schema(), TypeInference.inferSchema(PersonV0.class))
              .view(BinaryRow.wrap(v1.schema(), v1.encode(ADA)));
      SchemaMismatchException e =
          assertThrows(SchemaMismatchException.class, () -> v2.fromRow(forV0));
      assertTrue(e.getMessage().contains(v2.schema().fingerprintHex()), e.getMessage());
      assertThrows(NullPointerException.class, () -> v2.fromRow((Row) null));
    }
  }

  /**
   * The row of DecodeBudgetTest (100 references to one body per level, 20 levels) read through a
   * widening of its innermost int32: laying it out again is a whole-row decode and is refused.
   */
  @Test
  void aResolvedCopyKeepsTheDecodeBudget() {
    byte[] bytes = DecodeBudgetTest.sharedRow();
    Schema writer = TypeInference.inferSchema(DecodeBudgetTest.Lazy.class);
    DataType inner = DataTypes.int64();
    DataType t = writer.field(0).type();
    List<Boolean> nullable = new ArrayList<>();
    while (t instanceof DataTypes.ListType) {
      nullable.add(((DataTypes.ListType) t).elementNullable());
      t = ((DataTypes.ListType) t).element();
    }
    for (int k = nullable.size() - 1; k >= 0; k--) {
      inner = DataTypes.list(inner, nullable.get(k));
    }
    Schema reader = Schema.of(Field.of("xs", inner, true));
    Row row = Resolution.resolve(writer, reader).view(BinaryRow.wrap(writer, bytes));
    assertEquals(100, row.getArray(0).numElements(), "reading in place is fine");
    InvalidDataException e = assertThrows(InvalidDataException.class, row::copy);
    assertTrue(e.path().startsWith("xs"), e.getMessage());
    assertTrue(e.getMessage().contains("one value per byte"), e.getMessage());
    InvalidDataException nested =
        assertThrows(InvalidDataException.class, () -> row.getArray(0).copy());
    assertTrue(nested.getMessage().contains("one value per byte"), nested.getMessage());
  }
}
