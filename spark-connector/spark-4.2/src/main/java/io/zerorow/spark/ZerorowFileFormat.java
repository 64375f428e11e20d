package io.zerorow.spark;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.FileFormat;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;
import scala.Option;

/**
 * {@code format("zerorow")} registered with Spark ({@link RowFileFormat} has the work): the two
 * methods of Spark's {@code FileFormat} whose signatures take this Scala binary's {@code Seq}
 * ({@code scala.collection.immutable.Seq}).
 */
public final class ZerorowFileFormat extends RowFileFormat implements FileFormat {
  private static final long serialVersionUID = 1L;

  @Override
  public Option<StructType> inferSchema(
      SparkSession session,
      scala.collection.immutable.Map<String, String> options,
      scala.collection.immutable.Seq<FileStatus> files) {
    return inferSchema(session, Shim.javaMap(options), Shim.javaList(files));
  }

  @Override
  public scala.Function1<PartitionedFile, scala.collection.Iterator<InternalRow>> buildReader(
      SparkSession session,
      StructType dataSchema,
      StructType partitionSchema,
      StructType requiredSchema,
      scala.collection.immutable.Seq<Filter> filters,
      scala.collection.immutable.Map<String, String> options,
      Configuration hadoopConf) {
    return buildReader(session, dataSchema, requiredSchema, Shim.javaMap(options), hadoopConf);
  }
}
