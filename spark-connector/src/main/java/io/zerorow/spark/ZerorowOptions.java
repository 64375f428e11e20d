package io.zerorow.spark;

import io.zerorow.arrow.RowFileWriter;
import io.zerorow.arrow.RowFiles;
import io.zerorow.type.Schema;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The options of {@code format("zerorow")}, checked the same way on every read and write: keys are
 * case-insensitive; an unknown key is an error naming it, the nearest known key and all of them
 * (Spark's own sources ignore a misspelt option, which reads the wrong thing without a word). Keys
 * with a dot ({@code fs.s3a.…}, {@code mapreduce.…}) go to Hadoop's configuration, as for every
 * file source, and keys starting with {@code __} are Spark's own.
 */
final class ZerorowOptions {
  /** Option {@code mode}: {@code decoded} (default) or {@code raw}: one {@code row: binary}. */
  static final String MODE = "mode";

  /** Option {@code validation}: {@code bounds} (default) or {@code full} (SPEC §6.2). */
  static final String VALIDATION = "validation";

  /**
   * Option {@code zerorowSchema}: the reader schema (SPEC §13), zerorow's canonical JSON (which can
   * carry aliases) or a Spark DDL string, as Avro's {@code avroSchema} reads older files.
   */
  static final String READER_SCHEMA = "zerorowSchema";

  /**
   * Option {@code compression} of a write: {@code none} (default; {@code uncompressed} too), {@code
   * lz4} or {@code zstd}, Arrow IPC body compression (SPEC §5.2).
   */
  static final String COMPRESSION = "compression";

  /** Option {@code checksum} of a write: {@code true} (default) writes the crc32c column (§5.1). */
  static final String CHECKSUM = "checksum";

  /**
   * Option {@code recover} of a read: {@code true} reads a cut file's complete record batches and
   * logs what was lost (SPEC §5.3); default {@code false}: a cut file fails the read.
   */
  static final String RECOVER = "recover";

  /** zerorow's own options. */
  static final List<String> OWN =
      List.of(MODE, VALIDATION, READER_SCHEMA, COMPRESSION, CHECKSUM, RECOVER);

  /** The options every Spark file source takes (Spark's file index and file writer read them). */
  static final List<String> FILE_SOURCE =
      List.of(
          "path",
          "paths",
          "basePath",
          "recursiveFileLookup",
          "pathGlobFilter",
          "modifiedBefore",
          "modifiedAfter",
          "ignoreCorruptFiles",
          "ignoreMissingFiles",
          "maxRecordsPerFile",
          "partitionOverwriteMode");

  /** Options Spark itself adds to a scan (FileFormat.OPTION_RETURNING_BATCH). */
  private static final java.util.Set<String> SPARK_INTERNAL = java.util.Set.of("returning_batch");

  private final Map<String, String> options; // lower-case keys

  private ZerorowOptions(Map<String, String> options) {
    this.options = options;
  }

  /** The options, checked: an unknown key or a bad value is an {@code AnalysisException}. */
  static ZerorowOptions of(Map<String, String> given) {
    Map<String, String> lower = new TreeMap<>();
    for (Map.Entry<String, String> e : given.entrySet()) {
      String key = e.getKey();
      if (!key.startsWith("__")
          && !key.contains(".")
          && !SPARK_INTERNAL.contains(key.toLowerCase(Locale.ROOT))
          && known(key) == null) {
        throw SparkSchemas.analysisError(
            "format(\"zerorow\"): unknown option \""
                + key
                + "\" (did you mean \""
                + Names.nearest(key, allKnown())
                + "\"?); the options are "
                + String.join(", ", OWN)
                + " and the file-source options "
                + String.join(", ", FILE_SOURCE)
                + "; keys with a dot go to Hadoop's configuration");
      }
      lower.put(key.toLowerCase(Locale.ROOT), e.getValue());
    }
    ZerorowOptions o = new ZerorowOptions(lower);
    o.isRaw();
    o.isFull();
    o.compression();
    o.checksum();
    o.recover();
    return o;
  }

  private static List<String> allKnown() {
    List<String> all = new java.util.ArrayList<>(OWN);
    all.addAll(FILE_SOURCE);
    return all;
  }

  private static String known(String key) {
    for (String k : allKnown()) {
      if (k.equalsIgnoreCase(key)) {
        return k;
      }
    }
    return null;
  }

  String get(String key) {
    return options.get(key.toLowerCase(Locale.ROOT));
  }

  /** {@code mode}: raw or decoded (default). */
  boolean isRaw() {
    String mode = options.getOrDefault(MODE.toLowerCase(Locale.ROOT), "decoded");
    String m = mode.toLowerCase(Locale.ROOT);
    if (!m.equals("raw") && !m.equals("decoded")) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\") option mode: expected raw or decoded but found \"" + mode + "\"");
    }
    return m.equals("raw");
  }

  /** {@code validation}: full, or bounds (default). */
  boolean isFull() {
    String v = options.getOrDefault(VALIDATION, "bounds");
    if (!v.equalsIgnoreCase("bounds") && !v.equalsIgnoreCase("full")) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\") option validation: expected bounds or full but found \"" + v + "\"");
    }
    return v.equalsIgnoreCase("full");
  }

  /** {@code compression}: an unknown codec is refused naming the supported ones (SPEC §5.2). */
  RowFileWriter.Compression compression() {
    String c = options.get(COMPRESSION);
    if (c == null) {
      return RowFileWriter.Compression.NONE;
    }
    try {
      return RowFileWriter.Compression.parse(c);
    } catch (IllegalArgumentException e) {
      throw SparkSchemas.analysisError("format(\"zerorow\") option compression: " + e.getMessage());
    }
  }

  /** {@code checksum}: true (default) or false. */
  boolean checksum() {
    return bool(CHECKSUM, true);
  }

  /** {@code recover}: false (default) or true. */
  boolean recover() {
    return bool(RECOVER, false);
  }

  private boolean bool(String key, boolean fallback) {
    String v = options.get(key.toLowerCase(Locale.ROOT));
    if (v == null) {
      return fallback;
    }
    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\") option " + key + ": expected true or false but found \"" + v + "\"");
    }
    return v.equalsIgnoreCase("true");
  }

  /** {@code ignoreCorruptFiles}: the option, else Spark's {@code spark.sql.files.…} setting. */
  boolean ignoreCorruptFiles(String sessionDefault) {
    return Boolean.parseBoolean(options.getOrDefault("ignorecorruptfiles", sessionDefault));
  }

  /** The reader schema of option {@code zerorowSchema}, or null. */
  Schema optionSchema() {
    String text = get(READER_SCHEMA);
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
   * mode, the {@code zerorow.schema} of the {@code row} column (null when it has none: each file's
   * own); else the data columns ({@code spark.read.schema(...)} or the files' schema). A schema
   * given beside the option must be its Spark form.
   */
  Schema readerSchema(StructType data) {
    Schema option = optionSchema();
    boolean raw = isRaw();
    if (option != null) {
      StructType expected = raw ? rawSchema(option) : SparkSchemas.toSpark(option);
      if (!sameFields(expected, data)) {
        throw SparkSchemas.analysisError(
            "format(\"zerorow\"): the read schema "
                + data.simpleString()
                + " is not the Spark form of option "
                + READER_SCHEMA
                + ", "
                + expected.simpleString()
                + " (give one of the two)");
      }
      return option;
    }
    if (!raw) {
      return SparkSchemas.toZerorow(data);
    }
    if (data.fields().length != 1
        || !data.fields()[0].name().equals(RowFiles.COLUMN)
        || !(data.fields()[0].dataType() instanceof BinaryType)) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\") in raw mode reads one column row: binary but the read schema is "
              + data.simpleString()
              + "; give the reader schema with option(\""
              + READER_SCHEMA
              + "\", ...)");
    }
    Metadata meta = data.fields()[0].metadata();
    return meta.contains(RowFiles.SCHEMA_KEY)
        ? Schema.fromJson(meta.getString(RowFiles.SCHEMA_KEY))
        : null;
  }

  /** Same top-level names (any case) and Spark types, nullability aside. */
  static boolean sameFields(StructType a, StructType b) {
    if (a.fields().length != b.fields().length) {
      return false;
    }
    for (int i = 0; i < a.fields().length; i++) {
      if (!a.fields()[i].name().equalsIgnoreCase(b.fields()[i].name())
          || !a.fields()[i]
              .dataType()
              .asNullable()
              .sameType(b.fields()[i].dataType().asNullable())) {
        return false;
      }
    }
    return true;
  }

  /** The raw-mode schema: {@code row: binary}, the zerorow schema in its metadata. */
  static StructType rawSchema(Schema schema) {
    Metadata meta =
        new MetadataBuilder()
            .putString(RowFiles.SCHEMA_KEY, schema.toJson())
            .putString(RowFiles.FINGERPRINT_KEY, schema.fingerprintHex())
            .build();
    return new StructType(
        new StructField[] {new StructField(RowFiles.COLUMN, DataTypes.BinaryType, false, meta)});
  }
}
