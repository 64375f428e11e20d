package io.zerorow.spark;

import java.io.IOException;
import java.util.Map;
import org.apache.spark.sql.catalyst.FileSourceOptions;
import org.apache.spark.sql.catalyst.InternalRow;
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

  @Override
  public PartitionReader<InternalRow> buildReader(PartitionedFile file) {
    scala.collection.Iterator<InternalRow> rows = files.apply(file);
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
