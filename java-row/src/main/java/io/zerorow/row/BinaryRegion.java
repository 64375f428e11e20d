package io.zerorow.row;

import static io.zerorow.internal.Checks.BOUNDS_CHECKS;

import io.zerorow.InvalidDataException;
import io.zerorow.internal.Platform;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Interval;
import io.zerorow.type.Schema;
import io.zerorow.type.Variant;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The memory a view covers: {@code size} bytes at {@code (base, address)} (see {@link Platform}),
 * plus the parent view and ordinal it was read from, so that an error can name the full field path
 * (SPEC §4.3) without building strings on the fast path.
 */
public abstract class BinaryRegion {
  Object base;
  long address;
  int size;

  /** Keeps a direct ByteBuffer reachable while a view points into it. */
  Object owner;

  BinaryRegion parent;
  int parentOrdinal;

  /** The base object: a {@code byte[]} or null for off-heap memory. */
  public final Object getBaseObject() {
    return base;
  }

  /** The address of the first byte, relative to the base object. */
  public final long getBaseOffset() {
    return address;
  }

  /** Size of this row/array/map in bytes. */
  public final int getSizeInBytes() {
    return size;
  }

  /** A copy of the bytes of this region. */
  public final byte[] toBytes() {
    return Platform.toBytes(base, address, size);
  }

  /** Writes the bytes of this region into {@code out} at its position. */
  public final void writeTo(ByteBuffer out) {
    if (out.hasArray()) {
      Platform.copy(
          base,
          address,
          out.array(),
          Platform.BYTE_ARRAY_OFFSET + out.arrayOffset() + out.position(),
          size);
      out.position(out.position() + size);
    } else {
      out.put(toBytes());
    }
  }

  /** True once the view points at memory ({@code pointTo}, {@code wrap} or a getter). */
  public final boolean isSet() {
    return base != null || address != 0;
  }

  /** The error of a view that was never pointed at bytes (SPEC §6.2: never a crash). */
  final IllegalStateException unsetError() {
    return new IllegalStateException(
        getClass().getSimpleName()
            + " is unset: point it at bytes (pointTo/wrap) before reading it");
  }

  /**
   * Throws an {@link IllegalStateException} naming the view when it was never pointed at bytes (a
   * view made with {@code new} before {@code pointTo}).
   */
  public final void requireSet() {
    if (!isSet()) {
      throw unsetError();
    }
  }

  /**
   * For a {@code byte[]} base, checks that {@code [address, address + size)} lies inside the array,
   * so that a wrong address is an exception and never a read outside the heap object. An off-heap
   * address (null base) cannot be checked: the caller guarantees it.
   */
  static void checkHeapRange(Object base, long address, int size) {
    if (size < 0) {
      throw new IllegalArgumentException("negative size " + size);
    }
    if (base instanceof byte[]) {
      long index = address - Platform.BYTE_ARRAY_OFFSET;
      int length = ((byte[]) base).length;
      if (index < 0 || index + size > length) {
        throw new IndexOutOfBoundsException(
            "expected index >= 0 and index+size <= "
                + length
                + " but found index "
                + index
                + ", size "
                + size);
      }
    } else if (base != null) {
      throw new IllegalArgumentException(
          "expected a byte[] base or null (off-heap) but found " + base.getClass().getName());
    } else if (address == 0) {
      throw new IllegalArgumentException("off-heap address 0");
    }
  }

  final void setMemory(Object base, long address, int size, Object owner) {
    this.base = base;
    this.address = address;
    this.size = size;
    this.owner = owner;
  }

  final void setParent(BinaryRegion parent, int ordinal) {
    this.parent = parent;
    this.parentOrdinal = ordinal;
  }

  /** The path segment for a child at {@code ordinal}: {@code .name}, {@code [i]}, ... */
  abstract String childSegment(int ordinal);

