package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.annotation.As;
import io.zerorow.annotation.Decimal;
import io.zerorow.annotation.ElementNullable;
import io.zerorow.annotation.Name;
import io.zerorow.annotation.NotNull;
import io.zerorow.encoder.ArrayEncoder;
import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.MapEncoder;
import io.zerorow.encoder.Projection;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.encoder.TypeInference;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Validator;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Schema;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every supported Java type, in both encoder modes: same bytes, valid rows, round trips. */
public class EncoderTypesTest {
  public enum Color {
    RED,
    GREEN
  }

  public record Point(int x, @As("int16") int y, String label) {}

  /** A non-public record: reached through MethodHandles by the generated code. */
  record Hidden(long id, List<String> tags) {}

  public record AllTypes(
      boolean b,
      Boolean bb,
      byte i8,
      Byte bi8,
      short i16,
      Short bi16,
      int i32,
      Integer bi32,
      long i64,
      Long bi64,
      float f32,
      Float bf32,
      double f64,
      Double bf64,
      String s,
      Color color,
      byte[] bin,
      LocalDate date,
      LocalTime time,
      Instant ts,
      LocalDateTime naive,
      Duration dur,
      @Decimal(precision = 10, scale = 2) BigDecimal small,
      @Decimal(precision = 30, scale = 5) BigDecimal big,
      BigDecimal dflt,
      Optional<String> opt,
      int[] ints,
      long[] longs,
      String[] strings,
      Point[] points,
      Set<String> set,
      Map<String, Point> map,
      List<List<Integer>> nested,
      Map<Integer, List<String>> mapOfLists,
      Point point,
      Hidden hidden,
      @As("duration") long durMicros,
      @As("int8") Integer tiny,
      @Name("renamed") String original,
      @NotNull String required,
      @ElementNullable(false) List<Double> dense) {}

  /** A bean with private fields and no accessors, in a non-public class. */
  static class PlainBean {
    private int a;
    private String b;
    private transient int ignored;

    PlainBean() {}

    @Override
    public boolean equals(Object o) {
      return o instanceof PlainBean
          && ((PlainBean) o).a == a
          && Objects.equals(((PlainBean) o).b, b);
    }

    @Override
    public int hashCode() {
      return a;
    }
  }

  static AllTypes sample(int seed) {
    Map<String, Point> map = new LinkedHashMap<>();
    map.put("p" + seed, new Point(seed, -seed, null));
    map.put("q", null);
    Map<Integer, List<String>> mol = new LinkedHashMap<>();
    mol.put(seed, Arrays.asList("a", null, "ccc"));
    return new AllTypes(
        true,
        seed % 2 == 0 ? null : Boolean.FALSE,
        (byte) -seed,
        (byte) 7,
        (short) 300,
        null,
        -seed,
        seed,
        Long.MIN_VALUE + seed,
        null,
        1.5f,
        Float.NaN,
        -0.0,
        Double.POSITIVE_INFINITY,
        "héllo " + seed,
        Color.GREEN,
        new byte[] {1, 2, (byte) 255},
        LocalDate.of(1969, 12, 31),
        LocalTime.of(23, 59, 59, 999000),
        Instant.parse("2024-02-29T12:34:56.123456Z"),
        LocalDateTime.of(1, 1, 1, 0, 0),
        Duration.ofSeconds(-5, 1000),
        new BigDecimal("-12.3"),
        new BigDecimal("1234567890123456789.5"),
        new BigDecimal("0.000000000000000001"),
        Optional.of("x"),
        new int[] {1, -2, 3},
        new long[] {Long.MAX_VALUE},
        new String[] {"s", null},
        new Point[] {new Point(1, 2, "z")},
        new LinkedHashSet<>(Arrays.asList("u", "v")),
        map,
        Arrays.asList(Arrays.asList(1, 2), null, Arrays.asList()),
        mol,
        new Point(3, 4, "pt"),
        new Hidden(9L, Arrays.asList("t")),
        123_456L,
        -128,
        "o",
        "req",
        Arrays.asList(1.0, 2.0));
  }

  static void assertSame(AllTypes a, AllTypes b) {
    // records with arrays: compare field by field through their encoded bytes instead
    RowEncoder<AllTypes> e = Encoders.rowEncoder(AllTypes.class, Encoders.Mode.INTERPRETED);
    assertArrayEquals(e.encode(a), e.encode(b));
    assertEquals(a.s(), b.s());
    assertEquals(a.map(), b.map());
    assertEquals(a.hidden(), b.hidden());
  }

