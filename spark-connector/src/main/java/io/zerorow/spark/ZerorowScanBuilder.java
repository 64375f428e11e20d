package io.zerorow.spark;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.execution.datasources.PartitioningAwareFileIndex;
import org.apache.spark.sql.execution.datasources.v2.FileScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Spark's {@code FileScanBuilder}: it prunes columns and keeps the partition filters (partition
 * pruning); no data filter is pushed into the files (row files have no statistics).
 */
final class ZerorowScanBuilder extends FileScanBuilder {
  private final SparkSession session;
  private final PartitioningAwareFileIndex index;
  private final StructType dataSchema;
  private final CaseInsensitiveStringMap options;

  ZerorowScanBuilder(
      SparkSession session,
      PartitioningAwareFileIndex index,
      StructType dataSchema,
      CaseInsensitiveStringMap options) {
    super(session, index, dataSchema);
    this.session = session;
    this.index = index;
    this.dataSchema = dataSchema;
    this.options = options;
  }

  @Override
  public Scan build() {
    return new ZerorowScan(
        new ZerorowScanBase.Parts(
            session,
            index,
            dataSchema,
            readDataSchema(),
            readPartitionSchema(),
            options,
            Shim.javaList(partitionFilters()),
            Shim.javaList(dataFilters())));
  }
}
