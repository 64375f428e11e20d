package io.zerorow.parquet;

import io.zerorow.DataType;
import io.zerorow.DataTypes;
import io.zerorow.Field;
import io.zerorow.Schema;
import io.zerorow.SchemaMismatchException;
import io.zerorow.UnsupportedException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * The Parquet schema of a zerorow schema, and back (README.md has the table). Lists and maps use
 * the standard 3-level {@code LIST} and {@code MAP} structures; timestamps are {@code INT64
 * TIMESTAMP(MICROS, isAdjustedToUTC = zone present)}; decimals are INT32 (p ≤ 9), INT64 (p ≤ 18) or
 * a FIXED_LEN_BYTE_ARRAY of the fewest bytes for p.
 */
public final class ParquetSchemas {
  /** Name of the message (the root group). */
  public static final String MESSAGE = "zerorow";

  private ParquetSchemas() {}

  /**
   * The Parquet message type of {@code schema} (logical types for dates, times, timestamps,
   * decimals).
   */
  public static MessageType toParquet(Schema schema) {
    List<Type> fields = new ArrayList<>();
    for (Field f : schema.fields()) {
      fields.add(toParquet(f.name(), f.type(), f.nullable(), f.name()));
    }
    return new MessageType(MESSAGE, fields);
  }

  static Type.Repetition repetition(boolean nullable) {
    return nullable ? Type.Repetition.OPTIONAL : Type.Repetition.REQUIRED;
  }

  /** Bytes of the smallest two's-complement integer that holds every p-digit value. */
  static int decimalBytes(int precision) {
    return (java.math.BigInteger.TEN.pow(precision).subtract(java.math.BigInteger.ONE).bitLength()
            + 1
            + 7)
        / 8;
  }

