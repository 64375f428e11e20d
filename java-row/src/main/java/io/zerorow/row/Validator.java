package io.zerorow.row;

import io.zerorow.InvalidDataException;
import io.zerorow.TruncatedException;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Layout;
import io.zerorow.internal.Platform;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.type.StorageKind;
import io.zerorow.type.TypeId;
import io.zerorow.type.Values;
import io.zerorow.type.Variant;
import java.math.BigInteger;

/**
 * Checks rows against their schema at a {@link ValidationLevel} (SPEC §6.2). {@code FULL} walks the
 * whole value once and checks every rule of SPEC §6.3 in the order given there; the first violation
 * is thrown as a {@link ZerorowException} naming the field path and the expected and actual
 * numbers. Cost: {@code NONE} 0, {@code BOUNDS} O(1) (the wrap rules; the getters then check each
 * access), {@code FULL} O(size) with bounded stack (depth ≤ 64, SPEC §7).
 */
public final class Validator {

  private static final long TIME_LIMIT = 86_400_000_000L;

  private final Object base;
  private final PathStack path = new PathStack();

  private Validator(Object base) {
    this.base = base;
  }

  /** Validates a top-level row in {@code bytes} at level {@code FULL}. */
  public static void validate(Schema schema, byte[] bytes) {
    validate(schema, bytes, ValidationLevel.FULL);
  }

  /**
   * Validates a top-level row of {@code schema} in {@code bytes} at {@code level} (SPEC §6); throws
   * the error it finds.
   */
  public static void validate(Schema schema, byte[] bytes, ValidationLevel level) {
    validateRow(schema, bytes, Platform.BYTE_ARRAY_OFFSET, bytes.length, level);
  }

  /** Validates the row a view covers (as a top-level row). */
  public static void validate(BinaryRow row, ValidationLevel level) {
    row.requireSet();
    validateRow(row.schema(), row.base, row.address, row.size, level);
  }

  /** Validates a top-level row at {@code (base, address)} (see {@code Platform}). */
  public static void validateRow(
      Schema schema, Object base, long address, int size, ValidationLevel level) {
    if (level == ValidationLevel.NONE) {
      return;
    }
    if (level == ValidationLevel.BOUNDS) {
      new BinaryRow(schema).pointTo(base, address, size);
      return;
    }
    new Validator(base).row(schema, address, size, true);
  }

  /**
   * Checks what a row's own fixed region can show about its layout, without entering any body: the
   * wrap rules W1–W2, null bitmap bits &ge; n zero (SPEC §6.3 rule 2), a null field nullable (rule
   * 3.1; a null decimal with precision &gt; 18 or interval: a 16-byte reserve past the fixed
   * region; the zero slot of other nulls is canonical form, left to {@code FULL}; a field of type
   * null has its null bit set), each fixed-width value (rule 3.2: zero high bytes, bool 0 or 1,
   * time in range, decimal within its precision) and each reference (rule 3.3 a–d: offset and size
   * &lt; 2^31, an aligned offset past the fixed region, the body inside the row; SPEC §6.2 B4: the
   * size of a fixed_binary, uuid or interval body, a variant body of at least 4 bytes). O(fields).
   * It is what a whole-row decode checks first at {@link ValidationLevel#BOUNDS} ({@code
   * RowEncoder.decode(bytes)}): bytes of another schema are refused there whenever their fixed
   * region shows it (a string body where the schema has an int32 slot, a reference into the fixed
   * region). Only {@code FULL} sees the rest: the bodies' own layouts (nested rows, arrays, maps),
   * canonical order without gaps or overlaps (rule e), padding (f), UTF-8, and trailing bytes. Rows
   * of Apache Fory, which leaves the slots of nulls as they were, pass.
   */
  public static void validateFixedRegion(BinaryRow row) {
    row.requireSet();
    Schema schema = row.schema();
    new Validator(row.base).fixedRegion(schema, row.address, row.size);
  }

