package io.zerorow.row;

import static io.zerorow.internal.Checks.BOUNDS_CHECKS;

import io.zerorow.SchemaMismatchException;
import io.zerorow.internal.Platform;
import io.zerorow.internal.TypeMasks;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Interval;
import io.zerorow.type.Schema;
import io.zerorow.type.Variant;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The {@link Row} of a resolution that is not the identity: a reader schema over a {@link
 * BinaryRow} of the writer schema. A primitive getter checks the reader ordinal, then looks up one
 * {@code long} of the plan ({@link TypePlan#entries}) that both says whether this getter may read
 * the field as written (or from int32/float32) and gives the writer's slot; it reads the slot in
 * place and widens the value. A wrong getter fails that test and is refused on the slow path with
 * the error of {@link BinaryRow}. The slot lies in the writer's fixed region, which the row checked
 * when it was pointed (SPEC §6.2 W1), so it is read without a second check; bodies and nested
 * values are read through the row's own checked getters.
 */
// ResolvedRow: the deprecated former name of Row, kept implemented for one release.
@SuppressWarnings("removal")
final class ResolvedRowView implements Row, ResolvedRow {
  final TypePlan plan;
  final BinaryRow row;
  private final Schema schema;
  private final int numFields;
  private final int[] ordinals;

  /** The plan's {@link TypePlan#entries}: per reader field, getter flags and the slot. */
  private final long[] entries;

  private final int[] typeBits;

  /**
   * The plan's row of defaults (SPEC §13.7), or null: a reader field the writer lacks reads its
   * value there, at the reader's ordinal (null where the field has no default).
   */
  private final BinaryRow defaults;

  ResolvedRowView(TypePlan plan, BinaryRow row) {
    this.defaults = plan.defaults;
    this.plan = plan;
    this.row = row;
    this.schema = (Schema) plan.reader;
    this.numFields = schema.numFields();
    this.ordinals = plan.ordinals;
    this.typeBits = plan.typeBits;
    this.entries = plan.entries;
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

  /** The entry of reader field {@code ordinal} (its getter flags and slot). */
  private long entry(int ordinal) {
    long[] es = entries;
    if (BOUNDS_CHECKS && (ordinal < 0 || ordinal >= es.length)) {
      throw ordinalError(ordinal);
    }
    return es[ordinal];
  }

  /**
   * The slot entry of reader field {@code ordinal}, after checking that a getter of {@code mask}
   * fits: the slow path of the primitive getters.
   */
  private int slot(int ordinal, int mask) {
    check(ordinal, mask);
    return plan.slots[ordinal];
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

  // Each primitive getter is a small fast path, so that it inlines into the caller: one test of
  // its flag in the field's entry (TypePlan#entries) for a field written with the reader's type
  // (and for int32 and float32 written fields, the common widenings), then the slot. Fields the
  // writer lacks, the other widenings and a wrong getter take the slow path beside it.

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
    return w < 0 ? defaults == null || defaults.isNullAt(ordinal) : row.isNullAt(w);
  }

  private static final long BOOL_SAME = 1L << (TypePlan.SAME_AT + TypePlan.G_BOOL);
  private static final long INT8_SAME = 1L << (TypePlan.SAME_AT + TypePlan.G_INT8);
  private static final long INT16_SAME = 1L << (TypePlan.SAME_AT + TypePlan.G_INT16);
  private static final long INT32_SAME = 1L << (TypePlan.SAME_AT + TypePlan.G_INT32);
  private static final long INT64_SAME = 1L << (TypePlan.SAME_AT + TypePlan.G_INT64);
  private static final long INT64_FROM_INT32 = 1L << (TypePlan.INT32_AT + TypePlan.G_INT64);
  private static final long FLOAT32_SAME = 1L << (TypePlan.SAME_AT + TypePlan.G_FLOAT32);
  private static final long FLOAT64_SAME = 1L << (TypePlan.SAME_AT + TypePlan.G_FLOAT64);
  private static final long FLOAT64_FROM_INT32 = 1L << (TypePlan.INT32_AT + TypePlan.G_FLOAT64);
  private static final long FLOAT64_FROM_FLOAT32 = 1L << (TypePlan.FLOAT32_AT + TypePlan.G_FLOAT64);

  /** The slot's address of an entry (its low 32 bits). */
  private long at(long x) {
    return row.address + (int) x;
  }

  @Override
  public boolean getBoolean(int ordinal) {
    long x = entry(ordinal);
    if ((x & BOOL_SAME) != 0) {
      return Platform.getByte(row.base, at(x)) != 0;
    }
    slot(ordinal, TypeMasks.BOOL); // refuses a wrong getter; a bool is never widened
    return defaults != null && defaults.getBoolean(ordinal); // the writer lacks the field
  }

  @Override
  public byte getByte(int ordinal) {
    long x = entry(ordinal);
    if ((x & INT8_SAME) != 0) {
      return Platform.getByte(row.base, at(x));
    }
    slot(ordinal, TypeMasks.INT8); // refuses a wrong getter; an int8 is never widened
    return defaults == null ? 0 : defaults.getByte(ordinal); // the writer lacks the field
  }

  @Override
  public short getShort(int ordinal) {
    long x = entry(ordinal);
    if ((x & INT16_SAME) != 0) {
      return Platform.getShort(row.base, at(x));
    }
    int e = slot(ordinal, TypeMasks.INT16);
    return e >= 0 ? (short) integer(e) : defaults == null ? 0 : defaults.getShort(ordinal);
  }

  @Override
  public int getInt(int ordinal) {
    long x = entry(ordinal);
    if ((x & INT32_SAME) != 0) {
      return Platform.getInt(row.base, at(x));
    }
    int e = slot(ordinal, TypeMasks.INT32);
    return e >= 0 ? (int) integer(e) : defaults == null ? 0 : defaults.getInt(ordinal);
  }

  @Override
  public long getLong(int ordinal) {
    long x = entry(ordinal);
    if ((x & INT64_SAME) != 0) {
      return Platform.getLong(row.base, at(x));
    }
    if ((x & INT64_FROM_INT32) != 0) {
      return Platform.getInt(row.base, at(x));
    }
    return slowLong(ordinal);
  }

  private long slowLong(int ordinal) {
    int e = slot(ordinal, TypeMasks.INT64);
    if (e < 0) {
      return defaults == null ? 0 : defaults.getLong(ordinal);
    }
    return (e & TypePlan.CODE_MASK) == TypePlan.RESCALE ? rescaled(ordinal, e) : integer(e);
  }

  @Override
  public float getFloat(int ordinal) {
    long x = entry(ordinal);
    if ((x & FLOAT32_SAME) != 0) {
      return Platform.getFloat(row.base, at(x));
    }
    int e = slot(ordinal, TypeMasks.FLOAT32);
    return e >= 0 ? (float) integer(e) : defaults == null ? 0 : defaults.getFloat(ordinal);
  }

  @Override
  public double getDouble(int ordinal) {
    long x = entry(ordinal);
    if ((x & FLOAT64_SAME) != 0) {
      return Platform.getDouble(row.base, at(x));
    }
    if ((x & FLOAT64_FROM_INT32) != 0) {
      return Platform.getInt(row.base, at(x));
    }
    if ((x & FLOAT64_FROM_FLOAT32) != 0) {
      return Platform.getFloat(row.base, at(x));
    }
    int e = slot(ordinal, TypeMasks.FLOAT64);
    return e >= 0 ? integer(e) : defaults == null ? 0 : defaults.getDouble(ordinal);
  }

  @Override
  public String getString(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.STRING);
    return w >= 0 ? row.getString(w) : defaults == null ? null : defaults.getString(ordinal);
  }

  @Override
  public byte[] getUtf8(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.STRING);
    return w >= 0 ? row.getUtf8(w) : defaults == null ? null : defaults.getUtf8(ordinal);
  }

  @Override
  public byte[] getBinary(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.BINARY);
    return w >= 0 ? row.getBinary(w) : defaults == null ? null : defaults.getBinary(ordinal);
  }

  @Override
  public Interval getInterval(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.INTERVAL);
    if (w < 0) {
      return defaults == null ? null : defaults.getInterval(ordinal);
    }
    return switch (plan.fields[ordinal].read) {
      case TypePlan.FROM_MONTHS -> row.isNullAt(w) ? null : Interval.ofMonths(row.getInt(w));
      case TypePlan.FROM_MICROS -> row.isNullAt(w) ? null : Interval.ofMicroseconds(row.getLong(w));
      default -> row.getInterval(w);
    };
  }

  @Override
  public java.util.UUID getUuid(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.UUID);
    return w >= 0 ? row.getUuid(w) : defaults == null ? null : defaults.getUuid(ordinal);
  }

  @Override
  public Variant getVariant(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.VARIANT);
    return w >= 0 ? row.getVariant(w) : defaults == null ? null : defaults.getVariant(ordinal);
  }

  @Override
  public BigDecimal getDecimal(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.DECIMAL);
    if (w < 0) {
      return defaults == null ? null : defaults.getDecimal(ordinal);
    }
    BigDecimal d = row.getDecimal(w);
    if (d == null || plan.fields[ordinal].read != TypePlan.RESCALE) {
      return d;
    }
    int scale = ((DataTypes.DecimalType) schema.field(ordinal).type()).scale();
    return d.setScale(scale, RoundingMode.UNNECESSARY); // exact: the scale only grows
  }

  @Override
  public Row getStruct(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.STRUCT);
    if (w < 0) {
      return defaults == null ? null : defaults.getStruct(ordinal);
    }
    BinaryRow s = row.getStruct(w);
    TypePlan p = plan.fields[ordinal];
    return s == null || p.identity ? s : new ResolvedRowView(p, s);
  }

  @Override
  public ArrayData getArray(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.LIST);
    if (w < 0) {
      return defaults == null ? null : defaults.getArray(ordinal);
    }
    BinaryArray a = row.getArray(w);
    TypePlan p = plan.fields[ordinal];
    return a == null || p.identity ? a : new ResolvedArrayView(p, a);
  }

  @Override
  public MapData getMap(int ordinal) {
    int w = writerOrdinal(ordinal, TypeMasks.MAP);
    if (w < 0) {
      return defaults == null ? null : defaults.getMap(ordinal);
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
    return Printer.print(this);
  }
}
