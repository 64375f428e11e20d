package io.zerorow.flink;

import java.util.List;
import java.util.Optional;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.inference.CallContext;

/** The argument types of a SQL call, for the input type strategies of the SQL functions. */
final class ArgumentTypes {
  private ArgumentTypes() {}

  /**
   * The call's argument types, or empty when the planner cannot derive them yet.
   *
   * <p>Flink 1.20's planner (Calcite 1.32) asks for operand types before it has validated an
   * argument such as a {@code ROW(...)} constructor, and Calcite then throws {@link
   * UnsupportedOperationException}. Inferring nothing in that early phase is allowed ({@code
   * throwOnFailure} is false there): the operand check that follows validation asks again, and the
   * types are known by then. Flink 2.x never throws here.
   */
  static Optional<List<DataType>> of(CallContext call, boolean throwOnFailure) {
    try {
      return Optional.of(List.copyOf(call.getArgumentDataTypes()));
    } catch (UnsupportedOperationException e) {
      if (throwOnFailure) {
        throw e;
      }
      return Optional.empty();
    }
  }
}
