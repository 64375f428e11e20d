package io.zerorow.flink;

import io.zerorow.BinaryRow;
import io.zerorow.Schema;
import io.zerorow.ValidationLevel;
import io.zerorow.Validator;
import java.util.List;
import java.util.Optional;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.table.functions.SpecializedFunction;
import org.apache.flink.table.functions.UserDefinedFunction;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.inference.ArgumentCount;
import org.apache.flink.table.types.inference.CallContext;
import org.apache.flink.table.types.inference.ConstantArgumentCount;
import org.apache.flink.table.types.inference.InputTypeStrategy;
import org.apache.flink.table.types.inference.Signature;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.logical.LogicalTypeFamily;
import org.apache.flink.table.types.utils.TypeConversions;

/**
 * SQL {@code zerorow_decode(BYTES, 'schema json') -> ROW}: a row (SPEC §2) read back as a ROW
 * of the schema's Flink type (README: Type mapping). The schema must be a string literal: it
 * fixes the result type at planning time. Each value is validated in full (SPEC §6.2) before it
 * is read, so malformed bytes fail with the field path and the numbers; the result is a lazy
 * {@link ZerorowRowData} view (no {@code Row} conversion). Register it with {@code CREATE
 * TEMPORARY FUNCTION zerorow_decode AS 'io.zerorow.flink.ZerorowDecode'}.
 */
public final class ZerorowDecode extends ScalarFunction implements SpecializedFunction {
  private static final long serialVersionUID = 1L;
  private final String schemaJson;
  private transient Schema schema;

  public ZerorowDecode() {
    this(null);
  }

  private ZerorowDecode(String schemaJson) {
    this.schemaJson = schemaJson;
  }

  public RowData eval(byte[] bytes, String schemaText) {
    if (bytes == null) {
      return null;
    }
    if (schema == null) {
      schema = Schema.fromJson(schemaJson != null ? schemaJson : schemaText);
    }
    Validator.validate(schema, bytes, ValidationLevel.FULL);
    return new ZerorowRowData(BinaryRow.wrap(schema, bytes));
  }

  @Override
  public UserDefinedFunction specialize(SpecializedContext context) {
    return new ZerorowDecode(schemaArgument(context.getCallContext()).toJson());
  }

  private static Schema schemaArgument(CallContext call) {
    Optional<String> text = call.isArgumentLiteral(1)
        ? call.getArgumentValue(1, String.class) : Optional.empty();
    if (text.isEmpty()) {
      throw call.newValidationError("zerorow_decode expects the schema (JSON) as a string "
          + "literal in its second argument");
    }
    return Schema.fromJson(text.get());
  }

  @Override
  public TypeInference getTypeInference(DataTypeFactory typeFactory) {
    return TypeInference.newBuilder()
        .inputTypeStrategy(new BytesAndSchema())
        .outputTypeStrategy(call -> {
          DataType t = TypeConversions.fromLogicalToDataType(
              FlinkTypes.toRowType(schemaArgument(call)).copy(true));
          return Optional.of(t.bridgedTo(RowData.class));
        })
        .build();
  }

  /** BYTES (any binary string) and a string literal. */
  private static final class BytesAndSchema implements InputTypeStrategy {
    @Override
    public ArgumentCount getArgumentCount() {
      return ConstantArgumentCount.of(2);
    }

    @Override
    public Optional<List<DataType>> inferInputTypes(CallContext call, boolean throwOnFailure) {
      Optional<List<DataType>> types = ArgumentTypes.of(call, throwOnFailure);
      if (types.isEmpty()) {
        return Optional.empty();
      }
      List<DataType> args = types.get();
      if (!args.get(0).getLogicalType().is(LogicalTypeFamily.BINARY_STRING)) {
        return call.fail(throwOnFailure, "zerorow_decode expects BYTES first but got %s",
            args.get(0));
      }
      if (!args.get(1).getLogicalType().is(LogicalTypeFamily.CHARACTER_STRING)) {
        return call.fail(throwOnFailure,
            "zerorow_decode expects the schema JSON (a string) second but got %s", args.get(1));
      }
      return Optional.of(List.of(DataTypes.BYTES(), DataTypes.STRING()));
    }

    @Override
    public List<Signature> getExpectedSignatures(FunctionDefinition definition) {
      return List.of(Signature.of(Signature.Argument.of("BYTES"),
          Signature.Argument.of("'schema json'")));
    }
  }
}
