package io.zerorow.spark;

import java.util.List;
import org.apache.hadoop.mapreduce.Job;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.execution.datasources.v2.FileWrite;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A DataSource V2 write of row files (Spark's {@code FileWrite}: its commit protocol and file
 * writers, the same {@link ZerorowOutputWriter} as the V1 path), all but what differs between the
 * Scala binaries: {@code ZerorowWrite} in each version folder has the {@code paths} accessor (this
 * binary's {@code Seq}) and the {@code options} field's accessor pair, whose names differ. Written
 * in Java against the Scala trait: the setters and accessors below are the trait's fields, set by
 * {@code FileWrite.$init$}.
 */
abstract class ZerorowWriteBase implements FileWrite {
  final List<String> pathList;
  private final LogicalWriteInfo info;
  private StructType schema;
  private String queryId;

  /** The trait's {@code options} field, set through {@code ZerorowWrite}'s setter. */
  CaseInsensitiveStringMap options;

  ZerorowWriteBase(List<String> paths, LogicalWriteInfo info) {
    this.pathList = List.copyOf(paths);
    this.info = info;
    FileWrite.$init$(this);
  }

  @Override
  public String formatName() {
    return "zerorow";
  }

  /** Every type passes here: prepareWrite refuses unmapped ones with the connector's message. */
  @Override
  public scala.Function1<DataType, Object> supportsDataType() {
    return new scala.runtime.AbstractFunction1<DataType, Object>() {
      @Override
      public Object apply(DataType t) {
        return Boolean.TRUE;
      }
    };
  }

  @Override
  public LogicalWriteInfo info() {
    return info;
  }

  @Override
  public OutputWriterFactory prepareWrite(
      SQLConf conf,
      Job job,
      scala.collection.immutable.Map<String, String> options,
      StructType dataSchema) {
    return V2Scans.prepareWrite(options, dataSchema);
  }

  @Override
  public StructType org$apache$spark$sql$execution$datasources$v2$FileWrite$$schema() {
    return schema;
  }

  @Override
  public void
      org$apache$spark$sql$execution$datasources$v2$FileWrite$_setter_$org$apache$spark$sql$execution$datasources$v2$FileWrite$$schema_$eq(
          StructType s) {
    schema = s;
  }

  @Override
  public String org$apache$spark$sql$execution$datasources$v2$FileWrite$$queryId() {
    return queryId;
  }

  @Override
  public void
      org$apache$spark$sql$execution$datasources$v2$FileWrite$_setter_$org$apache$spark$sql$execution$datasources$v2$FileWrite$$queryId_$eq(
          String q) {
    queryId = q;
  }
}
