package io.zerorow.flink;

import io.zerorow.DataType;
import io.zerorow.DataTypes;
import io.zerorow.Field;
import io.zerorow.Schema;
import io.zerorow.UnsupportedException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DayTimeIntervalType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DistinctType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * Flink {@link LogicalType}s ↔ zerorow types (README "Type mapping").
 *
 * <p>Flink keeps TIME as milliseconds of the day and DAY-TO-SECOND intervals as milliseconds;
 * zerorow keeps microseconds, so Flink → zerorow is exact and zerorow → Flink drops the
 * microseconds below a millisecond (floor). A MULTISET becomes a map from element to its int32
 * count. A type with no mapping is an {@link UnsupportedException} naming the field.
 */
public final class FlinkTypes {
  /** The time zone written into the schema of a TIMESTAMP_LTZ (an instant). */
  public static final String LTZ_ZONE = "UTC";

  private FlinkTypes() {}

  /** The zerorow schema of a Flink row type (field names and nullability kept). */
  public static Schema toSchema(RowType rowType) {
    return struct(rowType, "");
  }

  /** The Flink row type (top-level NOT NULL) of a zerorow schema. */
  public static RowType toRowType(Schema schema) {
    return (RowType) toLogicalType(schema, false);
  }

  private static Schema struct(RowType rowType, String path) {
    List<Field> fields = new ArrayList<>();
    for (RowType.RowField f : rowType.getFields()) {
      String p = path.isEmpty() ? f.getName() : path + "." + f.getName();
      fields.add(new Field(f.getName(), toDataType(f.getType(), p), f.getType().isNullable()));
    }
    return DataTypes.struct(fields);
  }

  /** The zerorow type of {@code t}; {@code path} names the field in an error. */
  static DataType toDataType(LogicalType t, String path) {
    switch (t.getTypeRoot()) {
      case BOOLEAN:
        return DataTypes.BOOL;
      case TINYINT:
        return DataTypes.INT8;
      case SMALLINT:
        return DataTypes.INT16;
      case INTEGER:
        return DataTypes.INT32;
      case BIGINT:
        return DataTypes.INT64;
      case FLOAT:
        return DataTypes.FLOAT32;
      case DOUBLE:
        return DataTypes.FLOAT64;
      case CHAR:
      case VARCHAR:
        return DataTypes.STRING;
      case BINARY:
      case VARBINARY:
        return DataTypes.BINARY;
      case DATE:
        return DataTypes.DATE32;
      case TIME_WITHOUT_TIME_ZONE:
        return DataTypes.TIME;
      case INTERVAL_DAY_TIME:
        return DataTypes.DURATION;
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        checkMicros(((TimestampType) t).getPrecision(), path);
        return DataTypes.TIMESTAMP;
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        checkMicros(((LocalZonedTimestampType) t).getPrecision(), path);
        return DataTypes.timestamp(LTZ_ZONE);
      case DECIMAL:
        {
          DecimalType d = (DecimalType) t;
          return DataTypes.decimal(d.getPrecision(), d.getScale());
        }
      case ARRAY:
        {
          LogicalType e = ((ArrayType) t).getElementType();
          return DataTypes.list(toDataType(e, path + "[]"), e.isNullable());
        }
      case MULTISET:
        {
          LogicalType e = ((MultisetType) t).getElementType();
          return DataTypes.map(key(e, path), DataTypes.INT32, false);
        }
      case MAP:
        {
          MapType m = (MapType) t;
          return DataTypes.map(
              key(m.getKeyType(), path),
              toDataType(m.getValueType(), path + "{value}"),
              m.getValueType().isNullable());
        }
      case ROW:
        return struct((RowType) t, path);
      case DISTINCT_TYPE:
        return toDataType(((DistinctType) t).getSourceType(), path);
      default:
        throw new UnsupportedException(
            path,
            "Flink type " + t.asSummaryString() + " has no zerorow mapping (README: Type mapping)");
    }
  }

  /**
   * Map keys are never null in zerorow (SPEC §3): a nullable key type is allowed, a null key is
   * not.
   */
  private static DataType key(LogicalType k, String path) {
    return toDataType(k, path + "{key}");
  }

  private static void checkMicros(int precision, String path) {
    if (precision > 6) {
      throw new UnsupportedException(
          path,
          "expected a timestamp precision <= 6 (zerorow keeps "
              + "microseconds) but found "
              + precision);
    }
  }

  /** The Flink type of a zerorow type; {@code nullable} becomes the type's nullability. */
  public static LogicalType toLogicalType(DataType t, boolean nullable) {
    return toLogicalType(t, nullable, "");
  }

  private static LogicalType toLogicalType(DataType t, boolean nullable, String path) {
    switch (t.id()) {
      case BOOL:
        return new BooleanType(nullable);
      case INT8:
        return new TinyIntType(nullable);
      case INT16:
        return new SmallIntType(nullable);
      case INT32:
        return new IntType(nullable);
      case INT64:
        return new BigIntType(nullable);
      case FLOAT32:
        return new FloatType(nullable);
      case FLOAT64:
        return new DoubleType(nullable);
      case STRING:
        return new VarCharType(nullable, VarCharType.MAX_LENGTH);
      case BINARY:
        return new VarBinaryType(nullable, VarBinaryType.MAX_LENGTH);
      case DATE32:
        return new DateType(nullable);
      case TIME:
        return new TimeType(nullable, 3);
      case DURATION:
        return new DayTimeIntervalType(
            nullable, DayTimeIntervalType.DayTimeResolution.DAY_TO_SECOND, 6, 3);
      case TIMESTAMP:
        return ((DataTypes.TimestampType) t).tz() == null
            ? new TimestampType(nullable, 6)
            : new LocalZonedTimestampType(nullable, 6);
      case DECIMAL:
        {
          DataTypes.DecimalType d = (DataTypes.DecimalType) t;
          return new DecimalType(nullable, d.precision(), d.scale());
        }
      case LIST:
        {
          DataTypes.ListType l = (DataTypes.ListType) t;
          return new ArrayType(
              nullable, toLogicalType(l.element(), l.elementNullable(), path + "[]"));
        }
      case MAP:
        {
          DataTypes.MapType m = (DataTypes.MapType) t;
          return new MapType(
              nullable,
              toLogicalType(m.key(), false, path + "{keys}[]"),
              toLogicalType(m.value(), m.valueNullable(), path + "{values}[]"));
        }
      case STRUCT:
        {
          List<RowType.RowField> fields = new ArrayList<>();
          for (Field f : ((Schema) t).fields()) {
            String p = path.isEmpty() ? f.name() : path + "." + f.name();
            fields.add(new RowType.RowField(f.name(), toLogicalType(f.type(), f.nullable(), p)));
          }
          return new RowType(nullable, fields);
        }
      case NULL:
      case INTERVAL_YM:
      case INTERVAL:
      case FIXED_BINARY:
      case UUID:
      case VARIANT:
        // SPEC 1.2 types: the connector's README lists them as not mapped to Flink types.
        throw new UnsupportedException(
            path, "zerorow type " + t + " has no Flink type in this connector");
    }
    throw new IllegalArgumentException("unknown zerorow type " + t + " at " + path);
  }
}