  /** Validates a top-level array (e.g. from {@code ArrayEncoder}) at level {@code FULL}. */
  public static void validateArray(DataTypes.ListType type, byte[] bytes) {
    new Validator(bytes).array(type, Platform.BYTE_ARRAY_OFFSET, bytes.length, true);
  }

  /** Validates a top-level map at level {@code FULL}. */
  public static void validateMap(DataTypes.MapType type, byte[] bytes) {
    if (bytes.length < 8) {
      throw new TruncatedException(
          "", "expected at least 8 bytes (map header) but found " + bytes.length);
    }
    new Validator(bytes).map(type, Platform.BYTE_ARRAY_OFFSET, bytes.length);
  }

  private ZerorowException invalid(String detail) {
    return new InvalidDataException(path.toString(), detail);
  }

  private long u64(long a) {
    return Platform.getLong(base, a);
  }

  private static long pad8(long x) {
    return (x + 7) & ~7L;
  }

  private void row(Schema schema, long a, int size, boolean top) {
    int n = schema.numFields();
    int fixed = schema.fixedRegionSize();
    if (size < fixed) {
      String d =
          "expected at least "
              + fixed
              + " bytes (fixed region of "
              + n
              + " fields) but found "
              + size;
      throw top ? new TruncatedException(path.toString(), d) : invalid(d);
    }
    if ((size & 7) != 0) {
      throw invalid("expected a row size that is a multiple of 8 but found " + size);
    }
    checkBitmapTail(a, n);
    long cursor = fixed;
    for (int i = 0; i < n; i++) {
      Field f = schema.field(i);
      path.pushField(f.name());
      long slot = u64(a + schema.bitmapBytes() + 8L * i);
      boolean isNull = ((u64(a + ((i >> 6) << 3)) >>> (i & 63)) & 1) != 0;
      cursor = value(f.type(), f.nullable(), isNull, slot, 8, a, size, fixed, cursor, true);
      path.pop();
    }
    if (cursor != size) {
      throw invalid(
          "expected the row to end at "
              + cursor
              + " (no trailing bytes) but its size"
              + " is "
              + size);
    }
  }

  private void fixedRegion(Schema schema, long a, int size) {
    int n = schema.numFields();
    int fixed = schema.fixedRegionSize();
    if (size < fixed) {
      throw new TruncatedException(
          "",
          "expected at least "
              + fixed
              + " bytes (fixed region of "
              + n
              + " fields) but found "
              + size);
    }
    if ((size & 7) != 0) {
      throw invalid("expected a row size that is a multiple of 8 but found " + size);
    }
    checkBitmapTail(a, n);
    for (int i = 0; i < n; i++) {
      Field f = schema.field(i);
      path.pushField(f.name());
      long slot = u64(a + schema.bitmapBytes() + 8L * i);
      boolean isNull = ((u64(a + ((i >> 6) << 3)) >>> (i & 63)) & 1) != 0;
      slotLayout(f.type(), f.nullable(), isNull, slot, size, fixed);
      path.pop();
    }
  }

