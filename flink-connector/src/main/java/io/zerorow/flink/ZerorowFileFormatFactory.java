package io.zerorow.flink;

import io.zerorow.arrow.RowFileWriter;
import io.zerorow.type.Schema;
import java.util.Set;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.table.factories.BulkReaderFormatFactory;
import org.apache.flink.connector.file.table.factories.BulkWriterFormatFactory;
import org.apache.flink.connector.file.table.format.BulkDecodingFormat;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.Projection;
import org.apache.flink.table.connector.format.EncodingFormat;
import org.apache.flink.table.connector.format.ProjectableDecodingFormat;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

/**
 * {@code 'format' = 'zerorow'} for the filesystem connector: reads and writes row files (SPEC §5),
 * as flink-parquet does for Parquet. Reading pushes the projection down (only the projected fields
 * are read, lazily); writing rolls a new file on every checkpoint. Each file's schema is resolved
 * against the table's physical row type (SPEC §13.5): files written with an older or newer schema
 * that the table's can read give the table's columns.
 */
public final class ZerorowFileFormatFactory
    implements BulkReaderFormatFactory, BulkWriterFormatFactory {
  public static final ConfigOption<Integer> BATCH_ROWS =
      ConfigOptions.key("batch-rows")
          .intType()
          .defaultValue(4096)
          .withDescription("Rows per Arrow record batch in written files.");

  /** Arrow IPC body compression of written files (SPEC §5.2): none, lz4 or zstd. */
  public static final ConfigOption<String> COMPRESSION =
      ConfigOptions.key("compression")
          .stringType()
          .defaultValue("none")
          .withDescription(
              "Arrow IPC body compression of written row files: none (default), lz4 or zstd."
                  + " Reading needs no option: compressed files are read as they are.");

  /** Whether written files carry the crc32c column, one CRC-32C per row (SPEC §5.1). */
  public static final ConfigOption<Boolean> CHECKSUM =
      ConfigOptions.key("checksum")
          .booleanType()
          .defaultValue(true)
          .withDescription(
              "Write the crc32c column (one CRC-32C per row) into row files (default true);"
                  + " readers verify it at validation bounds and full.");

  @Override
  public String factoryIdentifier() {
    return ZerorowFormatFactory.IDENTIFIER;
  }

  @Override
  public Set<ConfigOption<?>> requiredOptions() {
    return Set.of();
  }

  @Override
  public Set<ConfigOption<?>> optionalOptions() {
    return Set.of(
        ZerorowFormatOptions.IGNORE_PARSE_ERRORS,
        ZerorowFormatOptions.VALIDATION,
        ZerorowFormatOptions.MODE,
        ZerorowFormatOptions.SCHEMA,
        BATCH_ROWS,
        COMPRESSION,
        CHECKSUM);
  }

  @Override
  public BulkDecodingFormat<RowData> createDecodingFormat(
      DynamicTableFactory.Context context, ReadableConfig options) {
    FactoryUtil.validateFactoryOptions(this, options);
    boolean ignore = options.get(ZerorowFormatOptions.IGNORE_PARSE_ERRORS);
    ZerorowFormatOptions.raw(options); // an unknown mode fails here
    return new Decoding(ignore, ZerorowFormatOptions.validation(options, ignore), options);
  }

  @Override
  public EncodingFormat<BulkWriter.Factory<RowData>> createEncodingFormat(
      DynamicTableFactory.Context context, ReadableConfig options) {
    FactoryUtil.validateFactoryOptions(this, options);
    RowFileWriter.Options file = writerOptions(options);
    io.zerorow.row.ValidationLevel level = ZerorowFormatOptions.validation(options);
    ZerorowFormatOptions.raw(options); // an unknown mode fails here
    return new EncodingFormat<>() {
      @Override
      public BulkWriter.Factory<RowData> createRuntimeEncoder(
          DynamicTableSink.Context ctx, DataType physicalDataType) {
        RowType table = (RowType) physicalDataType.getLogicalType();
        Schema raw = ZerorowFormatOptions.rawSchema(options, table);
        return raw == null
            ? new RowFileWriterFactory(table, file)
            : RowFileWriterFactory.raw(raw, level, file);
      }

      @Override
      public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
      }
    };
  }

  /**
   * The row-file options of a write: batch rows, compression (an unknown codec is a {@code
   * ValidationException} naming the supported ones) and checksums.
   */
  static RowFileWriter.Options writerOptions(ReadableConfig options) {
    RowFileWriter.Compression compression;
    try {
      compression = RowFileWriter.Compression.parse(options.get(COMPRESSION));
    } catch (IllegalArgumentException e) {
      throw new ValidationException(
          "zerorow option '" + COMPRESSION.key() + "': " + e.getMessage());
    }
    int batchRows = options.get(BATCH_ROWS);
    return RowFileWriter.Options.defaults()
        .withBatch(batchRows, RowFileWriter.DEFAULT_BATCH_BYTES)
        .withCompression(compression)
        .withChecksum(options.get(CHECKSUM));
  }

  private static final class Decoding
      implements BulkDecodingFormat<RowData>,
          ProjectableDecodingFormat<BulkFormat<RowData, FileSourceSplit>> {
    private final boolean ignoreParseErrors;
    private final io.zerorow.row.ValidationLevel level;
    private final ReadableConfig options;

    Decoding(
        boolean ignoreParseErrors, io.zerorow.row.ValidationLevel level, ReadableConfig options) {
      this.ignoreParseErrors = ignoreParseErrors;
      this.level = level;
      this.options = options;
    }

    @Override
    public BulkFormat<RowData, FileSourceSplit> createRuntimeDecoder(
        DynamicTableSource.Context ctx, DataType physicalDataType, int[][] projections) {
      RowType full = (RowType) physicalDataType.getLogicalType();
      DataType produced = Projection.of(projections).project(physicalDataType);
      TypeInformation<RowData> info = ctx.createTypeInformation(produced);
      Schema raw = ZerorowFormatOptions.rawSchema(options, full);
      if (raw != null) {
        // one column: a projection keeps it, or reads none of it (COUNT(*))
        return new RowFileFormat<>(
            new RowFileOutputs.Raw(raw, level, projections.length == 1), info, ignoreParseErrors);
      }
      RowDecoder decoder =
          new RowDecoder(FlinkTypes.toSchema(full), RowDecoder.topLevel(projections), level);
      return new RowFileFormat<>(new RowFileOutputs.Decoded(decoder), info, ignoreParseErrors);
    }

    @Override
    public ChangelogMode getChangelogMode() {
      return ChangelogMode.insertOnly();
    }
  }
}
