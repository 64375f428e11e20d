package io.zerorow.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.SimpleCounter;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.factories.DeserializationFormatFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.factories.SerializationFormatFactory;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;
import org.junit.jupiter.api.Test;

/** 'format' = 'zerorow' for messages: round trip, projection, malformed messages both ways. */
class FormatFactoryTest {
  static final DataType PHYSICAL =
      DataTypes.ROW(
          DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
          DataTypes.FIELD("name", DataTypes.STRING()),
          DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())));

  /** Only what the format uses of the source context: type information for the produced type. */
  static final DynamicTableSource.Context CONTEXT =
      new DynamicTableSource.Context() {
        @Override
        @SuppressWarnings("unchecked")
        public <T> TypeInformation<T> createTypeInformation(DataType producedDataType) {
          return (TypeInformation<T>) InternalTypeInfo.of(producedDataType.getLogicalType());
        }

        @Override
        public <T> TypeInformation<T> createTypeInformation(
            org.apache.flink.table.types.logical.LogicalType t) {
          return createTypeInformation(
              org.apache.flink.table.types.utils.TypeConversions.fromLogicalToDataType(t));
        }

        @Override
        public DynamicTableSource.DataStructureConverter createDataStructureConverter(DataType t) {
          throw new UnsupportedOperationException();
        }
      };

  static ZerorowFormatFactory factory() {
    // found by its identifier, as a table's 'format' = 'zerorow' finds it
    DeserializationFormatFactory d =
        FactoryUtil.discoverFactory(
            FormatFactoryTest.class.getClassLoader(),
            DeserializationFormatFactory.class,
            "zerorow");
    FactoryUtil.discoverFactory(
        FormatFactoryTest.class.getClassLoader(), SerializationFormatFactory.class, "zerorow");
    return (ZerorowFormatFactory) d;
  }

  static DeserializationSchema<RowData> decoder(boolean ignore, int[][] projection) {
    Configuration options = new Configuration();
    options.setString("ignore-parse-errors", String.valueOf(ignore));
    return factory()
        .createDecodingFormat(null, options)
        .createRuntimeDecoder(CONTEXT, PHYSICAL, projection);
  }

  static byte[] encode(long id, String name) {
    SerializationSchema<RowData> s =
        factory()
            .createEncodingFormat(null, new Configuration())
            .createRuntimeEncoder(null, PHYSICAL);
    return s.serialize(GenericRowData.of(id, StringData.fromString(name), null));
  }

  @Test
  void roundTripWithProjection() throws IOException {
    byte[] m = encode(7, "seven");
    RowData all = decoder(false, new int[][] {{0}, {1}, {2}}).deserialize(m);
    assertEquals(7L, all.getLong(0));
    assertEquals("seven", all.getString(1).toString());
    assertTrue(all.isNullAt(2));
    RowData projected = decoder(false, new int[][] {{1}}).deserialize(m);
    assertEquals(1, projected.getArity());
    assertEquals("seven", projected.getString(0).toString());
  }

  /** A string whose reference points past the row: the error names the field and the numbers. */
  static byte[] malformed() {
    byte[] m = encode(8, "eight");
    m[8 + 8 + 7] = 0x7f; // the high byte of name's offset (slot 1, after the 8-byte bitmap)
    return m;
  }

  @Test
  void malformedMessageFailsByDefault() {
    IOException e =
        assertThrows(
            IOException.class,
            () -> {
              DeserializationSchema<RowData> d = decoder(false, new int[][] {{0}, {1}});
              d.deserialize(encode(1, "ok"));
              d.deserialize(malformed());
            });
    assertTrue(
        e.getMessage()
            .contains(
                "message 1 ("
                    + malformed().length
                    + " bytes; messages "
                    + "are numbered from 0 by each source subtask since it started)"),
        e.getMessage());
    assertTrue(e.getMessage().contains("at name"), e.getMessage());
    assertTrue(e.getMessage().contains("expected"), e.getMessage());
    assertTrue(e.getMessage().contains("zerorow.ignore-parse-errors"), e.getMessage());
  }

  @Test
  void malformedMessagesAreSkippedAndCountedWhenIgnored() throws IOException {
    ZerorowDeserializationSchema d =
        (ZerorowDeserializationSchema) decoder(true, new int[][] {{0}});
    assertEquals(1L, d.deserialize(encode(1, "a")).getLong(0));
    assertNull(d.deserialize(malformed()));
    assertNull(d.deserialize(Arrays.copyOf(encode(2, "b"), 5))); // truncated
    assertEquals(3L, d.deserialize(encode(3, "c")).getLong(0));
    assertEquals(2, d.parseErrors());
  }

  /** The counter a deserialization schema registers when Flink opens it. */
  @Test
  void skippedMessagesAreCountedInTheMetricRegisteredInOpen() throws Exception {
    Map<String, Counter> registered = new HashMap<>();
    MetricGroup group =
        new UnregisteredMetricsGroup() {
          @Override
          public Counter counter(String name) {
            return counter(name, new SimpleCounter());
          }

          @Override
          public <C extends Counter> C counter(String name, C counter) {
            registered.put(name, counter);
            return counter;
          }
        };
    DeserializationSchema<RowData> d = decoder(true, new int[][] {{0}});
    d.open(
        new DeserializationSchema.InitializationContext() {
          @Override
          public MetricGroup getMetricGroup() {
            return group;
          }

          @Override
          public UserCodeClassLoader getUserCodeClassLoader() {
            return SimpleUserCodeClassLoader.create(FormatFactoryTest.class.getClassLoader());
          }
        });
    Counter c = registered.get(ZerorowDeserializationSchema.PARSE_ERRORS_METRIC);
    assertEquals(0, c.getCount());
    assertEquals(1L, d.deserialize(encode(1, "a")).getLong(0));
    assertNull(d.deserialize(malformed()));
    assertNull(d.deserialize(new byte[3])); // shorter than the fixed region
    assertEquals(2, c.getCount());
  }

  @Test
  void unknownOptionsAndTypesAreRejected() {
    Configuration bad = new Configuration();
    bad.setString("validation", "sometimes");
    assertThrows(
        org.apache.flink.table.api.ValidationException.class,
        () -> factory().createDecodingFormat(null, bad).createRuntimeDecoder(CONTEXT, PHYSICAL));
    DataType unmapped = DataTypes.ROW(DataTypes.FIELD("ym", DataTypes.INTERVAL(DataTypes.MONTH())));
    io.zerorow.UnsupportedException e =
        assertThrows(
            io.zerorow.UnsupportedException.class,
            () -> new ZerorowSerializationSchema((RowType) unmapped.getLogicalType()));
    assertEquals("ym", e.path());
  }
}
