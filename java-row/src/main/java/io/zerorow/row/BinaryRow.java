package io.zerorow.row;

import static io.zerorow.internal.Checks.BOUNDS_CHECKS;

import io.zerorow.InvalidDataException;
import io.zerorow.SchemaMismatchException;
import io.zerorow.TruncatedException;
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
 * A view over one row (SPEC §2.1) of a known {@link Schema}, in a {@code byte[]} or off-heap.
 *
 * <p>Reads are in place: primitive getters allocate nothing; nested getters return views over the
 * same memory (zero-copy). By default every access is bounds-checked (SPEC §6.2 level {@code
 * bounds}), so no input can make a getter read outside the row; see {@link Validator} for level
 * {@code full}. A view is mutable only through {@link #pointTo}; it is not thread-safe to re-point
 * one shared view.
 */
// DataGetters and ResolvedRow: the deprecated former names, kept implemented for one release.
@SuppressWarnings("removal")
public final class BinaryRow extends BinaryRegion
    implements BinaryGetters, Row, DataGetters, ResolvedRow {
  private final Schema schema;
  private final int numFields;
  private final int bitmapBytes;
  private final int fixedSize;

  /**
   * {@code numFields} once the view points at a row, 0 before: the ordinal check of every getter
   * then also refuses an unset view, at no extra cost.
   */
  private int limit;

  /** Per field, the bit of its type: each getter checks its mask. Shared: never written. */
  private final int[] typeBits;

  /** {@code address + bitmapBytes}: where the slots start, so a getter adds only the ordinal. */
  private long slots;

  // Per primitive getter, bit i is set when field i (i < 64) has a type that getter reads:
  // the ordinal, unset and type checks of a getter are then one test of one field (and the
  // ordinal part folds away for a constant ordinal), which keeps a checked read as cheap as
  // Spark's unchecked one. All 0 until the view points at a row; fields from 64 on take the
  // general check (checkSlot).
  private long boolFields;
  private long int8Fields;
  private long int16Fields;
  private long int32Fields;
  private long int64Fields;
  private long float32Fields;
  private long float64Fields;

  /** The values of the seven masks above for this schema (shared: never written). */
  private final long[] fieldMasks;

  /**
   * Per word of the null bitmap, the bits of the non-nullable fields: a row whose null bit is set
   * on one of them is refused when it is wrapped (SPEC §6.2 B5), one test per word.
   */
  private final long[] notNull;

  /** {@code notNull[0]} (0 when there is none): the test of a row of at most 64 fields. */
  private final long notNull0;

  /** An unpointed view for rows of {@code schema}; call {@link #pointTo} before reading. */
  public BinaryRow(Schema schema) {
    this.schema = Objects.requireNonNull(schema, "schema");
    this.numFields = schema.numFields();
    this.bitmapBytes = schema.bitmapBytes();
    this.fixedSize = schema.fixedRegionSize();
    TypeMasks.Fields masks = schema.masks(); // once per schema, shared by its views
    this.typeBits = masks.typeBits;
    this.fieldMasks = masks.getterFields;
    this.notNull = masks.notNull;
    this.notNull0 = notNull == null ? 0 : notNull[0];
  }

  /** Called once the view points at a row: enables the getters (see {@link #boolFields}). */
  private void arm() {
    checkNotNull();
    limit = numFields;
    slots = address + bitmapBytes;
    long[] m = fieldMasks;
    boolFields = m[0];
    int8Fields = m[1];
    int16Fields = m[2];
    int32Fields = m[3];
    int64Fields = m[4];
    float32Fields = m[5];
    float64Fields = m[6];
  }

  /** A view over the whole array (top-level row). */
  public static BinaryRow wrap(Schema schema, byte[] bytes) {
    return new BinaryRow(schema).pointTo(bytes, 0, bytes.length);
  }

  /** A view over {@code bytes[offset, offset + size)} (top-level row). */
  public static BinaryRow wrap(Schema schema, byte[] bytes, int offset, int size) {
    return new BinaryRow(schema).pointTo(bytes, offset, size);
  }

  /** A view over the remaining bytes of a heap or direct buffer (top-level row). */
  public static BinaryRow wrap(Schema schema, ByteBuffer buffer) {
    BinaryRow r = new BinaryRow(schema);
    if (buffer.hasArray()) {
      return r.pointTo(
          buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
    }
    r.pointTo(null, Platform.directAddress(buffer) + buffer.position(), buffer.remaining());
    r.owner = buffer;
    return r;
  }

  /** Points this view at a top-level row in {@code bytes}; checks W1–W2 (SPEC §6.2). */
  public BinaryRow pointTo(byte[] bytes, int offset, int size) {
    Objects.checkFromIndexSize(offset, size, bytes.length);
    long at = Platform.BYTE_ARRAY_OFFSET + offset;
    if (bytes != base || at != address || parent != null || owner != null) {
      return pointTo(bytes, at, size);
    }
    // the same top-level row start again (an encoder's reused view): only the size changes,
    // so the references are not stored again (each store is a GC barrier)
    checkRowSize(size);
    this.size = size;
    checkNotNull();
    return this;
  }

  /** B5 (SPEC §6.2): no non-nullable field of the row has its null bit set. */
  private void checkNotNull() {
    if (BOUNDS_CHECKS
        && notNull != null
        && ((Platform.getLong(base, address) & notNull0) != 0 || notNull.length > 1)) {
      for (int w = 0; w < notNull.length; w++) {
        long bad = Platform.getLong(base, address + 8L * w) & notNull[w];
        if (bad != 0) {
          int i = 64 * w + Long.numberOfTrailingZeros(bad);
          throw new InvalidDataException(
              childPath(i),
              "expected a value (the field is not nullable) but found its null bit set");
        }
      }
    }
  }

  /**
   * Points this view at a top-level row at {@code (base, address)}: {@code base} a {@code byte[]}
   * with the address {@code Unsafe.arrayBaseOffset(byte[].class)} plus the index, or null with an
   * absolute off-heap address; checks W1–W2 (SPEC §6.2).
   *
   * <p><b>Unchecked for off-heap memory:</b> a {@code byte[]} range is checked against the array,
   * but an absolute address (null base) cannot be: a wrong one can crash the JVM, so the caller
   * guarantees that {@code size} bytes there stay readable (and kept alive) while the view is used.
   * {@code wrap(…, ByteBuffer)} is the checked way to view a direct buffer.
   */
  public BinaryRow pointTo(Object base, long address, int size) {
    checkHeapRange(base, address, size);
    checkRowSize(size);
    setMemory(base, address, size, null);
    setParent(null, 0);
    arm();
    return this;
  }

  /** W1–W2 for a top-level row: at least the fixed region, a multiple of 8 bytes. */
  private void checkRowSize(int size) {
    if (size < fixedSize) {
      throw new TruncatedException(
          "",
          "expected at least "
              + fixedSize
              + " bytes (fixed region of "
              + numFields
              + " fields) but found "
              + size);
    }
    if ((size & 7) != 0) {
      throw new InvalidDataException(
          "", "expected a row size that is a multiple of 8 but found " + size);
    }
  }

  /**
   * Same as {@link #pointTo(Object, long, int)} (and as unchecked for off-heap memory) for memory
   * that {@code owner} keeps alive (e.g. a memory-mapped buffer): the view holds {@code owner}, and
   * so do the views read from it, so the memory cannot be released while any of them is reachable.
   */
  public BinaryRow pointTo(Object base, long address, int size, Object owner) {
    pointTo(base, address, size);
    this.owner = owner;
    return this;
  }

  void pointToNested(
      Object base, long address, int size, Object owner, BinaryRegion parent, int ordinal) {
    if (BOUNDS_CHECKS && (size < fixedSize || (size & 7) != 0)) {
      throw new InvalidDataException(
          parent.childPath(ordinal),
          "expected a struct of size >= " + fixedSize + " and a multiple of 8 but found " + size);
    }
    setMemory(base, address, size, owner);
    setParent(parent, ordinal);
    arm();
  }

  /** The schema of this row. */
  public Schema schema() {
    return schema;
  }

  /**
   * Same as {@link #numFields()}.
   *
   * @deprecated a row's field count is {@link #numFields()} (SPEC §1.1).
   */
  @Deprecated(since = "0.3.0", forRemoval = true)
  @Override
  public int numElements() {
    return numFields;
  }

  @Override
  public int numFields() {
    return numFields;
  }

  /**
   * The slot of {@code ordinal} for a primitive getter that reads the types of {@code mask}, whose
   * fields are the bits of {@code fields} (one of {@link #boolFields} ...).
   */
  private long slot(int ordinal, long fields, int mask) {
    // (a constant ordinal makes this one test of fields against a constant)
    if (BOUNDS_CHECKS && ((ordinal >>> 6) != 0 || (fields & (1L << ordinal)) == 0)) {
      checkSlot(ordinal, mask); // an ordinal from 64 on, or an error
    }
    return slots + ((long) ordinal << 3);
  }

  /** The slot of {@code ordinal}, checking the ordinal and that a getter of {@code mask} fits. */
  private long slot(int ordinal, int mask) {
    if (BOUNDS_CHECKS) {
      checkSlot(ordinal, mask);
    }
    return slots + ((long) ordinal << 3);
  }

  private void checkSlot(int ordinal, int mask) {
    if (ordinal < 0 || ordinal >= limit) {
      throw ordinalError(ordinal);
    }
    if ((typeBits[ordinal] & mask) == 0) {
      throw typeError(ordinal, mask);
    }
  }

  private SchemaMismatchException typeError(int ordinal, int mask) {
    return new SchemaMismatchException(
        childPath(ordinal),
        "expected a field of type "
            + TypeMasks.describe(mask)
            + " but the field has type "
            + schema.field(ordinal).type(),
        schema);
  }

  private RuntimeException ordinalError(int ordinal) {
    if (!isSet()) {
      return unsetError();
    }
    String detail = "ordinal " + ordinal + " of a row of " + numFields + " fields";
    String note = schema.mismatchNote();
    return new IndexOutOfBoundsException(note == null ? detail : detail + "; " + note);
  }

  @Override
  public boolean isNullAt(int ordinal) {
    if (BOUNDS_CHECKS && (ordinal < 0 || ordinal >= limit)) {
      throw ordinalError(ordinal);
    }
    return ((Platform.getLong(base, address + ((ordinal >> 6) << 3)) >>> (ordinal & 63)) & 1) != 0;
  }

  /**
   * True when a field whose bit is set in {@code fields} is null, for fields 0–63 (bit i is field
   * i, i &lt; {@link #numFields()}): one test of the bitmap's first word, where {@link #isNullAt}
   * tests one field. Encoders check all their non-nullable fields with it.
   */
  public boolean anyNull(long fields) {
    if (fields == 0) {
      return false;
    }
    if (BOUNDS_CHECKS && limit == 0) {
      throw unsetError();
    }
    return (Platform.getLong(base, address) & fields) != 0;
  }

  @Override
  public boolean getBoolean(int ordinal) {
    return Platform.getByte(base, slot(ordinal, boolFields, TypeMasks.BOOL)) != 0;
  }

  @Override
  public byte getByte(int ordinal) {
    return Platform.getByte(base, slot(ordinal, int8Fields, TypeMasks.INT8));
  }

  @Override
  public short getShort(int ordinal) {
    return Platform.getShort(base, slot(ordinal, int16Fields, TypeMasks.INT16));
  }

  @Override
  public int getInt(int ordinal) {
    return Platform.getInt(base, slot(ordinal, int32Fields, TypeMasks.INT32));
  }

  @Override
  public long getLong(int ordinal) {
    return Platform.getLong(base, slot(ordinal, int64Fields, TypeMasks.INT64));
  }

  @Override
  public float getFloat(int ordinal) {
    return Platform.getFloat(base, slot(ordinal, float32Fields, TypeMasks.FLOAT32));
  }

  @Override
  public double getDouble(int ordinal) {
    return Platform.getDouble(base, slot(ordinal, float64Fields, TypeMasks.FLOAT64));
  }

  /**
   * Whether field {@code ordinal} is null, after checking (behind the flag) the ordinal and that a
   * getter of {@code mask} may read the field: the type is checked before the null bit, so a getter
   * of the wrong type fails on a null field too.
   */
  private boolean isNullAt(int ordinal, int mask) {
    if (BOUNDS_CHECKS) {
      checkSlot(ordinal, mask);
    }
    return ((Platform.getLong(base, address + ((ordinal >> 6) << 3)) >>> (ordinal & 63)) & 1) != 0;
  }

  /** The checked reference in the slot of {@code ordinal} (ordinal and type checked before). */
  private long ref(int ordinal) {
    return checkRef(Platform.getLong(base, slots + ((long) ordinal << 3)), ordinal);
  }

  @Override
  public String getString(int ordinal) {
    return isNullAt(ordinal, TypeMasks.STRING) ? null : stringAt(ref(ordinal));
  }

  @Override
  public byte[] getUtf8(int ordinal) {
    return isNullAt(ordinal, TypeMasks.STRING) ? null : bytesAt(ref(ordinal));
  }

  @Override
  public byte[] getBinary(int ordinal) {
    if (isNullAt(ordinal, TypeMasks.BINARY)) {
      return null;
    }
    long ref = ref(ordinal);
    if (BOUNDS_CHECKS && (typeBits[ordinal] & TypeMasks.FIXED_SIZE) != 0) {
      checkFixedSize(schema.field(ordinal).type(), ref, ordinal);
    }
    return bytesAt(ref);
  }

  @Override
  public BigDecimal getDecimal(int ordinal) {
    if (isNullAt(ordinal, TypeMasks.DECIMAL)) {
      return null;
    }
    DataTypes.DecimalType t = decimalType(ordinal);
    if (t.precision() <= DataTypes.DecimalType.MAX_LONG_PRECISION) {
      return BigDecimal.valueOf(Platform.getLong(base, slots + ((long) ordinal << 3)), t.scale());
    }
    return bigDecimalAt(ref(ordinal), t.scale());
  }

  private DataTypes.DecimalType decimalType(int ordinal) {
    DataType t = schema.field(ordinal).type();
    if (!(t instanceof DataTypes.DecimalType)) {
      throw new SchemaMismatchException(
          childPath(ordinal), "expected a decimal field but found " + t, schema);
    }
    return (DataTypes.DecimalType) t;
  }

  @Override
  public Interval getInterval(int ordinal) {
    return isNullAt(ordinal, TypeMasks.INTERVAL) ? null : intervalAt(ref(ordinal), ordinal);
  }

  @Override
  public java.util.UUID getUuid(int ordinal) {
    return isNullAt(ordinal, TypeMasks.UUID) ? null : uuidAt(ref(ordinal), ordinal);
  }

  @Override
  public Variant getVariant(int ordinal) {
    return isNullAt(ordinal, TypeMasks.VARIANT) ? null : variantAt(ref(ordinal), ordinal);
  }

  @Override
  public BinaryRow getStruct(int ordinal) {
    return getStruct(ordinal, null);
  }

  @Override
  public BinaryRow getStruct(int ordinal, BinaryRow target) {
    if (isNullAt(ordinal, TypeMasks.STRUCT)) {
      return null;
    }
    return structAt(ref(ordinal), (Schema) schema.field(ordinal).type(), target, ordinal);
  }

  @Override
  public BinaryArray getArray(int ordinal) {
    return getArray(ordinal, null);
  }

  @Override
  public BinaryArray getArray(int ordinal, BinaryArray target) {
    if (isNullAt(ordinal, TypeMasks.LIST)) {
      return null;
    }
    return arrayAt(
        ref(ordinal), (DataTypes.ListType) schema.field(ordinal).type(), target, ordinal);
  }

  @Override
  public BinaryMap getMap(int ordinal) {
    return getMap(ordinal, null);
  }

  @Override
  public BinaryMap getMap(int ordinal, BinaryMap target) {
    if (isNullAt(ordinal, TypeMasks.MAP)) {
      return null;
    }
    return mapAt(ref(ordinal), (DataTypes.MapType) schema.field(ordinal).type(), target, ordinal);
  }

  @Override
  public Object get(int ordinal) {
    return valueAt(this, ordinal, schema.field(ordinal).type());
  }

  /** A copy of this row in a new array (detached from the memory it views). */
  public BinaryRow copy() {
    requireSet();
    return BinaryRow.wrap(schema, toBytes());
  }

  @Override
  String childSegment(int ordinal) {
    return ordinal >= 0 && ordinal < numFields
        ? "." + schema.field(ordinal).name()
        : ".[" + ordinal + "]";
  }

  /**
   * Equal when the schemas are equal and the bytes are equal (SPEC §2.1: equal values give equal
   * bytes); the same bytes under another schema are another value.
   */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof BinaryRow)) {
      return false;
    }
    BinaryRow r = (BinaryRow) o;
    return (schema == r.schema || schema.equals(r.schema)) && bytesEqual(r);
  }

  /** A hash of the schema and the bytes, consistent with {@link #equals}. */
  @Override
  public int hashCode() {
    return 31 * schema.hashCode() + bytesHash();
  }

  /**
   * The values, e.g. {@code {f1=1, f2=[1, 2, 3]}}, within the budget of {@code Printer}: long
   * arrays and maps, deep nesting and very many values are cut short with {@code ...}.
   */
  @Override
  public String toString() {
    return isSet() ? Printer.print(this) : "BinaryRow(unset)";
  }
}
