package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.row.BinaryArray;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.ArrayWriter;
import io.zerorow.writer.RowWriter;
import io.zerorow.writer.WriteBuffer;
import io.zerorow.writer.WriteLimits;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** Writers and views: layout details, getters, equality, off-heap, bounds checks. */
class BinaryRowTest {
  static final Schema SCHEMA =
      Schema.of(
          Field.of("i", DataTypes.INT32, false),
          Field.of("s", DataTypes.STRING, true),
          Field.of("l", DataTypes.list(DataTypes.INT64, true), true),
          Field.of("d", DataTypes.decimal(20, 2), true),
          Field.of("f", DataTypes.FLOAT32, false),
          Field.of("st", Schema.of(Field.of("x", DataTypes.INT16, false)), true));

  static byte[] sample(RowWriter w, int i, String s) {
    w.reset();
    w.writeInt(0, i);
    w.writeString(1, s);
    int c = w.cursor();
    ArrayWriter aw = new ArrayWriter((DataTypes.ListType) SCHEMA.field(2).type(), w);
    aw.initialize(3);
    aw.writeLong(0, 7);
    aw.setNullAt(1);
    aw.writeLong(2, -1);
    w.setOffsetAndSize(2, c);
    w.setNullAt(3);
    w.writeFloat(4, Float.intBitsToFloat(0x7fc00001));
    c = w.cursor();
    RowWriter sw = new RowWriter((Schema) SCHEMA.field(5).type(), w);
    sw.start();
    sw.writeShort(0, (short) -2);
    w.setOffsetAndSize(5, c);
    return w.toByteArray();
  }

  @Test
  void writesTheSpecLayoutAndReadsItBack() {
    RowWriter w = new RowWriter(SCHEMA);
    byte[] b = sample(w, -1, "hello");
    Validator.validate(SCHEMA, b);
    ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(0xffffffffL, bb.getLong(8), "int32 -1 is not sign-extended (SPEC §3)");
    assertEquals(0x7fc00000L, bb.getLong(8 + 32), "canonical NaN (SPEC §2.6)");
    assertEquals(104L << 32, bb.getLong(8 + 24), "null decimal p>18 keeps its reserve");
    BinaryRow r = BinaryRow.wrap(SCHEMA, b);
    assertEquals(-1, r.getInt(0));
    assertEquals("hello", r.getString(1));
    assertEquals(7L, r.getArray(2).getLong(0));
    assertTrue(r.getArray(2).isNullAt(1));
    assertNull(r.getDecimal(3));
    assertEquals(-2, r.getStruct(5).getShort(0));
    assertEquals("{i=-1, s=\"hello\", l=[7, null, -1], d=null, f=NaN, st={x=-2}}", r.toString());
    assertEquals(r, r.copy());
    assertEquals(r.hashCode(), r.copy().hashCode());
    assertNotEquals(r, BinaryRow.wrap(SCHEMA, sample(new RowWriter(SCHEMA), 2, "hello")));
    // the buffer is reused: a second row gives equal bytes for equal values
    assertArrayEquals(b, sample(w, -1, "hello"));
  }

  @Test
  void decimalsAreRescaledExactlyOrRejected() {
    Schema s =
        Schema.of(
            Field.of("a", DataTypes.decimal(5, 2), true),
            Field.of("b", DataTypes.decimal(38, 10), true));
    RowWriter w = new RowWriter(s);
    w.reset();
    w.writeDecimal(0, new BigDecimal("1.5"), 5, 2);
    w.writeDecimal(1, new BigDecimal("-12345678901234567890.5"), 38, 10);
    BinaryRow r = w.getRow();
    Validator.validate(r, ValidationLevel.FULL);
    assertEquals(new BigDecimal("1.50"), r.getDecimal(0));
    assertEquals(150L, r.getLong(0));
    assertEquals(new BigDecimal("-12345678901234567890.5000000000"), r.getDecimal(1));
    w.reset();
    InvalidDataException e =
        assertThrows(
            InvalidDataException.class, () -> w.writeDecimal(0, new BigDecimal("1000"), 5, 2));
    assertEquals("a", e.path());
    assertThrows(
        InvalidDataException.class, () -> w.writeDecimal(0, new BigDecimal("0.001"), 5, 2));
  }

