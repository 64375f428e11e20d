package io.zerorow.spark;

import java.util.List;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.types.DataType;
import scala.collection.JavaConverters;

/**
 * What differs for Spark 3.5 / Scala 2.12 (its twin is spark-4.2/…/Shim.java): the Scala {@code
 * Seq} that Catalyst's signatures take ({@code scala.collection.Seq} here); and Spark 3.5 has no
 * {@code TimeType} and no {@code VariantType}, so zerorow {@code time} and {@code variant} have no
 * Spark type on this build.
 */
final class Shim {
  private Shim() {}

  /** A Scala {@code Seq} of the list, as Catalyst's signatures on this Scala binary take it. */
  static <T> scala.collection.Seq<T> seq(List<T> list) {
    return JavaConverters.asScalaBuffer(list).toList();
  }

  /**
   * A Catalyst function builder ({@code Seq[Expression] => Expression}, with this Scala binary's
   * {@code Seq}) over a Java function of the arguments.
   */
  static scala.Function1<scala.collection.Seq<Expression>, Expression> functionBuilder(
      java.util.function.Function<Expression[], Expression> build) {
    return new scala.runtime.AbstractFunction1<scala.collection.Seq<Expression>, Expression>() {
      @Override
      public Expression apply(scala.collection.Seq<Expression> args) {
        Expression[] a = new Expression[args.length()];
        for (int i = 0; i < a.length; i++) {
          a[i] = args.apply(i);
        }
        return build.apply(a);
      }
    };
  }

  /** A Java view of a Scala {@code Seq} (of any Scala binary: the shared tree never names one). */
  static <T> List<T> javaList(scala.collection.Seq<T> seq) {
    return JavaConverters.seqAsJavaListConverter(seq).asJava();
  }

  /** A Java view of a Scala map (data source options). */
  static <K, V> java.util.Map<K, V> javaMap(scala.collection.Map<K, V> map) {
    return JavaConverters.mapAsJavaMap(map);
  }

  static boolean isTime(DataType t) {
    return false;
  }

  /** Null: Spark 3.5 has no time-of-day type (the caller reports the field). */
  static DataType timeType() {
    return null;
  }

  static boolean isVariant(DataType t) {
    return false;
  }

  /** Null: Spark 3.5 has no variant type (the caller reports the field). */
  static DataType variantType() {
    return null;
  }
}
