package io.zerorow.internal;

import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;

/**
 * Which getter reads which type (SPEC §3), as bit masks: each type has one bit, each getter the
 * mask of the types it reads. Used by the resolved views to check a getter against the reader's
 * type with one AND, as {@link BinaryRow} does for its own fields.
 */
public final class TypeMasks {
  /** A decimal with precision at most 18: its slot holds the unscaled int64. */
  public static final int DECIMAL_LONG = 1 << 30;

  public static final int BOOL = bit(TypeId.BOOL);
  public static final int INT8 = bit(TypeId.INT8);
  public static final int INT16 = bit(TypeId.INT16);
  public static final int INT32 = bit(TypeId.INT32) | bit(TypeId.DATE32) | bit(TypeId.INTERVAL_YM);
  public static final int INT64 =
      bit(TypeId.INT64)
          | bit(TypeId.TIME)
          | bit(TypeId.TIMESTAMP)
          | bit(TypeId.DURATION)
          | DECIMAL_LONG;
  public static final int FLOAT32 = bit(TypeId.FLOAT32);
  public static final int FLOAT64 = bit(TypeId.FLOAT64);
  public static final int STRING = bit(TypeId.STRING);
  public static final int BINARY =
      bit(TypeId.BINARY) | bit(TypeId.STRING) | bit(TypeId.FIXED_BINARY) | bit(TypeId.UUID);

  /** The types whose body has one size (SPEC §6.2 B4): checked by the binary getters. */
  public static final int FIXED_SIZE = bit(TypeId.FIXED_BINARY) | bit(TypeId.UUID);

  public static final int INTERVAL = bit(TypeId.INTERVAL);
  public static final int UUID = bit(TypeId.UUID);
  public static final int VARIANT = bit(TypeId.VARIANT);
  public static final int DECIMAL = bit(TypeId.DECIMAL) | DECIMAL_LONG;
  public static final int STRUCT = bit(TypeId.STRUCT);
  public static final int LIST = bit(TypeId.LIST);
  public static final int MAP = bit(TypeId.MAP);

  /**
   * The masks of the seven primitive getters, in the order both {@link BinaryRow}'s field masks and
   * {@code TypePlan}'s getter flags use: bool, int8, int16, int32, int64, float32, float64. Never
   * written.
   */
  public static final int[] PRIMITIVE_GETTERS = {BOOL, INT8, INT16, INT32, INT64, FLOAT32, FLOAT64};

  private TypeMasks() {}

  /**
   * The masks a {@link BinaryRow} over rows of one schema checks its getters with: per field, the
   * bit of its type; per primitive getter (in the order of {@link #PRIMITIVE_GETTERS}), bit i set
   * when field i (i &lt; 64) has a type that getter reads. Computed once per schema ({@link
   * Schema#masks()}), shared by every view of it, never written: a view costs no per-field work.
   */
  public static final class Fields {
    public final int[] typeBits;
    public final long[] getterFields;

    /** Per word of the null bitmap, the bits of the non-nullable fields; null when none. */
    public final long[] notNull;

    public Fields(Schema schema) {
      int n = schema.numFields();
      long[] nn = new long[(n + 63) >>> 6];
      boolean any = false;
      for (int i = 0; i < n; i++) {
        if (!schema.field(i).nullable()) {
          nn[i >>> 6] |= 1L << (i & 63);
          any = true;
        }
      }
      notNull = any ? nn : null;
      typeBits = new int[n];
      for (int i = 0; i < n; i++) {
        typeBits[i] = of(schema.field(i).type());
      }
      getterFields = new long[PRIMITIVE_GETTERS.length];
      for (int k = 0; k < PRIMITIVE_GETTERS.length; k++) {
        for (int i = 0; i < Math.min(n, 64); i++) {
          if ((typeBits[i] & PRIMITIVE_GETTERS[k]) != 0) {
            getterFields[k] |= 1L << i;
          }
        }
      }
    }
  }

  private static int bit(TypeId id) {
    return 1 << id.ordinal();
  }

  /** The bit of a type. */
  public static int of(DataType t) {
    if (t instanceof DataTypes.DecimalType && !t.isVariableWidth()) {
      return DECIMAL_LONG;
    }
    return bit(t.id());
  }

  /** The types a getter of {@code mask} reads, e.g. {@code int64 or time or ...}. */
  public static String describe(int mask) {
    StringBuilder want = new StringBuilder();
    for (TypeId id : TypeId.values()) {
      if ((mask & bit(id)) != 0) {
        want.append(want.length() == 0 ? "" : " or ").append(id.jsonName());
      }
    }
    if ((mask & DECIMAL_LONG) != 0 && (mask & bit(TypeId.DECIMAL)) == 0) {
      want.append(" or decimal with precision <= 18");
    }
    return want.toString();
  }
}
