package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.LazyList;
import io.zerorow.encoder.LazyMap;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.row.Validator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Properties declared as {@code List}/{@code Collection}/{@code Iterable}/{@code Map} decode lazily
 * (detached bytes, decoded at first use) and then behave as an ArrayList / LinkedHashMap; declared
 * concrete classes decode eagerly. Both encoder modes.
 */
public class LazyCollectionsTest {
  public record Bar(String f1, List<Long> f2) implements java.io.Serializable {}

  public record Foo(int f1, List<Integer> f2, Map<String, Integer> f3, List<Bar> f4) {}

  public record Eager(
      ArrayList<Integer> list,
      HashMap<String, Integer> map,
      LinkedHashMap<String, Integer> linked) {}

  public record Tags(List<String> tags) {}

  static Foo foo(int seed) {
    List<Integer> f2 = new ArrayList<>();
    Map<String, Integer> f3 = new LinkedHashMap<>();
    List<Bar> f4 = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      f2.add(seed * 100 + i);
      f3.put("k" + seed + "_" + i, i - seed);
      f4.add(new Bar("bar" + seed + "_" + i, List.of((long) seed << 40 | i, -1L)));
    }
    return new Foo(seed, f2, f3, f4);
  }

  @ParameterizedTest
  @EnumSource(Encoders.Mode.class)
  void decodingOnlyDetachesTheBytes(Encoders.Mode mode) {
    RowEncoder<Foo> enc = Encoders.rowEncoder(Foo.class, mode);
    Foo d = enc.fromRow(enc.toRow(foo(1)));
    LazyList<?> f2 = assertInstanceOf(LazyList.class, d.f2());
    LazyMap<?, ?> f3 = assertInstanceOf(LazyMap.class, d.f3());
    LazyList<?> f4 = assertInstanceOf(LazyList.class, d.f4());
    assertEquals(5, f2.size());
    assertEquals(5, f3.size());
    assertEquals(5, f4.size());
    assertFalse(f2.isDecoded() || f3.isDecoded() || f4.isDecoded(), "size() needs no decoding");
    assertEquals(foo(1), d);
    assertTrue(f2.isDecoded() && f3.isDecoded() && f4.isDecoded());
    assertEquals(
        ArrayList.class,
        d.f4().get(0).f2().getClass(),
        "a lazy list decodes everything inside it eagerly");
    // a struct read from a row (partial decoding) has lazy collections of its own
    RowEncoder<Bar> bars = Encoders.rowEncoder(Bar.class, mode);
    Bar b = bars.fromRow(enc.toRow(foo(1)).getArray(3).getStruct(2));
    assertInstanceOf(LazyList.class, b.f2());
    assertEquals(foo(1).f4().get(2), b);
  }

  @ParameterizedTest
  @EnumSource(Encoders.Mode.class)
  void listsDoNotDependOnTheRowBuffer(Encoders.Mode mode) {
    RowEncoder<Foo> enc = Encoders.rowEncoder(Foo.class, mode);
    // toRow's view is over the encoder's reused buffer: the next toRow overwrites it
    Foo d = enc.fromRow(enc.toRow(foo(1)));
    enc.toRow(foo(2));
    byte[] bytes = enc.encode(foo(3));
    Foo e = enc.decode(bytes);
    java.util.Arrays.fill(bytes, (byte) 0x5a);
    assertEquals(foo(1), d);
    assertEquals(foo(3), e);
  }

  @ParameterizedTest
  @EnumSource(Encoders.Mode.class)
  void behaveAsArrayListAndLinkedHashMap(Encoders.Mode mode) throws Exception {
    RowEncoder<Foo> enc = Encoders.rowEncoder(Foo.class, mode);
    Foo d = enc.fromRow(enc.toRow(foo(4)));
    Foo expected = foo(4);
    assertEquals(expected.f4().hashCode(), d.f4().hashCode());
    assertEquals(expected.f3().hashCode(), d.f3().hashCode());
    assertEquals(expected.f2().toString(), d.f2().toString());
    assertEquals(
        new ArrayList<>(expected.f3().keySet()),
        new ArrayList<>(d.f3().keySet()),
        "entry order is kept");
    assertSame(d.f4().get(2), d.f4().get(2), "elements are decoded once");

    List<Integer> f2 = d.f2();
    f2.add(7);
    f2.set(0, -1);
    f2.remove(Integer.valueOf(401));
    assertEquals(List.of(-1, 402, 403, 404, 7), f2);
    assertEquals(List.of(402, 403), f2.subList(1, 3));
    f2.removeIf(x -> x < 0);
    assertEquals(4, f2.size());

    Map<String, Integer> f3 = d.f3();
    f3.put("new", 9);
    f3.merge("new", 1, Integer::sum);
    assertEquals(10, f3.get("new"));
    assertEquals(-4, f3.remove("k4_0"));
    assertEquals(5, f3.size());

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ObjectOutputStream o = new ObjectOutputStream(out)) {
      o.writeObject(d.f4());
      o.writeObject(d.f3());
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(out.toByteArray()))) {
      assertEquals(ArrayList.class, in.readObject().getClass(), "serialized as the ArrayList");
      assertEquals(d.f3(), in.readObject());
    }
    assertNotEquals(expected.f2(), d.f2());
  }

  @ParameterizedTest
  @EnumSource(Encoders.Mode.class)
  void concreteDeclaredTypesDecodeEagerly(Encoders.Mode mode) {
    RowEncoder<Eager> enc = Encoders.rowEncoder(Eager.class, mode);
    Eager v =
        new Eager(
            new ArrayList<>(List.of(1, 2)),
            new HashMap<>(Map.of("a", 1)),
            new LinkedHashMap<>(Map.of("b", 2)));
    Eager d = enc.fromRow(enc.toRow(v));
    assertEquals(ArrayList.class, d.list().getClass());
    assertEquals(HashMap.class, d.map().getClass());
    assertEquals(LinkedHashMap.class, d.linked().getClass());
    assertEquals(v, d);
  }

  @ParameterizedTest
  @EnumSource(Encoders.Mode.class)
  void badElementBytesFailAtFirstAccessNamingTheField(Encoders.Mode mode) {
    RowEncoder<Tags> enc = Encoders.rowEncoder(Tags.class, mode);
    byte[] bytes = enc.encode(new Tags(List.of("a", "b")));
    // row: bitmap word, slot of `tags` (offset 16); array: count, bitmap, slots [0] and [1];
    // make the offset (high half) of slot [1] point far past the array
    bytes[16 + 24 + 7] = 0x7f;
    assertThrows(InvalidDataException.class, () -> Validator.validate(enc.schema(), bytes));
    Tags d = enc.decode(bytes);
    assertEquals(2, d.tags().size());
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> d.tags().get(0));
    assertEquals("tags[1]", e.path(), e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(Encoders.Mode.class)
  void firstUseOnOtherThreadsWhileTheEncoderDecodes(Encoders.Mode mode) throws Exception {
    RowEncoder<Foo> enc = Encoders.rowEncoder(Foo.class, mode);
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      List<Future<Boolean>> checks = new ArrayList<>();
      for (int round = 0; round < 300; round++) {
        Foo d = enc.fromRow(enc.toRow(foo(round)));
        int seed = round;
        // two readers race on the first decode of the same lists; the encoder goes on
        checks.add(pool.submit(() -> foo(seed).equals(d)));
        checks.add(pool.submit(() -> foo(seed).f4().equals(d.f4())));
      }
      for (Future<Boolean> c : checks) {
        assertTrue(c.get(30, TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