  @Test
  void allTypesSameBytesInBothModesAndRoundTrip() {
    RowEncoder<AllTypes> gen = Encoders.rowEncoder(AllTypes.class, Encoders.Mode.CODEGEN);
    RowEncoder<AllTypes> interp = Encoders.rowEncoder(AllTypes.class, Encoders.Mode.INTERPRETED);
    for (int seed = 0; seed < 4; seed++) {
      AllTypes v = sample(seed);
      byte[] g = gen.encode(v);
      byte[] i = interp.encode(v);
      assertArrayEquals(g, i);
      Validator.validate(gen.schema(), g);
      AllTypes back = gen.decode(g);
      assertSame(v, back);
      assertSame(v, interp.decode(i));
      assertEquals(v.opt(), back.opt());
      assertEquals(0, v.big().compareTo(back.big()));
      assertEquals(new BigDecimal("-12.30"), back.small());
      assertTrue(Float.isNaN(back.bf32()));
      assertEquals(Color.GREEN, back.color());
      assertEquals(v.ts(), back.ts());
      assertEquals(v.set(), back.set());
      assertEquals(v.nested(), back.nested());
      assertEquals(v.mapOfLists(), back.mapOfLists());
      assertArrayEquals(v.ints(), back.ints());
      assertArrayEquals(v.points(), back.points());
    }
  }

  @Test
  void inferredSchema() {
    Schema s = TypeInference.inferSchema(AllTypes.class);
    assertEquals("{\"name\":\"b\",\"type\":\"bool\",\"nullable\":false}", s.field(0).toString());
    assertEquals("{\"name\":\"bb\",\"type\":\"bool\",\"nullable\":true}", s.field(1).toString());
    assertEquals(DataTypes.timestamp("UTC"), s.field("ts").type());
    assertEquals(DataTypes.TIMESTAMP, s.field("naive").type());
    assertEquals(DataTypes.decimal(38, 18), s.field("dflt").type());
    assertEquals(DataTypes.STRING, s.field("color").type());
    assertEquals(DataTypes.BINARY, s.field("bin").type());
    assertEquals(DataTypes.list(DataTypes.INT32, false), s.field("ints").type());
    assertEquals(DataTypes.INT16, ((Schema) s.field("point").type()).field("y").type());
    assertEquals(DataTypes.DURATION, s.field("durMicros").type());
    assertEquals("renamed", s.field(38).name());
    assertTrue(!s.field("required").nullable());
    assertEquals(DataTypes.list(DataTypes.FLOAT64, false), s.field("dense").type());
    assertEquals(s, Schema.fromJson(s.toJson()));
  }

  @Test
  void nonPublicBeanWithPrivateFields() {
    for (Encoders.Mode m : Encoders.Mode.values()) {
      RowEncoder<PlainBean> e = Encoders.rowEncoder(PlainBean.class, m);
      PlainBean b = new PlainBean();
      b.a = 5;
      b.b = "x";
      b.ignored = 9;
      PlainBean back = e.decode(e.encode(b));
      assertEquals(b, back);
      assertEquals(0, back.ignored);
      assertEquals(2, e.schema().numFields());
    }
  }

  @Test
  void writeErrorsNameTheField() {
    for (Encoders.Mode m : Encoders.Mode.values()) {
      RowEncoder<Point> e = Encoders.rowEncoder(Point.class, m);
      InvalidDataException x =
          assertThrows(InvalidDataException.class, () -> e.encode(new Point(1, 40_000, "a")));
      assertEquals("y", x.path());
      assertTrue(x.getMessage().contains("40000"), x.getMessage());
      RowEncoder<AllTypes> a = Encoders.rowEncoder(AllTypes.class, m);
      AllTypes bad = sample(1);
      AllTypes noRequired =
          new AllTypes(
              bad.b(),
              bad.bb(),
              bad.i8(),
              bad.bi8(),
              bad.i16(),
              bad.bi16(),
              bad.i32(),
              bad.bi32(),
              bad.i64(),
              bad.bi64(),
              bad.f32(),
              bad.bf32(),
              bad.f64(),
              bad.bf64(),
              bad.s(),
              bad.color(),
              bad.bin(),
              bad.date(),
              bad.time(),
              bad.ts(),
              bad.naive(),
              bad.dur(),
              new BigDecimal("1.234"),
              bad.big(),
              bad.dflt(),
              bad.opt(),
              bad.ints(),
              bad.longs(),
              bad.strings(),
              bad.points(),
              bad.set(),
              bad.map(),
              bad.nested(),
              bad.mapOfLists(),
              bad.point(),
              bad.hidden(),
              bad.durMicros(),
              bad.tiny(),
              bad.original(),
              bad.required(),
              bad.dense());
      InvalidDataException d = assertThrows(InvalidDataException.class, () -> a.encode(noRequired));
      assertEquals("small", d.path());
      assertTrue(d.getMessage().contains("rounding"), d.getMessage());
    }
  }