  /** Rules 3.1, 3.2 and 3.3 a–d of SPEC §6.3 for one row slot, without its body. */
  private void slotLayout(
      DataType t, boolean nullable, boolean isNull, long slot, int size, long fixed) {
    boolean bigDecimal = t instanceof DataTypes.DecimalType && t.isVariableWidth();
    // SPEC §3.5, §3.7: a decimal p > 18 and an interval keep a 16-byte reserve in a row, null or
    // not (the null interval's slot says size 16).
    boolean reserve = bigDecimal || t.id() == TypeId.INTERVAL;
    if (isNull && !nullable) {
      throw invalid("null where the type is not nullable");
    }
    if (isNull && !reserve) {
      return; // a non-zero null slot breaks the canonical form (FULL), not the layout
    }
    if (t.storage() == StorageKind.NONE) {
      throw invalid("expected the null bit of a value of type null to be set"); // SPEC §6.3 3.1
    }
    if (!t.isVariableWidth()) {
      fixedValue(t, slot, 8);
      return;
    }
    long off = slot >>> 32;
    long sz = slot & 0xffffffffL;
    if (off >= (1L << 31) || sz >= (1L << 31)) {
      throw invalid("expected offset and size < 2^31 but found offset " + off + ", size " + sz);
    }
    if ((off & 7) != 0) {
      throw invalid("misaligned offset: expected a multiple of 8 but found " + off);
    }
    if (off < fixed) {
      throw invalid(
          "offset inside the fixed region: expected offset >= " + fixed + " but found " + off);
    }
    long end = reserve ? off + 16 : off + pad8(sz);
    if (end > size) {
      throw invalid(
          "offset/size past the end: expected offset+size <= " + size + " but found " + end);
    }
    if (bigDecimal && (isNull ? sz != 0 : sz < 1 || sz > 16)) {
      throw invalid(
          "expected a "
              + (isNull ? "null decimal of size 0" : "decimal body of 1 to 16 bytes")
              + " but found "
              + sz);
    }
    // SPEC §6.2 B4: a body of a fixed size; a variant's value size is inside its body.
    switch (t.id()) {
      case FIXED_BINARY -> checkBodySize(t, sz, ((DataTypes.FixedBinaryType) t).size());
      case UUID, INTERVAL -> checkBodySize(t, sz, 16);
      case VARIANT -> {
        if (sz < 4) {
          throw invalid("expected a variant body of at least 4 bytes but found " + sz);
        }
      }
      case BOOL,
          INT8,
          INT16,
          INT32,
          INT64,
          FLOAT32,
          FLOAT64,
          STRING,
          BINARY,
          DATE32,
          TIME,
          TIMESTAMP,
          DURATION,
          DECIMAL,
          LIST,
          MAP,
          STRUCT,
          NULL,
          INTERVAL_YM -> {}
    }
  }

  private void checkBitmapTail(long bitmapAddress, int n) {
    int words = (n + 63) >>> 6;
    if ((n & 63) != 0) {
      long last = u64(bitmapAddress + 8L * (words - 1));
      if ((last >>> (n & 63)) != 0) {
        throw invalid(
            "expected null bitmap bits >= "
                + n
                + " to be 0 but found word 0x"
                + Long.toHexString(last));
      }
    }
  }

  /**
   * Checks one slot/element (rule 3 of SPEC §6.3) and returns the new cursor. {@code slot} is the
   * slot/element read as u64 (only {@code width} bytes meaningful).
   */
  private long value(
      DataType t,
      boolean nullable,
      boolean isNull,
      long slot,
      int width,
      long region,
      int size,
      long fixed,
      long cursor,
      boolean inRow) {
    if (isNull) {
      if (!nullable) {
        throw invalid("null where the type is not nullable");
      }
      int reserve = inRow ? Layout.nullReserve(t) : -1;
      if (reserve >= 0) {
        // a decimal p > 18 or an interval keeps its 16-byte body when null (SPEC §2.1)
        long want = (cursor << 32) | reserve;
        if (slot != want) {
          throw invalid(
              "expected a null "
                  + t.id().jsonName()
                  + " slot of ("
                  + cursor
                  + " << 32) | "
                  + reserve
                  + " but found 0x"
                  + Long.toHexString(slot));
        }
        if (cursor + 16 > size) {
          throw invalid("expected offset+16 <= " + size + " but found " + (cursor + 16));
        }
        checkZero(region, cursor, cursor + 16, "null " + t.id().jsonName() + " body");
        return cursor + 16;
      }
      if (slot != 0) {
        throw invalid(
            "expected a zero "
                + (inRow ? "slot" : "element")
                + " for a null value"
                + " but found 0x"
                + Long.toHexString(slot));
      }
      return cursor;
    }
    return switch (t.storage()) {
      case NONE -> throw invalid("expected the null bit of a value of type null to be set");
      case FIXED -> {
        fixedValue(t, slot, width);
        yield cursor;
      }
      case BODY, ARRAY, MAP, ROW -> reference(t, slot, region, size, fixed, cursor, inRow);
    };
  }

