package io.zerorow.spark;

import io.zerorow.type.Schema;
import java.util.Locale;
import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.ExpressionInfo;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StringType;
import scala.Tuple3;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * Registers {@code zerorow_encode} and {@code zerorow_decode} in every session: {@code
 * spark.sql.extensions=io.zerorow.spark.ZerorowExtensions}.
 */
public final class ZerorowExtensions extends AbstractFunction1<SparkSessionExtensions, BoxedUnit> {

  @Override
  public BoxedUnit apply(SparkSessionExtensions extensions) {
    extensions.injectFunction(
        new Tuple3<>(
            new FunctionIdentifier("zerorow_encode"),
            info(
                ZerorowEncode.class,
                "zerorow_encode",
                "zerorow_encode(struct) - the zerorow row bytes of a struct value"),
            Shim.functionBuilder(ZerorowExtensions::encode)));
    extensions.injectFunction(
        new Tuple3<>(
            new FunctionIdentifier("zerorow_decode"),
            info(
                ZerorowDecode.class,
                "zerorow_decode",
                "zerorow_decode(binary, schema[, options]) - the struct a zerorow row holds; schema"
                    + " is zerorow JSON or a DDL string; options: mode FAILFAST|PERMISSIVE, "
                    + "validation bounds|full"),
            Shim.functionBuilder(ZerorowExtensions::decode)));
    return BoxedUnit.UNIT;
  }

  /** What DESCRIBE FUNCTION shows (the constructor that Spark 3.5 and 4.x both keep). */
  private static ExpressionInfo info(Class<?> cls, String name, String usage) {
    return new ExpressionInfo(cls.getName(), null, name, usage, "", "", "", "", "", "", "java_udf");
  }

  static Expression encode(Expression[] args) {
    if (args.length != 1) {
      throw SparkSchemas.analysisError(
          "zerorow_encode takes 1 argument (a struct) but found " + args.length);
    }
    ZerorowEncode e = new ZerorowEncode(args[0]);
    e.schema(); // fails at analysis when a field has no zerorow type
    return e;
  }

  static Expression decode(Expression[] args) {
    if (args.length < 2 || args.length > 3) {
      throw SparkSchemas.analysisError(
          "zerorow_decode takes 2 or 3 arguments (binary, schema"
              + "[, options]) but found "
              + args.length);
    }
    Schema schema = SparkSchemas.parse(constantString(args[1], "schema"));
    String mode = "FAILFAST";
    String validation = "bounds";
    if (args.length == 3) {
      Expression o = args[2];
      if (!o.foldable() || !(o.dataType() instanceof MapType)) {
        throw SparkSchemas.analysisError(
            "zerorow_decode options: expected a constant "
                + "map<string,string> but found "
                + o.dataType().simpleString());
      }
      MapData map = (MapData) o.eval(null);
      ArrayData keys = map.keyArray();
      ArrayData values = map.valueArray();
      for (int i = 0; i < map.numElements(); i++) {
        String k = keys.getUTF8String(i).toString().toLowerCase(Locale.ROOT);
        String v = values.isNullAt(i) ? "" : values.getUTF8String(i).toString();
        if (k.equals("mode")) {
          mode = v;
        } else if (k.equals("validation")) {
          validation = v;
        } else {
          throw SparkSchemas.analysisError(
              "zerorow_decode: unknown option \"" + k + "\" (expected mode or validation)");
        }
      }
    }
    return new ZerorowDecode(args[0], schema.toJson(), mode, validation);
  }

  private static String constantString(Expression e, String what) {
    if (!e.foldable() || !(e.dataType() instanceof StringType)) {
      throw SparkSchemas.analysisError(
          "zerorow_decode "
              + what
              + ": expected a constant "
              + "string but found "
              + e.dataType().simpleString());
    }
    Object v = e.eval(null);
    if (v == null) {
      throw SparkSchemas.analysisError(
          "zerorow_decode " + what + ": expected a schema but " + "found null");
    }
    return v.toString();
  }
}
