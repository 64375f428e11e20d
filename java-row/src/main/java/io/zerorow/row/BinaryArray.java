package io.zerorow.row;

import static io.zerorow.internal.Checks.BOUNDS_CHECKS;

import io.zerorow.InvalidDataException;
import io.zerorow.SchemaMismatchException;
import io.zerorow.TruncatedException;
import io.zerorow.internal.Layout;
import io.zerorow.internal.Platform;
import io.zerorow.internal.TypeMasks;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Interval;
import io.zerorow.type.Schema;
import io.zerorow.type.Variant;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A view over one array (SPEC §2.2) of a known element type. Elements have their natural width (1,
 * 2, 4 or 8 bytes); a primitive getter must match it (reading an int32 array with {@code getLong}
 * is a {@link SchemaMismatchException} while bounds checks are on).
 */
// DataGetters and ResolvedArray: the deprecated former names, kept implemented for one release.
@SuppressWarnings("removal")
public final class BinaryArray extends BinaryRegion
    implements BinaryGetters, ArrayData, DataGetters, ResolvedArray {
  private final DataTypes.ListType type;
  private final DataType elementType;
  private final int width;

  /** The bit of the element type's id, tested against a variable-width getter's mask. */
  private final int elementBit;

  /** False when elements may not be null: a set null bit is then refused when read (B5). */
  private final boolean elementNullable;

  private int count;
  private int bitmapBytes;

  /** An unpointed view for arrays of {@code type}. */
  public BinaryArray(DataTypes.ListType type) {
    this.type = Objects.requireNonNull(type, "type");
    this.elementType = type.element();
    this.width = elementType.elementWidth();
    this.elementBit = TypeMasks.of(elementType);
    this.elementNullable = type.elementNullable();
  }

  /** A view over a top-level array occupying all of {@code bytes}. */
  public static BinaryArray wrap(DataTypes.ListType type, byte[] bytes) {
    return new BinaryArray(type).pointTo(bytes, Platform.BYTE_ARRAY_OFFSET, bytes.length);
  }

  /** A view over the remaining bytes of a heap or direct buffer (top-level array). */
  public static BinaryArray wrap(DataTypes.ListType type, ByteBuffer buffer) {
    BinaryArray a = new BinaryArray(type);
    if (buffer.hasArray()) {
      return a.pointTo(
          buffer.array(),
          Platform.BYTE_ARRAY_OFFSET + buffer.arrayOffset() + buffer.position(),
          buffer.remaining());
    }
    a.pointTo(null, Platform.directAddress(buffer) + buffer.position(), buffer.remaining());
    a.owner = buffer;
    return a;
  }

  /**
   * Points at a top-level array at {@code (base, address)} (as {@link BinaryRow#pointTo(Object,
   * long, int)}); a too-short buffer is {@code truncated} (SPEC §6.1).
   *
   * <p><b>Unchecked for off-heap memory:</b> a {@code byte[]} range is checked against the array,
   * but an absolute address (null base) cannot be: a wrong one can crash the JVM.
   */
  public BinaryArray pointTo(Object base, long address, int size) {
    checkHeapRange(base, address, size);
    if (size < 8) {
      throw new TruncatedException(
          "", "expected at least 8 bytes (array header) but found " + size);
    }
    long n = Platform.getLong(base, address);
    if (n < 0 || n >= (1L << 31)) {
      throw new InvalidDataException(
          "", "expected array count < 2^31 but found " + Long.toUnsignedString(n));
    }
    long fixed = Layout.arrayFixedSize((int) n, width);
    if (size < fixed) {
      throw new TruncatedException(
          "", "expected at least " + fixed + " bytes for " + n + " elements but found " + size);
    }
    if ((size & 7) != 0) {
      throw new InvalidDataException(
          "", "expected an array size that is a multiple of 8 but " + "found " + size);
    }
    setFields(base, address, size, (int) n, null);
    setParent(null, 0);
    return this;
  }

  void pointToNested(
      Object base, long address, int size, Object owner, BinaryRegion parent, int ordinal) {
    int n = 0;
    if (BOUNDS_CHECKS) {
      long cnt = size >= 8 ? Platform.getLong(base, address) : -1;
      if (cnt < 0
          || cnt >= (1L << 31)
          || (size & 7) != 0
          || size < Layout.arrayFixedSize((int) cnt, width)) {
        throw new InvalidDataException(
            parent.childPath(ordinal),
            "expected an array with count"
                + " < 2^31 whose fixed region fits in its "
                + size
                + " bytes but found count "
                + (size >= 8 ? Long.toUnsignedString(cnt) : "(missing)"));
      }
      n = (int) cnt;
    } else {
      n = (int) Platform.getLong(base, address);
    }
    setFields(base, address, size, n, owner);
    setParent(parent, ordinal);
  }

  private void setFields(Object base, long address, int size, int n, Object owner) {
    setMemory(base, address, size, owner);
    this.count = n;
    this.bitmapBytes = ((n + 63) >>> 6) << 3;
  }

  /** The list type of this array. */
  public DataTypes.ListType type() {
    return type;
  }

  /** The element type. */
  public DataType elementType() {
    return elementType;
  }

  @Override
  public int numElements() {
    requireSet();
    return count;
  }

  /** True when some element is null (one pass over the bitmap words). */
  public boolean anyNull() {
    requireSet();
    long a = address + 8;
    for (int w = 0; w < bitmapBytes; w += 8) {
      if (Platform.getLong(base, a + w) != 0) {
        return true;
      }
    }
    return false;
  }

  private RuntimeException indexError(int i) {
    if (!isSet()) {
      return unsetError();
    }
    return new IndexOutOfBoundsException("index " + i + " of an array of " + count + " elements");
  }

  private long elem(int i, int w) {
    if (BOUNDS_CHECKS) {
      if (i < 0 || i >= count) {
        throw indexError(i);
      }
      if (w != width) {
        throw new SchemaMismatchException(
            childPath(i),
            "expected an element of "
                + w
                + " bytes but the element type "
                + elementType
                + " has "
                + width);
      }
    }
    return address + 8 + bitmapBytes + (long) i * w;
  }

  @Override
  public boolean isNullAt(int i) {
    if (BOUNDS_CHECKS && (i < 0 || i >= count)) {
      throw indexError(i);
    }
    return nullBit(i);
  }

  /** The null bit of element {@code i}; set on a non-nullable element it is refused (B5). */
  private boolean nullBit(int i) {
    boolean nul = ((Platform.getLong(base, address + 8 + ((i >> 6) << 3)) >>> (i & 63)) & 1) != 0;
    if (nul && BOUNDS_CHECKS && !elementNullable) {
      throw new InvalidDataException(
          childPath(i),
          "expected a value (the element type is not nullable) but found its null bit set");
    }
    return nul;
  }

  @Override
  public boolean getBoolean(int i) {
    return Platform.getByte(base, elem(i, 1)) != 0;
  }

  @Override
  public byte getByte(int i) {
    return Platform.getByte(base, elem(i, 1));
  }

  @Override
  public short getShort(int i) {
    return Platform.getShort(base, elem(i, 2));
  }

  @Override
  public int getInt(int i) {
    return Platform.getInt(base, elem(i, 4));
  }

  @Override
  public long getLong(int i) {
    return Platform.getLong(base, elem(i, 8));
  }

  @Override
  public float getFloat(int i) {
    return Platform.getFloat(base, elem(i, 4));
  }

  @Override
  public double getDouble(int i) {
    return Platform.getDouble(base, elem(i, 8));
  }

  /**
   * Whether element {@code i} is null, after checking (behind the flag) the index and that the
   * element type is one of {@code mask}: the type is checked before the null bit, so a getter of
   * the wrong type fails on a null element too.
   */
  private boolean isNullAt(int i, int mask) {
    if (BOUNDS_CHECKS) {
      if (i < 0 || i >= count) {
        throw indexError(i);
      }
      if ((elementBit & mask) == 0) {
        throw new SchemaMismatchException(
            childPath(i),
            "expected " + TypeMasks.describe(mask) + " elements but found " + elementType);
      }
    }
    return nullBit(i);
  }

  /** The checked reference in element {@code i}'s slot (index and type checked before). */
  private long ref(int i) {
    return checkRef(Platform.getLong(base, address + 8 + bitmapBytes + ((long) i << 3)), i);
  }

  @Override
  public String getString(int i) {
    return isNullAt(i, TypeMasks.STRING) ? null : stringAt(ref(i));
  }

  @Override
  public byte[] getUtf8(int i) {
    return isNullAt(i, TypeMasks.STRING) ? null : bytesAt(ref(i));
  }

  @Override
  public byte[] getBinary(int i) {
    if (isNullAt(i, TypeMasks.BINARY)) {
      return null;
    }
    long ref = ref(i);
    if (BOUNDS_CHECKS && (elementBit & TypeMasks.FIXED_SIZE) != 0) {
      checkFixedSize(elementType, ref, i);
    }
    return bytesAt(ref);
  }

  @Override
  public Interval getInterval(int i) {
    return isNullAt(i, TypeMasks.INTERVAL) ? null : intervalAt(ref(i), i);
  }

  @Override
  public java.util.UUID getUuid(int i) {
    return isNullAt(i, TypeMasks.UUID) ? null : uuidAt(ref(i), i);
  }

  @Override
  public Variant getVariant(int i) {
    return isNullAt(i, TypeMasks.VARIANT) ? null : variantAt(ref(i), i);
  }

  @Override
  public BigDecimal getDecimal(int i) {
    if (isNullAt(i, TypeMasks.DECIMAL)) {
      return null;
    }
    if (!(elementType instanceof DataTypes.DecimalType)) {
      throw new SchemaMismatchException(
          childPath(i), "expected decimal elements but found " + elementType);
    }
    DataTypes.DecimalType t = (DataTypes.DecimalType) elementType;
    if (t.precision() <= DataTypes.DecimalType.MAX_LONG_PRECISION) {
      return BigDecimal.valueOf(
          Platform.getLong(base, address + 8 + bitmapBytes + ((long) i << 3)), t.scale());
    }
    return bigDecimalAt(ref(i), t.scale());
  }

  @Override
  public BinaryRow getStruct(int i) {
    return getStruct(i, null);
  }

  @Override
  public BinaryRow getStruct(int i, BinaryRow target) {
    return isNullAt(i, TypeMasks.STRUCT) ? null : structAt(ref(i), (Schema) elementType, target, i);
  }

  @Override
  public BinaryArray getArray(int i) {
    return getArray(i, null);
  }

  @Override
  public BinaryArray getArray(int i, BinaryArray target) {
    return isNullAt(i, TypeMasks.LIST)
        ? null
        : arrayAt(ref(i), (DataTypes.ListType) elementType, target, i);
  }

  @Override
  public BinaryMap getMap(int i) {
    return getMap(i, null);
  }

  @Override
  public BinaryMap getMap(int i, BinaryMap target) {
    return isNullAt(i, TypeMasks.MAP)
        ? null
        : mapAt(ref(i), (DataTypes.MapType) elementType, target, i);
  }

  @Override
  public Object get(int i) {
    return valueAt(this, i, elementType);
  }

  /** Copies an int32/date32 array into a new {@code int[]} (nulls read as 0). */
  public int[] toIntArray() {
    requireSet();
    int[] out = new int[count];
    if (count > 0) {
      elem(0, 4);
      Platform.copy(
          base,
          address + 8 + bitmapBytes,
          out,
          Platform.UNSAFE.arrayBaseOffset(int[].class),
          4L * count);
    }
    return out;
  }

  /** Copies an int64 array into a new {@code long[]} (nulls read as 0). */
  public long[] toLongArray() {
    requireSet();
    long[] out = new long[count];
    if (count > 0) {
      elem(0, 8);
      Platform.copy(
          base,
          address + 8 + bitmapBytes,
          out,
          Platform.UNSAFE.arrayBaseOffset(long[].class),
          8L * count);
    }
    return out;
  }

  /** A copy of this array in a new byte array. */
  public BinaryArray copy() {
    requireSet();
    return BinaryArray.wrap(type, toBytes());
  }

  @Override
  String childSegment(int i) {
    if (parent instanceof BinaryMap) {
      return (parentOrdinal == -1 ? "{key " : "{value ") + i + "}";
    }
    return "[" + i + "]";
  }

  /** Equal when the types are equal and the bytes are equal (SPEC §2.1). */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof BinaryArray)) {
      return false;
    }
    BinaryArray a = (BinaryArray) o;
    return (type == a.type || type.equals(a.type)) && bytesEqual(a);
  }

  /** A hash of the type and the bytes, consistent with {@link #equals}. */
  @Override
  public int hashCode() {
    return 31 * type.hashCode() + bytesHash();
  }

  /**
   * The elements, e.g. {@code [1, 2, null]}; after 32 elements the rest is summarised (the budget
   * of {@code Printer}, as {@link BinaryRow#toString()}).
   */
  @Override
  public String toString() {
    return isSet() ? Printer.print(this) : "BinaryArray(unset)";
  }
}
