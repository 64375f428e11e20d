package io.zerorow.spark;

import org.apache.spark.sql.catalyst.expressions.Expression;

/**
 * A scan of row files ({@link ZerorowScanBase} has it): the two accessors of Spark's {@code
 * FileScan} whose type is this Scala binary's {@code Seq} ({@code scala.collection.Seq}).
 */
final class ZerorowScan extends ZerorowScanBase {
  ZerorowScan(Parts parts) {
    super(parts);
  }

  @Override
  public scala.collection.Seq<Expression> partitionFilters() {
    return Shim.seq(partitionFilterList);
  }

  @Override
  public scala.collection.Seq<Expression> dataFilters() {
    return Shim.seq(dataFilterList);
  }
}