  @Test
  void offHeapRowsReadTheSame() {
    byte[] b = sample(new RowWriter(SCHEMA), 42, "off-heap");
    ByteBuffer direct = ByteBuffer.allocateDirect(b.length + 8);
    direct.position(8);
    direct.put(b);
    direct.position(8);
    BinaryRow r = BinaryRow.wrap(SCHEMA, direct);
    assertEquals(42, r.getInt(0));
    assertEquals("off-heap", r.getString(1));
    assertEquals(-1L, r.getArray(2).getLong(2));
    assertEquals(BinaryRow.wrap(SCHEMA, b), r);
    assertArrayEquals(b, r.toBytes());
    Validator.validate(r, ValidationLevel.FULL);
  }

  @Test
  void boundsChecksNameThePathAndNumbers() {
    byte[] b = sample(new RowWriter(SCHEMA), 1, "abc");
    ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    bb.putLong(8 + 8, (64L << 32) | 1000); // s: offset 64, size 1000
    BinaryRow r = BinaryRow.wrap(SCHEMA, b);
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> r.getString(1));
    assertEquals("s", e.path());
    assertTrue(
        e.getMessage().contains("expected offset+size <= " + b.length + " but found 1064"),
        e.getMessage());
    assertEquals(1, r.getInt(0), "other fields still read");
    TruncatedException t =
        assertThrows(TruncatedException.class, () -> BinaryRow.wrap(SCHEMA, new byte[16]));
    assertTrue(t.getMessage().contains("expected at least 56 bytes"), t.getMessage());
    assertThrows(IndexOutOfBoundsException.class, () -> r.getInt(6));
    assertThrows(
        SchemaMismatchException.class,
        () -> BinaryRow.wrap(SCHEMA, sample(new RowWriter(SCHEMA), 1, "x")).getArray(2).getInt(0));
  }

  @Test
  void nestedPathsInErrors() {
    Schema inner = Schema.of(Field.of("f2", DataTypes.list(DataTypes.INT64, true), true));
    Schema outer = Schema.of(Field.of("f4", DataTypes.list(inner, true), true));
    RowWriter w = new RowWriter(outer);
    w.reset();
    int c = w.cursor();
    ArrayWriter aw = new ArrayWriter((DataTypes.ListType) outer.field(0).type(), w);
    aw.initialize(1);
    int c2 = aw.cursor();
    RowWriter iw = new RowWriter(inner, aw);
    iw.start();
    iw.setNullAt(0);
    aw.setOffsetAndSize(0, c2);
    w.setOffsetAndSize(0, c);
    byte[] b = w.toByteArray();
    // corrupt the inner row's slot: a non-null reference past its end
    int innerRow = 16 + 8 + 8 + 8; // outer fixed region, array header, bitmap, one element
    ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(innerRow + 8, (16L << 32) | 64);
    b[innerRow] = 0; // clear the inner null bit
    BinaryRow r = BinaryRow.wrap(outer, b);
    InvalidDataException e =
        assertThrows(InvalidDataException.class, () -> r.getArray(0).getStruct(0).getArray(0));
    assertEquals("f4[0].f2", e.path());
    ZerorowException v = assertThrows(ZerorowException.class, () -> Validator.validate(outer, b));
    assertEquals("f4[0].f2", v.path());
  }

  @Test
  void bulkWritesFromMemory() {
    Schema s =
        Schema.of(
            Field.of("b", DataTypes.BINARY, false),
            Field.of("xs", DataTypes.list(DataTypes.INT16, true), false));
    ByteBuffer src = ByteBuffer.allocateDirect(16).order(ByteOrder.LITTLE_ENDIAN);
    for (short i = 0; i < 8; i++) {
      src.putShort(i * 2, (short) (i + 100));
    }
    long address = io.zerorow.internal.Platform.directAddress(src);
    RowWriter w = new RowWriter(s);
    w.reset();
    w.writeBinaryUnchecked(0, null, address, 3);
    int c = w.cursor();
    ArrayWriter aw = new ArrayWriter((DataTypes.ListType) s.field(1).type(), w);
    aw.initialize(5);
    aw.writeElementsUnchecked(null, address);
    aw.setNullAt(2);
    w.setOffsetAndSize(1, c);
    BinaryRow r = w.getRow();
    Validator.validate(r, ValidationLevel.FULL);
    assertArrayEquals(new byte[] {100, 0, 101}, r.getBinary(0));
    assertEquals("[100, 101, null, 103, 104]", r.getArray(1).toString());
  }

  @Test
  void writerOverflowIsAClearError() {
    WriteBuffer buf = new WriteBuffer(64);
    InvalidDataException e =
        assertThrows(
            InvalidDataException.class,
            () -> WriteLimits.ensure(buf, WriteBuffer.MAX_ROW_SIZE + 1L));
    assertTrue(e.getMessage().contains("row larger than 2^31-8 bytes"), e.getMessage());
  }

  @Test
  void readingAPrimitiveAllocatesNothing() {
    byte[] b = sample(new RowWriter(SCHEMA), 5, "x");
    BinaryRow r = BinaryRow.wrap(SCHEMA, b);
    BinaryArray a = r.getArray(2);
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long sum = 0;
    for (int i = 0; i < 200_000; i++) { // warm up so the JIT compiles the loop
      sum += r.getInt(0) + a.getLong(0) + (r.isNullAt(3) ? 1 : 0);
    }
    long before = mx.getCurrentThreadAllocatedBytes();
    for (int i = 0; i < 1_000_000; i++) {
      sum += r.getInt(0) + a.getLong(0) + (r.isNullAt(3) ? 1 : 0);
    }
    long allocated = mx.getCurrentThreadAllocatedBytes() - before;
    // a few hundred bytes of measurement noise at most, not bytes per read
    assertTrue(allocated < 4096, "allocated " + allocated + " bytes for 1M reads");
    assertFalse(sum == 0);
  }

  @Test
  void schemaJsonAndFingerprint() {
    String json =
        "{\"type\":\"struct\",\"fields\":[{\"name\":\"f1\",\"type\":\"int32\",\"nullable\":false},"
            + "{\"name\":\"f2\",\"type\":{\"type\":\"list\",\"element\":\"int32\",\"element_nullable\":true},\"nullable\":true}]}";
    Schema s = Schema.fromJson(json);
    assertEquals(json, s.toJson());
    Schema loose =
        Schema.fromJson(
            "{ \"fields\": [ {\"nullable\":false, \"type\": {\"type\":\"int32\"},"
                + " \"name\":\"f1\"}, {\"name\":\"f2\",\"nullable\":true,\"type\":{\"element_nullable\":true,"
                + "\"element\":\"int32\",\"type\":\"list\"}}], \"type\":\"struct\" }");
    assertEquals(s, loose);
    assertEquals(String.format("%016x", s.fingerprint()), s.fingerprintHex());
    assertEquals(
        ErrorKind.UNSUPPORTED,
        assertThrows(
                ZerorowException.class,
                () ->
                    Schema.fromJson(
                        "{\"type\":\"struct\",\"fields\":[{\"name\":\"a\",\"type\":\"int128\",\"nullable\":true}]}"))
            .kind());
    assertEquals(
        ErrorKind.INVALID_DATA,
        assertThrows(
                ZerorowException.class, () -> Schema.fromJson("{\"type\":\"struct\",\"fields\":["))
            .kind());
    assertEquals(
        "{\"name\":\"a\\\"\\u0001é\",\"type\":\"bool\",\"nullable\":true}",
        Field.of("a\"\u0001é", DataTypes.BOOL, true).toString());
  }

  /** Strings of every length up to 20, ASCII or not, at shifted offsets, heap and off-heap. */
  @Test
  void stringsAsciiAndUtf8() {
    Schema schema =
        Schema.of(Field.of("a", DataTypes.STRING, true), Field.of("b", DataTypes.STRING, true));
    RowWriter w = new RowWriter(schema);
    StringBuilder ascii = new StringBuilder();
    for (int n = 0; n <= 20; n++) {
      for (String tail : new String[] {"", "\u00e9", "\u20ac", "\ud83d\ude00", "\u007f"}) {
        String a = ascii + tail;
        String b = tail + ascii;
        w.reset();
        w.writeString(0, a);
        w.writeString(1, b);
        byte[] bytes = w.toByteArray();
        byte[] shifted = new byte[bytes.length + 3];
        System.arraycopy(bytes, 0, shifted, 3, bytes.length);
        for (BinaryRow r :
            new BinaryRow[] {
              BinaryRow.wrap(schema, bytes),
              BinaryRow.wrap(schema, shifted, 3, bytes.length),
              BinaryRow.wrap(schema, ByteBuffer.allocateDirect(bytes.length).put(bytes).flip())
            }) {
          assertEquals(a, r.getString(0));
          assertEquals(b, r.getString(1));
        }
      }
      ascii.append((char) ('a' + n));
    }
  }
}
