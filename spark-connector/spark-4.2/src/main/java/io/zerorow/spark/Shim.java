package io.zerorow.spark;

import java.util.List;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.TimeType;
import org.apache.spark.sql.types.VariantType;
import org.apache.spark.sql.types.VariantType$;
import scala.jdk.javaapi.CollectionConverters;

/**
 * What differs for Spark 4.2 / Scala 2.13 (its twin is spark-3.5/…/Shim.java): the Scala {@code
 * Seq} that Catalyst's signatures take ({@code scala.collection.immutable.Seq} here), and Spark 4's
 * {@code TimeType} and {@code VariantType}, which Spark 3.5 does not have.
 */
final class Shim {
  private Shim() {}

  /** A Scala {@code Seq} of the list, as Catalyst's signatures on this Scala binary take it. */
  static <T> scala.collection.immutable.Seq<T> seq(List<T> list) {
    return CollectionConverters.asScala(list).toList();
  }

  /**
   * A Catalyst function builder ({@code Seq[Expression] => Expression}, with this Scala binary's
   * {@code Seq}) over a Java function of the arguments.
   */
  static scala.Function1<scala.collection.immutable.Seq<Expression>, Expression> functionBuilder(
      java.util.function.Function<Expression[], Expression> build) {
    return new scala.runtime.AbstractFunction1<
        scala.collection.immutable.Seq<Expression>, Expression>() {
      @Override
      public Expression apply(scala.collection.immutable.Seq<Expression> args) {
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
    return CollectionConverters.asJava(seq);
  }

  /** A Java view of a Scala map (data source options). */
  static <K, V> java.util.Map<K, V> javaMap(scala.collection.Map<K, V> map) {
    return CollectionConverters.asJava(map);
  }

  /** True for Spark 4's {@code TimeType} (nanoseconds since midnight, SPEC §9). */
  static boolean isTime(DataType t) {
    return t instanceof TimeType;
  }

  /** Spark's type for zerorow {@code time}: microsecond precision, stored as nanoseconds. */
  static DataType timeType() {
    return TimeType.apply(6);
  }

  /** True for Spark 4's {@code VariantType} (zerorow variant, SPEC §3.9). */
  static boolean isVariant(DataType t) {
    return t instanceof VariantType;
  }

  /** Spark's type for zerorow {@code variant}: its {@code VariantVal} is the same body. */
  static DataType variantType() {
    return VariantType$.MODULE$;
  }
}
