package io.zerorow.flink;

import io.zerorow.UnsupportedException;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BinaryType;
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
import org.apache.flink.table.types.logical.NullType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.table.types.logical.YearMonthIntervalType;

/**
 * Flink {@link LogicalType}s ↔ zerorow types (README "Type mapping").
 *
 * <p>Flink keeps TIME as milliseconds of the day and DAY-TO-SECOND intervals as milliseconds;
 * zerorow keeps microseconds, so Flink → zerorow is exact and zerorow → Flink drops the
 * microseconds below a millisecond (floor). A MULTISET becomes a map from element to its int32
 * count. BINARY(n) is zerorow's fixed_binary(n) and a uuid reads as BINARY(16) (SPEC §3.8); NULL,
 * INTERVAL YEAR TO MONTH and VARIANT (where the Flink version has it) map to null, interval_ym and
 * variant; zerorow's calendar interval has no Flink type (SPEC Appendix B). A type with no mapping
 * is an {@link UnsupportedException} naming the field and what to use instead.
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
      case NULL:
        return DataTypes.NULL;
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
        return fixedBinary(((BinaryType) t).getLength(), path);
      case VARBINARY:
        return DataTypes.BINARY;
      case DATE:
        return DataTypes.DATE32;
      case TIME_WITHOUT_TIME_ZONE:
        return DataTypes.TIME;
      case INTERVAL_YEAR_MONTH:
        return DataTypes.INTERVAL_YM;
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
        {
          // Flink's type roots differ by version (2.1 added VARIANT), so this switch cannot list
          // them all in one source tree; the version's shim maps VARIANT where Flink has it.
          DataType variant = VariantShim.toZerorow(t);
          if (variant != null) {
            return variant;
          }
          throw new UnsupportedException(
              path,
              "Flink type "
                  + t.asSummaryString()
                  + " has no zerorow mapping (README: Type mapping)");
        }
    }
  }

  /** zerorow's fixed_binary(n) of a Flink BINARY(n) (SPEC §3.8: 1 <= n <= 2^31 - 8). */
  private static DataType fixedBinary(int n, String path) {
    if (n > DataTypes.FixedBinaryType.MAX_SIZE) {
      throw new UnsupportedException(
          path,
          "expected a BINARY length <= "
              + DataTypes.FixedBinaryType.MAX_SIZE
              + " (zerorow's fixed_binary, SPEC §3.8) but found "
              + n
              + ": use BYTES");
    }
    return DataTypes.fixedBinary(n);
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
    return switch (t.id()) {
      case NULL -> new NullType();
      case BOOL -> new BooleanType(nullable);
      case INT8 -> new TinyIntType(nullable);
      case INT16 -> new SmallIntType(nullable);
      case INT32 -> new IntType(nullable);
      case INT64 -> new BigIntType(nullable);
      case FLOAT32 -> new FloatType(nullable);
      case FLOAT64 -> new DoubleType(nullable);
      case STRING -> new VarCharType(nullable, VarCharType.MAX_LENGTH);
      case BINARY -> new VarBinaryType(nullable, VarBinaryType.MAX_LENGTH);
      case FIXED_BINARY -> new BinaryType(nullable, ((DataTypes.FixedBinaryType) t).size());
      // Flink has no UUID type: its 16 bytes in RFC 9562 order (SPEC §3.8), read one way
      case UUID -> new BinaryType(nullable, 16);
      case DATE32 -> new DateType(nullable);
      case TIME -> new TimeType(nullable, 3);
      case DURATION ->
          new DayTimeIntervalType(
              nullable, DayTimeIntervalType.DayTimeResolution.DAY_TO_SECOND, 6, 3);
      case INTERVAL_YM ->
          new YearMonthIntervalType(
              nullable,
              YearMonthIntervalType.YearMonthResolution.YEAR_TO_MONTH,
              YearMonthIntervalType.DEFAULT_PRECISION);
      case INTERVAL ->
          throw new UnsupportedException(
              path,
              "zerorow type interval (months, days and microseconds) has no Flink type: Flink has no"
                  + " calendar interval; use interval_ym (INTERVAL YEAR TO MONTH) for months or"
                  + " duration (INTERVAL DAY TO SECOND) for days and time (README: Type mapping)");
      case VARIANT -> VariantShim.toFlink(nullable, path);
      case TIMESTAMP ->
          ((DataTypes.TimestampType) t).tz() == null
              ? new TimestampType(nullable, 6)
              : new LocalZonedTimestampType(nullable, 6);
      case DECIMAL -> {
        DataTypes.DecimalType d = (DataTypes.DecimalType) t;
        yield new DecimalType(nullable, d.precision(), d.scale());
      }
      case LIST -> {
        DataTypes.ListType l = (DataTypes.ListType) t;
        yield new ArrayType(nullable, toLogicalType(l.element(), l.elementNullable(), path + "[]"));
      }
      case MAP -> {
        DataTypes.MapType m = (DataTypes.MapType) t;
        yield new MapType(
            nullable,
            toLogicalType(m.key(), false, path + "{keys}[]"),
            toLogicalType(m.value(), m.valueNullable(), path + "{values}[]"));
      }
      case STRUCT -> {
        List<RowType.RowField> fields = new ArrayList<>();
        for (Field f : ((Schema) t).fields()) {
          String p = path.isEmpty() ? f.name() : path + "." + f.name();
          fields.add(new RowType.RowField(f.name(), toLogicalType(f.type(), f.nullable(), p)));
        }
        yield new RowType(nullable, fields);
      }
    };
  }
}
