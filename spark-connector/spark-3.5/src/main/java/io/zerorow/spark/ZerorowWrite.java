package io.zerorow.spark;

import java.util.List;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A write of row files ({@link ZerorowWriteBase} has it): the members of Spark's {@code FileWrite}
 * that differ on Scala 2.12: {@code paths} ({@code scala.collection.Seq}) and the {@code options}
 * field, private to the trait here (its accessor pair has mangled names).
 */
final class ZerorowWrite extends ZerorowWriteBase {
  ZerorowWrite(List<String> paths, LogicalWriteInfo info) {
    super(paths, info);
  }

  @Override
  public scala.collection.Seq<String> paths() {
    return Shim.seq(pathList);
  }

  @Override
  public CaseInsensitiveStringMap
      org$apache$spark$sql$execution$datasources$v2$FileWrite$$options() {
    return options;
  }

  @Override
  public void
      org$apache$spark$sql$execution$datasources$v2$FileWrite$_setter_$org$apache$spark$sql$execution$datasources$v2$FileWrite$$options_$eq(
          CaseInsensitiveStringMap o) {
    options = o;
  }
}
