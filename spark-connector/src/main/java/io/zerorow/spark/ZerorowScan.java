package io.zerorow.spark;

import io.zerorow.Field;
import io.zerorow.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.util.SerializableConfiguration;

/**
 * A read of row files: scan builder, scan and batch in one. Column pruning keeps the top-level
 * fields the query uses; each row is then read for those fields only (random access, SPEC §2). One
 * input partition per file. The rows are read with the reader schema of {@link
 * ZerorowDataSource#readerSchema} (SPEC §13): the driver resolves every file's schema against it at
 * planning, and the tasks get it, and its pruned fields, as canonical JSON.
 */
final class ZerorowScan implements ScanBuilder, SupportsPushDownRequiredColumns, Scan, Batch {
  private final StructType tableSchema;
  private final CaseInsensitiveStringMap options;
  private StructType required;
  private RowFileListing listing;

  ZerorowScan(StructType tableSchema, CaseInsensitiveStringMap options) {
    this.tableSchema = tableSchema;
    this.options = options;
    this.required = tableSchema;
  }

  /**
   * Keeps the top-level fields Spark asks for, each with its full type: Spark may ask for a nested
   * subset (nested schema pruning), but a row's struct bytes hold all its fields, so the scan
   * reports the whole struct and Spark projects the nested fields itself.
   */
  @Override
  public void pruneColumns(StructType requiredSchema) {
    java.util.Set<String> names =
        new java.util.HashSet<>(Arrays.asList(requiredSchema.fieldNames()));
    List<StructField> keep = new ArrayList<>();
    for (StructField f : tableSchema.fields()) {
      if (names.contains(f.name())) {
        keep.add(f);
      }
    }
    this.required = new StructType(keep.toArray(new StructField[0]));
  }

  @Override
  public Scan build() {
    return this;
  }

  @Override
  public StructType readSchema() {
    return required;
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public String description() {
    return "zerorow " + ZerorowDataSource.paths(options) + " " + required.simpleString();
  }

  /**
   * Lists the files and reads their footers on the driver: each file's writer schema is resolved
   * against the reader schema once per fingerprint (SPEC §13.5), so a file that cannot be read with
   * it fails the query here, before any task runs. Without a reader schema the files must share one
   * schema. The schema found is what the tasks read with.
   */
  @Override
  public InputPartition[] planInputPartitions() {
    RowFileListing listing = listing();
    InputPartition[] parts = new InputPartition[listing.files.size()];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = new ZerorowPartitionReader.FilePartition(listing.files.get(i));
    }
    return parts;
  }

  /** The files, and the schema to read them with; listed once per scan. */
  private RowFileListing listing() {
    if (listing == null) {
      listing =
          RowFileListing.list(
              ZerorowDataSource.paths(options),
              ZerorowDataSource.hadoopConf(options.asCaseSensitiveMap()),
              ZerorowDataSource.readerSchema(options, tableSchema));
    }
    return listing;
  }

  /** The fields of {@code schema} at {@code ordinals}, in that order. */
  private static Schema select(Schema schema, int[] ordinals) {
    Field[] fields = new Field[ordinals.length];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = schema.field(ordinals[i]);
    }
    return Schema.of(fields);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    boolean raw = ZerorowDataSource.isRaw(options);
    List<String> names = Arrays.asList(tableSchema.fieldNames());
    List<Integer> ordinals = new ArrayList<>();
    for (StructField f : required.fields()) {
      ordinals.add(names.indexOf(f.name()));
    }
    String validation = options.getOrDefault(ZerorowDataSource.VALIDATION, "bounds");
    if (!validation.equalsIgnoreCase("bounds") && !validation.equalsIgnoreCase("full")) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\") option validation: expected bounds "
              + "or full but found \""
              + validation
              + "\"");
    }
    int[] keep = ordinals.stream().mapToInt(Integer::intValue).toArray();
    Schema reader = listing().schema;
    // the rows a task hands on: the reader's fields the query reads (all of them in raw mode)
    Schema pruned = raw ? reader : select(reader, keep);
    return new ZerorowPartitionReader.Factory(
        raw,
        keep,
        validation.equalsIgnoreCase("full"),
        reader.toJson(),
        pruned.toJson(),
        new SerializableConfiguration(ZerorowDataSource.hadoopConf(options.asCaseSensitiveMap())));
  }
}
