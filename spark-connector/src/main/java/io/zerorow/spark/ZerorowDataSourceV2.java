package io.zerorow.spark;

import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.execution.datasources.FileFormat;
import org.apache.spark.sql.execution.datasources.v2.FileDataSourceV2;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Option;

/**
 * {@code format("zerorow")} as Spark registers it: a DataSource V2 file source ({@link
 * ZerorowTable}, {@link ZerorowScan}, {@link ZerorowWrite}) whose V1 fallback, {@link
 * ZerorowFileFormat}, serves tables of the session catalog and the writes Spark still sends to V1
 * (as for Spark's own Parquet and Avro sources). Written in Java against the Scala trait: the
 * mangled accessor pair below is the trait's private field.
 */
public final class ZerorowDataSourceV2 implements FileDataSourceV2 {
  private Table table;

  @Override
  public String shortName() {
    return "zerorow";
  }

  @Override
  public String toString() {
    return "zerorow";
  }

  @Override
  public Class<? extends FileFormat> fallbackFileFormat() {
    return ZerorowFileFormat.class;
  }

  @Override
  public Table getTable(CaseInsensitiveStringMap options) {
    return table(options, Option.empty());
  }

  @Override
  public Table getTable(CaseInsensitiveStringMap options, StructType schema) {
    return table(options, Option.apply(schema));
  }

  private Table table(CaseInsensitiveStringMap options, Option<StructType> schema) {
    var paths = getPaths(options); // this Scala binary's Seq (Shim)
    return new ZerorowTable(
        new ZerorowTableBase.Parts(
            getTableName(options, paths),
            sparkSession(),
            getOptionsWithoutPaths(options),
            Shim.javaList(paths),
            schema));
  }

  @Override
  public Table org$apache$spark$sql$execution$datasources$v2$FileDataSourceV2$$t() {
    return table;
  }

  @Override
  public void org$apache$spark$sql$execution$datasources$v2$FileDataSourceV2$$t_$eq(Table t) {
    this.table = t;
  }
}
