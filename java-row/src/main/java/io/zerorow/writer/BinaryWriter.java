package io.zerorow.writer;

import static io.zerorow.internal.Checks.BOUNDS_CHECKS;

import io.zerorow.InvalidDataException;
import io.zerorow.SchemaMismatchException;
import io.zerorow.internal.Platform;
import io.zerorow.internal.RowSizeOverflow;
import io.zerorow.row.BinaryRegion;
import io.zerorow.row.Validator;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Interval;
import io.zerorow.type.Values;
import io.zerorow.type.Variant;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * What {@link RowWriter} (slots) and {@link ArrayWriter} (elements) share: the buffer, where this
 * region starts, and writing of variable-width bodies at the cursor.
 *
 * <p>Variable-width values MUST be written in ordinal order (SPEC §2.6: bodies appear in ordinal
 * order); fixed-width values and nulls may be written in any order.
 */
public abstract class BinaryWriter {
  final WriteBuffer buffer;

  /** Position of this region's first byte in the buffer. */
  int start;

  BinaryWriter(WriteBuffer buffer) {
    this.buffer = buffer;
  }

  /** The buffer this writer writes into (shared with its nested writers). */
  public final WriteBuffer buffer() {
    return buffer;
  }

  /** Where the next body starts; pass it to {@link #setOffsetAndSize} after a nested value. */
  public final int cursor() {
    return buffer.cursor;
  }

  /** Address of ordinal {@code i}'s slot or element in the buffer array. */
  abstract long slotAddress(int i);

  /**
   * Address of ordinal {@code i} for a write of {@code bytes} bytes: an array element must have
   * that width, so that a write never runs past the element region.
   */
  abstract long slotAddress(int i, int bytes);

  /** Whether ordinal {@code i} may be null (its field or the element type is nullable). */
  abstract boolean nullableAt(int i);

  /** Refuses a decimal write whose precision and scale are not the declared type's. */
  final void checkDecimalType(DataType declared, int ordinal, int precision, int scale) {
    if (!(declared instanceof DataTypes.DecimalType)
        || ((DataTypes.DecimalType) declared).precision() != precision
        || ((DataTypes.DecimalType) declared).scale() != scale) {
      throw new SchemaMismatchException(
          pathOf(ordinal),
          "expected a write of the declared type "
              + declared
              + " but found decimal("
              + precision
              + ", "
              + scale
              + ")");
    }
  }

  /** Refuses a null for a non-nullable field or element (SPEC §2.6). */
  final void checkNullable(int i) {
    if (BOUNDS_CHECKS && !nullableAt(i)) {
      throw new InvalidDataException(
          pathOf(i),
          "expected a value but found null (the "
              + (this instanceof RowWriter ? "field" : "element type")
              + " is not nullable)");
    }
  }

  /**
   * How ordinal {@code i} is named in an error path (SPEC §4.3): the field name in a row, {@code
   * [i]} in an array.
   */
  public abstract String pathOf(int i);

  /**
   * The one size a body of ordinal {@code i} must have (fixed_binary(n): n, uuid and interval: 16,
   * SPEC §3.7–§3.8), or -1.
   */
  abstract int bodySizeAt(int i);

  /** The body size of a type with one (see {@link #bodySizeAt}), or -1. */
  static int bodySizeOf(DataType t) {
    return switch (t.id()) {
      case FIXED_BINARY -> ((DataTypes.FixedBinaryType) t).size();
      case UUID, INTERVAL -> 16;
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
              INTERVAL_YM,
              VARIANT ->
          -1;
    };
  }

  /** Refuses a body of {@code n} bytes for an ordinal whose type has another size. */
  private void checkBodySize(int ordinal, long n) {
    int want = bodySizeAt(ordinal);
    if (want >= 0 && n != want) {
      throw new InvalidDataException(
          pathOf(ordinal),
          "expected a value of exactly " + want + " bytes but found " + n + " bytes");
    }
  }

  /**
   * Marks {@code ordinal} null and zeroes its slot; refused for a non-nullable field or element.
   */
  public abstract void setNullAt(int ordinal);

  /** Writes a bool (the whole 8-byte slot, or the 1-byte element). */
  public abstract void writeBoolean(int ordinal, boolean v);

