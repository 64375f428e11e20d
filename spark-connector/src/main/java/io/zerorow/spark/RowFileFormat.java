package io.zerorow.spark;

import io.zerorow.ZerorowException;
import io.zerorow.arrow.RowFileReader;
import io.zerorow.row.Resolver;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.mapreduce.Job;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Option;

/**
 * {@code format("zerorow")}: row files (SPEC §5) on Spark's own file-source framework, as Spark's
 * Parquet and Avro sources are built. Spark lists the files (partition discovery, globs, {@code
 * recursiveFileLookup}, {@code pathGlobFilter}, {@code modifiedBefore/After}), plans the scan
 * (statistics from the file sizes, partition pruning, {@code ignoreCorruptFiles}/{@code
 * ignoreMissingFiles}), writes through its commit protocol ({@code partitionBy}, {@code
 * maxRecordsPerFile}, SaveModes, tables, {@code INSERT}, CTAS); this class reads the schema from
 * the files' footers, builds the per-file reader ({@link ZerorowFileReader}) and the per-task
 * writer ({@link ZerorowOutputWriter}). The Scala-binary shim {@code ZerorowFileFormat} adds the
 * two methods whose signatures take Scala's {@code Seq}.
 */
public abstract class RowFileFormat implements DataSourceRegister, Serializable {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(RowFileFormat.class);

  @Override
  public String shortName() {
    return "zerorow";
  }

  @Override
  public String toString() {
    return "zerorow";
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RowFileFormat;
  }

  @Override
  public int hashCode() {
    return RowFileFormat.class.hashCode();
  }

  /**
   * The schema of the files Spark listed: option {@code zerorowSchema} (each file's schema resolved
   * against it, SPEC §13.5), else the one schema of the files (files of two schemas are refused,
   * naming both and saying how to give a reader schema); none for no files (Spark then says it
   * cannot infer one). Only footers are read. With {@code ignoreCorruptFiles}, a file whose footer
   * does not read is skipped with a warning, as Parquet's inference does.
   */
  protected Option<StructType> inferSchema(
      SparkSession session, Map<String, String> optionMap, List<FileStatus> files) {
    ZerorowOptions options = ZerorowOptions.of(optionMap);
    if (files.isEmpty()) {
      return Option.empty();
    }
    boolean ignoreCorrupt =
        options.ignoreCorruptFiles(
            session.conf().get("spark.sql.files.ignoreCorruptFiles", "false"));
    Configuration conf = hadoopConf(session, optionMap);
    Schema reader = options.optionSchema();
    boolean caseSensitive = caseSensitive(session);
    List<FileStatus> sorted = new ArrayList<>(files);
    sorted.sort(Comparator.comparing(f -> f.getPath().toString()));
    Schema common = null;
    String first = null;
    for (FileStatus f : sorted) {
      String file = f.getPath().toString();
      Schema s;
      try {
        s = footerSchema(file, conf, options.recover());
      } catch (RuntimeException e) {
        if (!ignoreCorrupt) {
          throw e;
        }
        LOG.warn("format(\"zerorow\"): skipped the corrupt file " + file + ": " + e.getMessage());
        continue;
      }
      if (reader != null) {
        resolveOrRefuse(file, s, caseSensitive ? reader : Names.fold(reader, s));
      } else if (common == null) {
        common = s;
        first = file;
      } else if (s.fingerprint() != common.fingerprint()) {
        throw SparkSchemas.analysisError(
            "format(\"zerorow\"): row files of different schemas in one read: "
                + first
                + " has schema fingerprint "
                + common.fingerprintHex()
                + " but "
                + file
                + " has "
                + s.fingerprintHex()
                + "; to read them together, give the schema to read them with: "
                + "spark.read.schema(...) or option(\""
                + ZerorowOptions.READER_SCHEMA
                + "\", <zerorow schema JSON or DDL>) (SPEC §13: fields matched by name, exact"
                + " widenings)");
      }
    }
    Schema schema = reader != null ? reader : common;
    if (schema == null) {
      return Option.empty();
    }
    return Option.apply(
        options.isRaw() ? ZerorowOptions.rawSchema(schema) : SparkSchemas.toSpark(schema));
  }

