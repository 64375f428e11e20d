package io.zerorow.spark;

import io.zerorow.ZerorowException;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Schema;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.CalendarIntervalType;
import org.apache.spark.sql.types.CharType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.UserDefinedType;
import org.apache.spark.sql.types.VarcharType;
import org.apache.spark.sql.types.YearMonthIntervalType;

/**
 * Spark SQL types ↔ zerorow types, both ways (SPEC Appendix B; spark-connector/README.md). A type
 * with no zerorow counterpart is an {@link AnalysisException} naming the field path (SPEC §4.3) and
 * the type.
 */
public final class SparkSchemas {
  /**
   * The zone of Spark's {@code TimestampType} in zerorow schemas. A {@code TimestampType} value is
   * an instant (microseconds since the epoch, UTC); the zone it is shown in is the reading
   * session's {@code spark.sql.session.timeZone}, which is part of neither the type nor the value.
   * So the connector writes "UTC", as pyspark's Arrow conversion does (zerorow.spark), and one
   * DataFrame has one schema fingerprint whatever session wrote it.
   */
  public static final String TIMESTAMP_ZONE = "UTC";

  private SparkSchemas() {}

  /** The zerorow schema of a Spark struct ({@code TimestampType} in {@link #TIMESTAMP_ZONE}). */
  public static Schema toZerorow(StructType struct) {
    return toZerorow(struct, TIMESTAMP_ZONE);
  }

  /** The zerorow schema of a Spark struct, {@code TimestampType} shown in {@code zone}. */
  public static Schema toZerorow(StructType struct, String zone) {
    return (Schema) toZerorow(struct, "", zone);
  }

  /** The Spark struct of a zerorow schema. */
  public static StructType toSpark(Schema schema) {
    return (StructType) toSpark(schema, "");
  }

  /**
   * Parses a schema given as zerorow canonical JSON (text starting with <code>{</code>) or as a
   * Spark DDL string ({@code "id BIGINT, name STRING"}, {@code TIMESTAMP} in {@link
   * #TIMESTAMP_ZONE}); returns the zerorow schema.
   */
  public static Schema parse(String text) {
    String t = text.trim();
    if (t.startsWith("{")) {
      try {
        return Schema.fromJson(t);
      } catch (ZerorowException | IllegalArgumentException e) {
        throw analysisError("invalid zerorow schema JSON: " + e.getMessage());
      }
    }
    StructType ddl;
    try {
      ddl = StructType.fromDDL(t);
    } catch (Exception e) { // Spark's ParseException is an AnalysisException: checked in Java
      throw analysisError(
          "schema is neither zerorow JSON nor a Spark DDL string: " + e.getMessage());
    }
    return toZerorow(ddl);
  }

  private static io.zerorow.type.DataType toZerorow(DataType t, String path, String zone) {
    if (t instanceof StructType) {
      List<io.zerorow.type.Field> fields = new ArrayList<>();
      for (StructField f : ((StructType) t).fields()) {
        String p = path.isEmpty() ? f.name() : path + "." + f.name();
        fields.add(
            io.zerorow.type.Field.of(f.name(), toZerorow(f.dataType(), p, zone), f.nullable()));
      }
      try {
        return DataTypes.struct(fields);
      } catch (ZerorowException e) {
        throw analysisError("cannot map the struct at " + where(path) + ": " + e.getMessage());
      }
    }
    if (t instanceof ArrayType) {
      ArrayType a = (ArrayType) t;
      return DataTypes.list(toZerorow(a.elementType(), path + "[]", zone), a.containsNull());
    }
    if (t instanceof MapType) {
      MapType m = (MapType) t;
      return DataTypes.map(
          toZerorow(m.keyType(), path + "{keys}[]", zone),
          toZerorow(m.valueType(), path + "{values}[]", zone),
          m.valueContainsNull());
    }
    if (t instanceof UserDefinedType) {
      UserDefinedType<?> udt = (UserDefinedType<?>) t;
      throw unmapped(
          path,
          t,
          "it is a user-defined type ("
              + udt.userClass().getName()
              + "); encode its SQL type "
              + udt.sqlType().simpleString()
              + " instead");
    }
    if (t instanceof NullType) {
      return DataTypes.nullType();
    } else if (t instanceof BooleanType) {
      return DataTypes.bool();
    } else if (t instanceof ByteType) {
      return DataTypes.int8();
    } else if (t instanceof ShortType) {
      return DataTypes.int16();
    } else if (t instanceof IntegerType) {
      return DataTypes.int32();
    } else if (t instanceof LongType) {
      return DataTypes.int64();
    } else if (t instanceof FloatType) {
      return DataTypes.float32();
    } else if (t instanceof DoubleType) {
      return DataTypes.float64();
    } else if (t instanceof StringType || t instanceof CharType || t instanceof VarcharType) {
      // CHAR(n)/VARCHAR(n) are strings with a length rule that Spark checks on write and reads
      // back as STRING (SPEC Appendix B); the rule is Spark's table metadata, not the value's
      return DataTypes.string();
    } else if (t instanceof BinaryType) {
      return DataTypes.binary();
    } else if (t instanceof DateType) {
      return DataTypes.date32();
    } else if (t instanceof TimestampType) {
      return DataTypes.timestamp(zone);
    } else if (t instanceof TimestampNTZType) {
      return DataTypes.timestamp();
    } else if (t instanceof DayTimeIntervalType) {
      return DataTypes.duration();
    } else if (t instanceof YearMonthIntervalType) {
      return DataTypes.intervalYm(); // any start/end field: a number of months (SPEC §3.7)
    } else if (t instanceof CalendarIntervalType) {
      return DataTypes.interval();
    } else if (t instanceof DecimalType) {
      DecimalType d = (DecimalType) t;
      return DataTypes.decimal(d.precision(), d.scale());
    } else if (Shim.isTime(t)) {
      return DataTypes.time();
    } else if (Shim.isVariant(t)) {
      return DataTypes.variant();
    }
    throw unmapped(path, t, "zerorow has no type for it");
  }

