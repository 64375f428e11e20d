package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.encoder.TypeInference;
import io.zerorow.row.BinaryArray;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The seed example of the issue, with 1,000,000-element collections, in both encoder modes. */
public class SeedExampleTest {
  /** The seed's Foo: public fields. */
  public static class Foo {
    public int f1;
    public List<Integer> f2;
    public Map<String, Integer> f3;
    public List<Bar> f4;

    @Override
    public boolean equals(Object o) {
      return o instanceof Foo
          && ((Foo) o).f1 == f1
          && Objects.equals(((Foo) o).f2, f2)
          && Objects.equals(((Foo) o).f3, f3)
          && Objects.equals(((Foo) o).f4, f4);
    }

    @Override
    public int hashCode() {
      return f1;
    }
  }

  /** The seed's Bar: private fields with getters and setters. */
  public static class Bar {
    private String f1;
    private List<Long> f2;

    public String getF1() {
      return f1;
    }

    public void setF1(String f1) {
      this.f1 = f1;
    }

    public List<Long> getF2() {
      return f2;
    }

    public void setF2(List<Long> f2) {
      this.f2 = f2;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Bar
          && Objects.equals(((Bar) o).f1, f1)
          && Objects.equals(((Bar) o).f2, f2);
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(f1);
    }
  }

  static Foo createFoo(int n) {
    Foo foo = new Foo();
    foo.f1 = 10;
    foo.f2 = new ArrayList<>(n);
    foo.f3 = new LinkedHashMap<>();
    foo.f4 = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      foo.f2.add(i);
      foo.f3.put("k" + i, i);
      Bar bar = new Bar();
      bar.setF1("s" + i);
      List<Long> l = new ArrayList<>();
      for (int j = 0; j < 6; j++) {
        l.add((long) i * 10 + j);
      }
      bar.setF2(l);
      foo.f4.add(bar);
    }
    return foo;
  }

  /** The seed's calls, character for character (default mode: generated code). */
  @Test
  void seedVerbatim() {
    Foo foo = createFoo(1_000_000);
    RowEncoder<Foo> encoder = Encoders.rowEncoder(Foo.class);
    BinaryRow row = encoder.toRow(foo);
    Foo back = encoder.fromRow(row);
    BinaryArray a = row.getArray(3);
    BinaryRow bar = a.getStruct(10);
    long v = bar.getArray(1).getLong(5);
    Bar partial = Encoders.rowEncoder(Bar.class).fromRow(bar);
    Schema schema = TypeInference.inferSchema(Foo.class);
    assertEquals(foo, back);
    assertEquals(105L, v);
    assertEquals(foo.f4.get(10), partial);
    assertEquals(schema, encoder.schema());
  }

  @ParameterizedTest
  @EnumSource(Encoders.Mode.class)
  void seedCallsInBothModes(Encoders.Mode mode) {
    Foo foo = createFoo(1_000_000);
    // --- the seed, verbatim (with the mode chosen) ---
    RowEncoder<Foo> encoder = Encoders.rowEncoder(Foo.class, mode);
    BinaryRow row = encoder.toRow(foo);
    Foo back = encoder.fromRow(row);
    BinaryArray a = row.getArray(3);
    BinaryRow bar = a.getStruct(10);
    long v = bar.getArray(1).getLong(5);
    Bar partial = Encoders.rowEncoder(Bar.class, mode).fromRow(bar);
    Schema schema = TypeInference.inferSchema(Foo.class);
    // ---
    assertEquals(foo, back);
    assertEquals(105L, v);
    assertEquals(foo.f4.get(10), partial);
    assertEquals(schema, encoder.schema());
    assertEquals(1_000_000, row.getArray(1).numElements());
    assertEquals(999_999, row.getArray(1).getInt(999_999));
    assertEquals("s200000", row.getArray(3).getStruct(200_000).getString(0));
    Validator.validate(row, ValidationLevel.FULL);
  }

  @ParameterizedTest
  @EnumSource(Encoders.Mode.class)
  void defaultCallsRoundTrip(Encoders.Mode mode) {
    RowEncoder<Foo> encoder = Encoders.rowEncoder(Foo.class, mode);
    Foo foo = createFoo(3);
    byte[] bytes = encoder.encode(foo);
    assertEquals(foo, encoder.decode(bytes));
    assertEquals(
        foo, Encoders.rowEncoder(Foo.class).fromRow(BinaryRow.wrap(encoder.schema(), bytes)));
  }
}
