package io.zerorow.arrow;

import io.zerorow.DataType;
import io.zerorow.DataTypes;
import io.zerorow.Field;
import io.zerorow.Schema;
import io.zerorow.UnsupportedException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Entry points of the Arrow conversion and the type mapping of SPEC §12, both ways.
 *
 * <pre>{@code
 * ArrowWriter w = ArrowUtils.createArrowWriter(schema);
 * w.write(row);                                   // any number of rows
 * ArrowRecordBatch batch = w.finishAsRecordBatch(); // or w.finish() for a VectorSchemaRoot
 * }</pre>
 */
public final class ArrowUtils {
  /** The Arrow names pyarrow uses for list and map children (so schemas compare equal). */
  static final String LIST_ITEM = "item";

  static final String MAP_ENTRIES = "entries";
  static final String MAP_KEY = "key";
  static final String MAP_VALUE = "value";

  private static final class Holder {
    static final RootAllocator ROOT = new RootAllocator(Long.MAX_VALUE);
  }

  private ArrowUtils() {}

  /** A process-wide allocator for callers that do not bring their own. */
  public static BufferAllocator rootAllocator() {
    return Holder.ROOT;
  }

  /** A writer of rows of {@code schema} into Arrow vectors from {@link #rootAllocator()}. */
  public static ArrowWriter createArrowWriter(Schema schema) {
    return new ArrowWriter(schema, rootAllocator());
  }

  /** A writer of rows of {@code schema} into Arrow vectors from {@code allocator}. */
  public static ArrowWriter createArrowWriter(Schema schema, BufferAllocator allocator) {
    return new ArrowWriter(schema, allocator);
  }

  // ---- zerorow -> Arrow ---------------------------------------------------------------

  /** The Arrow schema of SPEC §12: one column per top-level field, no metadata. */
  public static org.apache.arrow.vector.types.pojo.Schema toArrowSchema(Schema schema) {
    List<org.apache.arrow.vector.types.pojo.Field> fields = new ArrayList<>();
    for (Field f : schema.fields()) {
      fields.add(toArrowField(f.name(), f.type(), f.nullable()));
    }
    return new org.apache.arrow.vector.types.pojo.Schema(fields);
  }

  /** The Arrow field for a zerorow field (SPEC §12). */
  public static org.apache.arrow.vector.types.pojo.Field toArrowField(
      String name, DataType type, boolean nullable) {
    List<org.apache.arrow.vector.types.pojo.Field> children = Collections.emptyList();
    ArrowType at;
    switch (type.id()) {
      case BOOL:
        at = ArrowType.Bool.INSTANCE;
        break;
      case INT8:
        at = new ArrowType.Int(8, true);
        break;
      case INT16:
        at = new ArrowType.Int(16, true);
        break;
      case INT32:
        at = new ArrowType.Int(32, true);
        break;
      case INT64:
        at = new ArrowType.Int(64, true);
        break;
      case FLOAT32:
        at = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
        break;
      case FLOAT64:
        at = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
        break;
      case STRING:
        at = ArrowType.Utf8.INSTANCE;
        break;
      case BINARY:
        at = ArrowType.Binary.INSTANCE;
        break;
      case DATE32:
        at = new ArrowType.Date(DateUnit.DAY);
        break;
      case TIME:
        at = new ArrowType.Time(TimeUnit.MICROSECOND, 64);
        break;
      case TIMESTAMP:
        at = new ArrowType.Timestamp(TimeUnit.MICROSECOND, ((DataTypes.TimestampType) type).tz());
        break;
      case DURATION:
        at = new ArrowType.Duration(TimeUnit.MICROSECOND);
        break;
      case DECIMAL:
        {
          DataTypes.DecimalType d = (DataTypes.DecimalType) type;
          at = new ArrowType.Decimal(d.precision(), d.scale(), 128);
          break;
        }
      case LIST:
        {
          DataTypes.ListType l = (DataTypes.ListType) type;
          at = ArrowType.List.INSTANCE;
          children = List.of(toArrowField(LIST_ITEM, l.element(), l.elementNullable()));
          break;
        }
      case MAP:
        {
          DataTypes.MapType m = (DataTypes.MapType) type;
          at = new ArrowType.Map(false);
          org.apache.arrow.vector.types.pojo.Field entries =
              new org.apache.arrow.vector.types.pojo.Field(
                  MAP_ENTRIES,
                  FieldType.notNullable(ArrowType.Struct.INSTANCE),
                  List.of(
                      toArrowField(MAP_KEY, m.key(), false),
                      toArrowField(MAP_VALUE, m.value(), m.valueNullable())));
          children = List.of(entries);
          break;
        }
      case STRUCT:
        {
          at = ArrowType.Struct.INSTANCE;
          children = new ArrayList<>();
          for (Field f : ((Schema) type).fields()) {
            children.add(toArrowField(f.name(), f.type(), f.nullable()));
          }
          break;
        }
      default:
        throw new UnsupportedException(name, "no Arrow type for " + type);
    }
    return new org.apache.arrow.vector.types.pojo.Field(
        name, new FieldType(nullable, at, null), children);
  }

