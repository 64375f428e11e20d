package io.zerorow.spark;

import java.util.Map;
import java.util.WeakHashMap;
import org.apache.spark.SparkContext;
import org.apache.spark.util.LongAccumulator;

/**
 * The count of rows that {@code zerorow_decode} in PERMISSIVE mode turned into null: one named
 * accumulator per SparkContext ({@value #NAME}, also shown in the Spark UI), created on the driver
 * when a PERMISSIVE decode is planned and updated by the tasks.
 */
public final class MalformedRows {
  /** The accumulator's name. */
  public static final String NAME = "zerorow.malformedRows";

  private static final Map<SparkContext, LongAccumulator> BY_CONTEXT = new WeakHashMap<>();

  private MalformedRows() {}

  /** The active context's accumulator (created on first use; driver side). */
  static synchronized LongAccumulator accumulator() {
    SparkContext sc = SparkContext.getOrCreate();
    return BY_CONTEXT.computeIfAbsent(sc, c -> c.longAccumulator(NAME));
  }

  /** Rows turned into null by PERMISSIVE decodes of the active SparkContext so far. */
  public static synchronized long count() {
    return accumulator().sum();
  }
}
