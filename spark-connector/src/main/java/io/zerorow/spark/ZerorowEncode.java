package io.zerorow.spark;

import io.zerorow.type.Schema;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.CreateNamedStruct;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.codegen.CodeBlock;
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenContext;
import org.apache.spark.sql.catalyst.expressions.codegen.ExprCode;
import org.apache.spark.sql.catalyst.expressions.codegen.GenerateUnsafeProjection;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * {@code zerorow_encode(struct) -> binary}: one zerorow row per struct value (null stays null). The
 * bytes are Spark's own {@code UnsafeProjection} of the struct, with NaNs made canonical and times
 * scaled ({@link RowEncoding}); interpreted ({@link #eval}) and generated ({@link #doGenCode})
 * paths share that one implementation.
 */
public final class ZerorowEncode extends ZerorowUnaryExpression implements Serializable {
  private static final long serialVersionUID = 1L;
  private final Expression child;
  private transient RowEncoding encoding;

  /** {@code zerorow_encode(child)}; {@code child} is a struct. */
  public ZerorowEncode(Expression child) {
    this.child = child;
  }

  /** The zerorow schema of the input struct (an AnalysisException if a field has no type). */
  public Schema schema() {
    DataType t = child.dataType();
    if (!(t instanceof StructType)) {
      throw SparkSchemas.analysisError(
          "zerorow_encode expects a struct but found "
              + t.simpleString()
              + " (wrap columns in struct(...))");
    }
    return SparkSchemas.toZerorow((StructType) t);
  }

  /** A new per-task encoder (the generated code keeps one in a field). */
  public RowEncoding newEncoding() {
    return new RowEncoding((StructType) child.dataType(), schema());
  }

  @Override
  public Expression child() {
    return child;
  }

  @Override
  public DataType dataType() {
    return org.apache.spark.sql.types.DataTypes.BinaryType;
  }

  @Override
  public boolean nullable() {
    return child.nullable();
  }

  @Override
  public String prettyName() {
    return "zerorow_encode";
  }

  @Override
  public Object eval(InternalRow inputRow) {
    Object input = child.eval(inputRow);
    if (input == null) {
      return null;
    }
    if (encoding == null) {
      encoding = newEncoding();
    }
    return encoding.encode((InternalRow) input);
  }

  @Override
  public ExprCode doGenCode(CodegenContext ctx, ExprCode ev) {
    String self = ctx.addReferenceObj("zerorowEncode", this, ZerorowEncode.class.getName());
    String enc =
        ctx.addMutableState(
            RowEncoding.class.getName(),
            "zerorowEncoding",
            v -> v + " = " + self + ".newEncoding();",
            false,
            true);
    // A struct(...) of columns: write its fields straight into an UnsafeRow, as whole-stage
    // code does for a projection, instead of building a GenericInternalRow of boxed values
    // for UnsafeProjection to read back. The row is never null.
    ExprCode c =
        child instanceof CreateNamedStruct
            ? GenerateUnsafeProjection.createCode(
                ctx, ((CreateNamedStruct) child).valExprs(), false)
            : child.genCode(ctx);
    String code =
        c.code().toString()
            + "\n"
            + "boolean "
            + ev.isNull()
            + " = "
            + c.isNull()
            + ";\n"
            + "byte[] "
            + ev.value()
            + " = null;\n"
            + "if (!"
            + ev.isNull()
            + ") {\n"
            + "  "
            + ev.value()
            + " = "
            + enc
            + ".encode("
            + c.value()
            + ");\n"
            + "}\n";
    return ev.copy(block(code), ev.isNull(), ev.value());
  }

  /** One block of generated Java code (a {@code CodeBlock} with no interpolated inputs). */
  static CodeBlock block(String code) {
    return new CodeBlock(Shim.seq(List.of(code)), Shim.seq(List.of()));
  }

  @Override
  Expression withNewChild(Expression newChild) {
    return new ZerorowEncode(newChild);
  }

  @Override
  public int productArity() {
    return 1;
  }

  @Override
  public Object productElement(int n) {
    if (n != 0) {
      throw new IndexOutOfBoundsException("element " + n + " of 1");
    }
    return child;
  }

  @Override
  public boolean canEqual(Object that) {
    return that instanceof ZerorowEncode;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ZerorowEncode && ((ZerorowEncode) o).child.equals(child);
  }

  @Override
  public int hashCode() {
    return Objects.hash(child);
  }
}