  private static void resolveOrRefuse(String file, Schema writer, Schema reader) {
    try {
      new Resolver(reader).resolve(writer);
    } catch (ZerorowException e) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\"): row file "
              + file
              + " (schema "
              + writer.fingerprintHex()
              + ") cannot be read with the reader schema "
              + reader.fingerprintHex()
              + ": "
              + e.getMessage());
    }
  }

  /** The checked zerorow schema in the footer of one row file (SPEC §5), read on the driver. */
  static Schema footerSchema(String file, Configuration conf, boolean recover) {
    try (RowFileReader r = ZerorowFileReader.open(file, conf, recover)) {
      return r.schema();
    } catch (ZerorowException e) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\"): " + file + " is not a valid row file: " + e.getMessage());
    } catch (IOException | RuntimeException e) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\"): " + file + " is not a row file (an Arrow IPC file, SPEC §5): " + e);
    }
  }

  /**
   * The writer of each task: rows of the data columns (Spark keeps partition columns in the folder
   * names) encoded as {@code zerorow_encode} does; Spark's commit protocol places the files.
   */
  public OutputWriterFactory prepareWrite(
      SparkSession session,
      Job job,
      scala.collection.immutable.Map<String, String> optionMap,
      StructType dataSchema) {
    ZerorowOptions options = ZerorowOptions.of(Shim.javaMap(optionMap));
    Schema schema = SparkSchemas.toZerorow(dataSchema);
    return new ZerorowOutputWriter.Factory(
        dataSchema, schema.toJson(), options.compression(), options.checksum());
  }

  /**
   * The reader of each file (run on the executors): the data columns {@code required} asks for,
   * read from each row in place (SPEC §2: random access) or, for a file of another schema, laid out
   * by the reader's fields. Spark appends the partition values.
   */
  protected scala.Function1<PartitionedFile, scala.collection.Iterator<InternalRow>> buildReader(
      SparkSession session,
      StructType dataSchema,
      StructType required,
      Map<String, String> optionMap,
      Configuration hadoopConf) {
    return readerFactory(session, dataSchema, required, optionMap, hadoopConf);
  }

  /** {@link #buildReader}'s function, typed (the V2 scan wraps it). */
  ZerorowFileReader.Factory readerFactory(
      SparkSession session,
      StructType dataSchema,
      StructType required,
      Map<String, String> optionMap,
      Configuration hadoopConf) {
    ZerorowOptions options = ZerorowOptions.of(optionMap);
    Schema reader = options.readerSchema(dataSchema);
    int[] ordinals = new int[required.fields().length];
    List<String> names = java.util.Arrays.asList(dataSchema.fieldNames());
    for (int i = 0; i < ordinals.length; i++) {
      StructField f = required.fields()[i];
      ordinals[i] = names.indexOf(f.name());
    }
    return new ZerorowFileReader.Factory(
        options.isRaw(),
        options.isFull(),
        options.recover(),
        reader == null ? null : reader.toJson(),
        ordinals,
        caseSensitive(session),
        java.util.UUID.randomUUID().toString(),
        new SerializableConfiguration(hadoopConf));
  }

  static boolean caseSensitive(SparkSession session) {
    return session.sessionState().conf().caseSensitiveAnalysis();
  }

  static Configuration hadoopConf(SparkSession session, Map<String, String> options) {
    Configuration conf = new Configuration(session.sparkContext().hadoopConfiguration());
    for (Map.Entry<String, String> e : options.entrySet()) {
      conf.set(e.getKey(), e.getValue());
    }
    return conf;
  }
}
