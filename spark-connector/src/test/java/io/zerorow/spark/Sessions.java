package io.zerorow.spark;

import org.apache.spark.sql.SparkSession;

/**
 * The one session the tests of a JVM share: local[2,2] (2 threads, a task may fail once and be
 * retried, as on a cluster: DataSourceTest's retried write), UI off, 127.0.0.1, 2 partitions.
 */
final class Sessions {
  private static SparkSession spark;

  private Sessions() {}

  static synchronized SparkSession get() {
    if (spark == null) {
      spark =
          SparkSession.builder()
              .master("local[2,2]")
              .appName("zerorow-spark-tests")
              .config("spark.ui.enabled", "false")
              .config("spark.sql.shuffle.partitions", "2")
              .config("spark.driver.bindAddress", "127.0.0.1")
              .config("spark.driver.host", "127.0.0.1")
              .config("spark.sql.extensions", ZerorowExtensions.class.getName())
              .config("spark.sql.session.timeZone", "UTC")
              // the tables of ParquetParityTest live under a temporary folder, not the module's
              .config("spark.sql.warehouse.dir", warehouse())
              .config("spark.sql.datetime.java8API.enabled", "true")
              // Spark 4.2 keeps TimeType behind this flag (off by default); 3.5 ignores it
              .config("spark.sql.timeType.enabled", "true")
              .getOrCreate();
      Runtime.getRuntime().addShutdownHook(new Thread(spark::stop));
    }
    return spark;
  }

  private static String warehouse() {
    try {
      java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("zerorow-warehouse");
      dir.toFile().deleteOnExit();
      return dir.toUri().toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** True on the Spark 4 build (TimeType, and the larger test set). */
  static boolean spark4() {
    return org.apache.spark.package$.MODULE$.SPARK_VERSION().startsWith("4.");
  }
}
