package io.zerorow.spark;

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
 * fields the query uses; each row is then read for those fields only (random access, SPEC §2).
 * One input partition per file.
 */
final class ZerorowScan implements ScanBuilder, SupportsPushDownRequiredColumns, Scan, Batch {
  private final StructType tableSchema;
  private final CaseInsensitiveStringMap options;
  private StructType required;

  ZerorowScan(StructType tableSchema, CaseInsensitiveStringMap options) {
    this.tableSchema = tableSchema;
    this.options = options;
    this.required = tableSchema;
  }

  @Override
  public void pruneColumns(StructType requiredSchema) {
    this.required = requiredSchema;
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

  @Override
  public InputPartition[] planInputPartitions() {
    RowFileListing listing = RowFileListing.list(ZerorowDataSource.paths(options),
        ZerorowDataSource.hadoopConf(options.asCaseSensitiveMap()));
    checkTableSchema(listing.schema);
    InputPartition[] parts = new InputPartition[listing.files.size()];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = new ZerorowPartitionReader.FilePartition(listing.files.get(i));
    }
    return parts;
  }

  /** A schema given by the user (or a stale one) must be what the files hold. */
  private void checkTableSchema(Schema files) {
    StructType expected = ZerorowDataSource.isRaw(options) ? ZerorowDataSource.rawSchema(files)
        : SparkSchemas.toSpark(files);
    if (!sameFields(expected, tableSchema)) {
      throw SparkSchemas.analysisError("format(\"zerorow\"): the read schema "
          + tableSchema.simpleString() + " is not the files' schema " + expected.simpleString());
    }
  }

  private static boolean sameFields(StructType a, StructType b) {
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
  public PartitionReaderFactory createReaderFactory() {
    boolean raw = ZerorowDataSource.isRaw(options);
    List<String> names = Arrays.asList(tableSchema.fieldNames());
    List<Integer> ordinals = new ArrayList<>();
    for (StructField f : required.fields()) {
      ordinals.add(names.indexOf(f.name()));
    }
    String validation = options.getOrDefault(ZerorowDataSource.VALIDATION, "bounds");
    if (!validation.equalsIgnoreCase("bounds") && !validation.equalsIgnoreCase("full")) {
      throw SparkSchemas.analysisError("format(\"zerorow\") option validation: expected bounds "
          + "or full but found \"" + validation + "\"");
    }
    return new ZerorowPartitionReader.Factory(raw,
        ordinals.stream().mapToInt(Integer::intValue).toArray(),
        validation.equalsIgnoreCase("full"),
        new SerializableConfiguration(
            ZerorowDataSource.hadoopConf(options.asCaseSensitiveMap())));
  }
}
