package io.zerorow.flink;

import io.zerorow.ZerorowException;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.Schema;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.SimpleCounter;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.functions.FunctionContext;
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
 * SQL {@code zerorow_decode(BYTES, 'schema json' [, 'FAILFAST' | 'PERMISSIVE']) -> ROW}: a row
 * (SPEC §2) read back as a ROW of the schema's Flink type (README: Type mapping). The schema must
 * be a string literal: it fixes the result type at planning time. Each value is validated in full
 * (SPEC §6.2) before it is read; the result is a lazy {@link ZerorowRowData} view (no {@code Row}
 * conversion). Malformed bytes fail the job ({@code FAILFAST}, the default) with the field path,
 * the numbers, the value's number among those this instance has decoded (from 0) and its size; with
 * {@code 'PERMISSIVE'} they give NULL and are counted (metric {@value #PARSE_ERRORS_METRIC}).
 *
 * <p>The function is declared non-deterministic ({@link #isDeterministic()}), so that it runs once
 * per input value however many fields a query reads: Flink's planner merges a projection into the
 * one below it only when each non-deterministic call of the lower one is referenced at most once
 * ({@code FlinkRelUtil.isMergeable}); a deterministic call would be copied into every field access
 * ({@code zerorow_decode(b, s).id}, {@code zerorow_decode(b, s).name}, …) and validate, count and
 * number each value once per field read. The value itself depends on the input alone.
 *
 * <p>Register it with {@code CREATE TEMPORARY FUNCTION zerorow_decode AS
 * 'io.zerorow.flink.ZerorowDecode'}.
 */
public final class ZerorowDecode extends ScalarFunction implements SpecializedFunction {
  private static final long serialVersionUID = 1L;

  /** The metric counting malformed values read as NULL in {@code PERMISSIVE} mode. */
  public static final String PARSE_ERRORS_METRIC = "zerorowParseErrors";

  private final String schemaJson;
  private final boolean permissive;
  private transient Schema schema;
  private transient Counter parseErrors;
  private transient long values;

  public ZerorowDecode() {
    this(null, false);
  }

  ZerorowDecode(String schemaJson, boolean permissive) {
    this.schemaJson = schemaJson;
    this.permissive = permissive;
  }

  @Override
  public void open(FunctionContext context) {
    parseErrors = context.getMetricGroup().counter(PARSE_ERRORS_METRIC);
  }

  /** Malformed values read as NULL so far ({@code PERMISSIVE}). */
  long parseErrors() {
    return counter().getCount();
  }

  private Counter counter() {
    if (parseErrors == null) {
      parseErrors = new SimpleCounter();
    }
    return parseErrors;
  }

  public RowData eval(byte[] bytes, String schemaText) {
    if (bytes == null) {
      return null;
    }
    if (schema == null) {
      schema = Schema.fromJson(schemaJson != null ? schemaJson : schemaText);
    }
    long n = values++;
    try {
      Validator.validate(schema, bytes, ValidationLevel.FULL);
    } catch (ZerorowException e) {
      if (permissive) {
        counter().inc();
        return null;
      }
      throw ZerorowException.of(
          e.kind(),
          e.path(),
          "zerorow_decode, value "
              + n
              + " ("
              + bytes.length
              + " bytes; values are numbered from 0 by each task since it started): "
              + e.detail()
              + " (zerorow_decode(..., 'PERMISSIVE') reads such values as NULL)");
    }
    return new ZerorowRowData(BinaryRow.wrap(schema, bytes));
  }

  /** The same with the mode (fixed when the call is planned, see {@link #specialize}). */
  public RowData eval(byte[] bytes, String schemaText, String mode) {
    return eval(bytes, schemaText);
  }

  /**
   * False, so that each value is decoded once (see the class comment): the planner then neither
   * copies the call into each field access nor folds it over constants.
   */
  @Override
  public boolean isDeterministic() {
    return false;
  }

  @Override
  public UserDefinedFunction specialize(SpecializedContext context) {
    CallContext call = context.getCallContext();
    return new ZerorowDecode(schemaArgument(call).toJson(), permissive(call));
  }

  /** The mode argument: absent or 'FAILFAST' (false), 'PERMISSIVE' (true); else an error. */
  private static boolean permissive(CallContext call) {
    if (call.getArgumentDataTypes().size() < 3) {
      return false;
    }
    Optional<String> mode =
        call.isArgumentLiteral(2) ? call.getArgumentValue(2, String.class) : Optional.empty();
    String m = mode.map(x -> x.toUpperCase(Locale.ROOT)).orElse("");
    if (!m.equals("FAILFAST") && !m.equals("PERMISSIVE")) {
      throw call.newValidationError(
          "zerorow_decode expects 'FAILFAST' or 'PERMISSIVE' (a "
              + "string literal) as its third argument but got %s",
          mode.orElse("a non-literal"));
    }
    return m.equals("PERMISSIVE");
  }

  private static Schema schemaArgument(CallContext call) {
    Optional<String> text =
        call.isArgumentLiteral(1) ? call.getArgumentValue(1, String.class) : Optional.empty();
    if (text.isEmpty()) {
      throw call.newValidationError(
          "zerorow_decode expects the schema (JSON) as a string "
              + "literal in its second argument");
    }
    String why = schemaError(text.get());
    if (why != null) {
      throw call.newValidationError("%s", why);
    }
    return Schema.fromJson(text.get());
  }

  /** Null when {@code json} is a zerorow schema Flink can read, else why not. */
  private static String schemaError(String json) {
    try {
      FlinkTypes.toRowType(Schema.fromJson(json));
      return null;
    } catch (RuntimeException e) {
      return "zerorow_decode's second argument is not a zerorow schema (canonical JSON, SPEC §4.1)"
          + " that Flink can read: "
          + e.getMessage();
    }
  }

  @Override
  public TypeInference getTypeInference(DataTypeFactory typeFactory) {
    return TypeInference.newBuilder()
        .inputTypeStrategy(new BytesAndSchema())
        .outputTypeStrategy(
            call -> {
              DataType t =
                  TypeConversions.fromLogicalToDataType(
                      FlinkTypes.toRowType(schemaArgument(call)).copy(true));
              return Optional.of(t.bridgedTo(RowData.class));
            })
        .build();
  }

  /** BYTES (any binary string) and a string literal. */
  private static final class BytesAndSchema implements InputTypeStrategy {
    @Override
    public ArgumentCount getArgumentCount() {
      return ConstantArgumentCount.between(2, 3);
    }

    @Override
    public Optional<List<DataType>> inferInputTypes(CallContext call, boolean throwOnFailure) {
      Optional<List<DataType>> types = ArgumentTypes.of(call, throwOnFailure);
      if (types.isEmpty()) {
        return Optional.empty();
      }
      List<DataType> args = types.get();
      if (!args.get(0).getLogicalType().is(LogicalTypeFamily.BINARY_STRING)) {
        return call.fail(
            throwOnFailure, "zerorow_decode expects BYTES first but got %s", args.get(0));
      }
      if (!args.get(1).getLogicalType().is(LogicalTypeFamily.CHARACTER_STRING)) {
        return call.fail(
            throwOnFailure,
            "zerorow_decode expects the schema JSON (a string) second but got %s",
            args.get(1));
      }
      if (call.isArgumentLiteral(1)) {
        String why =
            call.getArgumentValue(1, String.class).map(ZerorowDecode::schemaError).orElse(null);
        if (why != null) {
          return call.fail(throwOnFailure, "%s", why);
        }
      }
      if (args.size() == 3
          && !args.get(2).getLogicalType().is(LogicalTypeFamily.CHARACTER_STRING)) {
        return call.fail(
            throwOnFailure,
            "zerorow_decode expects 'FAILFAST' or 'PERMISSIVE' third but got %s",
            args.get(2));
      }
      return Optional.of(
          args.size() == 3
              ? List.of(DataTypes.BYTES(), DataTypes.STRING(), DataTypes.STRING())
              : List.of(DataTypes.BYTES(), DataTypes.STRING()));
    }

    @Override
    public List<Signature> getExpectedSignatures(FunctionDefinition definition) {
      return List.of(
          Signature.of(Signature.Argument.of("BYTES"), Signature.Argument.of("'schema json'")),
          Signature.of(
              Signature.Argument.of("BYTES"),
              Signature.Argument.of("'schema json'"),
              Signature.Argument.of("'FAILFAST' | 'PERMISSIVE'")));
    }
  }
}
