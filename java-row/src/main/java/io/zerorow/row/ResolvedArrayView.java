package io.zerorow.row;

import static io.zerorow.internal.Checks.BOUNDS_CHECKS;

import io.zerorow.SchemaMismatchException;
import io.zerorow.internal.TypeMasks;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Interval;
import io.zerorow.type.Variant;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The {@link ArrayData} of a list plan that is not the identity: the reader's element type over a
 * {@link BinaryArray} of the writer's. Every element is read the same way (the plan's element read
 * code), so a getter is the type check, the writer's read and the widening.
 */
// ResolvedArray: the deprecated former name of ArrayData, kept implemented for one release.
@SuppressWarnings("removal")
final class ResolvedArrayView implements ArrayData, ResolvedArray {
  private final TypePlan plan;
  private final TypePlan element;
  private final DataTypes.ListType type;
  private final DataType elementType;
  private final int bits;
  private final int read;
  final BinaryArray array;

  ResolvedArrayView(TypePlan plan, BinaryArray array) {
    this.plan = plan;
    this.element = plan.element;
    this.type = (DataTypes.ListType) plan.reader;
    this.elementType = type.element();
    this.bits = TypeMasks.of(elementType);
    this.read = element.read;
    this.array = array;
  }

  @Override
  public DataTypes.ListType type() {
    return type;
  }

  @Override
  public DataType elementType() {
    return elementType;
  }

  @Override
  public int numElements() {
    return array.numElements();
  }

  private void check(int i, int mask) {
    if (BOUNDS_CHECKS && (bits & mask) == 0) {
      throw new SchemaMismatchException(
          array.childPath(i),
          "expected an element of type "
              + TypeMasks.describe(mask)
              + " but the element type is "
              + elementType);
    }
  }

  /** The writer's integer element, widened (SPEC §13.3). */
  private long integer(int i) {
    switch (read) {
      case TypePlan.FROM_INT8:
        return array.getByte(i);
      case TypePlan.FROM_INT16:
        return array.getShort(i);
      case TypePlan.FROM_INT32:
        return array.getInt(i);
      default:
        return array.getLong(i);
    }
  }

  @Override
  public boolean isNullAt(int i) {
    return array.isNullAt(i);
  }

  /** True when every element is null: the writer's elements are of type null (SPEC §13.3). */
  private boolean nulls(int i) {
    if (read == TypePlan.NULLS) {
      array.isNullAt(i); // the index check
      return true;
    }
    return false;
  }

  @Override
  public boolean getBoolean(int i) {
    check(i, TypeMasks.BOOL);
    if (nulls(i)) {
      return false;
    }
    return array.getBoolean(i);
  }

  @Override
  public byte getByte(int i) {
    check(i, TypeMasks.INT8);
    if (nulls(i)) {
      return 0;
    }
    return array.getByte(i);
  }

  @Override
  public short getShort(int i) {
    check(i, TypeMasks.INT16);
    if (nulls(i)) {
      return 0;
    }
    return read == TypePlan.SAME ? array.getShort(i) : (short) integer(i);
  }

  @Override
  public int getInt(int i) {
    check(i, TypeMasks.INT32);
    if (nulls(i)) {
      return 0;
    }
    return read == TypePlan.SAME ? array.getInt(i) : (int) integer(i);
  }

  @Override
  public long getLong(int i) {
    check(i, TypeMasks.INT64);
    if (nulls(i)) {
      return 0;
    }
    return read == TypePlan.RESCALE ? array.getLong(i) * element.factor : integer(i);
  }

  @Override
  public float getFloat(int i) {
    check(i, TypeMasks.FLOAT32);
    if (nulls(i)) {
      return 0;
    }
    return read == TypePlan.SAME ? array.getFloat(i) : (float) integer(i);
  }

  @Override
  public double getDouble(int i) {
    check(i, TypeMasks.FLOAT64);
    if (nulls(i)) {
      return 0;
    }
    switch (read) {
      case TypePlan.SAME:
        return array.getDouble(i);
      case TypePlan.FROM_FLOAT32:
        return array.getFloat(i);
      default:
        return integer(i);
    }
  }

  @Override
  public String getString(int i) {
    check(i, TypeMasks.STRING);
    return nulls(i) ? null : array.getString(i);
  }

  @Override
  public byte[] getUtf8(int i) {
    check(i, TypeMasks.STRING);
    return nulls(i) ? null : array.getUtf8(i);
  }

  @Override
  public byte[] getBinary(int i) {
    check(i, TypeMasks.BINARY);
    return nulls(i) ? null : array.getBinary(i);
  }

  @Override
  public Interval getInterval(int i) {
    check(i, TypeMasks.INTERVAL);
    if (nulls(i) || array.isNullAt(i)) {
      return null;
    }
    return switch (read) {
      case TypePlan.FROM_MONTHS -> Interval.ofMonths(array.getInt(i));
      case TypePlan.FROM_MICROS -> Interval.ofMicroseconds(array.getLong(i));
      default -> array.getInterval(i);
    };
  }

  @Override
  public java.util.UUID getUuid(int i) {
    check(i, TypeMasks.UUID);
    return nulls(i) ? null : array.getUuid(i);
  }

  @Override
  public Variant getVariant(int i) {
    check(i, TypeMasks.VARIANT);
    return nulls(i) ? null : array.getVariant(i);
  }

  @Override
  public BigDecimal getDecimal(int i) {
    check(i, TypeMasks.DECIMAL);
    if (nulls(i)) {
      return null;
    }
    BigDecimal d = array.getDecimal(i);
    if (d == null || read != TypePlan.RESCALE) {
      return d;
    }
    return d.setScale(((DataTypes.DecimalType) elementType).scale(), RoundingMode.UNNECESSARY);
  }

  @Override
  public Row getStruct(int i) {
    check(i, TypeMasks.STRUCT);
    if (nulls(i)) {
      return null;
    }
    BinaryRow s = array.getStruct(i);
    return s == null || element.identity ? s : new ResolvedRowView(element, s);
  }

  @Override
  public ArrayData getArray(int i) {
    check(i, TypeMasks.LIST);
    if (nulls(i)) {
      return null;
    }
    BinaryArray a = array.getArray(i);
    return a == null || element.identity ? a : new ResolvedArrayView(element, a);
  }

  @Override
  public MapData getMap(int i) {
    check(i, TypeMasks.MAP);
    if (nulls(i)) {
      return null;
    }
    BinaryMap m = array.getMap(i);
    return m == null || element.identity ? m : new ResolvedMapView(element, m);
  }

  @Override
  public Object get(int i) {
    if (i < 0 || i >= array.numElements()) {
      throw new IndexOutOfBoundsException(
          "index " + i + " of an array of " + array.numElements() + " elements");
    }
    return BinaryRegion.valueAt(this, i, elementType);
  }

  @Override
  public BinaryArray copy() {
    return RowCopier.copyArray(this);
  }

  /** The elements, e.g. {@code [1, 2, null]}, as {@link BinaryArray#toString()}. */
  @Override
  public String toString() {
    return Printer.print(this);
  }

  /** The plan of this list (for copies). */
  TypePlan plan() {
    return plan;
  }
}
