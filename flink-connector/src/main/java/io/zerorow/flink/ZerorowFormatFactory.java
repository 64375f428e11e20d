package io.zerorow.flink;

import java.util.Set;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
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
 * {@code 'format' = 'zerorow'} for message connectors (Kafka and the like): one message is
 * one zerorow row of the table's physical row type (README: Type mapping). Projection is
 * pushed down (only the projected fields are read); the changelog is insert-only (RowKind is
 * never written into a row).
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
    return Set.of(ZerorowFormatOptions.IGNORE_PARSE_ERRORS, ZerorowFormatOptions.VALIDATION);
  }

  @Override
  public ProjectableDecodingFormat<DeserializationSchema<RowData>> createDecodingFormat(
      DynamicTableFactory.Context context, ReadableConfig options) {
    FactoryUtil.validateFactoryOptions(this, options);
    boolean ignore = options.get(ZerorowFormatOptions.IGNORE_PARSE_ERRORS);
    io.zerorow.ValidationLevel level = ZerorowFormatOptions.validation(options);
    return new ProjectableDecodingFormat<>() {
      @Override
      public DeserializationSchema<RowData> createRuntimeDecoder(
          DynamicTableSource.Context ctx, DataType physicalDataType, int[][] projections) {
        RowType full = (RowType) physicalDataType.getLogicalType();
        DataType produced = Projection.of(projections).project(physicalDataType);
        TypeInformation<RowData> info = ctx.createTypeInformation(produced);
        RowDecoder decoder = new RowDecoder(FlinkTypes.toSchema(full),
            RowDecoder.topLevel(projections), level);
        return new ZerorowDeserializationSchema(decoder, info, ignore);
      }

      @Override
      public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
      }
    };
  }

  @Override
  public EncodingFormat<SerializationSchema<RowData>> createEncodingFormat(
      DynamicTableFactory.Context context, ReadableConfig options) {
    FactoryUtil.validateFactoryOptions(this, options);
    return new EncodingFormat<>() {
      @Override
      public SerializationSchema<RowData> createRuntimeEncoder(DynamicTableSink.Context ctx,
          DataType physicalDataType) {
        return new ZerorowSerializationSchema((RowType) physicalDataType.getLogicalType());
      }

      @Override
      public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
      }
    };
  }
}