  static Type toParquet(String name, DataType t, boolean nullable, String path) {
    Type.Repetition rep = repetition(nullable);
    switch (t.id()) {
      case BOOL:
        return Types.primitive(PrimitiveTypeName.BOOLEAN, rep).named(name);
      case INT8:
        return Types.primitive(PrimitiveTypeName.INT32, rep)
            .as(LogicalTypeAnnotation.intType(8, true))
            .named(name);
      case INT16:
        return Types.primitive(PrimitiveTypeName.INT32, rep)
            .as(LogicalTypeAnnotation.intType(16, true))
            .named(name);
      case INT32:
        return Types.primitive(PrimitiveTypeName.INT32, rep).named(name);
      case INT64:
        return Types.primitive(PrimitiveTypeName.INT64, rep).named(name);
      case FLOAT32:
        return Types.primitive(PrimitiveTypeName.FLOAT, rep).named(name);
      case FLOAT64:
        return Types.primitive(PrimitiveTypeName.DOUBLE, rep).named(name);
      case STRING:
        return Types.primitive(PrimitiveTypeName.BINARY, rep)
            .as(LogicalTypeAnnotation.stringType())
            .named(name);
      case BINARY:
        return Types.primitive(PrimitiveTypeName.BINARY, rep).named(name);
      case DATE32:
        return Types.primitive(PrimitiveTypeName.INT32, rep)
            .as(LogicalTypeAnnotation.dateType())
            .named(name);
      case TIME:
        return Types.primitive(PrimitiveTypeName.INT64, rep)
            .as(LogicalTypeAnnotation.timeType(false, LogicalTypeAnnotation.TimeUnit.MICROS))
            .named(name);
      case TIMESTAMP:
        return Types.primitive(PrimitiveTypeName.INT64, rep)
            .as(
                LogicalTypeAnnotation.timestampType(
                    ((DataTypes.TimestampType) t).tz() != null,
                    LogicalTypeAnnotation.TimeUnit.MICROS))
            .named(name);
      case DURATION:
        // Parquet has no duration type; pyarrow also stores duration[us] as a plain INT64
        return Types.primitive(PrimitiveTypeName.INT64, rep).named(name);
      case DECIMAL:
        {
          DataTypes.DecimalType d = (DataTypes.DecimalType) t;
          LogicalTypeAnnotation dec = LogicalTypeAnnotation.decimalType(d.scale(), d.precision());
          if (d.precision() <= 9) {
            return Types.primitive(PrimitiveTypeName.INT32, rep).as(dec).named(name);
          }
          if (d.precision() <= 18) {
            return Types.primitive(PrimitiveTypeName.INT64, rep).as(dec).named(name);
          }
          return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, rep)
              .length(decimalBytes(d.precision()))
              .as(dec)
              .named(name);
        }
      case LIST:
        {
          DataTypes.ListType l = (DataTypes.ListType) t;
          Type element = toParquet("element", l.element(), l.elementNullable(), path + "[]");
          return Types.buildGroup(rep)
              .as(LogicalTypeAnnotation.listType())
              .addField(Types.repeatedGroup().addField(element).named("list"))
              .named(name);
        }
      case MAP:
        {
          DataTypes.MapType m = (DataTypes.MapType) t;
          Type key = toParquet("key", m.key(), false, path + "{keys}");
          Type value = toParquet("value", m.value(), m.valueNullable(), path + "{values}");
          return Types.buildGroup(rep)
              .as(LogicalTypeAnnotation.mapType())
              .addField(Types.repeatedGroup().addField(key).addField(value).named("key_value"))
              .named(name);
        }
      default:
        {
          Schema s = (Schema) t;
          if (s.numFields() == 0) {
            throw new UnsupportedException(
                path, "Parquet has no empty group: a struct " + "with no fields cannot be written");
          }
          Types.GroupBuilder<GroupType> g = Types.buildGroup(rep);
          for (Field f : s.fields()) {
            g.addField(toParquet(f.name(), f.type(), f.nullable(), path + "." + f.name()));
          }
          return g.named(name);
        }
    }
  }

  // ---- Parquet -> zerorow ----------------------------------------------------------------

  /**
   * The zerorow schema a Parquet file without zerorow metadata reads as: INT32/INT64 with their
   * int, date, time, timestamp and decimal annotations, FLOAT, DOUBLE, BOOLEAN, BINARY (string when
   * annotated), FIXED_LEN_BYTE_ARRAY/BINARY decimals, 3-level LIST and MAP, and groups as structs.
   * Anything else is {@code unsupported}, naming the column.
   */
  public static Schema fromParquet(GroupType message) {
    return struct(message, "");
  }

  private static Schema struct(GroupType g, String path) {
    List<Field> fields = new ArrayList<>();
    for (Type f : g.getFields()) {
      String p = path.isEmpty() ? f.getName() : path + "." + f.getName();
      if (f.isRepetition(Type.Repetition.REPEATED)) {
        throw new UnsupportedException(p, "a repeated field outside a LIST/MAP group");
      }
      fields.add(Field.of(f.getName(), type(f, p), f.isRepetition(Type.Repetition.OPTIONAL)));
    }
    return DataTypes.struct(fields);
  }

  static DataType type(Type f, String path) {
    LogicalTypeAnnotation a = f.getLogicalTypeAnnotation();
    if (!f.isPrimitive()) {
      GroupType g = f.asGroupType();
      if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
        Type element = g.getType(0).asGroupType().getType(0);
        return DataTypes.list(
            type(element, path + "[]"), element.isRepetition(Type.Repetition.OPTIONAL));
      }
      if (a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation) {
        GroupType kv = g.getType(0).asGroupType();
        Type value = kv.getType(1);
        return DataTypes.map(
            type(kv.getType(0), path + "{keys}"),
            type(value, path + "{values}"),
            value.isRepetition(Type.Repetition.OPTIONAL));
      }
      return struct(g, path);
    }
    PrimitiveType p = f.asPrimitiveType();
    if (a instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) {
      LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d =
          (LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) a;
      return DataTypes.decimal(d.getPrecision(), d.getScale());
    }
    switch (p.getPrimitiveTypeName()) {
      case BOOLEAN:
        return DataTypes.BOOL;
      case INT32:
        if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation) {
          LogicalTypeAnnotation.IntLogicalTypeAnnotation i =
              (LogicalTypeAnnotation.IntLogicalTypeAnnotation) a;
          if (i.isSigned() && i.getBitWidth() == 8) {
            return DataTypes.INT8;
          }
          if (i.isSigned() && i.getBitWidth() == 16) {
            return DataTypes.INT16;
          }
          if (i.isSigned() && i.getBitWidth() == 32) {
            return DataTypes.INT32;
          }
          break;
        }
        if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
          return DataTypes.DATE32;
        }
        if (a == null) {
          return DataTypes.INT32;
        }
        break;
      case INT64:
        if (a == null
            || (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation
                && ((LogicalTypeAnnotation.IntLogicalTypeAnnotation) a).isSigned())) {
          return DataTypes.INT64;
        }
        if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation
            && ((LogicalTypeAnnotation.TimeLogicalTypeAnnotation) a).getUnit()
                == LogicalTypeAnnotation.TimeUnit.MICROS) {
          return DataTypes.TIME;
        }
        if (a instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation) {
          // the zone name is not in Parquet: adjusted-to-UTC values read as UTC
          return ((LogicalTypeAnnotation.TimestampLogicalTypeAnnotation) a).isAdjustedToUTC()
              ? DataTypes.timestamp("UTC")
              : DataTypes.TIMESTAMP;
        }
        break;
      case FLOAT:
        return DataTypes.FLOAT32;
      case DOUBLE:
        return DataTypes.FLOAT64;
      case BINARY:
        if (a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation) {
          return DataTypes.STRING;
        }
        if (a == null) {
          return DataTypes.BINARY;
        }
        break;
      default:
        break;
    }
    throw new UnsupportedException(path, "no zerorow type for Parquet " + f);
  }

  /**
   * The part of {@code file} that {@code requested} asks for, keeping the file's physical types:
   * fields by name, recursively into structs (a smaller struct reads fewer columns).
   */
  public static MessageType project(MessageType file, Schema requested) {
    return new MessageType(file.getName(), projectFields(file, requested, ""));
  }

  private static List<Type> projectFields(GroupType g, Schema requested, String path) {
    for (Field f : requested.fields()) {
      if (!g.containsField(f.name())) {
        String p = path.isEmpty() ? f.name() : path + "." + f.name();
        throw new SchemaMismatchException(p, "the Parquet file has no column " + p);
      }
    }
    // in the file's order: parquet-mr assembles records in the order of the file's columns
    List<Type> out = new ArrayList<>();
    for (Type t : g.getFields()) {
      Field f = requested.field(t.getName());
      if (f == null) {
        continue;
      }
      String p = path.isEmpty() ? f.name() : path + "." + f.name();
      if (f.type() instanceof Schema && !t.isPrimitive() && t.getLogicalTypeAnnotation() == null) {
        out.add(
            t.asGroupType().withNewFields(projectFields(t.asGroupType(), (Schema) f.type(), p)));
      } else {
        out.add(t);
      }
    }
    return out;
  }
}
