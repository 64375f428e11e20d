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
    DataType unmapped = DataTypes.ROW(DataTypes.FIELD("ym", DataTypes.TIMESTAMP_WITH_TIME_ZONE(3)));
    io.zerorow.UnsupportedException e =
        assertThrows(
            io.zerorow.UnsupportedException.class,
            () -> new ZerorowSerializationSchema((RowType) unmapped.getLogicalType()));
    assertEquals("ym", e.path());
  }

  /**
   * SPEC 1.2's types through the message format, nested too: BINARY(n), INTERVAL YEAR TO MONTH,
   * INTERVAL DAY TO SECOND, CHAR/VARCHAR(n) and VARIANT where Flink has it; values equal.
   */
  @Test
  void spec12TypesRoundTripThroughMessages() throws IOException {
    java.util.List<DataTypes.Field> fields =
        new java.util.ArrayList<>(
            java.util.List.of(
                // NULL: Flink's runtime has no serializer for it (README: Type mapping)
                DataTypes.FIELD("n", DataTypes.STRING()),
                DataTypes.FIELD("fb", DataTypes.BINARY(4)),
                DataTypes.FIELD("ym", DataTypes.INTERVAL(DataTypes.YEAR(), DataTypes.MONTH())),
                DataTypes.FIELD("dt", DataTypes.INTERVAL(DataTypes.DAY(), DataTypes.SECOND(3))),
                DataTypes.FIELD("c", DataTypes.CHAR(2)),
                DataTypes.FIELD("yms", DataTypes.ARRAY(DataTypes.INTERVAL(DataTypes.MONTH()))),
                DataTypes.FIELD("fbs", DataTypes.MAP(DataTypes.STRING(), DataTypes.BINARY(2)))));
    if (VariantShim.HAS_VARIANT) {
      fields.add(
          DataTypes.FIELD(
              "v",
              org.apache.flink.table.types.utils.TypeConversions.fromLogicalToDataType(
                  VariantShim.toFlink(true, "v"))));
    }
    DataType physical = DataTypes.ROW(fields.toArray(new DataTypes.Field[0]));
    RowType type = (RowType) physical.getLogicalType();
    Map<Object, Object> fbs = new java.util.LinkedHashMap<>();
    fbs.put(StringData.fromString("k"), new byte[] {9, 8});
    fbs.put(StringData.fromString("none"), null);
    GenericRowData value =
        GenericRowData.of(
            null,
            new byte[] {1, 2, 3, 4},
            -14,
            90_061_005L,
            StringData.fromString("ab"),
            new org.apache.flink.table.data.GenericArrayData(new Object[] {1, null, -25}),
            new org.apache.flink.table.data.GenericMapData(fbs));
    if (VariantShim.HAS_VARIANT) {
      GenericRowData withVariant = new GenericRowData(8);
      for (int i = 0; i < 7; i++) {
        withVariant.setField(i, value.getField(i));
      }
      withVariant.setField(
          7,
          VariantShim.toFlinkValue(
              io.zerorow.type.Variant.fromJson("{\"a\":[1,\"x\",null],\"b\":2.5}")));
      value = withVariant;
    }
    byte[] m =
        factory()
            .createEncodingFormat(null, new Configuration())
            .createRuntimeEncoder(null, physical)
            .serialize(value);
    int[][] all = new int[type.getFieldCount()][];
    for (int i = 0; i < all.length; i++) {
      all[i] = new int[] {i};
    }
    RowData back =
        factory()
            .createDecodingFormat(null, new Configuration())
            .createRuntimeDecoder(CONTEXT, physical, all)
            .deserialize(m);
    assertNull(RandomRows.difference(type, value, back, ""));
    assertTrue(back.isNullAt(0));
    assertEquals(-14, back.getInt(2)); // months
    assertEquals(90_061_005L, back.getLong(3)); // milliseconds: 1 day 01:01:01.005
    // the message is a row of the zerorow schema any reader opens (SPEC §3.7, §3.8)
    io.zerorow.row.BinaryRow row = io.zerorow.row.BinaryRow.wrap(FlinkTypes.toSchema(type), m);
    assertEquals(-14, row.getInt(2));
    assertEquals(90_061_005_000L, row.getLong(3)); // microseconds
    assertEquals("[1, 2, 3, 4]", Arrays.toString(row.getBinary(1)));
    if (VariantShim.HAS_VARIANT) {
      assertEquals("{\"a\":[1,\"x\",null],\"b\":2.5}", row.getVariant(7).toJson());
    }
  }
}
