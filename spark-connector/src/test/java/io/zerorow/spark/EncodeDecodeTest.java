package io.zerorow.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.struct;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.type.Schema;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * zerorow_encode / zerorow_decode over random schemas and values: bytes equal to Spark's own
 * UnsafeRow and to java-row's RowWriter, round trips through both the generated and the interpreted
 * paths, NaN canonicalisation, and malformed input in both modes.
 */
class EncodeDecodeTest {
  private static final int SCHEMAS = Sessions.spark4() ? 16 : 6;
  private static final int ROWS = 40;
  private final SparkSession spark = Sessions.get();

  private Dataset<Row> frame(StructType t, RandomRows gen) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(gen.row(t));
    }
    return spark.createDataFrame(rows, t).repartition(2);
  }

  @Test
  void randomSchemasGiveSparkAndRowWriterBytesAndRoundTrip() {
    for (String factory : new String[] {"CODEGEN_ONLY", "NO_CODEGEN"}) {
      spark.conf().set("spark.sql.codegen.factoryMode", factory);
      spark.conf().set("spark.sql.codegen.wholeStage", factory.equals("CODEGEN_ONLY"));
      try {
        for (int s = 0; s < SCHEMAS; s++) {
          RandomRows gen = new RandomRows(1000 + s);
          StructType t = gen.struct(0);
          checkSchema(t, frame(t, gen).cache(), factory + " schema " + s + " " + t.simpleString());
        }
      } finally {
        spark.conf().unset("spark.sql.codegen.factoryMode");
        spark.conf().unset("spark.sql.codegen.wholeStage");
      }
    }
  }

  private void checkSchema(StructType t, Dataset<Row> df, String what) {
    Schema schema = SparkSchemas.toZerorow(t, "UTC");
    Column[] all = columns(t);
    Dataset<Row> enc =
        df.select(struct(all).as("s"), ZerorowFunctions.zerorow_encode(struct(all)).as("z"));
    // Spark's own bytes of the same struct: the UnsafeRow nested in the scan's rows
    List<InternalRow> internal =
        enc.queryExecution().toRdd().toJavaRDD().map(InternalRow::copy).collect();
    List<Row> collected = enc.collectAsList();
    assertEquals(ROWS, collected.size(), what);
    // Spark counts a time's nanoseconds where zerorow counts microseconds (SPEC §9): those
    // rows are compared with java-row's writer and by round trip only
    boolean sparkBytes = !RandomRows.hasTime(t);
    // Spark leaves an earlier row's bytes in a null interval's reserve (SPEC §3.7), which the
    // connector zeroes; the java-row writer's bytes below check that zeroing independently
    RowFixups reserves = RandomRows.hasInterval(t) ? RowFixups.of(schema, true) : null;
    for (int i = 0; i < ROWS; i++) {
      InternalRow ir = internal.get(i);
      byte[] spark = ((UnsafeRow) ir.getStruct(0, t.fields().length)).getBytes().clone();
      if (reserves != null) {
        reserves.apply(spark, org.apache.spark.unsafe.Platform.BYTE_ARRAY_OFFSET);
      }
      byte[] zr = ir.getBinary(1);
      if (sparkBytes) {
        assertArrayEquals(spark, zr, what + " row " + i + ": Spark's UnsafeRow bytes");
      }
      byte[] writer = RandomRows.rowWriterBytes(schema, collected.get(i).getStruct(0));
      assertArrayEquals(writer, zr, what + " row " + i + ": java-row RowWriter bytes");
    }
    List<Row> back =
        enc.select(col("s"), ZerorowFunctions.zerorow_decode(col("z"), schema.toJson()).as("d"))
            .collectAsList();
    for (Row r : back) {
      assertEquals(canon(r.getStruct(0)), canon(r.getStruct(1)), what + ": decoded struct");
    }
    // the DDL form of the schema gives the same rows
    List<Row> ddl =
        enc.select(ZerorowFunctions.zerorow_decode(col("z"), t.toDDL()).as("d")).collectAsList();
    for (int i = 0; i < ROWS; i++) {
      assertEquals(
          canon(back.get(i).getStruct(0)), canon(ddl.get(i).getStruct(0)), what + ": DDL schema");
    }
  }

  /**
   * A value of a collected row that compares by content: byte arrays as hex (Row.equals compares a
   * top-level binary by content but one inside a list or map by reference), rows, Scala lists and
   * maps as Java ones.
   */
  static Object canon(Object v) {
    byte[][] variant = RandomRows.variantBytes(v); // VariantVal compares by reference
    if (variant != null) {
      return "variant " + canon(variant[0]) + " " + canon(variant[1]);
    }
    if (v instanceof byte[]) {
      return java.util.HexFormat.of().formatHex((byte[]) v);
    }
    if (v instanceof Row) {
      Row r = (Row) v;
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < r.length(); i++) {
        out.add(canon(r.get(i)));
      }
      return out;
    }
    if (v instanceof scala.collection.Map) {
      Map<Object, Object> out = new java.util.LinkedHashMap<>();
      scala.collection.Iterator<?> it = ((scala.collection.Map<?, ?>) v).iterator();
      while (it.hasNext()) {
        scala.Tuple2<?, ?> kv = (scala.Tuple2<?, ?>) it.next();
        out.put(canon(kv._1()), canon(kv._2()));
      }
      return out;
    }
    if (v instanceof scala.collection.Iterable) {
      List<Object> out = new ArrayList<>();
      scala.collection.Iterator<?> it = ((scala.collection.Iterable<?>) v).iterator();
      while (it.hasNext()) {
        out.add(canon(it.next()));
      }
      return out;
    }
    return v;
  }

  private static Column[] columns(StructType t) {
    Column[] c = new Column[t.fields().length];
    for (int i = 0; i < c.length; i++) {
      c[i] = col(t.fields()[i].name());
    }
    return c;
  }

  @Test
  void nanIsWrittenCanonical() {
    long sparkNan = 0xfff8000000000000L; // what 0.0/0.0 gives on x86
    int sparkNan32 = 0xffc00000; // what 0.0f/0.0f gives on x86
    double d = Double.longBitsToDouble(sparkNan);
    float f = Float.intBitsToFloat(sparkNan32);
    StructType t =
        StructType.fromDDL(
            "d DOUBLE, f FLOAT, l ARRAY<DOUBLE>, fl ARRAY<FLOAT>, "
                + "s STRUCT<x: FLOAT, inner: STRUCT<y: DOUBLE>>, m MAP<STRING, FLOAT>, "
                + "items ARRAY<STRUCT<price: DOUBLE, w: ARRAY<FLOAT>>>, dm MAP<STRING, ARRAY<DOUBLE>>");
    Row r =
        RowFactory.create(
            d,
            f,
            List.of(1.0, d),
            List.of(f, 2f),
            RowFactory.create(f, RowFactory.create(d)),
            Map.of("k", f),
            List.of(RowFactory.create(d, List.of(3f, f))),
            Map.of("k", List.of(d)));
    Dataset<Row> df = spark.createDataFrame(List.of(r), t);
    Column[] all = columns(t);
    Dataset<Row> enc =
        df.select(struct(all).as("s"), ZerorowFunctions.zerorow_encode(struct(all)).as("z"));
    InternalRow ir = enc.queryExecution().toRdd().toJavaRDD().map(InternalRow::copy).first();
    byte[] spark = ((UnsafeRow) ir.getStruct(0, t.fields().length)).getBytes();
    byte[] z = ir.getBinary(1);
    // Spark keeps the computed bits of all 10 NaNs; zerorow writes none of them
    assertEquals(5, count64(spark, sparkNan), "Spark's double NaNs");
    assertEquals(5, count32(spark, sparkNan32), "Spark's float NaNs");
    assertEquals(0, count64(z, sparkNan), "non-canonical double NaNs left");
    assertEquals(0, count32(z, sparkNan32), "non-canonical float NaNs left");
    assertEquals(5, count64(z, Double.doubleToRawLongBits(Double.NaN)), "canonical doubles");
    assertEquals(5, count32(z, Float.floatToRawIntBits(Float.NaN)), "canonical floats");
    ByteBuffer b = ByteBuffer.wrap(z).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(Double.doubleToRawLongBits(Double.NaN), b.getLong(8), "field d");
    assertEquals(Float.floatToRawIntBits(Float.NaN), b.getInt(16), "field f");
    // and every other byte is Spark's and java-row's writer's
    Schema schema = SparkSchemas.toZerorow(t);
    Row collected = enc.first().getStruct(0);
    assertArrayEquals(RandomRows.rowWriterBytes(schema, collected), z, "java-row RowWriter");
    assertEquals(spark.length, z.length);
  }

  /** How many 8-byte-aligned words of {@code b} hold {@code bits}. */
  private static int count64(byte[] b, long bits) {
    ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    int n = 0;
    for (int i = 0; i + 8 <= b.length; i += 8) {
      n += buf.getLong(i) == bits ? 1 : 0;
    }
    return n;
  }

  /** How many 4-byte-aligned words of {@code b} hold {@code bits}. */
  private static int count32(byte[] b, int bits) {
    ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    int n = 0;
    for (int i = 0; i + 4 <= b.length; i += 4) {
      n += buf.getInt(i) == bits ? 1 : 0;
    }
    return n;
  }

  private static final String SCHEMA =
      "{\"type\":\"struct\",\"fields\":["
          + "{\"name\":\"id\",\"type\":\"int64\",\"nullable\":false},"
          + "{\"name\":\"name\",\"type\":\"string\",\"nullable\":true}]}";

  private Dataset<Row> binaries(byte[]... values) {
    List<Row> rows = new ArrayList<>();
    for (byte[] v : values) {
      rows.add(RowFactory.create((Object) v));
    }
    StructType t = new StructType().add("b", DataTypes.BinaryType);
    return spark.createDataFrame(rows, t).coalesce(1);
  }

  private static byte[] good() {
    ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(0, 0).putLong(8, 7).putLong(16, (24L << 32) | 3);
    b.put(24, (byte) 'a').put(25, (byte) 'b').put(26, (byte) 'c');
    return b.array();
  }

  @Test
  void failFastNamesRowPathAndNumbers() {
    byte[] bad = good();
    ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putLong(16, (24L << 32) | 40);
    // the row is named by its index in the partition, null rows counted
    Dataset<Row> df = binaries(good(), null, bad);
    for (String factory : new String[] {"CODEGEN_ONLY", "NO_CODEGEN"}) {
      spark.conf().set("spark.sql.codegen.factoryMode", factory);
      spark.conf().set("spark.sql.codegen.wholeStage", factory.equals("CODEGEN_ONLY"));
      try {
        Exception e =
            assertThrows(
                Exception.class,
                () -> df.select(ZerorowFunctions.zerorow_decode(col("b"), SCHEMA)).collectAsList());
        String msg = rootMessage(e);
        assertTrue(msg.contains("invalid_data at name"), factory + ": " + msg);
        assertTrue(msg.contains("row 2 of partition 0"), factory + ": " + msg);
      } finally {
        spark.conf().unset("spark.sql.codegen.factoryMode");
        spark.conf().unset("spark.sql.codegen.wholeStage");
      }
    }
    String msg =
        rootMessage(
            assertThrows(
                Exception.class,
                () ->
                    df.select(ZerorowFunctions.zerorow_decode(col("b"), SCHEMA)).collectAsList()));
    assertTrue(msg.contains("expected offset+size <= 32 but found 64"), msg);
    Exception t =
        assertThrows(
            Exception.class,
            () ->
                binaries(new byte[8])
                    .select(ZerorowFunctions.zerorow_decode(col("b"), SCHEMA))
                    .collectAsList());
    assertTrue(rootMessage(t).contains("truncated"), rootMessage(t));
    assertTrue(rootMessage(t).contains("expected at least 24 bytes"), rootMessage(t));
  }

  @Test
  void permissiveGivesNullAndCounts() {
    byte[] bad = good();
    ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putLong(16, (24L << 32) | 40);
    long before = MalformedRows.count();
    List<Row> rows =
        binaries(good(), bad, new byte[3], null)
            .select(
                ZerorowFunctions.zerorow_decode(col("b"), SCHEMA, Map.of("mode", "PERMISSIVE"))
                    .as("d"))
            .collectAsList();
    assertEquals(7L, rows.get(0).getStruct(0).getLong(0));
    assertEquals("abc", rows.get(0).getStruct(0).getString(1));
    assertNull(rows.get(1).get(0));
    assertNull(rows.get(2).get(0));
    assertNull(rows.get(3).get(0));
    assertEquals(2, MalformedRows.count() - before);
  }

  /** Random corruption of valid rows: a typed error or a value, never a crash. */
  @Test
  void corruptedRowsNeverCrash() {
    RandomRows gen = new RandomRows(7);
    StructType t =
        new StructType()
            .add("a", DataTypes.createArrayType(DataTypes.StringType))
            .add(
                "m",
                DataTypes.createMapType(
                    DataTypes.StringType, DataTypes.createArrayType(DataTypes.LongType)))
            .add(
                "s",
                new StructType()
                    .add("x", DataTypes.StringType)
                    .add("y", DataTypes.createDecimalType(30, 2)));
    List<Row> src = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      src.add(gen.row(t));
    }
    Schema schema = SparkSchemas.toZerorow(t);
    List<Row> encoded =
        spark
            .createDataFrame(src, t)
            .select(ZerorowFunctions.zerorow_encode(struct(col("a"), col("m"), col("s"))))
            .collectAsList();
    Random rnd = new Random(11);
    List<byte[]> corrupt = new ArrayList<>();
    for (Row r : encoded) {
      for (int k = 0; k < 30; k++) {
        byte[] b = ((byte[]) r.get(0)).clone();
        int flips = 1 + rnd.nextInt(3);
        for (int f = 0; f < flips; f++) {
          b[rnd.nextInt(b.length)] = (byte) rnd.nextInt();
        }
        corrupt.add(rnd.nextInt(10) == 0 ? java.util.Arrays.copyOf(b, rnd.nextInt(b.length)) : b);
      }
    }
    for (String validation : new String[] {"bounds", "full"}) {
      List<Row> out =
          binaries(corrupt.toArray(new byte[0][]))
              .select(
                  ZerorowFunctions.zerorow_decode(
                          col("b"),
                          schema.toJson(),
                          Map.of("mode", "PERMISSIVE", "validation", validation))
                      .as("d"))
              // touch every value Spark can read
              .selectExpr("to_json(d) AS j")
              .collectAsList();
      assertEquals(corrupt.size(), out.size(), validation);
      // FAILFAST, value by value: a row or a typed error naming the row, and exactly where
      // PERMISSIVE gave null
      RowDecoding failFast =
          new RowDecoding(
              schema,
              validation.equals("full")
                  ? io.zerorow.row.ValidationLevel.FULL
                  : io.zerorow.row.ValidationLevel.BOUNDS,
              false,
              null);
      int failed = 0;
      for (int i = 0; i < corrupt.size(); i++) {
        boolean nulled = out.get(i).isNullAt(0);
        try {
          failFast.decode(corrupt.get(i));
          assertTrue(!nulled, validation + " value " + i + ": PERMISSIVE gave null");
        } catch (io.zerorow.ZerorowException e) {
          failed++;
          assertTrue(nulled, validation + " value " + i + ": PERMISSIVE gave a row");
          assertTrue(e.getMessage().contains("zerorow_decode, row " + i + " of "), e.getMessage());
        }
      }
      assertTrue(
          failed > corrupt.size() / 4 && failed < corrupt.size(),
          validation + ": " + failed + " of " + corrupt.size() + " malformed");
      // and in a job: the task fails with the typed error, the JVM lives on
      Exception e =
          assertThrows(
              Exception.class,
              () ->
                  binaries(corrupt.toArray(new byte[0][]))
                      .select(
                          ZerorowFunctions.zerorow_decode(
                                  col("b"), schema.toJson(), Map.of("validation", validation))
                              .as("d"))
                      .selectExpr("to_json(d) AS j")
                      .collectAsList());
      assertTrue(hasCause(e, io.zerorow.ZerorowException.class), rootMessage(e));
    }
  }

  private static boolean hasCause(Throwable e, Class<? extends Throwable> type) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (type.isInstance(c)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Spark 4's TimeType counts nanoseconds, zerorow's time microseconds (SPEC §9): encoding divides
   * by 1000 and refuses a sub-microsecond value, decoding multiplies and refuses a value outside
   * the day. Spark 3.5 has no TimeType: a time schema is an analysis error there.
   */
  @Test
  void timeIsScaledBothWays() {
    String timeSchema =
        "{\"type\":\"struct\",\"fields\":["
            + "{\"name\":\"t\",\"type\":\"time\",\"nullable\":true}]}";
    if (!Sessions.spark4()) {
      Exception e =
          assertThrows(
              Exception.class,
              () ->
                  binaries(new byte[16])
                      .select(ZerorowFunctions.zerorow_decode(col("b"), timeSchema))
                      .collectAsList());
      assertTrue(
          rootMessage(e).contains("zerorow type time at t has no Spark type"), rootMessage(e));
      return;
    }
    java.time.LocalTime noon = java.time.LocalTime.of(12, 34, 56, 123_456_000);
    StructType t = StructType.fromDDL("t TIME(6), ts ARRAY<TIME(6)>");
    Dataset<Row> df = spark.createDataFrame(List.of(RowFactory.create(noon, List.of(noon))), t);
    Row enc =
        df.select(ZerorowFunctions.zerorow_encode(struct(col("t"), col("ts"))).as("z")).first();
    ByteBuffer b = ByteBuffer.wrap((byte[]) enc.get(0)).order(ByteOrder.LITTLE_ENDIAN);
    long micros = noon.toNanoOfDay() / 1000;
    assertEquals(micros, b.getLong(8), "t in microseconds");
    int list = (int) (b.getLong(16) >>> 32);
    assertEquals(micros, b.getLong(list + 16), "ts[0] in microseconds");
    Row back =
        df.select(
                ZerorowFunctions.zerorow_decode(
                        ZerorowFunctions.zerorow_encode(struct(col("t"), col("ts"))), t.toDDL())
                    .as("d"))
            .first()
            .getStruct(0);
    assertEquals(noon, back.get(0));
    assertEquals(List.of(noon), back.getList(1));

    // Spark's TIME holds at most microseconds (precision <= 6), but its values are nanoseconds:
    // one with a sub-microsecond part is refused, not rounded
    long subMicro = noon.toNanoOfDay() + 789;
    StructType one = StructType.fromDDL("t TIME(6)");
    RowEncoding encoding = new RowEncoding(one, SparkSchemas.toZerorow(one));
    String msg =
        assertThrows(
                io.zerorow.ZerorowException.class,
                () ->
                    encoding.encode(
                        new org.apache.spark.sql.catalyst.expressions.GenericInternalRow(
                            new Object[] {subMicro})))
            .getMessage();
    assertTrue(
        msg.contains(
            "invalid_data at t: expected a time with whole microseconds but found "
                + subMicro
                + " ns"),
        msg);

    byte[] late = new byte[16];
    ByteBuffer.wrap(late).order(ByteOrder.LITTLE_ENDIAN).putLong(8, 86_400_000_000L);
    String bad =
        rootMessage(
            assertThrows(
                Exception.class,
                () ->
                    binaries(late)
                        .select(ZerorowFunctions.zerorow_decode(col("b"), timeSchema))
                        .collectAsList()));
    assertTrue(
        bad.contains(
            "invalid_data at t: zerorow_decode, row 0 of partition 0: expected "
                + "0 <= time < 86400000000 us but found 86400000000"),
        bad);
  }

  @Test
  void badArgumentsAreAnalysisErrors() {
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                spark
                    .sql("SELECT zerorow_decode(X'00', 'a INT', map('mode', 'LENIENT'))")
                    .collect());
    assertTrue(
        e.getMessage().contains("expected FAILFAST or PERMISSIVE but found \"LENIENT\""),
        e.getMessage());
    Exception f =
        assertThrows(Exception.class, () -> spark.sql("SELECT zerorow_encode(1)").collect());
    assertTrue(
        f.getMessage().contains("zerorow_encode expects a struct but found int"), f.getMessage());
  }

  static String rootMessage(Throwable e) {
    StringBuilder b = new StringBuilder();
    for (Throwable c = e; c != null; c = c.getCause()) {
      b.append(c.getMessage()).append(" | ");
    }
    return b.toString();
  }
}
