package io.zerorow.flink;

import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import java.lang.reflect.Type;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.common.typeinfo.TypeInformation;

/**
 * Tells Flink's type extraction which schema a {@link BinaryRow} has, where a {@code .returns(...)}
 * cannot: subclass it with the schema and name the subclass in {@code @TypeInfo} on a field or type
 * of yours, e.g.
 *
 * <pre>{@code
 * public static class OrderRows extends ZerorowTypeInfoFactory {
 *   public OrderRows() { super(ORDER_SCHEMA); }
 * }
 * public static class Event { @TypeInfo(OrderRows.class) public BinaryRow order; ... }
 * }</pre>
 */
public abstract class ZerorowTypeInfoFactory extends TypeInfoFactory<BinaryRow> {
  private final Schema schema;

  protected ZerorowTypeInfoFactory(Schema schema) {
    this.schema = schema;
  }

  @Override
  public TypeInformation<BinaryRow> createTypeInfo(
      Type t, Map<String, TypeInformation<?>> genericParameters) {
    return ZerorowTypeInfo.of(schema);
  }
}
