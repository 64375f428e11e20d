package io.zerorow.spark;

import java.util.List;
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

/**
 * The row files at a path as a DataSource V2 table (Spark's {@code FileTable}), all but what
 * differs between the Spark versions: {@code ZerorowTable} in each version folder has {@code
 * inferSchema} (its argument is this Scala binary's {@code Seq}) and how a scan's and a write's
 * options are merged with the table's (Spark 3.5's {@code FileTable} has no {@code mergedOptions}).
 */
abstract class ZerorowTableBase extends FileTable {
  private final String name;
  private final SparkSession session;
  private final List<String> paths;

  /** The options the table was created with (not the paths). */
  final CaseInsensitiveStringMap tableOptions;

  /** What a table is made of: what {@code ZerorowDataSourceV2} gives every version's table. */
  record Parts(
      String name,
      SparkSession session,
      CaseInsensitiveStringMap options,
      List<String> paths,
      Option<StructType> schema) {}

  ZerorowTableBase(Parts parts) {
    super(parts.session(), parts.options(), Shim.seq(parts.paths()), parts.schema());
    this.name = parts.name();
    this.session = parts.session();
    this.paths = List.copyOf(parts.paths());
    this.tableOptions = parts.options();
  }

  /** The options of a scan: the table's, then the scan's. */
  abstract CaseInsensitiveStringMap scanOptions(CaseInsensitiveStringMap options);

  /** The write's info with the table's options merged in, where the Spark version does that. */
  abstract LogicalWriteInfo writeInfo(LogicalWriteInfo info);

  /** The schema of {@code files} (what {@code inferSchema} gives Spark). */
  final Option<StructType> inferSchema(List<FileStatus> files) {
    return new ZerorowFileFormat().inferSchema(session, tableOptions.asCaseSensitiveMap(), files);
  }

  @Override
  public String name() {
    return name;
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
    return new ZerorowScanBuilder(session, fileIndex(), dataSchema(), scanOptions(options));
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    LogicalWriteInfo merged = writeInfo(info);
    return new WriteBuilder() {
      @Override
      public Write build() {
        return new ZerorowWrite(paths, merged);
      }
    };
  }
}
