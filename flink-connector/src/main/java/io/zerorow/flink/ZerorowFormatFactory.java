package io.zerorow.flink;

import io.zerorow.ZerorowException;
import io.zerorow.row.Resolution;
import io.zerorow.type.Schema;
import java.util.Set;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.Projection;
import org.apache.flink.table.connector.format.EncodingFormat;
import org.apache.flink.table.connector.format.ProjectableDecodingFormat;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DeserializationFormatFactory;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.factories.SerializationFormatFactory;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

/**
 * {@code 'format' = 'zerorow'} for message connectors (Kafka and the like): one message is one
 * zerorow row of the table's physical row type (README: Type mapping). Projection is pushed down
 * (only the projected fields are read); the changelog is insert-only (RowKind is never written into
 * a row). Messages written with another schema than the table's are read through its resolution
 * when {@code 'zerorow.writer-schema'} names it (SPEC §13).
 */
public final class ZerorowFormatFactory
    implements DeserializationFormatFactory, SerializationFormatFactory {
  public static final String IDENTIFIER = "zerorow";

  @Override
  public String factoryIdentifier() {
    return IDENTIFIER;
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
        ZerorowFormatOptions.WRITER_SCHEMA);
  }

  @Override
  public ProjectableDecodingFormat<DeserializationSchema<RowData>> createDecodingFormat(
      DynamicTableFactory.Context context, ReadableConfig options) {
    FactoryUtil.validateFactoryOptions(this, options);
    boolean ignore = options.get(ZerorowFormatOptions.IGNORE_PARSE_ERRORS);
    io.zerorow.row.ValidationLevel level = ZerorowFormatOptions.validation(options, ignore);
    Schema writer = ZerorowFormatOptions.writerSchema(options);
    return new ProjectableDecodingFormat<>() {
      @Override
      public DeserializationSchema<RowData> createRuntimeDecoder(
          DynamicTableSource.Context ctx, DataType physicalDataType, int[][] projections) {
        RowType full = (RowType) physicalDataType.getLogicalType();
        DataType produced = Projection.of(projections).project(physicalDataType);
        TypeInformation<RowData> info = ctx.createTypeInformation(produced);
        Schema table = FlinkTypes.toSchema(full);
        RowDecoder decoder = new RowDecoder(table, RowDecoder.topLevel(projections), level);
        return new ZerorowDeserializationSchema(decoder, info, ignore, resolvable(writer, table));
      }

      @Override
      public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
      }
    };
  }

  /**
   * The writer schema of {@code 'zerorow.writer-schema'} when the table's schema can read it (null
   * when not given, or when it is the table's); refused here, when the query is planned, naming
   * both schemas and the schema path (SPEC §13.1).
   */
  static Schema resolvable(Schema writer, Schema table) {
    if (writer == null || (writer.fingerprint() == table.fingerprint() && writer.equals(table))) {
      return null;
    }
    try {
      Resolution.resolve(writer, table);
    } catch (ZerorowException e) {
      throw new ValidationException(
          "'zerorow.writer-schema' "
              + writer.fingerprintHex()
              + " "
              + writer.toJson()
              + " cannot be read as the table's schema "
              + table.fingerprintHex()
              + " "
              + table.toJson()
              + ": "
              + e.getMessage(),
          e);
    }
    return writer;
  }

  @Override
  public EncodingFormat<SerializationSchema<RowData>> createEncodingFormat(
      DynamicTableFactory.Context context, ReadableConfig options) {
    FactoryUtil.validateFactoryOptions(this, options);
    return new EncodingFormat<>() {
      @Override
      public SerializationSchema<RowData> createRuntimeEncoder(
          DynamicTableSink.Context ctx, DataType physicalDataType) {
        return new ZerorowSerializationSchema((RowType) physicalDataType.getLogicalType());
      }

      @Override
      public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
      }
    };
  }
}
