package io.zerorow.spark;

import io.zerorow.DataType;
import io.zerorow.DataTypes;
import io.zerorow.InvalidDataException;
import io.zerorow.Schema;
import io.zerorow.TruncatedException;
import org.apache.spark.unsafe.Platform;

/**
 * The {@code bounds} level for rows handed to Spark (SPEC §6.2). zerorow's own getters check
 * every access, but Spark's {@code UnsafeRow} getters check nothing, so before a row is
 * pointed at, every reference in it is checked once: the wrap rules W1–W2 on each nested
 * row/array/map and B2 ({@code offset + size <= region}) on each reference, so that nothing
 * Spark reads can lie outside the buffer. Bodies are not checked for canonical layout, UTF-8
 * or padding (that is {@code full}). Shared bodies are allowed at this level, so the walk
 * counts the values it visits and stops at one value per byte, the most a valid row holds.
 */
final class RowBounds {
  private final Object base;
  private long budget;

  private RowBounds(Object base, int size) {
    this.base = base;
    this.budget = size;
  }

  /** Checks the top-level row of {@code size} bytes at {@code (base, address)}. */
  static void check(Schema schema, Object base, long address, int size) {
    int fixed = schema.fixedRegionSize();
    if (size < fixed) {
      throw new TruncatedException("", "expected at least " + fixed + " bytes (fixed region) "
          + "but found " + size);
    }
    new RowBounds(base, size).row(schema, address, size, "");
  }

  private void row(Schema schema, long address, int size, String path) {
    int fixed = schema.fixedRegionSize();
    if (size < fixed || (size & 7) != 0) {
      throw new InvalidDataException(path, "expected a row of at least " + fixed
          + " bytes and a multiple of 8 but found " + size);
    }
    int bitmap = schema.bitmapBytes();
    for (int i = 0; i < schema.numFields(); i++) {
      DataType t = schema.field(i).type();
      if (!t.isVariableWidth() || isNull(address, i)) {
        continue;
      }
      String p = path.isEmpty() ? schema.field(i).name() : path + "." + schema.field(i).name();
      reference(t, address, size, Platform.getLong(base, address + bitmap + 8L * i), p);
    }
  }

  private boolean isNull(long address, int i) {
    return (Platform.getLong(base, address + ((i >> 6) << 3)) & (1L << (i & 63))) != 0;
  }

  /** B2 then B3 for the value a slot or element references inside a region. */
  private void reference(DataType t, long region, int regionSize, long slot, String path) {
    if (--budget < 0) {
      throw new InvalidDataException(path, "expected at most one value per byte of the row "
          + "but the references visit more (shared bodies)");
    }
    long offset = slot >>> 32;
    long size = slot & 0xffffffffL;
    if (offset + size > regionSize) {
      throw new InvalidDataException(path, "expected offset+size <= " + regionSize
          + " but found " + (offset + size));
    }
    long at = region + offset;
    switch (t.id()) {
      case STRUCT:
        row((Schema) t, at, (int) size, path);
        break;
      case LIST:
        array((DataTypes.ListType) t, at, (int) size, path);
        break;
      case MAP:
        map((DataTypes.MapType) t, at, (int) size, path);
        break;
      case DECIMAL:
        if (size < 1 || size > 16) {
          throw new InvalidDataException(path, "expected a decimal body of 1 to 16 bytes but "
              + "found " + size);
        }
        break;
      default:
        break;
    }
  }

  private void array(DataTypes.ListType t, long address, int size, String path) {
    if (size < 8) {
      throw new InvalidDataException(path, "expected an array of at least 8 bytes but found "
          + size);
    }
    long n = Platform.getLong(base, address);
    int width = t.element().elementWidth();
    long bitmap = ((n + 63) >>> 6) << 3;
    long fixed = 8 + bitmap + ((n * width + 7) & ~7L);
    if (n < 0 || n >= (1L << 31) || fixed > size || (size & 7) != 0) {
      throw new InvalidDataException(path, "expected an array of " + n + " elements to fit "
          + "in " + size + " bytes (a multiple of 8) but it needs " + fixed);
    }
    if (!t.element().isVariableWidth()) {
      return;
    }
    for (int i = 0; i < n; i++) {
      if ((Platform.getLong(base, address + 8 + ((i >> 6) << 3)) & (1L << (i & 63))) != 0) {
        continue;
      }
      long slot = Platform.getLong(base, address + 8 + bitmap + 8L * i);
      reference(t.element(), address, size, slot, path + "[" + i + "]");
    }
  }

  private void map(DataTypes.MapType t, long address, int size, String path) {
    if (size < 8) {
      throw new InvalidDataException(path, "expected a map of at least 8 bytes but found "
          + size);
    }
    long keyBytes = Platform.getLong(base, address);
    if (keyBytes < 0 || keyBytes > size - 8 || (keyBytes & 7) != 0) {
      throw new InvalidDataException(path, "expected key-array bytes <= " + (size - 8)
          + " and a multiple of 8 but found " + keyBytes);
    }
    array(t.keyArrayType(), address + 8, (int) keyBytes, path + "{keys}");
    array(t.valueArrayType(), address + 8 + keyBytes, (int) (size - 8 - keyBytes),
        path + "{values}");
    long keys = Platform.getLong(base, address + 8);
    long values = Platform.getLong(base, address + 8 + keyBytes);
    if (keys != values) {
      throw new InvalidDataException(path, "expected as many values as keys (" + keys
          + ") but found " + values);
    }
  }
}
