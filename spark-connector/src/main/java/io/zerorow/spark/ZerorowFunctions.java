package io.zerorow.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;

/**
 * The SQL functions as column expressions, like {@code functions.from_avro}. They resolve through
 * the functions that {@link ZerorowExtensions} registers, so the session needs {@code
 * spark.sql.extensions=io.zerorow.spark.ZerorowExtensions} (the same works from a Spark Connect
 * client through {@code call_function}).
 */
public final class ZerorowFunctions {
  private ZerorowFunctions() {}

  /** {@code zerorow_encode(struct)}: the zerorow row bytes of each struct value. */
  public static Column zerorow_encode(Column struct) {
    return functions.call_function("zerorow_encode", struct);
  }

  /** {@code zerorow_decode(binary, schema)}; schema: zerorow JSON or a Spark DDL string. */
  public static Column zerorow_decode(Column binary, String schema) {
    return functions.call_function("zerorow_decode", binary, functions.lit(schema));
  }

  /**
   * {@code zerorow_decode(binary, schema, options)}; options {@code mode} = {@code FAILFAST}|{@code
   * PERMISSIVE}, {@code validation} = {@code bounds}|{@code full}.
   */
  public static Column zerorow_decode(Column binary, String schema, Map<String, String> options) {
    List<Column> kv = new ArrayList<>();
    for (Map.Entry<String, String> e : options.entrySet()) {
      kv.add(functions.lit(e.getKey()));
      kv.add(functions.lit(e.getValue()));
    }
    Column map = functions.map(kv.toArray(new Column[0]));
    return functions.call_function("zerorow_decode", binary, functions.lit(schema), map);
  }
}