  /** Rules 3.3 a–h for a value behind a reference; returns the new cursor. */
  private long reference(
      DataType t, long slot, long region, int size, long fixed, long cursor, boolean inRow) {
    long off = slot >>> 32;
    long sz = slot & 0xffffffffL;
    if (off >= (1L << 31) || sz >= (1L << 31)) {
      throw invalid("expected offset and size < 2^31 but found offset " + off + ", size " + sz);
    }
    if ((off & 7) != 0) {
      throw invalid("misaligned offset: expected a multiple of 8 but found " + off);
    }
    if (off < fixed) {
      throw invalid(
          "offset inside the fixed region: expected offset >= " + fixed + " but found " + off);
    }
    if (off + pad8(sz) > size) {
      throw invalid(
          "offset/size past the end: expected offset+size <= "
              + size
              + " but found "
              + (off + pad8(sz)));
    }
    if (off != cursor) {
      throw invalid(
          "expected offset "
              + cursor
              + " (canonical order, no gaps or overlaps) but"
              + " found "
              + off);
    }
    checkZero(region, off + sz, off + pad8(sz), "padding");
    long body = region + off;
    return switch (t.storage()) {
      case ROW -> {
        row((Schema) t, body, (int) sz, false);
        yield off + pad8(sz);
      }
      case ARRAY -> {
        array((DataTypes.ListType) t, body, (int) sz, false);
        yield off + pad8(sz);
      }
      case MAP -> {
        map((DataTypes.MapType) t, body, (int) sz);
        yield off + pad8(sz);
      }
      case BODY -> body(t, off, sz, region, size, inRow);
      case FIXED, NONE -> throw new IllegalStateException("no reference for " + t);
    };
  }

  /** Rule 3.3 g for a body of bytes (storage kind {@code BODY}); returns the new cursor. */
  private long body(DataType t, long off, long sz, long region, int size, boolean inRow) {
    long body = region + off;
    long next = off + pad8(sz);
    return switch (t.id()) {
      case STRING -> {
        checkUtf8(body, (int) sz);
        yield next;
      }
      case BINARY -> next;
      case FIXED_BINARY -> {
        checkBodySize(t, sz, ((DataTypes.FixedBinaryType) t).size());
        yield next;
      }
      case UUID, INTERVAL -> {
        checkBodySize(t, sz, 16);
        yield next;
      }
      case VARIANT -> {
        Variant.inBody(base, body, (int) sz, null, path.toString()).validate();
        yield next;
      }
      case DECIMAL -> {
        DataTypes.DecimalType d = (DataTypes.DecimalType) t;
        if (sz < 1 || sz > 16) {
          throw invalid("expected a decimal body of 1 to 16 bytes but found " + sz);
        }
        if (inRow) {
          if (off + 16 > size) {
            throw invalid("expected offset+16 <= " + size + " but found " + (off + 16));
          }
          checkZero(region, off + sz, off + 16, "decimal reserve");
        }
        BigInteger v = new BigInteger(Platform.toBytes(base, body, (int) sz));
        if (!Values.fitsPrecision(v, d.precision())) {
          throw invalid("expected |unscaled| < 10^" + d.precision() + " but found " + v);
        }
        yield inRow ? off + 16 : next;
      }
      case BOOL,
              INT8,
              INT16,
              INT32,
              INT64,
              FLOAT32,
              FLOAT64,
              DATE32,
              TIME,
              TIMESTAMP,
              DURATION,
              LIST,
              MAP,
              STRUCT,
              NULL,
              INTERVAL_YM ->
          throw new IllegalStateException("no body for " + t);
    };
  }