  static class Cyclic {
    Cyclic next;
  }

  static class HasObject {
    Object any;
  }

  static class HasRaw {
    @SuppressWarnings("rawtypes")
    List raw;
  }

  static class Outer {
    HasChar inner;
  }

  static class HasChar {
    char c;
  }

  @Test
  void unsupportedTypesAreErrorsNamingTheClassAndPath() {
    UnsupportedException c =
        assertThrows(UnsupportedException.class, () -> TypeInference.inferSchema(Cyclic.class));
    assertTrue(c.getMessage().contains("cyclic"), c.getMessage());
    UnsupportedException o =
        assertThrows(UnsupportedException.class, () -> TypeInference.inferSchema(HasObject.class));
    assertEquals("any", o.path());
    assertTrue(o.getMessage().contains("java.lang.Object"), o.getMessage());
    assertThrows(UnsupportedException.class, () -> TypeInference.inferSchema(HasRaw.class));
    UnsupportedException ch =
        assertThrows(UnsupportedException.class, () -> TypeInference.inferSchema(Outer.class));
    assertEquals("inner.c", ch.path());
    assertTrue(ch.getMessage().contains("char"), ch.getMessage());
  }

  @Test
  void partialDecodeAndProjection() {
    RowEncoder<AllTypes> e = Encoders.rowEncoder(AllTypes.class);
    BinaryRow row = e.toRow(sample(2));
    Point p =
        Encoders.rowEncoder(Point.class)
            .fromRow(row.getArray(row.schema().indexOf("points")).getStruct(0));
    assertEquals(new Point(1, 2, "z"), p);
    Projection<Slim> proj = Encoders.projection(Slim.class, e.schema());
    Slim s = proj.fromRow(row);
    assertEquals("héllo 2", s.s());
    assertEquals(new Point(3, 4, "pt"), s.point());
    assertThrows(
        SchemaMismatchException.class, () -> Encoders.projection(WrongType.class, e.schema()));
    assertThrows(
        SchemaMismatchException.class, () -> Encoders.rowEncoder(Point.class).fromRow(row));
  }

  public record Slim(Point point, String s) {}

  public record WrongType(long s) {}

  @Test
  void topLevelArrayAndMapEncoders() {
    ArrayEncoder<Point> ae = Encoders.arrayEncoder(Point.class);
    List<Point> pts = Arrays.asList(new Point(1, 2, "a"), null);
    byte[] bytes = ae.encode(pts);
    Validator.validateArray(ae.type(), bytes);
    assertEquals(pts, ae.decode(bytes));
    MapEncoder<String, Long> me = Encoders.mapEncoder(String.class, Long.class);
    Map<String, Long> m = new LinkedHashMap<>();
    m.put("a", 1L);
    m.put("b", null);
    byte[] mb = me.encode(m);
    Validator.validateMap(me.type(), mb);
    assertEquals(m, me.decode(mb));
  }

  @Test
  void dumpsGeneratedSource(@TempDir Path dir) throws Exception {
    System.setProperty("zerorow.codegen.dump", dir.toString());
    try {
      Encoders.rowEncoder(DumpMe.class);
    } finally {
      System.clearProperty("zerorow.codegen.dump");
    }
    try (var files = Files.list(dir)) {
      Path f = files.findFirst().orElseThrow();
      assertTrue(Files.readString(f).contains("readS0"), f.toString());
    }
  }

  public record DumpMe(int a) {}

  public record Concurrent(int a, List<String> b) {}

  @Test
  void obtainingEncodersIsThreadSafe() throws Exception {
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(8);
    try {
      List<java.util.concurrent.Future<byte[]>> out = new java.util.ArrayList<>();
      for (int t = 0; t < 32; t++) {
        out.add(
            pool.submit(
                () -> {
                  RowEncoder<Concurrent> e = Encoders.rowEncoder(Concurrent.class);
                  byte[] b = e.encode(new Concurrent(7, Arrays.asList("x", null)));
                  assertEquals(new Concurrent(7, Arrays.asList("x", null)), e.decode(b));
                  return b;
                }));
      }
      byte[] first = out.get(0).get();
      for (java.util.concurrent.Future<byte[]> f : out) {
        assertArrayEquals(first, f.get());
      }
    } finally {
      pool.shutdown();
    }
  }
}
