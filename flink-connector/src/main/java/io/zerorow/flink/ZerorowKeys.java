package io.zerorow.flink;

import io.zerorow.SchemaMismatchException;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataType;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import java.util.HashSet;
import java.util.Set;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;

/**
 * {@link KeySelector}s that read fields of a row in place (no decoding of the rest), for {@code
 * keyBy}. Keys never need Kryo. The fields are checked against the schema once, here.
 *
 * <ul>
 *   <li>{@link #int32}, {@link #int64}, {@link #string}: one field as a Flink basic type (Integer,
 *       Long, String). Flink keys cannot be null, so a row whose field is null fails the job naming
 *       the field; a nullable field of a schema whose values are never null (every field of a
 *       schema from pandas or Arrow is nullable) keys as well as a non-nullable one.
 *   <li>{@link #fields}: any fields of any types, nullable or not, as one key: a {@link BinaryRow}
 *       of those fields (its type {@code ZerorowTypeInfo}), compared and hashed by its bytes (SPEC
 *       §2.1: equal values give equal bytes), so a null is a key like any value.
 * </ul>
 */
public final class ZerorowKeys {
  private ZerorowKeys() {}

  /** The int32 (or date32) field {@code name} as the key. */
  public static KeySelector<BinaryRow, Integer> int32(Schema schema, String name) {
    return new Int32Key(ordinal(schema, name, TypeId.INT32, TypeId.DATE32), name);
  }

  /** The int64 (or timestamp) field {@code name} as the key. */
  public static KeySelector<BinaryRow, Long> int64(Schema schema, String name) {
    return new Int64Key(ordinal(schema, name, TypeId.INT64, TypeId.TIMESTAMP), name);
  }

  /** The string field {@code name} as the key. */
  public static KeySelector<BinaryRow, String> string(Schema schema, String name) {
    return new StringKey(ordinal(schema, name, TypeId.STRING, TypeId.STRING), name);
  }

  /**
   * The fields {@code names} of {@code schema}, in that order, as one key: a row of just those
   * fields (their types and nullability as in {@code schema}), built per record. A null field is
   * part of the key (rows with a null there share a key).
   */
  public static KeySelector<BinaryRow, BinaryRow> fields(Schema schema, String... names) {
    if (names.length == 0) {
      throw new IllegalArgumentException("ZerorowKeys.fields: name at least one field");
    }
    Field[] fields = new Field[names.length];
    Set<String> seen = new HashSet<>();
    for (int k = 0; k < names.length; k++) {
      if (!seen.add(names[k])) {
        throw new IllegalArgumentException(
            "ZerorowKeys.fields: field \"" + names[k] + "\" named twice");
      }
      Field f = schema.field(index(schema, names[k]));
      fields[k] = Field.of(f.name(), f.type(), f.nullable());
    }
    return new RowKey(schema, Schema.of(fields));
  }

  private static int index(Schema schema, String name) {
    int i = schema.indexOf(name);
    if (i < 0) {
      throw new SchemaMismatchException(
          name, "no field \"" + name + "\" in schema " + schema.fingerprintHex());
    }
    return i;
  }

  private static int ordinal(Schema schema, String name, TypeId a, TypeId b) {
    int i = index(schema, name);
    DataType t = schema.field(i).type();
    if (t.id() != a && t.id() != b) {
      throw new SchemaMismatchException(
          name,
          "expected a "
              + a.jsonName()
              + " key field but found "
              + t.toJson()
              + " (ZerorowKeys.fields keys by fields of any type)");
    }
    return i;
  }

  /** The error of a null key field: Flink keys cannot be null. */
  private static NullPointerException nullKey(String name) {
    return new NullPointerException(
        "zerorow key field \""
            + name
            + "\" is null in this row, and a Flink key cannot be null: key by"
            + " ZerorowKeys.fields(schema, \""
            + name
            + "\"), where null is a key");
  }

  // Named classes (not lambdas): Flink reads the key type from their generic signature.
  private static final class Int32Key implements KeySelector<BinaryRow, Integer> {
    private static final long serialVersionUID = 1L;
    private final int ordinal;
    private final String name;

    Int32Key(int ordinal, String name) {
      this.ordinal = ordinal;
      this.name = name;
    }

    @Override
    public Integer getKey(BinaryRow row) {
      if (row.isNullAt(ordinal)) {
        throw nullKey(name);
      }
      return row.getInt(ordinal);
    }
  }

  private static final class Int64Key implements KeySelector<BinaryRow, Long> {
    private static final long serialVersionUID = 1L;
    private final int ordinal;
    private final String name;

    Int64Key(int ordinal, String name) {
      this.ordinal = ordinal;
      this.name = name;
    }

    @Override
    public Long getKey(BinaryRow row) {
      if (row.isNullAt(ordinal)) {
        throw nullKey(name);
      }
      return row.getLong(ordinal);
    }
  }

  private static final class StringKey implements KeySelector<BinaryRow, String> {
    private static final long serialVersionUID = 1L;
    private final int ordinal;
    private final String name;

    StringKey(int ordinal, String name) {
      this.ordinal = ordinal;
      this.name = name;
    }

    @Override
    public String getKey(BinaryRow row) {
      if (row.isNullAt(ordinal)) {
        throw nullKey(name);
      }
      return row.getString(ordinal);
    }
  }

  /**
   * A row of the key fields, laid out by the key schema from the record's (SPEC §13: the key
   * schema's fields resolved by name, each of its own type, so values are copied as they are).
   */
  private static final class RowKey
      implements KeySelector<BinaryRow, BinaryRow>, ResultTypeQueryable<BinaryRow> {
    private static final long serialVersionUID = 1L;
    private final String schemaJson;
    private final ZerorowTypeInfo keyType;
    private transient ReaderLayout layout;

    RowKey(Schema schema, Schema key) {
      io.zerorow.row.Resolution.resolve(schema, key); // refused here, not in a task
      this.schemaJson = schema.toJson();
      this.keyType = ZerorowTypeInfo.of(key);
    }

    @Override
    public BinaryRow getKey(BinaryRow row) {
      ReaderLayout l = layout;
      if (l == null) {
        layout = l = new ReaderLayout(keyType.schema());
      }
      return l.of(row).copy();
    }

    @Override
    public TypeInformation<BinaryRow> getProducedType() {
      return keyType;
    }

    @Override
    public String toString() {
      return "ZerorowKeys.fields(" + keyType.schema().toJson() + " of " + schemaJson + ")";
    }
  }
}
