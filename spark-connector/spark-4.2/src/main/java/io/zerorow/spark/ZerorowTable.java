package io.zerorow.spark;

import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Option;

/**
 * The row files at a path as a table ({@link ZerorowTableBase} has it): what Spark 4.2's {@code
 * FileTable} has of its own, {@code inferSchema} of a {@code scala.collection.immutable.Seq} and
 * its {@code mergedOptions}/{@code mergedWriteInfo}.
 */
final class ZerorowTable extends ZerorowTableBase {
  ZerorowTable(Parts parts) {
    super(parts);
  }

  @Override
  public Option<StructType> inferSchema(scala.collection.immutable.Seq<FileStatus> files) {
    return inferSchema(Shim.javaList(files));
  }

  @Override
  CaseInsensitiveStringMap scanOptions(CaseInsensitiveStringMap options) {
    return mergedOptions(options);
  }

  @Override
  LogicalWriteInfo writeInfo(LogicalWriteInfo info) {
    return mergedWriteInfo(info);
  }
}