  /** Writes an int8. */
  public abstract void writeByte(int ordinal, byte v);

  /** Writes an int16. */
  public abstract void writeShort(int ordinal, short v);

  /** Writes an int32 or a date32 (days since 1970-01-01). */
  public abstract void writeInt(int ordinal, int v);

  /** Writes a float32; every NaN becomes the canonical quiet NaN (SPEC §2.6). */
  public abstract void writeFloat(int ordinal, float v);

  /**
   * Writes an int64, time, timestamp or duration (microseconds), or a small decimal's unscaled
   * value.
   */
  public final void writeLong(int ordinal, long v) {
    Platform.putLong(buffer.bytes, slotAddress(ordinal, 8), v);
  }

  /** Writes a float64; every NaN becomes the canonical quiet NaN (SPEC §2.6). */
  public final void writeDouble(int ordinal, double v) {
    Platform.putLong(buffer.bytes, slotAddress(ordinal, 8), Double.doubleToLongBits(v));
  }

  /**
   * Records the nested value written from {@code previousCursor} to the cursor (a struct, array or
   * map body, already a multiple of 8 bytes) as the reference of {@code ordinal}.
   */
  public final void setOffsetAndSize(int ordinal, int previousCursor) {
    long offset = previousCursor - start;
    long size = buffer.cursor - previousCursor;
    if (previousCursor < start || size < 0) {
      throw new IllegalArgumentException(
          "expected a previous cursor between "
              + start
              + " and "
              + buffer.cursor
              + " but found "
              + previousCursor);
    }
    Platform.putLong(buffer.bytes, slotAddress(ordinal, 8), (offset << 32) | size);
  }

  private void writeBody(int ordinal, byte[] src, int off, int n) {
    slotAddress(ordinal, 8); // a wrong ordinal fails before the body is appended
    int pos;
    try {
      pos = buffer.appendPadded(src, off, n);
    } catch (RowSizeOverflow e) {
      throw e.within(pathOf(ordinal));
    }
    Platform.putLong(buffer.bytes, slotAddress(ordinal), ((long) (pos - start) << 32) | n);
  }

  /** A null value of a variable-width type: null if nullable, else a typed error. */
  private void writeNull(int ordinal) {
    checkNullable(ordinal);
    setNullAt(ordinal);
  }

  /**
   * Writes a string as UTF-8 (unpaired surrogates become "?", as in String.getBytes); null is
   * written as null, or refused for a non-nullable field.
   */
  public final void writeString(int ordinal, String v) {
    if (v == null) {
      writeNull(ordinal);
      return;
    }
    byte[] ascii = Platform.asciiBytes(v);
    byte[] utf8 = ascii != null ? ascii : v.getBytes(StandardCharsets.UTF_8);
    writeBody(ordinal, utf8, 0, utf8.length);
  }

  /** Writes a string given as UTF-8 bytes (not checked here; see {@link Validator}). */
  public final void writeUtf8(int ordinal, byte[] utf8) {
    if (utf8 == null) {
      writeNull(ordinal);
      return;
    }
    writeBody(ordinal, utf8, 0, utf8.length);
  }

  /**
   * Writes binary bytes (also of a fixed_binary or uuid, which must have their size, else {@code
   * invalid_data}); null is written as null, or refused for a non-nullable field.
   */
  public final void writeBinary(int ordinal, byte[] v) {
    if (v == null) {
      writeNull(ordinal);
      return;
    }
    checkBodySize(ordinal, v.length);
    writeBody(ordinal, v, 0, v.length);
  }

  /** Writes {@code length} bytes of {@code v} from {@code offset} as a binary body. */
  public final void writeBinary(int ordinal, byte[] v, int offset, int length) {
    if (v == null) {
      writeNull(ordinal);
      return;
    }
    java.util.Objects.checkFromIndexSize(offset, length, v.length);
    checkBodySize(ordinal, length);
    writeBody(ordinal, v, offset, length);
  }

