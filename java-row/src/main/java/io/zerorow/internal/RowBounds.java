package io.zerorow.internal;

import io.zerorow.InvalidDataException;
import io.zerorow.TruncatedException;
import io.zerorow.ZerorowException;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Schema;

/**
 * The {@code bounds} level for rows handed to a reader that checks nothing, such as Spark's {@code
 * UnsafeRow} getters (SPEC §6.2). zerorow's own getters check every access, but such a reader does
 * not, so before a row is pointed at, every reference in it is checked once: the wrap rules W1–W2
 * on each nested row/array/map and B2 ({@code offset + size <= region}) on each reference, so that
 * nothing Spark reads can lie outside the buffer. Bodies are not checked for canonical layout,
 * UTF-8 or padding (that is {@code full}). Shared bodies are allowed at this level, so the walk
 * counts the values it visits and stops at one value per byte, the most a valid row holds.
 *
 * <p>Field paths are built only when a check fails: each level catches the error of the value it
 * holds and prefixes its own step ({@code name}, {@code [i]}, {@code {keys}}), so a valid row costs
 * no string work (building them eagerly cost a string per variable-width value).
 */
public final class RowBounds {
  private final Object base;
  private long budget;

  private RowBounds(Object base, int size) {
    this.base = base;
    this.budget = size;
  }

  /**
   * The non-nullable fields among {@code ordinals} (all fields when null) of {@code schema}, as one
   * bit per field in the words of the row's null bitmap: what {@link #check} tests the bitmap
   * against, one test per 64 fields (as java-row's encoders do).
   */
  public static long[] notNullMask(Schema schema, int[] ordinals) {
    long[] mask = new long[schema.bitmapBytes() / 8];
    int n = ordinals == null ? schema.numFields() : ordinals.length;
    for (int k = 0; k < n; k++) {
      int i = ordinals == null ? k : ordinals[k];
      if (!schema.field(i).nullable()) {
        mask[i >> 6] |= 1L << (i & 63);
      }
    }
    return mask;
  }

  /**
   * Checks the fixed region of the top-level row and the values of the fields {@code ordinals} (all
   * fields when null): what a reader that reads only those fields needs (a pruned scan). {@code
   * notNull} is {@link #notNullMask} of the same fields: a null bit on one of them is {@code
   * invalid_data} naming the field (SPEC §6.2: Spark's getters would read a null as a value).
   * Non-nullable fields of nested structs, elements and map values are checked during the walk.
   */
  public static void check(
      Schema schema, Object base, long address, int size, int[] ordinals, long[] notNull) {
    int fixed = schema.fixedRegionSize();
    if (size < fixed) {
      throw new TruncatedException(
          "", "expected at least " + fixed + " bytes (fixed region) " + "but found " + size);
    }
    checkNotNull(schema, base, address, notNull);
    new RowBounds(base, size).row(schema, address, size, ordinals, false);
  }

  /** The null-bit test of {@link #check} alone: one test per 64 fields of the bitmap. */
  public static void checkNotNull(Schema schema, Object base, long address, long[] notNull) {
    for (int w = 0; w < notNull.length; w++) {
      long hit = Platform.getLong(base, address + 8L * w) & notNull[w];
      if (hit != 0) {
        throw nullBit(schema.field(64 * w + Long.numberOfTrailingZeros(hit)).name());
      }
    }
  }

  /** The error of a null bit on a value whose type is not nullable, at {@code path}. */
  public static InvalidDataException nullBit(String path) {
    return new InvalidDataException(
        path, "expected a value (the type is not nullable) but found its null bit set");
  }

  /**
   * Checks one row's references; {@code nested}: also its non-nullable fields (the top level's are
   * tested against the caller's mask).
   */
  private void row(Schema schema, long address, int size, int[] ordinals, boolean nested) {
    int fixed = schema.fixedRegionSize();
    if (size < fixed || (size & 7) != 0) {
      throw new InvalidDataException(
          "",
          "expected a row of at least " + fixed + " bytes and a multiple of 8 but found " + size);
    }
    int bitmap = schema.bitmapBytes();
    int n = ordinals == null ? schema.numFields() : ordinals.length;
    for (int k = 0; k < n; k++) {
      int i = ordinals == null ? k : ordinals[k];
      DataType t = schema.field(i).type();
      if (nested && !schema.field(i).nullable() && isNull(address, i)) {
        throw nullBit(schema.field(i).name());
      }
      if (!t.isVariableWidth() || isNull(address, i)) {
        continue;
      }
      try {
        reference(t, address, size, Platform.getLong(base, address + bitmap + 8L * i));
      } catch (ZerorowException e) {
        throw under(schema.field(i).name(), e);
      }
    }
  }

  /** {@code e} with {@code step} put before its path (a field name, {@code [i]} or a map side). */
  public static ZerorowException under(String step, ZerorowException e) {
    String rest = e.path();
    String sep = rest.isEmpty() || rest.startsWith("[") || rest.startsWith("{") ? "" : ".";
    return ZerorowException.of(e.kind(), step + sep + rest, e.detail());
  }

  private boolean isNull(long address, int i) {
    return (Platform.getLong(base, address + ((i >> 6) << 3)) & (1L << (i & 63))) != 0;
  }

