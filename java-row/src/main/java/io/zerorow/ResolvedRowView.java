package io.zerorow;

import static io.zerorow.internal.Checks.BOUNDS_CHECKS;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The {@link ResolvedRow} of a resolution that is not the identity: a reader schema over a {@link
 * BinaryRow} of the writer schema. Each getter checks the reader ordinal and the reader type (as
 * {@link BinaryRow} does), looks up the writer ordinal and how to read it in one {@code int} of the
 * plan ({@link TypePlan#entries}), reads the writer's value in place and widens it.
 */
final class ResolvedRowView implements ResolvedRow {
  final TypePlan plan;
  final BinaryRow row;
  private final Schema schema;
  private final int numFields;
  private final int[] entries;
  private final int[] typeBits;

  ResolvedRowView(TypePlan plan, BinaryRow row) {
    this.plan = plan;
    this.row = row;
    this.schema = (Schema) plan.reader;
    this.numFields = schema.numFields();
    this.entries = plan.entries;
    this.typeBits = plan.typeBits;
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
   * The entry of reader field {@code ordinal} after checking that a getter of {@code mask} fits.
   */
  private int entry(int ordinal, int mask) {
    if (BOUNDS_CHECKS) {
      if (ordinal < 0 || ordinal >= numFields) {
        throw ordinalError(ordinal);
      }
      if ((typeBits[ordinal] & mask) == 0) {
        throw typeError(ordinal, mask);
      }
    }
    return entries[ordinal];
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

  /** The writer's integer of a widened entry (SPEC §13.3: every widening is exact). */
  private long integer(int e) {
    int w = e >> TypePlan.CODE_BITS;
    switch (e & TypePlan.CODE_MASK) {
      case TypePlan.FROM_INT8:
        return row.getByte(w);
      case TypePlan.FROM_INT16:
        return row.getShort(w);
      case TypePlan.FROM_INT32:
        return row.getInt(w);
      default:
        return row.getLong(w);
    }
  }

  @Override
  public boolean isNullAt(int ordinal) {
    if (BOUNDS_CHECKS && (ordinal < 0 || ordinal >= numFields)) {
      throw ordinalError(ordinal);
    }
    int e = entries[ordinal];
    return e < 0 || row.isNullAt(e >> TypePlan.CODE_BITS);
  }

  @Override
  public boolean getBoolean(int ordinal) {
    int e = entry(ordinal, TypeMasks.BOOL);
    return e >= 0 && row.getBoolean(e >> TypePlan.CODE_BITS);
  }

  @Override
  public byte getByte(int ordinal) {
    int e = entry(ordinal, TypeMasks.INT8);
    return e < 0 ? 0 : row.getByte(e >> TypePlan.CODE_BITS);
  }

  @Override
  public short getShort(int ordinal) {
    int e = entry(ordinal, TypeMasks.INT16);
    if (e < 0) {
      return 0;
    }
    return (e & TypePlan.CODE_MASK) == TypePlan.SAME
        ? row.getShort(e >> TypePlan.CODE_BITS)
        : (short) integer(e);
  }

  @Override
  public int getInt(int ordinal) {
    int e = entry(ordinal, TypeMasks.INT32);
    if (e < 0) {
      return 0;
    }
    return (e & TypePlan.CODE_MASK) == TypePlan.SAME
        ? row.getInt(e >> TypePlan.CODE_BITS)
        : (int) integer(e);
  }

  @Override
  public long getLong(int ordinal) {
    int e = entry(ordinal, TypeMasks.INT64);
    if (e < 0) {
      return 0;
    }
    int code = e & TypePlan.CODE_MASK;
    if (code == TypePlan.SAME) {
      return row.getLong(e >> TypePlan.CODE_BITS);
    }
    if (code == TypePlan.RESCALE) {
      return row.getLong(e >> TypePlan.CODE_BITS) * plan.fields[ordinal].factor;
    }
    return integer(e);
  }

  @Override
  public float getFloat(int ordinal) {
    int e = entry(ordinal, TypeMasks.FLOAT32);
    if (e < 0) {
      return 0;
    }
    return (e & TypePlan.CODE_MASK) == TypePlan.SAME
        ? row.getFloat(e >> TypePlan.CODE_BITS)
        : (float) integer(e);
  }

  @Override
  public double getDouble(int ordinal) {
    int e = entry(ordinal, TypeMasks.FLOAT64);
    if (e < 0) {
      return 0;
    }
    switch (e & TypePlan.CODE_MASK) {
      case TypePlan.SAME:
        return row.getDouble(e >> TypePlan.CODE_BITS);
      case TypePlan.FROM_FLOAT32:
        return row.getFloat(e >> TypePlan.CODE_BITS);
      default:
        return integer(e);
    }
  }

  @Override
  public String getString(int ordinal) {
    int e = entry(ordinal, TypeMasks.STRING);
    return e < 0 ? null : row.getString(e >> TypePlan.CODE_BITS);
  }

  @Override
  public byte[] getUtf8(int ordinal) {
    int e = entry(ordinal, TypeMasks.STRING);
    return e < 0 ? null : row.getUtf8(e >> TypePlan.CODE_BITS);
  }

  @Override
  public byte[] getBinary(int ordinal) {
    int e = entry(ordinal, TypeMasks.BINARY);
    return e < 0 ? null : row.getBinary(e >> TypePlan.CODE_BITS);
  }

  @Override
  public BigDecimal getDecimal(int ordinal) {
    int e = entry(ordinal, TypeMasks.DECIMAL);
    if (e < 0) {
      return null;
    }
    BigDecimal d = row.getDecimal(e >> TypePlan.CODE_BITS);
    if (d == null || (e & TypePlan.CODE_MASK) != TypePlan.RESCALE) {
      return d;
    }
    int scale = ((DataTypes.DecimalType) schema.field(ordinal).type()).scale();
    return d.setScale(scale, RoundingMode.UNNECESSARY); // exact: the scale only grows
  }

  @Override
  public ResolvedRow getStruct(int ordinal) {
    int e = entry(ordinal, TypeMasks.STRUCT);
    if (e < 0) {
      return null;
    }
    BinaryRow s = row.getStruct(e >> TypePlan.CODE_BITS);
    TypePlan p = plan.fields[ordinal];
    return s == null || p.identity ? s : new ResolvedRowView(p, s);
  }

  @Override
  public ResolvedArray getArray(int ordinal) {
    int e = entry(ordinal, TypeMasks.LIST);
    if (e < 0) {
      return null;
    }
    BinaryArray a = row.getArray(e >> TypePlan.CODE_BITS);
    TypePlan p = plan.fields[ordinal];
    return a == null || p.identity ? a : new ResolvedArrayView(p, a);
  }

  @Override
  public ResolvedMap getMap(int ordinal) {
    int e = entry(ordinal, TypeMasks.MAP);
    if (e < 0) {
      return null;
    }
    BinaryMap m = row.getMap(e >> TypePlan.CODE_BITS);
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
