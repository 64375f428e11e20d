package io.zerorow.spark;

import java.io.IOException;
import java.util.Map;
import org.apache.spark.sql.catalyst.FileSourceOptions;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.execution.datasources.v2.FilePartitionReaderFactory;
import org.apache.spark.sql.execution.datasources.v2.PartitionReaderWithPartitionValues;
import org.apache.spark.sql.types.StructType;

/**
 * The DataSource V2 side of a scan ({@code ZerorowScan}): each file read by the same reader as the
 * V1 {@code FileFormat} ({@link ZerorowFileReader}), with the partition values appended; Spark's
 * {@code FilePartitionReader} around it applies {@code ignoreCorruptFiles} and {@code
 * ignoreMissingFiles}.
 */
final class ZerorowPartitionReaderFactory extends FilePartitionReaderFactory {
  private static final long serialVersionUID = 1L;
  private final ZerorowFileReader.Factory files;
  private final StructType readDataSchema;
  private final StructType partitionSchema;
  private final FileSourceOptions options;

  ZerorowPartitionReaderFactory(
      ZerorowFileReader.Factory files,
      StructType readDataSchema,
      StructType partitionSchema,
      Map<String, String> options) {
    this.files = files;
    this.readDataSchema = readDataSchema;
    this.partitionSchema = partitionSchema;
    this.options = new FileSourceOptions(V2Scans.scalaMap(options));
  }

  @Override
  public FileSourceOptions options() {
    return options;
  }

  /**
   * The sums of this task's files read up to a cut (option recover): each task deserializes its own
   * factory, and {@link #createReader} is called once per task.
   */
  private transient RecoveryMetrics.Counts counts;

  /**
   * Spark's reader of the task's files, reporting the recovery metrics ({@link RecoveryMetrics}):
   * Spark's {@code FilePartitionReader} reports none of its files' readers, so the sums of the task
   * are reported here.
   */
  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    RecoveryMetrics.Counts task = new RecoveryMetrics.Counts();
    counts = task;
    PartitionReader<InternalRow> files = super.createReader(partition);
    return new PartitionReader<>() {
      @Override
      public boolean next() throws IOException {
        return files.next();
      }

      @Override
      public InternalRow get() {
        return files.get();
      }

      @Override
      public CustomTaskMetric[] currentMetricsValues() {
        return task.values();
      }

      @Override
      public void close() throws IOException {
        files.close();
      }
    };
  }

  @Override
  public PartitionReader<InternalRow> buildReader(PartitionedFile file) {
    scala.collection.Iterator<InternalRow> rows = files.apply(file);
    if (counts != null) {
      ((ZerorowFileReader) rows).countInto(counts);
    }
    PartitionReader<InternalRow> reader =
        new PartitionReader<>() {
          private InternalRow current;

          @Override
          public boolean next() {
            current = rows.hasNext() ? rows.next() : null;
            return current != null;
          }

          @Override
          public InternalRow get() {
            return current;
          }

          @Override
          public void close() throws IOException {
            ((ZerorowFileReader) rows).close();
          }
        };
    return partitionSchema.isEmpty()
        ? reader
        : new PartitionReaderWithPartitionValues(
            reader, readDataSchema, partitionSchema, file.partitionValues());
  }
}