  /**
   * Writes a binary (or UTF-8 string) body straight from memory at {@code (base, address)}, e.g.
   * from an Arrow data buffer, in one copy ({@code base} a {@code byte[]} with the address {@code
   * Unsafe.arrayBaseOffset(byte[].class)} plus the index, or null with an absolute address).
   *
   * <p><b>Unchecked:</b> nothing checks that the {@code length} bytes at that address are readable
   * memory; a wrong address or length can crash the JVM. The caller guarantees them (the Arrow
   * module reads them from a vector's own buffers). Use {@link #writeBinary(int, byte[], int, int)}
   * for checked writes.
   */
  public final void writeBinaryUnchecked(int ordinal, Object base, long address, int length) {
    long slot = slotAddress(ordinal, 8);
    if (length < 0) {
      throw new IllegalArgumentException("negative length " + length);
    }
    checkBodySize(ordinal, length);
    int pos = buffer.cursor;
    long padded = ((long) length + 7) & ~7L;
    ensure(ordinal, padded);
    if (padded > length) {
      Platform.putLong(buffer.bytes, Platform.BYTE_ARRAY_OFFSET + pos + padded - 8, 0L);
    }
    Platform.copy(base, address, buffer.bytes, Platform.BYTE_ARRAY_OFFSET + pos, length);
    buffer.cursor = pos + (int) padded;
    Platform.putLong(buffer.bytes, slot, ((long) (pos - start) << 32) | length);
  }

  /**
   * Same as {@link #writeBinaryUnchecked} for UTF-8 string bytes (not checked either: neither the
   * memory nor the UTF-8).
   */
  public final void writeUtf8Unchecked(int ordinal, Object base, long address, int length) {
    writeBinaryUnchecked(ordinal, base, address, length);
  }

  /**
   * Writes an interval (SPEC §3.7): a 16-byte body of months, days and microseconds; null is
   * written as null (in a row, keeping the 16-byte reserve), or refused for a non-nullable field.
   */
  public final void writeInterval(int ordinal, Interval v) {
    if (v == null) {
      writeNull(ordinal);
      return;
    }
    writeInterval(ordinal, v.months(), v.days(), v.microseconds());
  }

  /** Writes the interval of {@code months}, {@code days} and {@code microseconds} (SPEC §3.7). */
  public final void writeInterval(int ordinal, int months, int days, long microseconds) {
    long slot = slotAddress(ordinal, 8);
    checkBodySize(ordinal, 16);
    int pos = buffer.reserve(16);
    long a = Platform.BYTE_ARRAY_OFFSET + pos;
    Platform.putInt(buffer.bytes, a, months);
    Platform.putInt(buffer.bytes, a + 4, days);
    Platform.putLong(buffer.bytes, a + 8, microseconds);
    Platform.putLong(buffer.bytes, slot, ((long) (pos - start) << 32) | 16);
  }

  /**
   * Writes a UUID (SPEC §3.8): its 16 bytes in RFC 9562 order (big-endian); null is written as
   * null, or refused for a non-nullable field.
   */
  public final void writeUuid(int ordinal, java.util.UUID v) {
    if (v == null) {
      writeNull(ordinal);
      return;
    }
    long slot = slotAddress(ordinal, 8);
    checkBodySize(ordinal, 16);
    int pos = buffer.reserve(16);
    long a = Platform.BYTE_ARRAY_OFFSET + pos;
    Platform.putLong(buffer.bytes, a, Long.reverseBytes(v.getMostSignificantBits()));
    Platform.putLong(buffer.bytes, a + 8, Long.reverseBytes(v.getLeastSignificantBits()));
    Platform.putLong(buffer.bytes, slot, ((long) (pos - start) << 32) | 16);
  }

  /**
   * Writes a variant (SPEC §3.9): the body {@code [u32 V][value][metadata]}; null is written as
   * null, or refused for a non-nullable field. The bytes are copied as they are (a variant from
   * {@link Variant#fromJson} or {@link Variant#of} is canonical).
   */
  public final void writeVariant(int ordinal, Variant v) {
    if (v == null) {
      writeNull(ordinal);
      return;
    }
    byte[] body = v.body();
    writeBody(ordinal, body, 0, body.length);
  }