  /**
   * The Spark type of a zerorow type (SPEC Appendix B). A switch over every {@link
   * io.zerorow.type.TypeId} with no default: a type added to zerorow is a compile error here until
   * it is mapped or refused.
   */
  private static DataType toSpark(io.zerorow.type.DataType t, String path) {
    return switch (t.id()) {
      case NULL -> org.apache.spark.sql.types.DataTypes.NullType;
      case BOOL -> org.apache.spark.sql.types.DataTypes.BooleanType;
      case INT8 -> org.apache.spark.sql.types.DataTypes.ByteType;
      case INT16 -> org.apache.spark.sql.types.DataTypes.ShortType;
      case INT32 -> org.apache.spark.sql.types.DataTypes.IntegerType;
      case INT64 -> org.apache.spark.sql.types.DataTypes.LongType;
      case FLOAT32 -> org.apache.spark.sql.types.DataTypes.FloatType;
      case FLOAT64 -> org.apache.spark.sql.types.DataTypes.DoubleType;
      case STRING -> org.apache.spark.sql.types.DataTypes.StringType;
      // fixed_binary(n) and uuid: Spark has neither; their bodies are BinaryType's bytes
      case BINARY, FIXED_BINARY, UUID -> org.apache.spark.sql.types.DataTypes.BinaryType;
      case DATE32 -> org.apache.spark.sql.types.DataTypes.DateType;
      case TIMESTAMP ->
          ((DataTypes.TimestampType) t).tz() == null
              ? org.apache.spark.sql.types.DataTypes.TimestampNTZType
              : org.apache.spark.sql.types.DataTypes.TimestampType;
      case DURATION -> DayTimeIntervalType.apply();
      case INTERVAL_YM -> YearMonthIntervalType.apply();
      case INTERVAL -> org.apache.spark.sql.types.DataTypes.CalendarIntervalType;
      case TIME -> {
        DataType time = Shim.timeType();
        if (time == null) {
          throw analysisError(
              "zerorow type time at "
                  + where(path)
                  + " has no Spark type before Spark 4.1 (TimeType)");
        }
        yield time;
      }
      case VARIANT -> {
        DataType variant = Shim.variantType();
        if (variant == null) {
          throw analysisError(
              "zerorow type variant at "
                  + where(path)
                  + " has no Spark type before Spark 4.0 (VariantType): read it with Spark 4,"
                  + " or read the row file's row column in raw mode");
        }
        yield variant;
      }
      case DECIMAL -> {
        DataTypes.DecimalType d = (DataTypes.DecimalType) t;
        yield org.apache.spark.sql.types.DataTypes.createDecimalType(d.precision(), d.scale());
      }
      case LIST -> {
        DataTypes.ListType l = (DataTypes.ListType) t;
        yield org.apache.spark.sql.types.DataTypes.createArrayType(
            toSpark(l.element(), path + "[]"), l.elementNullable());
      }
      case MAP -> {
        DataTypes.MapType m = (DataTypes.MapType) t;
        yield org.apache.spark.sql.types.DataTypes.createMapType(
            toSpark(m.key(), path + "{keys}[]"),
            toSpark(m.value(), path + "{values}[]"),
            m.valueNullable());
      }
      case STRUCT -> {
        List<io.zerorow.type.Field> fs = ((Schema) t).fields();
        StructField[] out = new StructField[fs.size()];
        for (int i = 0; i < out.length; i++) {
          io.zerorow.type.Field f = fs.get(i);
          String p = path.isEmpty() ? f.name() : path + "." + f.name();
          out[i] = new StructField(f.name(), toSpark(f.type(), p), f.nullable(), Metadata.empty());
        }
        yield new StructType(out);
      }
    };
  }

  private static String where(String path) {
    return path.isEmpty() ? "<row>" : path;
  }

  private static RuntimeException unmapped(String path, DataType t, String why) {
    return analysisError(
        "cannot map field "
            + where(path)
            + " of Spark type "
            + t.simpleString()
            + " to zerorow: "
            + why);
  }

  /**
   * An {@link AnalysisException} with this message (a legacy error class whose text is the message
   * alone, present in Spark 3.5 and 4.x alike).
   */
  static RuntimeException analysisError(String message) {
    // AnalysisException is checked in Java; Spark's callers (Scala) expect it unchecked
    return SparkSchemas.<RuntimeException>sneaky(
        new AnalysisException(
            "_LEGACY_ERROR_TEMP_1332",
            new scala.collection.immutable.Map.Map1<>("errorMessage", message)));
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T sneaky(Throwable t) throws T {
    throw (T) t;
  }
}