  /** B2 then B3 for the value a slot or element references inside a region. */
  private void reference(DataType t, long region, int regionSize, long slot) {
    if (--budget < 0) {
      throw new InvalidDataException(
          "",
          "expected at most one value per byte of the row "
              + "but the references visit more (shared bodies)");
    }
    long offset = slot >>> 32;
    long size = slot & 0xffffffffL;
    if (offset + size > regionSize) {
      throw new InvalidDataException(
          "", "expected offset+size <= " + regionSize + " but found " + (offset + size));
    }
    long at = region + offset;
    // every type: a type added to zerorow is a compile error here until its body is checked
    switch (t.id()) {
      case STRUCT -> row((Schema) t, at, (int) size, null, true);
      case LIST -> array((DataTypes.ListType) t, at, (int) size);
      case MAP -> map((DataTypes.MapType) t, at, (int) size);
      case DECIMAL -> {
        if (size < 1 || size > 16) {
          throw new InvalidDataException(
              "", "expected a decimal body of 1 to 16 bytes but " + "found " + size);
        }
      }
      // SPEC §6.2 B4: Spark's getInterval reads 16 bytes whatever the size says
      case INTERVAL -> fixedSize("interval", 16, size);
      case FIXED_BINARY ->
          fixedSize(
              "fixed_binary(" + ((DataTypes.FixedBinaryType) t).size() + ")",
              ((DataTypes.FixedBinaryType) t).size(),
              size);
      case UUID -> fixedSize("uuid", 16, size);
      case VARIANT -> variant(at, size);
      case STRING, BINARY -> {}
      case NULL,
              BOOL,
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
              INTERVAL_YM ->
          throw new IllegalStateException(t + " has no body"); // isVariableWidth excludes it
    }
  }

  private static void fixedSize(String type, long expected, long size) {
    if (size != expected) {
      throw new InvalidDataException(
          "", "expected a " + type + " body of " + expected + " bytes but found " + size);
    }
  }

  /**
   * SPEC §3.9 rule 1 (§6.2 B4) on a variant body: Spark's {@code VariantVal.readFromUnsafeRow}
   * sizes its arrays from {@code V} and the reference size without a check.
   */
  private void variant(long at, long size) {
    if (size < 4) {
      throw new InvalidDataException(
          "", "expected a variant body of at least 4 bytes but found " + size);
    }
    long v = Platform.getInt(base, at) & 0xffffffffL;
    if (v < 1 || 4 + v + 3 > size) {
      throw new InvalidDataException(
          "",
          "expected a variant value size V with 1 <= V and 4+V+3 <= "
              + size
              + " (the body size) but found V = "
              + v);
    }
  }

  private void array(DataTypes.ListType t, long address, int size) {
    if (size < 8) {
      throw new InvalidDataException("", "expected an array of at least 8 bytes but found " + size);
    }
    long n = Platform.getLong(base, address);
    int width = t.element().elementWidth();
    long bitmap = ((n + 63) >>> 6) << 3;
    long fixed = 8 + bitmap + ((n * width + 7) & ~7L);
    if (n < 0 || n >= (1L << 31) || fixed > size || (size & 7) != 0) {
      throw new InvalidDataException(
          "",
          "expected an array of "
              + n
              + " elements to fit "
              + "in "
              + size
              + " bytes (a multiple of 8) but it needs "
              + fixed);
    }
    if (!t.elementNullable()) {
      for (int w = 0; 8L * w < bitmap; w++) {
        long hit = Platform.getLong(base, address + 8 + 8L * w);
        if (hit != 0 && 64L * w + Long.numberOfTrailingZeros(hit) < n) {
          throw under("[" + (64 * w + Long.numberOfTrailingZeros(hit)) + "]", nullBit(""));
        }
      }
    }
    if (!t.element().isVariableWidth()) {
      return;
    }
    for (int i = 0; i < n; i++) {
      if ((Platform.getLong(base, address + 8 + ((i >> 6) << 3)) & (1L << (i & 63))) != 0) {
        continue;
      }
      long slot = Platform.getLong(base, address + 8 + bitmap + 8L * i);
      try {
        reference(t.element(), address, size, slot);
      } catch (ZerorowException e) {
        throw under("[" + i + "]", e);
      }
    }
  }

  private void map(DataTypes.MapType t, long address, int size) {
    if (size < 8) {
      throw new InvalidDataException("", "expected a map of at least 8 bytes but found " + size);
    }
    long keyBytes = Platform.getLong(base, address);
    if (keyBytes < 0 || keyBytes > size - 8 || (keyBytes & 7) != 0) {
      throw new InvalidDataException(
          "",
          "expected key-array bytes <= "
              + (size - 8)
              + " and a multiple of 8 but found "
              + keyBytes);
    }
    try {
      array(t.keyArrayType(), address + 8, (int) keyBytes);
    } catch (ZerorowException e) {
      throw under("{keys}", e);
    }
    try {
      array(t.valueArrayType(), address + 8 + keyBytes, (int) (size - 8 - keyBytes));
    } catch (ZerorowException e) {
      throw under("{values}", e);
    }
    long keys = Platform.getLong(base, address + 8);
    long values = Platform.getLong(base, address + 8 + keyBytes);
    if (keys != values) {
      throw new InvalidDataException(
          "", "expected as many values as keys (" + keys + ") but found " + values);
    }
  }
}
