package io.zerorow.flink;

import io.zerorow.BinaryRow;
import io.zerorow.DataType;
import io.zerorow.Field;
import io.zerorow.Schema;
import io.zerorow.SchemaMismatchException;
import io.zerorow.TypeId;
import org.apache.flink.api.java.functions.KeySelector;

/**
 * {@link KeySelector}s that read one top-level field of a row in place (no decoding of the rest),
 * for {@code keyBy}. Keys are Flink basic types (Integer, Long, String), so keyed state and
 * shuffles never need Kryo. The field is checked against the schema once, here.
 */
public final class ZerorowKeys {
  private ZerorowKeys() {}

  /** The int32 (or date32) field {@code name} as the key. */
  public static KeySelector<BinaryRow, Integer> int32(Schema schema, String name) {
    return new Int32Key(ordinal(schema, name, TypeId.INT32, TypeId.DATE32));
  }

  /** The int64 field {@code name} as the key. */
  public static KeySelector<BinaryRow, Long> int64(Schema schema, String name) {
    return new Int64Key(ordinal(schema, name, TypeId.INT64, TypeId.TIMESTAMP));
  }

  /** The string field {@code name} as the key. */
  public static KeySelector<BinaryRow, String> string(Schema schema, String name) {
    return new StringKey(ordinal(schema, name, TypeId.STRING, TypeId.STRING));
  }

  private static int ordinal(Schema schema, String name, TypeId a, TypeId b) {
    int i = schema.indexOf(name);
    if (i < 0) {
      throw new SchemaMismatchException(
          name, "no field \"" + name + "\" in schema " + schema.fingerprintHex());
    }
    Field f = schema.field(i);
    DataType t = f.type();
    if (t.id() != a && t.id() != b) {
      throw new SchemaMismatchException(
          name, "expected a " + a.jsonName() + " key field but found " + t.toJson());
    }
    if (f.nullable()) {
      throw new SchemaMismatchException(
          name, "a key field must not be nullable (Flink keys " + "cannot be null)");
    }
    return i;
  }

  // Named classes (not lambdas): Flink reads the key type from their generic signature.
  private static final class Int32Key implements KeySelector<BinaryRow, Integer> {
    private static final long serialVersionUID = 1L;
    private final int ordinal;

    Int32Key(int ordinal) {
      this.ordinal = ordinal;
    }

    @Override
    public Integer getKey(BinaryRow row) {
      return row.getInt32(ordinal);
    }
  }

  private static final class Int64Key implements KeySelector<BinaryRow, Long> {
    private static final long serialVersionUID = 1L;
    private final int ordinal;

    Int64Key(int ordinal) {
      this.ordinal = ordinal;
    }

    @Override
    public Long getKey(BinaryRow row) {
      return row.getInt64(ordinal);
    }
  }

  private static final class StringKey implements KeySelector<BinaryRow, String> {
    private static final long serialVersionUID = 1L;
    private final int ordinal;

    StringKey(int ordinal) {
      this.ordinal = ordinal;
    }

    @Override
    public String getKey(BinaryRow row) {
      return row.getString(ordinal);
    }
  }
}
