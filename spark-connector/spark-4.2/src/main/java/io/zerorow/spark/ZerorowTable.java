package io.zerorow.spark;

import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.execution.datasources.FileFormat;
import org.apache.spark.sql.execution.datasources.v2.FileTable;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/** The row files at a path as a DataSource V2 table (Spark's {@code FileTable}). */
final class ZerorowTable extends FileTable {
  private final String name;
  private final SparkSession session;
  private final scala.collection.immutable.Seq<String> paths;
  private final CaseInsensitiveStringMap options;

  ZerorowTable(
      String name,
      SparkSession session,
      CaseInsensitiveStringMap options,
      scala.collection.immutable.Seq<String> paths,
      Option<StructType> schema) {
    super(session, options, paths, schema);
    this.name = name;
    this.session = session;
    this.paths = paths;
    this.options = options;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Option<StructType> inferSchema(scala.collection.immutable.Seq<FileStatus> files) {
    return new ZerorowFileFormat()
        .inferSchema(
            session, options.asCaseSensitiveMap(), CollectionConverters.asJava(files.toList()));
  }

  @Override
  public String formatName() {
    return "zerorow";
  }

  @Override
  public Class<? extends FileFormat> fallbackFileFormat() {
    return ZerorowFileFormat.class;
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new ZerorowScanBuilder(session, fileIndex(), dataSchema(), mergedOptions(options));
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    LogicalWriteInfo merged = mergedWriteInfo(info);
    return new WriteBuilder() {
      @Override
      public Write build() {
        return new ZerorowWrite(paths, merged);
      }
    };
  }
}
