package io.zerorow.spark;

import io.zerorow.row.ValidationLevel;
import io.zerorow.type.Schema;
import java.io.Serializable;
import java.util.Locale;
import java.util.Objects;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.analysis.TypeCheckResult;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenContext;
import org.apache.spark.sql.catalyst.expressions.codegen.ExprCode;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.util.LongAccumulator;

/**
 * {@code zerorow_decode(binary, schema [, options]) -> struct}: validates each value and points an
 * {@code UnsafeRow} at its bytes ({@link RowDecoding}). Options, as {@code from_avro}/{@code
 * from_json} take them: {@code mode} = {@code FAILFAST} (default) or {@code PERMISSIVE}; {@code
 * validation} = {@code bounds} (default) or {@code full}.
 */
public final class ZerorowDecode extends ZerorowUnaryExpression implements Serializable {
  private static final long serialVersionUID = 1L;
  private final Expression child;
  private final String schemaJson;
  private final String mode;
  private final String validation;
  private final LongAccumulator malformed;
  private transient Schema schema;
  private transient DataType dataType;
  private transient RowDecoding decoding;

  /**
   * @param schemaJson the zerorow canonical JSON of the rows
   * @param mode {@code FAILFAST} or {@code PERMISSIVE} (any case)
   * @param validation {@code bounds} or {@code full} (any case)
   */
  public ZerorowDecode(Expression child, String schemaJson, String mode, String validation) {
    this(child, schemaJson, mode, validation, null);
  }

  /** {@code malformed} null: the active context's accumulator when PERMISSIVE (driver side). */
  private ZerorowDecode(
      Expression child,
      String schemaJson,
      String mode,
      String validation,
      LongAccumulator malformed) {
    this.child = child;
    this.schemaJson = schemaJson;
    this.mode = mode.toUpperCase(Locale.ROOT);
    this.validation = validation.toLowerCase(Locale.ROOT);
    if (!this.mode.equals("FAILFAST") && !this.mode.equals("PERMISSIVE")) {
      throw SparkSchemas.analysisError(
          "zerorow_decode option mode: expected FAILFAST or "
              + "PERMISSIVE but found \""
              + mode
              + "\"");
    }
    if (!this.validation.equals("bounds") && !this.validation.equals("full")) {
      throw SparkSchemas.analysisError(
          "zerorow_decode option validation: expected bounds or "
              + "full but found \""
              + validation
              + "\"");
    }
    this.malformed =
        malformed != null || !this.mode.equals("PERMISSIVE")
            ? malformed
            : MalformedRows.accumulator();
  }

  public Schema schema() {
    if (schema == null) {
      schema = Schema.fromJson(schemaJson);
    }
    return schema;
  }

  /** A new per-task decoder (the generated code keeps one in a field). */
  public RowDecoding newDecoding() {
    return new RowDecoding(
        schema(),
        validation.equals("full") ? ValidationLevel.FULL : ValidationLevel.BOUNDS,
        mode.equals("PERMISSIVE"),
        malformed);
  }

  @Override
  public Expression child() {
    return child;
  }

  @Override
  public DataType dataType() {
    if (dataType == null) {
      dataType = SparkSchemas.toSpark(schema());
    }
    return dataType;
  }

  /**
   * Null for a null input, and in PERMISSIVE mode for a malformed one; a FAILFAST decode of a
   * column that is never null is never null (so {@code map_rows}' output keeps the NOT NULL of its
   * schema, as on the path without the jar).
   */
  @Override
  public boolean nullable() {
    return child.nullable() || mode.equals("PERMISSIVE");
  }

  /** A column that is not binary is refused at analysis, naming it and its type. */
  @Override
  public TypeCheckResult checkInputDataTypes() {
    if (child.dataType() instanceof BinaryType) {
      return TypeCheckResult.TypeCheckSuccess$.MODULE$;
    }
    return new TypeCheckResult.TypeCheckFailure(
        "zerorow_decode takes a binary column of zerorow rows but "
            + child.sql()
            + " is "
            + child.dataType().simpleString());
  }

  @Override
  public String prettyName() {
    return "zerorow_decode";
  }

  @Override
  public Object eval(InternalRow inputRow) {
    Object input = child.eval(inputRow);
    if (decoding == null) {
      decoding = newDecoding();
    }
    if (input == null) {
      decoding.skipNull();
      return null;
    }
    return decoding.decode((byte[]) input);
  }

  @Override
  public ExprCode doGenCode(CodegenContext ctx, ExprCode ev) {
    String self = ctx.addReferenceObj("zerorowDecode", this, ZerorowDecode.class.getName());
    String dec =
        ctx.addMutableState(
            RowDecoding.class.getName(),
            "zerorowDecoding",
            v -> v + " = " + self + ".newDecoding();",
            false,
            true);
    ExprCode c = child.genCode(ctx);
    String row = InternalRow.class.getName();
    String code =
        c.code().toString()
            + "\n"
            + "boolean "
            + ev.isNull()
            + " = true;\n"
            + row
            + " "
            + ev.value()
            + " = null;\n"
            + "if (!"
            + c.isNull()
            + ") {\n"
            + "  "
            + ev.value()
            + " = "
            + dec
            + ".decode("
            + c.value()
            + ");\n"
            + "  "
            + ev.isNull()
            + " = "
            + ev.value()
            + " == null;\n"
            + "} else {\n"
            + "  "
            + dec
            + ".skipNull();\n"
            + "}\n";
    return ev.copy(ZerorowEncode.block(code), ev.isNull(), ev.value());
  }

  @Override
  Expression withNewChild(Expression newChild) {
    return new ZerorowDecode(newChild, schemaJson, mode, validation, malformed);
  }

  @Override
  public int productArity() {
    return 4;
  }

  @Override
  public Object productElement(int n) {
    switch (n) {
      case 0:
        return child;
      case 1:
        return schemaJson;
      case 2:
        return mode;
      case 3:
        return validation;
      default:
        throw new IndexOutOfBoundsException("element " + n + " of 4");
    }
  }

  @Override
  public boolean canEqual(Object that) {
    return that instanceof ZerorowDecode;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ZerorowDecode)) {
      return false;
    }
    ZerorowDecode d = (ZerorowDecode) o;
    return d.child.equals(child)
        && d.schemaJson.equals(schemaJson)
        && d.mode.equals(mode)
        && d.validation.equals(validation);
  }

  @Override
  public int hashCode() {
    return Objects.hash(child, schemaJson, mode, validation);
  }
}
