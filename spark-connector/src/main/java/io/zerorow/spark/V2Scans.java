package io.zerorow.spark;

import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * What the DataSource V2 classes of the Scala-binary shims ({@code ZerorowScan}, {@code
 * ZerorowWrite}) do, kept here so that the V2 and V1 paths read and write through the same code
 * ({@link RowFileFormat}).
 */
final class V2Scans {
  private V2Scans() {}

  /** The reader factory of a V2 scan: the V1 reader of each file, with partition values. */
  static PartitionReaderFactory readerFactory(
      SparkSession session,
      StructType dataSchema,
      StructType readDataSchema,
      StructType partitionSchema,
      CaseInsensitiveStringMap options) {
    Map<String, String> opts = options.asCaseSensitiveMap();
    ZerorowFileReader.Factory files =
        new ZerorowFileFormat()
            .readerFactory(
                session,
                dataSchema,
                readDataSchema,
                opts,
                session.sessionState().newHadoopConfWithOptions(scalaMap(opts)));
    return new ZerorowPartitionReaderFactory(files, readDataSchema, partitionSchema, opts);
  }

  /** An immutable Scala map of {@code map} (the same call on both Scala binaries). */
  @SuppressWarnings("unchecked") // Scala 2.13's Map.updated has a raw Java signature
  static scala.collection.immutable.Map<String, String> scalaMap(Map<String, String> map) {
    scala.collection.immutable.Map<String, String> m =
        scala.collection.immutable.Map$.MODULE$.<String, String>empty();
    for (Map.Entry<String, String> e : map.entrySet()) {
      m = m.updated(e.getKey(), e.getValue());
    }
    return m;
  }

  static OutputWriterFactory prepareWrite(
      scala.collection.immutable.Map<String, String> options, StructType dataSchema) {
    return new ZerorowFileFormat().prepareWrite(null, null, options, dataSchema);
  }
}