  /** Copies an already-encoded row, array or map as the body of {@code ordinal}. */
  public final void writeNested(int ordinal, BinaryRegion value) {
    if (value == null) {
      writeNull(ordinal);
      return;
    }
    value.requireSet();
    slotAddress(ordinal, 8);
    int pos = buffer.cursor;
    int size = value.getSizeInBytes();
    ensure(ordinal, size);
    Platform.copy(
        value.getBaseObject(),
        value.getBaseOffset(),
        buffer.bytes,
        Platform.BYTE_ARRAY_OFFSET + pos,
        size);
    buffer.cursor = pos + size;
    setOffsetAndSize(ordinal, pos);
  }

  /**
   * Writes a decimal of the given precision and scale (SPEC §3.5), rescaling exactly; a value that
   * needs rounding or exceeds the precision is {@code invalid_data}, a precision or scale other
   * than the declared type's is {@code schema_mismatch} (both checked on every write, whatever
   * {@code zerorow.bounds.checks} says). A null is written as null, or refused as {@code
   * invalid_data} for a non-nullable field or element.
   */
  public abstract void writeDecimal(int ordinal, BigDecimal v, int precision, int scale);

  // The spec's type names (SPEC §1.1), as twins of writeBoolean … writeDouble (the idiom's names).

  /** Writes a bool (alias of {@link #writeBoolean}). */
  public final void writeBool(int ordinal, boolean v) {
    writeBoolean(ordinal, v);
  }

  /** Writes an int8 (alias of {@link #writeByte}). */
  public final void writeInt8(int ordinal, byte v) {
    writeByte(ordinal, v);
  }

  /** Writes an int16 (alias of {@link #writeShort}). */
  public final void writeInt16(int ordinal, short v) {
    writeShort(ordinal, v);
  }

  /** Writes an int32 or date32 (alias of {@link #writeInt}). */
  public final void writeInt32(int ordinal, int v) {
    writeInt(ordinal, v);
  }

  /** Writes an int64, time, timestamp, duration or small decimal (alias of {@link #writeLong}). */
  public final void writeInt64(int ordinal, long v) {
    writeLong(ordinal, v);
  }

  /** Writes a float32 (alias of {@link #writeFloat}). */
  public final void writeFloat32(int ordinal, float v) {
    writeFloat(ordinal, v);
  }

  /** Writes a float64 (alias of {@link #writeDouble}). */
  public final void writeFloat64(int ordinal, double v) {
    writeDouble(ordinal, v);
  }

  final void writeLongDecimal(int ordinal, BigDecimal v, int precision, int scale) {
    writeLong(ordinal, Values.unscaled(v, precision, scale, pathOf(ordinal)).longValueExact());
  }

  /** A decimal with precision above 18: minimal big-endian bytes in a body of {@code reserve}. */
  final void writeBigDecimal(int ordinal, BigDecimal v, int precision, int scale, boolean inRow) {
    BigInteger u = Values.unscaled(v, precision, scale, pathOf(ordinal));
    byte[] b = u.toByteArray();
    int pos;
    try {
      pos = inRow ? buffer.reserveZeroed(16) : buffer.appendPadded(b, 0, b.length);
    } catch (RowSizeOverflow e) {
      throw e.within(pathOf(ordinal));
    }
    if (inRow) {
      System.arraycopy(b, 0, buffer.bytes, pos, b.length);
    }
    Platform.putLong(
        buffer.bytes, slotAddress(ordinal, 8), ((long) (pos - start) << 32) | b.length);
  }

  /** Starts a map body at the cursor (SPEC §2.3); returns its start for {@link #endMapKeys}. */
  public final int beginMap() {
    return buffer.reserveZeroed(8);
  }

  /** Call after the key array of the map begun at {@code mapStart}: records its size. */
  public final void endMapKeys(int mapStart) {
    buffer.putLong(mapStart, buffer.cursor - mapStart - 8);
  }

  /** {@link WriteBuffer#ensure} for the body of {@code ordinal}: an overflow names it. */
  final void ensure(int ordinal, long n) {
    try {
      buffer.ensure(n);
    } catch (RowSizeOverflow e) {
      throw e.within(pathOf(ordinal));
    }
  }

  static IllegalStateException orderError() {
    return new IllegalStateException("variable-width values must be written in ordinal order");
  }
}
