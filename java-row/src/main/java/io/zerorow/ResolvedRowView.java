package io.zerorow;

import static io.zerorow.internal.Checks.BOUNDS_CHECKS;

import io.zerorow.internal.Platform;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The {@link ResolvedRow} of a resolution that is not the identity: a reader schema over a {@link
 * BinaryRow} of the writer schema. A primitive getter checks the reader ordinal and the reader type
 * (as {@link BinaryRow} does for its own), looks up the writer's slot and how to read it in one
 * {@code int} of the plan ({@link TypePlan#slots}), reads the slot in place and widens the value.
 * The slot lies in the writer's fixed region, which the row checked when it was pointed (SPEC §6.2
 * W1), so it is read without a second check; bodies and nested values are read through the row's
 * own checked getters.
 */
final class ResolvedRowView implements ResolvedRow {
  final TypePlan plan;
  final BinaryRow row;
  private final Schema schema;
  private final int numFields;
  private final int[] ordinals;

  /**
   * Per reader field, the {@link TypeMasks} bit of its type (high 32 bits) and its {@link
   * TypePlan#slots} entry (low 32 bits): one array load checks the getter and finds the slot.
   */
  private final long[] entries;

  private final int[] typeBits;

  ResolvedRowView(TypePlan plan, BinaryRow row) {
    this.plan = plan;
    this.row = row;
    this.schema = (Schema) plan.reader;
    this.numFields = schema.numFields();
    this.ordinals = plan.ordinals;
    this.typeBits = plan.typeBits;
    this.entries = new long[numFields];
    for (int i = 0; i < numFields; i++) {
      entries[i] = ((long) typeBits[i] << 32) | (plan.slots[i] & 0xffffffffL);
    }
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public int numFields() {
    return numFields;
  }

  @Override
  public int numElements() {
    return numFields;
  }

  /**
   * The slot entry of reader field {@code ordinal}, after checking that a getter of {@code mask}
   * fits.
   */
  private int slot(int ordinal, int mask) {
    long[] es = entries;
    if (BOUNDS_CHECKS) {
      if (ordinal < 0 || ordinal >= es.length) {
        throw ordinalError(ordinal);
      }
      long x = es[ordinal];
      if (((int) (x >>> 32) & mask) == 0) {
        throw typeError(ordinal, mask);
      }
      return (int) x;
    }
    return (int) es[ordinal];
  }

  /** The writer's ordinal of reader field {@code ordinal} (or ABSENT), checked as {@link #slot}. */
  private int writerOrdinal(int ordinal, int mask) {
    check(ordinal, mask);
    return ordinals[ordinal];
  }

  private void check(int ordinal, int mask) {
    if (BOUNDS_CHECKS) {
      if (ordinal < 0 || ordinal >= numFields) {
        throw ordinalError(ordinal);
      }
      if ((typeBits[ordinal] & mask) == 0) {
        throw typeError(ordinal, mask);
      }
    }
  }

  private IndexOutOfBoundsException ordinalError(int ordinal) {
    return new IndexOutOfBoundsException(
        "ordinal " + ordinal + " of a row of " + numFields + " fields (reader schema)");
  }

  private SchemaMismatchException typeError(int ordinal, int mask) {
    return new SchemaMismatchException(
        path(ordinal),
        "expected a field of type "
            + TypeMasks.describe(mask)
            + " but the field has type "
            + schema.field(ordinal).type());
  }

  /** The reader's path of a field: the row's own path, then the reader's field name. */
  String path(int ordinal) {
    String p = row.path();
    String name =
        ordinal >= 0 && ordinal < numFields ? schema.field(ordinal).name() : "[" + ordinal + "]";
    return p.isEmpty() ? name : p + "." + name;
  }

  // Each primitive getter is a small fast path for a present field of the writer's type (code
  // SAME: e & CODE_MASK == 0, while an absent field's entry is -1), so that it inlines into the
  // caller; widened integers, absent fields, rescaled decimals and float32 read as float64 take
  // the paths beside it.

  /** The writer's narrower integer in the slot of entry {@code e} (present, widened). */
  private long integer(int e) {
    long a = row.address + (e & ~TypePlan.CODE_MASK);
    switch (e & TypePlan.CODE_MASK) {
      case TypePlan.FROM_INT32:
        return Platform.getInt(row.base, a);
      case TypePlan.FROM_INT16:
        return Platform.getShort(row.base, a);
      default:
        return Platform.getByte(row.base, a);
    }
  }

  /** The unscaled value of a decimal read at a larger scale (SPEC §13.3). */
  private long rescaled(int ordinal, int e) {
    return Platform.getLong(row.base, row.address + (e & ~TypePlan.CODE_MASK))
        * plan.fields[ordinal].factor;
  }

  @Override
  public boolean isNullAt(int ordinal) {
    if (BOUNDS_CHECKS && (ordinal < 0 || ordinal >= numFields)) {
      throw ordinalError(ordinal);
    }
    int w = ordinals[ordinal];
    return w < 0 || row.isNullAt(w);
  }

  @Override
  public boolean getBoolean(int ordinal) {
    int e = slot(ordinal, TypeMasks.BOOL);
    return e >= 0 && Platform.getByte(row.base, row.address + e) != 0;
  }

  @Override
  public byte getByte(int ordinal) {
    int e = slot(ordinal, TypeMasks.INT8);
    return e < 0 ? 0 : Platform.getByte(row.base, row.address + e);
  }

  @Override
  public short getShort(int ordinal) {
    int e = slot(ordinal, TypeMasks.INT16);
    if ((e & TypePlan.CODE_MASK) == TypePlan.SAME) {
      return Platform.getShort(row.base, row.address + e);
    }
    return e < 0 ? 0 : (short) integer(e);
  }

  @Override
  public int getInt(int ordinal) {
    int e = slot(ordinal, TypeMasks.INT32);
    if ((e & TypePlan.CODE_MASK) == TypePlan.SAME) {
      return Platform.getInt(row.base, row.address + e);
    }
    return e < 0 ? 0 : (int) integer(e);
  }

  @Override
  public long getLong(int ordinal) {
    int e = slot(ordinal, TypeMasks.INT64);
    int code = e & TypePlan.CODE_MASK;
    if (code == TypePlan.SAME) {
      return Platform.getLong(row.base, row.address + e);
    }
    if (code == TypePlan.FROM_INT32) { // the most common widening, kept inline
      return Platform.getInt(row.base, row.address + e - TypePlan.FROM_INT32);
    }
    if (e < 0) {
      return 0;
    }
    return code == TypePlan.RESCALE ? rescaled(ordinal, e) : integer(e);
  }

  @Override
  public float getFloat(int ordinal) {
    int e = slot(ordinal, TypeMasks.FLOAT32);
    if ((e & TypePlan.CODE_MASK) == TypePlan.SAME) {
      return Platform.getFloat(row.base, row.address + e);
    }
    return e < 0 ? 0 : (float) integer(e);
  }

  @Override
  public double getDouble(int ordinal) {
    int e = slot(ordinal, TypeMasks.FLOAT64);
    int code = e & TypePlan.CODE_MASK;
    if (code == TypePlan.SAME) {
      return Platform.getDouble(row.base, row.address + e);
    }
    if (code == TypePlan.FROM_INT32) {
      return Platform.getInt(row.base, row.address + e - TypePlan.FROM_INT32);
    }
    if (code == TypePlan.FROM_FLOAT32) {
      return Platform.getFloat(row.base, row.address + e - TypePlan.FROM_FLOAT32);
    }
    return e < 0 ? 0 : integer(e);
  }

  @Override
  public String getString(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.STRING);
    return w < 0 ? null : row.getString(w);
  }

  @Override
  public byte[] getUtf8(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.STRING);
    return w < 0 ? null : row.getUtf8(w);
  }

  @Override
  public byte[] getBinary(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.BINARY);
    return w < 0 ? null : row.getBinary(w);
  }

  @Override
  public BigDecimal getDecimal(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.DECIMAL);
    if (w < 0) {
      return null;
    }
    BigDecimal d = row.getDecimal(w);
    if (d == null || plan.fields[ordinal].read != TypePlan.RESCALE) {
      return d;
    }
    int scale = ((DataTypes.DecimalType) schema.field(ordinal).type()).scale();
    return d.setScale(scale, RoundingMode.UNNECESSARY); // exact: the scale only grows
  }

  @Override
  public ResolvedRow getStruct(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.STRUCT);
    if (w < 0) {
      return null;
    }
    BinaryRow s = row.getStruct(w);
    TypePlan p = plan.fields[ordinal];
    return s == null || p.identity ? s : new ResolvedRowView(p, s);
  }

  @Override
  public ResolvedArray getArray(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.LIST);
    if (w < 0) {
      return null;
    }
    BinaryArray a = row.getArray(w);
    TypePlan p = plan.fields[ordinal];
    return a == null || p.identity ? a : new ResolvedArrayView(p, a);
  }

  @Override
  public ResolvedMap getMap(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.MAP);
    if (w < 0) {
      return null;
    }
    BinaryMap m = row.getMap(w);
    TypePlan p = plan.fields[ordinal];
    return m == null || p.identity ? m : new ResolvedMapView(p, m);
  }

  @Override
  public Object get(int ordinal) {
    if (ordinal < 0 || ordinal >= numFields) {
      throw ordinalError(ordinal);
    }
    return BinaryRegion.valueAt(this, ordinal, schema.field(ordinal).type());
  }

  @Override
  public BinaryRow copy() {
    return BinaryRow.wrap(schema, new RowCopier(schema).copy(this).toBytes());
  }

  /** The reader's values, e.g. {@code {id=1, name=null}}, as {@link BinaryRow#toString()}. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("{");
    for (int i = 0; i < numFields; i++) {
      if (i > 0) {
        b.append(", ");
      }
      b.append(schema.field(i).name()).append('=');
      try {
        BinaryRegion.appendValue(b, get(i));
      } catch (ZerorowException e) {
        b.append("<").append(e.getMessage()).append(">");
      }
    }
    return b.append('}').toString();
  }
}