  // ---- Arrow -> zerorow ---------------------------------------------------------------

  /**
   * The zerorow schema of an Arrow schema (SPEC §12). Besides the types {@link #toArrowSchema}
   * writes, it accepts large_utf8/large_binary, utf8_view/binary_view, large_list and timestamps in
   * s, ms or ns (read as µs; see {@link ArrowReader}). Anything else is {@code unsupported}, naming
   * the field.
   */
  public static Schema fromArrowSchema(org.apache.arrow.vector.types.pojo.Schema schema) {
    return fromArrowFields(schema.getFields(), "");
  }

  private static Schema fromArrowFields(
      List<org.apache.arrow.vector.types.pojo.Field> fields, String path) {
    List<Field> out = new ArrayList<>(fields.size());
    for (org.apache.arrow.vector.types.pojo.Field f : fields) {
      String p = path.isEmpty() ? f.getName() : path + "." + f.getName();
      out.add(Field.of(f.getName(), fromArrowType(f, p), f.isNullable()));
    }
    return DataTypes.struct(out);
  }

  /** The zerorow type of one Arrow field; {@code path} names it in errors (SPEC §4.3). */
  public static DataType fromArrowType(org.apache.arrow.vector.types.pojo.Field f, String path) {
    ArrowType t = f.getType();
    switch (t.getTypeID()) {
      case Bool:
        return DataTypes.BOOL;
      case Int:
        {
          ArrowType.Int i = (ArrowType.Int) t;
          if (i.getIsSigned()) {
            switch (i.getBitWidth()) {
              case 8:
                return DataTypes.INT8;
              case 16:
                return DataTypes.INT16;
              case 32:
                return DataTypes.INT32;
              case 64:
                return DataTypes.INT64;
              default:
                break;
            }
          }
          break;
        }
      case FloatingPoint:
        {
          FloatingPointPrecision p = ((ArrowType.FloatingPoint) t).getPrecision();
          if (p == FloatingPointPrecision.SINGLE) {
            return DataTypes.FLOAT32;
          }
          if (p == FloatingPointPrecision.DOUBLE) {
            return DataTypes.FLOAT64;
          }
          break;
        }
      case Utf8:
      case LargeUtf8:
      case Utf8View:
        return DataTypes.STRING;
      case Binary:
      case LargeBinary:
      case BinaryView:
        return DataTypes.BINARY;
      case Date:
        if (((ArrowType.Date) t).getUnit() == DateUnit.DAY) {
          return DataTypes.DATE32;
        }
        break;
      case Time:
        {
          ArrowType.Time tt = (ArrowType.Time) t;
          if (tt.getUnit() == TimeUnit.MICROSECOND && tt.getBitWidth() == 64) {
            return DataTypes.TIME;
          }
          break;
        }
      case Timestamp:
        return DataTypes.timestamp(((ArrowType.Timestamp) t).getTimezone());
      case Duration:
        if (((ArrowType.Duration) t).getUnit() == TimeUnit.MICROSECOND) {
          return DataTypes.DURATION;
        }
        break;
      case Decimal:
        {
          ArrowType.Decimal d = (ArrowType.Decimal) t;
          if (d.getBitWidth() == 128) {
            return DataTypes.decimal(d.getPrecision(), d.getScale());
          }
          break;
        }
      case List:
      case LargeList:
        {
          org.apache.arrow.vector.types.pojo.Field item = f.getChildren().get(0);
          return DataTypes.list(fromArrowType(item, path + "[]"), item.isNullable());
        }
      case Map:
        {
          org.apache.arrow.vector.types.pojo.Field entries = f.getChildren().get(0);
          org.apache.arrow.vector.types.pojo.Field key = entries.getChildren().get(0);
          org.apache.arrow.vector.types.pojo.Field value = entries.getChildren().get(1);
          return DataTypes.map(
              fromArrowType(key, path + "{keys}"),
              fromArrowType(value, path + "{values}"),
              value.isNullable());
        }
      case Struct:
        return fromArrowFields(f.getChildren(), path);
      default:
        break;
    }
    throw new UnsupportedException(path, "expected an Arrow type of SPEC §12 but found " + t);
  }
}
