package io.zerorow.spark;

import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** The row files at a path, as a table: batch reads, batch writes (append, truncate). */
final class ZerorowTable implements SupportsRead, SupportsWrite {
  private final StructType schema;
  private final CaseInsensitiveStringMap options;

  ZerorowTable(StructType schema, CaseInsensitiveStringMap options) {
    this.schema = schema;
    this.options = options;
  }

  @Override
  public String name() {
    return "zerorow " + ZerorowDataSource.paths(options);
  }

  // Spark 4 deprecates schema() for columns(), but Spark 3.5 (this source's other build) has
  // only schema() abstract and derives columns() from it; Spark 4 does the same by default.
  @SuppressWarnings("deprecation")
  @Override
  public StructType schema() {
    return schema;
  }

  /**
   * BATCH_WRITE only for the write that {@link ZerorowDataSource#createRelation} starts: Spark
   * refuses ErrorIfExists and Ignore for a V2 table that can write, so every user write first goes
   * through createRelation, which applies the SaveMode and then appends or truncates through V2
   * ({@link ZerorowBatchWrite}) with this option set.
   */
  @Override
  public Set<TableCapability> capabilities() {
    return options.getBoolean(ZerorowDataSource.V2_WRITE, false)
        ? EnumSet.of(
            TableCapability.BATCH_READ, TableCapability.BATCH_WRITE, TableCapability.TRUNCATE)
        : EnumSet.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap readOptions) {
    return new ZerorowScan(schema, merged(readOptions));
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    return new ZerorowBatchWrite.Builder(info, merged(info.options()));
  }

  private CaseInsensitiveStringMap merged(CaseInsensitiveStringMap more) {
    java.util.Map<String, String> m = new java.util.HashMap<>(options.asCaseSensitiveMap());
    m.putAll(more.asCaseSensitiveMap());
    return new CaseInsensitiveStringMap(m);
  }
}