  private void checkBodySize(DataType t, long sz, int want) {
    if (sz != want) {
      throw invalid("expected a " + t.toJson() + " body of " + want + " bytes but found " + sz);
    }
  }

  private void fixedValue(DataType t, long slot, int width) {
    long v = width == 8 ? slot : slot & ((1L << (8 * width)) - 1);
    if (width == 8 && t.elementWidth() < 8 && (slot >>> (8 * t.elementWidth())) != 0) {
      throw invalid(
          "expected the unused high "
              + (8 - t.elementWidth())
              + " bytes of the slot to be 0 but found slot 0x"
              + Long.toHexString(slot));
    }
    String error =
        switch (t.id()) {
          case BOOL ->
              (v & 0xff) > 1 ? "expected a bool byte of 0 or 1 but found " + (v & 0xff) : null;
          case TIME ->
              v < 0 || v >= TIME_LIMIT
                  ? "expected 0 <= time < " + TIME_LIMIT + " but found " + v
                  : null;
          case DECIMAL -> {
            int p = ((DataTypes.DecimalType) t).precision();
            yield Values.fitsPrecision(v, p)
                ? null
                : "expected |unscaled| < 10^" + p + " but found " + v;
          }
          case INT8,
                  INT16,
                  INT32,
                  INT64,
                  FLOAT32,
                  FLOAT64,
                  DATE32,
                  TIMESTAMP,
                  DURATION,
                  INTERVAL_YM ->
              null;
          case STRING, BINARY, LIST, MAP, STRUCT, NULL, INTERVAL, FIXED_BINARY, UUID, VARIANT ->
              throw new IllegalStateException("not stored in the slot: " + t);
        };
    if (error != null) {
      throw invalid(error);
    }
  }

  private void array(DataTypes.ListType t, long a, int size, boolean top) {
    if (size < 8) {
      String d = "expected at least 8 bytes (array header) but found " + size;
      throw top ? new TruncatedException(path.toString(), d) : invalid(d);
    }
    long n = u64(a);
    if (n < 0 || n >= (1L << 31)) {
      throw invalid("expected array count < 2^31 but found " + Long.toUnsignedString(n));
    }
    int w = t.element().elementWidth();
    long bitmap = ((n + 63) >>> 6) << 3;
    long fixed = 8 + bitmap + pad8(n * w);
    if (fixed > size) {
      String d =
          "array count larger than the buffer: expected 8+bitmap+elements = "
              + fixed
              + " <= "
              + size
              + " for count "
              + n;
      throw top ? new TruncatedException(path.toString(), d) : invalid(d);
    }
    if ((size & 7) != 0) {
      throw invalid("expected an array size that is a multiple of 8 but found " + size);
    }
    checkBitmapTail(a + 8, (int) n);
    long elems = a + 8 + bitmap;
    checkZero(a, 8 + bitmap + n * w, fixed, "element padding");
    long cursor = fixed;
    for (int i = 0; i < n; i++) {
      path.pushIndex(i);
      long e = elems + (long) i * w;
      long slot = readElement(e, w);
      boolean isNull = ((u64(a + 8 + ((i >> 6) << 3)) >>> (i & 63)) & 1) != 0;
      cursor =
          value(t.element(), t.elementNullable(), isNull, slot, w, a, size, fixed, cursor, false);
      path.pop();
    }
    if (cursor != size) {
      throw invalid(
          "expected the array to end at "
              + cursor
              + " (no trailing bytes) but its"
              + " size is "
              + size);
    }
  }

  private long readElement(long e, int w) {
    switch (w) {
      case 1:
        return Platform.getByte(base, e) & 0xffL;
      case 2:
        return Platform.getShort(base, e) & 0xffffL;
      case 4:
        return Platform.getInt(base, e) & 0xffffffffL;
      default:
        return u64(e);
    }
  }

