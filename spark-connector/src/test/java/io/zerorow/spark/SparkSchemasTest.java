package io.zerorow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.connector.testing.TypeMapVectors;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.ObjectType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.UserDefinedType;
import org.apache.spark.sql.types.YearMonthIntervalType;
import org.junit.jupiter.api.Test;

/** StructType ↔ Schema for every mapped type, and a clear error for each unmapped one. */
class SparkSchemasTest {

  @Test
  void everyMappedTypeBothWays() {
    StructType spark =
        StructType.fromDDL(
            "b BOOLEAN, i8 TINYINT, i16 SMALLINT, i32 INT, "
                + "i64 BIGINT, f32 FLOAT, f64 DOUBLE, s STRING, bin BINARY, d DATE, ts TIMESTAMP, "
                + "ntz TIMESTAMP_NTZ, dur INTERVAL DAY TO SECOND, small DECIMAL(10,2), "
                + "big DECIMAL(38,6), l ARRAY<STRING>, m MAP<STRING, ARRAY<INT>>, "
                + "st STRUCT<x: INT, y: STRUCT<z: STRING>>");
    Schema z = SparkSchemas.toZerorow(spark);
    // an instant, shown in the reading session's zone: the schema says UTC (SparkSchemas)
    assertEquals(DataTypes.timestamp("UTC"), z.field("ts").type());
    assertEquals(
        DataTypes.timestamp("Europe/Paris"),
        SparkSchemas.toZerorow(spark, "Europe/Paris").field("ts").type());
    assertEquals(DataTypes.timestamp(), z.field("ntz").type());
    assertEquals(DataTypes.duration(), z.field("dur").type());
    assertEquals(DataTypes.decimal(38, 6), z.field("big").type());
    assertEquals(DataTypes.list(DataTypes.string(), true), z.field("l").type());
    assertEquals(DataTypes.int8(), z.field("i8").type());
    StructType back = SparkSchemas.toSpark(z);
    assertEquals(spark.simpleString(), back.simpleString());
    assertEquals(z, SparkSchemas.parse(z.toJson()));
    assertEquals(z, SparkSchemas.parse(spark.toDDL()));
  }

  /**
   * Every golden vector's schema to a StructType and back (SPEC Appendix B): equal, except the
   * vectors declared here; the connector kit's driver fails on any other outcome and on a declared
   * name that is no vector.
   */
  @Test
  void everyGoldenVectorBothWays() {
    Map<String, TypeMapVectors.Outcome> declared = new HashMap<>();
    TypeMapVectors.Outcome fixed = TypeMapVectors.changed("fixed_binary as BinaryType");
    TypeMapVectors.Outcome uuid = TypeMapVectors.changed("uuid as BinaryType");
    TypeMapVectors.Outcome both = TypeMapVectors.changed("fixed_binary and uuid as BinaryType");
    for (String v :
        List.of(
            "fixed_binary_large",
            "fixed_binary_nulls_and_lists",
            "fixed_binary_sizes",
            "map_fixed_binary_keys")) {
      declared.put(v, fixed);
    }
    for (String v : List.of("uuid_and_fixed_binary_16", "uuid_in_list_map_struct", "uuid_values")) {
      declared.put(v, uuid);
    }
    declared.put("list_of_lists_new_types", both);
    declared.put(
        "timestamp_zones", TypeMapVectors.changed("a zone as UTC: TimestampType has no zone"));
    if (Sessions.spark4()) {
      declared.put(
          "field_defaults",
          TypeMapVectors.changed(
              "defaults (SPEC §13.7), fixed_binary and uuid: not in a StructType"));
      for (String v :
          List.of("map_new_type_values", "new_types_all_null", "new_types_in_struct_in_list")) {
        declared.put(v, both);
      }
    } else {
      // Spark 3.5: no TimeType (Spark 4.1) and no VariantType (Spark 4.0), refused naming the field
      declared.putAll(
          TypeMapVectors.refusedWherever(
              Set.of(TypeId.TIME, TypeId.VARIANT),
              (type, at) -> "zerorow type " + type + " at " + at + " has no Spark type before"));
    }
    TypeMapVectors.Counts counts =
        TypeMapVectors.check(
            "Spark " + org.apache.spark.package$.MODULE$.SPARK_VERSION(),
            new TypeMapVectors.Mapping<StructType>() {
              @Override
              public StructType toEngine(Schema schema) {
                return SparkSchemas.toSpark(schema);
              }

              @Override
              public Schema fromEngine(StructType engine) {
                return SparkSchemas.toZerorow(engine);
              }
            },
            declared);
    assertEquals(
        Sessions.spark4() ? 13 : 32, counts.changed() + counts.refused(), counts.toString());
    assertTrue(counts.equal() >= 65, counts.toString());
  }