  /** The full path of this region, e.g. {@code f4[10]}. */
  final String path() {
    return parent == null ? "" : parent.childPath(parentOrdinal);
  }

  final String childPath(int ordinal) {
    String p = path();
    String seg = childSegment(ordinal);
    if (p.isEmpty() && seg.startsWith(".")) {
      return seg.substring(1);
    }
    return p + seg;
  }

  /** B2: {@code offset + size <= region size}; returns the reference unchanged. */
  final long checkRef(long ref, int ordinal) {
    if (BOUNDS_CHECKS) {
      long off = ref >>> 32;
      long sz = ref & 0xffffffffL;
      if (off + sz > size) {
        throw new InvalidDataException(
            childPath(ordinal),
            "expected offset+size <= "
                + size
                + " but found "
                + (off + sz)
                + " (offset "
                + off
                + ", size "
                + sz
                + ")");
      }
    }
    return ref;
  }

  @SuppressWarnings("deprecation")
  final String stringAt(long ref) {
    int off = (int) (ref >>> 32);
    int sz = (int) ref;
    if (base instanceof byte[]) {
      byte[] b = (byte[]) base;
      int start = (int) (address - Platform.BYTE_ARRAY_OFFSET) + off;
      // plain array reads: a bad reference (with bounds checks off) throws, never reads outside
      if (isAscii(b, start, sz)) {
        // ASCII is the same text in UTF-8 and Latin-1: this constructor copies the bytes
        // into a compact string without the (large, not inlined) UTF-8 decoder
        return new String(b, 0, start, sz);
      }
      return new String(b, start, sz, StandardCharsets.UTF_8);
    }
    return new String(Platform.toBytes(base, address + off, sz), StandardCharsets.UTF_8);
  }

  /** True when the {@code n} bytes of {@code b} from {@code start} are all below 0x80. */
  private static boolean isAscii(byte[] b, int start, int n) {
    int bits = 0;
    for (int i = start, end = start + n; i < end; i++) {
      bits |= b[i];
    }
    return bits >= 0;
  }

  final byte[] bytesAt(long ref) {
    return Platform.toBytes(base, address + (ref >>> 32), (int) ref);
  }

  final BigDecimal bigDecimalAt(long ref, int scale) {
    if ((int) ref == 0) {
      throw new InvalidDataException("", "decimal body of size 0");
    }
    return new BigDecimal(new BigInteger(bytesAt(ref)), scale);
  }

  final BinaryRow structAt(long ref, Schema schema, BinaryRow target, int ordinal) {
    BinaryRow r = target != null ? target : new BinaryRow(schema);
    r.pointToNested(base, address + (ref >>> 32), (int) ref, owner, this, ordinal);
    return r;
  }

  final BinaryArray arrayAt(long ref, DataTypes.ListType type, BinaryArray target, int ordinal) {
    BinaryArray a = target != null ? target : new BinaryArray(type);
    a.pointToNested(base, address + (ref >>> 32), (int) ref, owner, this, ordinal);
    return a;
  }

  final BinaryMap mapAt(long ref, DataTypes.MapType type, BinaryMap target, int ordinal) {
    BinaryMap m = target != null ? target : new BinaryMap(type);
    m.pointToNested(base, address + (ref >>> 32), (int) ref, owner, this, ordinal);
    return m;
  }

