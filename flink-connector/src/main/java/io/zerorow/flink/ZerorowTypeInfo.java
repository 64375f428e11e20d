package io.zerorow.flink;

import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolver;
import io.zerorow.type.Schema;
import java.util.Objects;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * Flink type information for zerorow rows of one schema, so a DataStream of {@link BinaryRow} is
 * serialized as row bytes ({@link ZerorowSerializer}), never through Kryo. Use it with {@code
 * .returns(ZerorowTypeInfo.of(schema))}, or through a {@link ZerorowTypeInfoFactory}.
 */
public final class ZerorowTypeInfo extends TypeInformation<BinaryRow> {
  private static final long serialVersionUID = 1L;
  private final String schemaJson;
  private transient Schema schema;
  private transient Resolver resolver;

  private ZerorowTypeInfo(Schema schema) {
    this.schema = schema;
    this.schemaJson = schema.toJson();
  }

  public static ZerorowTypeInfo of(Schema schema) {
    return new ZerorowTypeInfo(Objects.requireNonNull(schema, "schema"));
  }

  public Schema schema() {
    Schema s = schema;
    if (s == null) {
      schema = s = Schema.fromJson(schemaJson);
    }
    return s;
  }

  /**
   * {@code row} in this type's schema: the row itself when it has it, else (a row of an older
   * schema) its values resolved against this schema (SPEC §13, once per writer schema) and laid out
   * by it, in a new array. For state restored on a heap backend: Flink migrates RocksDB state to
   * the new schema when the job restores it, but a heap backend ({@code hashmap}, Flink's default)
   * hands the job the rows it restored, in their old schema, until they are written again (a
   * checkpoint writes them in the new one). Thread-safe.
   *
   * @throws io.zerorow.SchemaMismatchException when this schema cannot read the row's
   */
  public BinaryRow conform(BinaryRow row) {
    Schema s = schema();
    if (row.schema() == s || row.schema().equals(s)) {
      return row;
    }
    Resolver r = resolver;
    if (r == null) {
      resolver = r = new Resolver(s);
    }
    return r.resolve(row.schema()).view(row).copy();
  }

  @Override
  public boolean isBasicType() {
    return false;
  }

  @Override
  public boolean isTupleType() {
    return false;
  }

  @Override
  public int getArity() {
    return 1;
  }

  @Override
  public int getTotalFields() {
    return 1;
  }

  @Override
  public Class<BinaryRow> getTypeClass() {
    return BinaryRow.class;
  }

  /** Rows hash and compare by their bytes (SPEC §2.1), so a whole row can be a key. */
  @Override
  public boolean isKeyType() {
    return true;
  }

  @Override
  public TypeSerializer<BinaryRow> createSerializer(SerializerConfig config) {
    return new ZerorowSerializer(schema());
  }

  /** Flink 1.20 still calls this one (removed in 2.x, hence no {@code @Override}). */
  @SuppressWarnings("deprecation") // abstract, and deprecated, in Flink 1.20: it must be here
  public TypeSerializer<BinaryRow> createSerializer(ExecutionConfig config) {
    return new ZerorowSerializer(schema());
  }

  @Override
  public String toString() {
    return "ZerorowRow(" + schemaJson + ")";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ZerorowTypeInfo && ((ZerorowTypeInfo) o).schemaJson.equals(schemaJson);
  }

  @Override
  public int hashCode() {
    return schemaJson.hashCode();
  }

  @Override
  public boolean canEqual(Object o) {
    return o instanceof ZerorowTypeInfo;
  }
}
