package io.zerorow.flink;

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
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/**
 * SQL {@code zerorow_encode(ROW) -> BYTES}: the zerorow row of a ROW value (null for null). The
 * argument arrives as Flink's {@link RowData} (no {@code Row} conversion); the encoder is built
 * once per call site when the planner specializes the function for the argument's type. Register it
 * with {@code CREATE TEMPORARY FUNCTION zerorow_encode AS 'io.zerorow.flink.ZerorowEncode'}.
 */
public final class ZerorowEncode extends ScalarFunction implements SpecializedFunction {
  private static final long serialVersionUID = 1L;
  private final RowType rowType;
  private transient RowDataEncoder encoder;

  public ZerorowEncode() {
    this(null);
  }

  private ZerorowEncode(RowType rowType) {
    this.rowType = rowType;
  }

  public byte[] eval(RowData row) {
    if (row == null) {
      return null;
    }
    if (encoder == null) {
      if (rowType == null) {
        throw new IllegalStateException("zerorow_encode was not specialized for its argument");
      }
      encoder = new RowDataEncoder(rowType);
    }
    return encoder.toBytes(row);
  }

  @Override
  public UserDefinedFunction specialize(SpecializedContext context) {
    RowType t = (RowType) context.getCallContext().getArgumentDataTypes().get(0).getLogicalType();
    FlinkTypes.toSchema(t); // an unmapped type fails here, at planning time, naming the field
    return new ZerorowEncode(t);
  }

  @Override
  public TypeInference getTypeInference(DataTypeFactory typeFactory) {
    return TypeInference.newBuilder()
        .inputTypeStrategy(new RowArgument())
        .outputTypeStrategy(call -> Optional.of(DataTypes.BYTES()))
        .build();
  }

  /** One argument of any ROW type, handed over as {@link RowData}. */
  private static final class RowArgument implements InputTypeStrategy {
    @Override
    public ArgumentCount getArgumentCount() {
      return ConstantArgumentCount.of(1);
    }

    @Override
    public Optional<List<DataType>> inferInputTypes(CallContext call, boolean throwOnFailure) {
      Optional<List<DataType>> args = ArgumentTypes.of(call, throwOnFailure);
      if (args.isEmpty()) {
        return Optional.empty();
      }
      DataType t = args.get().get(0);
      if (!t.getLogicalType().is(LogicalTypeRoot.ROW)) {
        return call.fail(throwOnFailure, "zerorow_encode expects a ROW argument but got %s", t);
      }
      return Optional.of(List.of(t.bridgedTo(RowData.class)));
    }

    @Override
    public List<Signature> getExpectedSignatures(FunctionDefinition definition) {
      return List.of(Signature.of(Signature.Argument.ofGroup("ROW")));
    }
  }
}
