package io.zerorow.spark;

import java.util.Objects;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.execution.datasources.PartitioningAwareFileIndex;
import org.apache.spark.sql.execution.datasources.v2.FileScan;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.slf4j.Logger;

/**
 * A scan of row files (Spark's {@code FileScan}: file listing, partitions, statistics, splits).
 * Written in Java against the Scala trait: the setters and accessors below are the trait's fields,
 * which Scala classes get generated, set by {@code FileScan.$init$}.
 */
final class ZerorowScan implements FileScan {
  private final SparkSession sparkSession;
  private final PartitioningAwareFileIndex fileIndex;
  private final StructType dataSchema;
  private final StructType readDataSchema;
  private final StructType readPartitionSchema;
  private final CaseInsensitiveStringMap options;
  private final scala.collection.immutable.Seq<Expression> partitionFilters;
  private final scala.collection.immutable.Seq<Expression> dataFilters;
  private int maxMetadataValueLength;
  private boolean caseSensitive;
  private transient Logger log;

  ZerorowScan(
      SparkSession sparkSession,
      PartitioningAwareFileIndex fileIndex,
      StructType dataSchema,
      StructType readDataSchema,
      StructType readPartitionSchema,
      CaseInsensitiveStringMap options,
      scala.collection.immutable.Seq<Expression> partitionFilters,
      scala.collection.immutable.Seq<Expression> dataFilters) {
    this.sparkSession = sparkSession;
    this.fileIndex = fileIndex;
    this.dataSchema = dataSchema;
    this.readDataSchema = readDataSchema;
    this.readPartitionSchema = readPartitionSchema;
    this.options = options;
    this.partitionFilters = partitionFilters;
    this.dataFilters = dataFilters;
    FileScan.$init$(this);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return V2Scans.readerFactory(
        sparkSession, dataSchema, readDataSchema, readPartitionSchema, options);
  }

  /** With option recover: the rows recovered and lost, and the cut files (SPEC §5.3). */
  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return ZerorowOptions.of(options.asCaseSensitiveMap()).recover()
        ? RecoveryMetrics.supported()
        : new CustomMetric[0];
  }

  @Override
  public SparkSession sparkSession() {
    return sparkSession;
  }

  @Override
  public PartitioningAwareFileIndex fileIndex() {
    return fileIndex;
  }

  @Override
  public StructType dataSchema() {
    return dataSchema;
  }

  @Override
  public StructType readDataSchema() {
    return readDataSchema;
  }

  @Override
  public StructType readPartitionSchema() {
    return readPartitionSchema;
  }

  @Override
  public scala.collection.immutable.Seq<Expression> partitionFilters() {
    return partitionFilters;
  }

  @Override
  public scala.collection.immutable.Seq<Expression> dataFilters() {
    return dataFilters;
  }

  @Override
  public int maxMetadataValueLength() {
    return maxMetadataValueLength;
  }

  @Override
  public void
      org$apache$spark$sql$execution$datasources$v2$FileScan$_setter_$maxMetadataValueLength_$eq(
          int v) {
    maxMetadataValueLength = v;
  }

  @Override
  public boolean org$apache$spark$sql$execution$datasources$v2$FileScan$$isCaseSensitive() {
    return caseSensitive;
  }

  @Override
  public void
      org$apache$spark$sql$execution$datasources$v2$FileScan$_setter_$org$apache$spark$sql$execution$datasources$v2$FileScan$$isCaseSensitive_$eq(
          boolean v) {
    caseSensitive = v;
  }

  @Override
  public Logger org$apache$spark$internal$Logging$$log_() {
    return log;
  }

  @Override
  public void org$apache$spark$internal$Logging$$log__$eq(Logger l) {
    log = l;
  }

  /** Two scans are equal when they read the same files, columns and partitions. */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ZerorowScan)) {
      return false;
    }
    ZerorowScan s = (ZerorowScan) o;
    return fileIndex.equals(s.fileIndex)
        && dataSchema.equals(s.dataSchema)
        && readDataSchema.equals(s.readDataSchema)
        && readPartitionSchema.equals(s.readPartitionSchema)
        && options.equals(s.options)
        && partitionFilters.equals(s.partitionFilters)
        && dataFilters.equals(s.dataFilters);
  }

  @Override
  public int hashCode() {
    return Objects.hash(fileIndex, readDataSchema, readPartitionSchema);
  }

  @Override
  public String toString() {
    return description();
  }
}
