package io.zerorow.spark;

import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Option;

/**
 * The row files at a path as a table ({@link ZerorowTableBase} has it): {@code inferSchema} of a
 * {@code scala.collection.Seq}, and the merging of options that Spark 3.5's {@code FileTable} does
 * not have.
 */
final class ZerorowTable extends ZerorowTableBase {
  ZerorowTable(Parts parts) {
    super(parts);
  }

  @Override
  public Option<StructType> inferSchema(scala.collection.Seq<FileStatus> files) {
    return inferSchema(Shim.javaList(files));
  }

  /** No {@code mergedOptions} in Spark 3.5: the table's options, then the scan's. */
  @Override
  CaseInsensitiveStringMap scanOptions(CaseInsensitiveStringMap options) {
    Map<String, String> merged = new HashMap<>(tableOptions.asCaseSensitiveMap());
    merged.putAll(options.asCaseSensitiveMap());
    return new CaseInsensitiveStringMap(merged);
  }

  /** No {@code mergedWriteInfo} in Spark 3.5: the write's options as they are. */
  @Override
  LogicalWriteInfo writeInfo(LogicalWriteInfo info) {
    return info;
  }
}