  static Object valueAt(Getters g, int ordinal, DataType type) {
    if (g.isNullAt(ordinal)) {
      return null;
    }
    return switch (type.id()) {
      case BOOL -> g.getBoolean(ordinal);
      case INT8 -> g.getByte(ordinal);
      case INT16 -> g.getShort(ordinal);
      case INT32, INTERVAL_YM -> g.getInt(ordinal);
      case INT64 -> g.getLong(ordinal);
      case FLOAT32 -> g.getFloat(ordinal);
      case FLOAT64 -> g.getDouble(ordinal);
      case STRING -> g.getString(ordinal);
      case BINARY, FIXED_BINARY -> g.getBinary(ordinal);
      case DATE32 -> g.getDate(ordinal);
      case TIME -> g.getTime(ordinal);
      case TIMESTAMP ->
          ((DataTypes.TimestampType) type).tz() == null
              ? g.getLocalDateTime(ordinal)
              : g.getTimestamp(ordinal);
      case DURATION -> g.getDuration(ordinal);
      case DECIMAL -> g.getDecimal(ordinal);
      case LIST -> g.getArray(ordinal);
      case MAP -> g.getMap(ordinal);
      case STRUCT -> g.getStruct(ordinal);
      case NULL -> null;
      case INTERVAL -> g.getInterval(ordinal);
      case UUID -> g.getUuid(ordinal);
      case VARIANT -> g.getVariant(ordinal);
    };
  }

  /** The interval in the 16-byte body of {@code ref} (its size checked, SPEC §6.2 B4). */
  final Interval intervalAt(long ref, int ordinal) {
    if (BOUNDS_CHECKS && (int) ref != 16) {
      throw fixedSizeError(ordinal, "interval", 16, ref);
    }
    long a = address + (ref >>> 32);
    return new Interval(
        Platform.getInt(base, a), Platform.getInt(base, a + 4), Platform.getLong(base, a + 8));
  }

  /** The UUID in the 16-byte body of {@code ref}, big-endian (SPEC §3.8). */
  final java.util.UUID uuidAt(long ref, int ordinal) {
    if (BOUNDS_CHECKS && (int) ref != 16) {
      throw fixedSizeError(ordinal, "uuid", 16, ref);
    }
    long a = address + (ref >>> 32);
    return new java.util.UUID(
        Long.reverseBytes(Platform.getLong(base, a)),
        Long.reverseBytes(Platform.getLong(base, a + 8)));
  }

  /** The variant in the body of {@code ref} (SPEC §3.9 rule 1 checked, B4). */
  final Variant variantAt(long ref, int ordinal) {
    return Variant.inBody(base, address + (ref >>> 32), (int) ref, owner, childPath(ordinal));
  }

  final InvalidDataException fixedSizeError(int ordinal, String type, int want, long ref) {
    return new InvalidDataException(
        childPath(ordinal),
        "expected a " + type + " body of " + want + " bytes but found " + (int) ref);
  }

  /** B4 for a fixed_binary or uuid read as bytes: the reference size is the type's size. */
  final void checkFixedSize(DataType t, long ref, int ordinal) {
    int want = t instanceof DataTypes.FixedBinaryType ? ((DataTypes.FixedBinaryType) t).size() : 16;
    if ((int) ref != want) {
      throw fixedSizeError(ordinal, t.toJson(), want, ref);
    }
  }

  /** Equality of bytes (SPEC §2.1: equal values give equal bytes). */
  final boolean bytesEqual(BinaryRegion o) {
    if (o.size != size || isSet() != o.isSet()) {
      return false;
    }
    int i = 0;
    for (; i + 8 <= size; i += 8) {
      if (Platform.UNSAFE.getLong(base, address + i)
          != Platform.UNSAFE.getLong(o.base, o.address + i)) {
        return false;
      }
    }
    for (; i < size; i++) {
      if (Platform.getByte(base, address + i) != Platform.getByte(o.base, o.address + i)) {
        return false;
      }
    }
    return true;
  }

  final int bytesHash() {
    long h = 0x9e3779b97f4a7c15L ^ size;
    int i = 0;
    for (; i + 8 <= size; i += 8) {
      h = (h ^ Platform.getLong(base, address + i)) * 0x100000001b3L;
      h ^= h >>> 29;
    }
    for (; i < size; i++) {
      h = (h ^ Platform.getByte(base, address + i)) * 0x100000001b3L;
    }
    return (int) (h ^ (h >>> 32));
  }
}