  private void map(DataTypes.MapType t, long a, int size) {
    if (size < 8) {
      throw invalid("expected a map of at least 8 bytes but found " + size);
    }
    long k = u64(a);
    if (k < 0 || (k & 7) != 0 || k > size - 8) {
      throw invalid(
          "expected a key array size that is a multiple of 8 and <= "
              + (size - 8)
              + " but found "
              + Long.toUnsignedString(k));
    }
    path.pushMap(true);
    array(t.keyArrayType(), a + 8, (int) k, false);
    path.pop();
    path.pushMap(false);
    array(t.valueArrayType(), a + 8 + k, size - 8 - (int) k, false);
    path.pop();
    long nk = u64(a + 8);
    long nv = u64(a + 8 + k);
    if (nk != nv) {
      throw invalid("map with key/value counts that differ: " + nk + " keys but " + nv + " values");
    }
  }

  private void checkZero(long region, long from, long to, String what) {
    for (long p = from; p < to; p++) {
      byte b = Platform.getByte(base, region + p);
      if (b != 0) {
        throw invalid(
            "expected "
                + what
                + " byte at offset "
                + p
                + " to be 0 but found 0x"
                + Integer.toHexString(b & 0xff));
      }
    }
  }

  private void checkUtf8(long a, int n) {
    int i = 0;
    while (i < n) {
      int b = Platform.getByte(base, a + i) & 0xff;
      if (b < 0x80) {
        i++;
        continue;
      }
      int len;
      int min;
      int cp;
      if (b >= 0xc2 && b <= 0xdf) {
        len = 2;
        min = 0x80;
        cp = b & 0x1f;
      } else if (b >= 0xe0 && b <= 0xef) {
        len = 3;
        min = 0x800;
        cp = b & 0x0f;
      } else if (b >= 0xf0 && b <= 0xf4) {
        len = 4;
        min = 0x10000;
        cp = b & 0x07;
      } else {
        throw invalid("invalid UTF-8: byte 0x" + Integer.toHexString(b) + " at " + i);
      }
      if (i + len > n) {
        throw invalid("invalid UTF-8: truncated sequence at " + i);
      }
      for (int j = 1; j < len; j++) {
        int c = Platform.getByte(base, a + i + j) & 0xff;
        if ((c & 0xc0) != 0x80) {
          throw invalid(
              "invalid UTF-8: bad continuation byte 0x"
                  + Integer.toHexString(c)
                  + " at "
                  + (i + j));
        }
        cp = (cp << 6) | (c & 0x3f);
      }
      if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
        throw invalid("invalid UTF-8: code point U+" + Integer.toHexString(cp) + " at " + i);
      }
      i += len;
    }
  }

  /** The current field path, kept as a stack so that nothing is built unless an error occurs. */
  private static final class PathStack {
    private final Object[] names = new Object[256];
    private final int[] kinds = new int[256];
    private int depth;

    void pushField(String name) {
      kinds[depth] = 0;
      names[depth++] = name;
    }

    void pushIndex(int i) {
      kinds[depth] = 1;
      names[depth++] = i;
    }

    void pushMap(boolean keys) {
      kinds[depth] = keys ? 2 : 3;
      names[depth++] = null;
    }

    void pop() {
      depth--;
    }

    @Override
    public String toString() {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < depth; i++) {
        switch (kinds[i]) {
          case 0:
            if (b.length() > 0) {
              b.append('.');
            }
            b.append(names[i]);
            break;
          case 1:
            if (i > 0 && kinds[i - 1] >= 2) {
              b.append(kinds[i - 1] == 2 ? "{key " : "{value ").append(names[i]).append('}');
            } else {
              b.append('[').append(names[i]).append(']');
            }
            break;
          default:
            if (i == depth - 1) {
              b.append(kinds[i] == 2 ? "{key}" : "{value}");
            }
            break;
        }
      }
      return b.toString();
    }
  }
}
