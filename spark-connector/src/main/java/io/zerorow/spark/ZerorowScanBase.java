package io.zerorow.spark;

import java.util.List;
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
 * A scan of row files (Spark's {@code FileScan}: file listing, partitions, statistics, splits), all
 * but the two accessors whose type is this Scala binary's {@code Seq}: those are {@code
 * ZerorowScan}'s, one per version folder. Written in Java against the Scala trait: the setters and
 * accessors below are the trait's fields, which Scala classes get generated, set by {@code
 * FileScan.$init$}.
 */
abstract class ZerorowScanBase implements FileScan {
  private final SparkSession sparkSession;
  private final PartitioningAwareFileIndex fileIndex;
  private final StructType dataSchema;
  private final StructType readDataSchema;
  private final StructType readPartitionSchema;
  private final CaseInsensitiveStringMap options;

  /** The partition filters and data filters, as {@code ZerorowScan} hands them to Spark. */
  final List<Expression> partitionFilterList;

  final List<Expression> dataFilterList;

  private int maxMetadataValueLength;
  private boolean caseSensitive;
  private transient Logger log;

  /**
   * What a scan reads: what {@code ZerorowScanBuilder} gives every version's {@code ZerorowScan}.
   */
  record Parts(
      SparkSession sparkSession,
      PartitioningAwareFileIndex fileIndex,
      StructType dataSchema,
      StructType readDataSchema,
      StructType readPartitionSchema,
      CaseInsensitiveStringMap options,
      List<Expression> partitionFilters,
      List<Expression> dataFilters) {}

  ZerorowScanBase(Parts parts) {
    this.sparkSession = parts.sparkSession();
    this.fileIndex = parts.fileIndex();
    this.dataSchema = parts.dataSchema();
    this.readDataSchema = parts.readDataSchema();
    this.readPartitionSchema = parts.readPartitionSchema();
    this.options = parts.options();
    this.partitionFilterList = List.copyOf(parts.partitionFilters());
    this.dataFilterList = List.copyOf(parts.dataFilters());
    // the trait's fields, from the session (its $init$ reads nothing of the subclass)
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
    if (!(o instanceof ZerorowScanBase)) {
      return false;
    }
    ZerorowScanBase s = (ZerorowScanBase) o;
    return fileIndex.equals(s.fileIndex)
        && dataSchema.equals(s.dataSchema)
        && readDataSchema.equals(s.readDataSchema)
        && readPartitionSchema.equals(s.readPartitionSchema)
        && options.equals(s.options)
        && partitionFilterList.equals(s.partitionFilterList)
        && dataFilterList.equals(s.dataFilterList);
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