  @Test
  void nullabilityFollows() {
    Schema z =
        Schema.of(
            Field.of("a", DataTypes.int32(), false),
            Field.of("b", DataTypes.map(DataTypes.string(), DataTypes.int64(), false), true));
    StructType s = SparkSchemas.toSpark(z);
    assertTrue(!s.apply("a").nullable() && s.apply("b").nullable());
    assertEquals("map<string,bigint>", s.apply("b").dataType().simpleString());
    assertEquals(z, SparkSchemas.toZerorow(s));
  }

  @Test
  void timeTypeWhereSparkHasIt() {
    Schema z = Schema.of(Field.of("t", DataTypes.time(), true));
    if (Sessions.spark4()) {
      assertEquals("struct<t:time(6)>", SparkSchemas.toSpark(z).simpleString());
      assertEquals(z, SparkSchemas.toZerorow(SparkSchemas.toSpark(z)));
    } else {
      Exception e = assertThrows(Exception.class, () -> SparkSchemas.toSpark(z));
      assertTrue(
          e.getMessage().contains("zerorow type time at t has no Spark type"), e.getMessage());
    }
  }

  @Test
  void spec12TypesBothWays() {
    StructType spark =
        new StructType()
            .add("n", org.apache.spark.sql.types.DataTypes.NullType)
            .add("ym", YearMonthIntervalType.apply())
            .add("cal", org.apache.spark.sql.types.DataTypes.CalendarIntervalType)
            .add(
                "l",
                org.apache.spark.sql.types.DataTypes.createArrayType(
                    org.apache.spark.sql.types.DataTypes.NullType, true))
            .add(
                "m",
                org.apache.spark.sql.types.DataTypes.createMapType(
                    org.apache.spark.sql.types.DataTypes.StringType,
                    org.apache.spark.sql.types.DataTypes.CalendarIntervalType));
    Schema z = SparkSchemas.toZerorow(spark);
    assertEquals(
        Schema.of(
            Field.of("n", DataTypes.nullType(), true),
            Field.of("ym", DataTypes.intervalYm(), true),
            Field.of("cal", DataTypes.interval(), true),
            Field.of("l", DataTypes.list(DataTypes.nullType(), true), true),
            Field.of("m", DataTypes.map(DataTypes.string(), DataTypes.interval(), true), true)),
        z);
    assertEquals(spark.simpleString(), SparkSchemas.toSpark(z).simpleString());
    // any YEAR/MONTH fields are a number of months; read back as INTERVAL YEAR TO MONTH
    assertEquals(
        DataTypes.intervalYm(),
        SparkSchemas.parse("a INTERVAL MONTH").field("a").type(),
        "INTERVAL MONTH");
    // CHAR(n)/VARCHAR(n) are strings, as Spark reads them (SPEC Appendix B)
    Schema cv = SparkSchemas.parse("c CHAR(3), v VARCHAR(5), xs ARRAY<CHAR(2)>");
    assertEquals(
        Schema.of(
            Field.of("c", DataTypes.string(), true),
            Field.of("v", DataTypes.string(), true),
            Field.of("xs", DataTypes.list(DataTypes.string(), true), true)),
        cv);
    // fixed_binary(n) and uuid read as BinaryType, the same bytes
    Schema fixed =
        Schema.of(
            Field.of("f", DataTypes.fixedBinary(3), true), Field.of("u", DataTypes.uuid(), false));
    assertEquals(
        "struct<f:binary,u:binary>", SparkSchemas.toSpark(fixed).simpleString(), "fixed/uuid");
    Schema v =
        Schema.of(Field.of("s", DataTypes.struct(Field.of("v", DataTypes.variant(), true)), true));
    if (Sessions.spark4()) {
      assertEquals("struct<s:struct<v:variant>>", SparkSchemas.toSpark(v).simpleString());
      assertEquals(v, SparkSchemas.toZerorow(SparkSchemas.toSpark(v)));
      assertEquals(v, SparkSchemas.parse("s STRUCT<v: VARIANT>"));
    } else {
      Exception e = assertThrows(Exception.class, () -> SparkSchemas.toSpark(v));
      assertEquals("org.apache.spark.sql.AnalysisException", e.getClass().getName());
      assertTrue(
          e.getMessage().contains("zerorow type variant at s.v has no Spark type before Spark 4.0"),
          e.getMessage());
    }
  }

