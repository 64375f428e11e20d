package io.zerorow.spark;

import io.zerorow.Schema;
import io.zerorow.arrow.RowFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.BaseRelation;
import org.apache.spark.sql.sources.CreatableRelationProvider;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * {@code format("zerorow")}: row files (SPEC §5) as a DataSource V2 table. Reads give decoded
 * columns (pruned to what the query uses) or, with {@code option("mode", "raw")}, one column {@code
 * row: binary} whose field metadata carries {@code zerorow.schema}. Writes give one file per task
 * through a commit protocol ({@link ZerorowBatchWrite}). Spark sends ErrorIfExists and Ignore of a
 * path-based V2 source to V1 ({@link #createRelation}); so every SaveMode is decided there, and the
 * data then goes through V2 as an append or a truncate.
 */
public final class ZerorowDataSource
    implements TableProvider, DataSourceRegister, CreatableRelationProvider {

  /** Option {@code mode}: {@code raw} for one {@code row: binary} column. */
  static final String MODE = "mode";

  /** Internal option: this write was started by {@link #createRelation} (see ZerorowTable). */
  static final String V2_WRITE = "zerorow.internal.v2write";

  /** Option {@code validation}: {@code bounds} (default) or {@code full}. */
  static final String VALIDATION = "validation";

  /**
   * Option {@code zerorowSchema}: the reader schema (SPEC §13), as zerorow's canonical JSON (which
   * can carry aliases) or a Spark DDL string, as Avro's {@code avroSchema} option gives an evolved
   * schema to read older files with.
   */
  static final String READER_SCHEMA = "zerorowSchema";

  @Override
  public String shortName() {
    return "zerorow";
  }

  @Override
  public boolean supportsExternalMetadata() {
    return true; // writes take the DataFrame's schema; reads check a given one against the files
  }

  /**
   * Called when the user gave no schema: the reader schema of option {@code zerorowSchema}, else
   * the one schema of the files (files of several schemas are refused without a reader schema).
   */
  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    RowFileListing listing =
        RowFileListing.list(paths(options), hadoopConf(options), optionSchema(options));
    return isRaw(options) ? rawSchema(listing.schema) : SparkSchemas.toSpark(listing.schema);
  }

  /** The reader schema of option {@code zerorowSchema}, or null. */
  static Schema optionSchema(CaseInsensitiveStringMap options) {
    String text = options.get(READER_SCHEMA);
    if (text == null) {
      return null;
    }
    try {
      return SparkSchemas.parse(text);
    } catch (Exception e) { // an AnalysisException (checked in Java) naming what is wrong
      throw SparkSchemas.analysisError(
          "format(\"zerorow\") option " + READER_SCHEMA + ": " + e.getMessage());
    }
  }

  /**
   * The schema a read's rows are read with (SPEC §13): option {@code zerorowSchema}; else, in raw
   * mode, the {@code zerorow.schema} of the table's {@code row} field (null when it has none: the
   * files' own); else the table's columns ({@code spark.read.schema(...)}, or the schema {@link
   * #inferSchema} found). A table schema given beside the option must be its Spark form.
   */
  static Schema readerSchema(CaseInsensitiveStringMap options, StructType table) {
    Schema option = optionSchema(options);
    boolean raw = isRaw(options);
    if (option != null) {
      StructType expected = raw ? rawSchema(option) : SparkSchemas.toSpark(option);
      if (!sameFields(expected, table)) {
        throw SparkSchemas.analysisError(
            "format(\"zerorow\"): the read schema "
                + table.simpleString()
                + " is not the Spark form of option "
                + READER_SCHEMA
                + ", "
                + expected.simpleString()
                + " (give one of the two)");
      }
      return option;
    }
    if (!raw) {
      return SparkSchemas.toZerorow(table);
    }
    if (table.fields().length != 1
        || !table.fields()[0].name().equals(RowFiles.COLUMN)
        || !(table.fields()[0].dataType() instanceof BinaryType)) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\") in raw mode reads one column "
              + "row: binary but the read schema is "
              + table.simpleString()
              + "; give the reader "
              + "schema with option(\""
              + READER_SCHEMA
              + "\", ...)");
    }
    Metadata meta = table.fields()[0].metadata();
    return meta.contains(RowFiles.SCHEMA_KEY)
        ? Schema.fromJson(meta.getString(RowFiles.SCHEMA_KEY))
        : null;
  }

  /** Same top-level names and Spark types, nullability aside. */
  static boolean sameFields(StructType a, StructType b) {
    if (a.fields().length != b.fields().length) {
      return false;
    }
    for (int i = 0; i < a.fields().length; i++) {
      if (!a.fields()[i].name().equals(b.fields()[i].name())
          || !a.fields()[i].dataType().sameType(b.fields()[i].dataType())) {
        return false;
      }
    }
    return true;
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> props) {
    if (partitioning.length > 0) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\") has no partitioning; found "
              + partitioning.length
              + " partition transform(s)");
    }
    return new ZerorowTable(schema, new CaseInsensitiveStringMap(props));
  }

  /** The raw-mode schema: {@code row: binary not null}, zerorow schema in the metadata. */
  static StructType rawSchema(Schema schema) {
    Metadata meta =
        new MetadataBuilder()
            .putString(RowFiles.SCHEMA_KEY, schema.toJson())
            .putString(RowFiles.FINGERPRINT_KEY, schema.fingerprintHex())
            .build();
    return new StructType(
        new StructField[] {new StructField(RowFiles.COLUMN, DataTypes.BinaryType, false, meta)});
  }

  static boolean isRaw(CaseInsensitiveStringMap options) {
    String mode = options.getOrDefault(MODE, "decoded").toLowerCase(Locale.ROOT);
    if (!mode.equals("raw") && !mode.equals("decoded")) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\") option mode: expected raw or "
              + "decoded but found \""
              + mode
              + "\"");
    }
    return mode.equals("raw");
  }

  static List<String> paths(CaseInsensitiveStringMap options) {
    List<String> out = new ArrayList<>();
    if (options.containsKey("path")) {
      out.add(options.get("path"));
    }
    if (options.containsKey("paths")) {
      // Spark passes load(p1, p2, ...) as a JSON array of strings
      String json = options.get("paths").trim();
      for (String s : json.substring(1, json.length() - 1).split("\",\\s*\"")) {
        String p = s.replaceAll("^\"|\"$", "").replace("\\\\", "\\").replace("\\\"", "\"");
        if (!p.isEmpty()) {
          out.add(p);
        }
      }
    }
    return out;
  }

  static Configuration hadoopConf(Map<String, String> options) {
    Configuration conf =
        new Configuration(SparkSession.active().sparkContext().hadoopConfiguration());
    for (Map.Entry<String, String> e : options.entrySet()) {
      conf.set(e.getKey(), e.getValue());
    }
    return conf;
  }

  @Override
  public BaseRelation createRelation(
      SQLContext sqlContext,
      SaveMode mode,
      scala.collection.immutable.Map<String, String> parameters,
      Dataset<Row> data) {
    Map<String, String> options = Shim.javaMap(parameters);
    List<String> paths = paths(new CaseInsensitiveStringMap(options));
    if (paths.size() != 1) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\") writes to one path but found " + paths.size());
    }
    boolean exists = hasData(paths.get(0), hadoopConf(options));
    if (exists && mode == SaveMode.ErrorIfExists) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\"): path "
              + paths.get(0)
              + " already exists (SaveMode.ErrorIfExists; use append, overwrite or ignore)");
    }
    if (!(exists && mode == SaveMode.Ignore)) {
      data.write()
          .format(shortName())
          .options(options)
          .option(V2_WRITE, "true")
          .mode(mode == SaveMode.Overwrite ? SaveMode.Overwrite : SaveMode.Append)
          .save();
    }
    StructType schema = data.schema();
    return new BaseRelation() {
      @Override
      public SQLContext sqlContext() {
        return sqlContext;
      }

      @Override
      public StructType schema() {
        return schema;
      }
    };
  }

  /** True when {@code path} is a file or a directory with at least one visible file. */
  static boolean hasData(String path, Configuration conf) {
    try {
      Path p = new Path(path);
      FileSystem fs = p.getFileSystem(conf);
      if (!fs.exists(p)) {
        return false;
      }
      if (fs.getFileStatus(p).isFile()) {
        return true;
      }
      for (FileStatus c : fs.listStatus(p)) {
        if (!c.getPath().getName().startsWith("_") && !c.getPath().getName().startsWith(".")) {
          return true;
        }
      }
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
