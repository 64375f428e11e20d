package io.zerorow.flink;

import io.zerorow.BinaryRow;
import io.zerorow.Schema;
import java.util.Objects;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * Flink type information for zerorow rows of one schema, so a DataStream of {@link BinaryRow}
 * is serialized as row bytes ({@link ZerorowSerializer}), never through Kryo. Use it with
 * {@code .returns(ZerorowTypeInfo.of(schema))}, or through a {@link ZerorowTypeInfoFactory}.
 */
public final class ZerorowTypeInfo extends TypeInformation<BinaryRow> {
  private static final long serialVersionUID = 1L;
  private final String schemaJson;
  private transient Schema schema;

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