  @Test
  void unmappedTypesNameTheField() {
    ObjectType object = new ObjectType(String.class); // Catalyst-internal: no zerorow type
    expectUnmapped(new StructType().add("a", new StructType().add("since", object)), "a.since");
    expectUnmapped(
        new StructType()
            .add(
                "xs",
                org.apache.spark.sql.types.DataTypes.createArrayType(
                    new StructType().add("c", object))),
        "xs[].c");
    expectUnmapped(
        new StructType()
            .add(
                "m",
                org.apache.spark.sql.types.DataTypes.createMapType(
                    org.apache.spark.sql.types.DataTypes.StringType, object)),
        "m{values}[]");
    expectUnmapped(
        new StructType()
            .add(
                "pts",
                org.apache.spark.sql.types.DataTypes.createArrayType(
                    new StructType().add("p", new PointUdt()))),
        "pts[].p");
    Exception u =
        assertThrows(
            Exception.class,
            () -> SparkSchemas.toZerorow(new StructType().add("p", new PointUdt())));
    assertTrue(
        u.getMessage()
            .contains(
                "user-defined type ("
                    + Point.class.getName()
                    + "); encode its SQL type array<double> instead"),
        u.getMessage());
    Exception e = assertThrows(Exception.class, () -> SparkSchemas.parse("not a schema("));
    assertTrue(
        e.getMessage().contains("neither zerorow JSON nor a Spark DDL string"), e.getMessage());
  }

  private static void expectUnmapped(StructType t, String path) {
    Exception e = assertThrows(Exception.class, () -> SparkSchemas.toZerorow(t));
    assertEquals("org.apache.spark.sql.AnalysisException", e.getClass().getName());
    assertTrue(
        e.getMessage().contains("cannot map field " + path + " of Spark type"), e.getMessage());
  }

  /** A user type for the user-defined-type case. */
  static final class Point implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    final double x;
    final double y;

    Point(double x, double y) {
      this.x = x;
      this.y = y;
    }
  }

  /** Spark stores a Point as array<double> [x, y]. */
  static final class PointUdt extends UserDefinedType<Point> {
    private static final long serialVersionUID = 1L;

    @Override
    public DataType sqlType() {
      return org.apache.spark.sql.types.DataTypes.createArrayType(
          org.apache.spark.sql.types.DataTypes.DoubleType, false);
    }

    @Override
    public Object serialize(Point p) {
      return new GenericArrayData(new Object[] {p.x, p.y});
    }

    @Override
    public Point deserialize(Object datum) {
      ArrayData a = (ArrayData) datum;
      return new Point(a.getDouble(0), a.getDouble(1));
    }

    @Override
    public Class<Point> userClass() {
      return Point.class;
    }
  }
}
