package io.zerorow.parquet;

import io.zerorow.SchemaMismatchException;
import io.zerorow.UnsupportedException;
import io.zerorow.internal.Mapping;
import io.zerorow.internal.Mapping.Kind;
import io.zerorow.internal.Mapping.Source;
import io.zerorow.internal.Mapping.Unit;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
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
 * Parquet's side of the one mapping of SPEC §12 ({@link Mapping}): a zerorow schema as a Parquet
 * message (the write table of SPEC §12.3), and a Parquet schema from any writer as the mapping's
 * {@link Source} types (the read table: every physical and logical type, LIST and MAP in every
 * backward-compatibility form of Parquet's LogicalTypes, repeated fields outside a LIST, INT96,
 * UUID, INTERVAL, FLOAT16, VARIANT), so that a Parquet column gets the same verdict and values as
 * the Arrow column of the same type.
 */
public final class ParquetSchemas {
  /** Name of the message (the root group). */
  public static final String MESSAGE = "zerorow";

  private ParquetSchemas() {}

  // ---- zerorow -> Parquet (SPEC §12.3, "Written by zerorow") ----

  /** The Parquet message type of {@code schema}. */
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
    return parquet(name, Mapping.toSource(t), t, nullable, path);
  }

  /** The Parquet type of a source written by zerorow; {@code t} is its zerorow type. */
  private static Type parquet(String name, Source s, DataType t, boolean nullable, String path) {
    Type.Repetition rep = repetition(nullable);
    return switch (s.kind()) {
      case NULL ->
          Types.primitive(PrimitiveTypeName.INT32, rep)
              .as(LogicalTypeAnnotation.unknownType())
              .named(name);
      case BOOL -> Types.primitive(PrimitiveTypeName.BOOLEAN, rep).named(name);
      case INT ->
          s.bits() == 64
              ? Types.primitive(PrimitiveTypeName.INT64, rep).named(name)
              : s.bits() == 32
                  ? Types.primitive(PrimitiveTypeName.INT32, rep).named(name)
                  : Types.primitive(PrimitiveTypeName.INT32, rep)
                      .as(LogicalTypeAnnotation.intType(s.bits(), true))
                      .named(name);
      case FLOAT ->
          Types.primitive(s.bits() == 32 ? PrimitiveTypeName.FLOAT : PrimitiveTypeName.DOUBLE, rep)
              .named(name);
      case STRING ->
          Types.primitive(PrimitiveTypeName.BINARY, rep)
              .as(LogicalTypeAnnotation.stringType())
              .named(name);
      case BINARY -> Types.primitive(PrimitiveTypeName.BINARY, rep).named(name);
      case FIXED_BINARY ->
          Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, rep).length(s.size()).named(name);
      case UUID ->
          Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, rep)
              .length(16)
              .as(LogicalTypeAnnotation.uuidType())
              .named(name);
      case DATE_DAY ->
          Types.primitive(PrimitiveTypeName.INT32, rep)
              .as(LogicalTypeAnnotation.dateType())
              .named(name);
      case TIME ->
          Types.primitive(PrimitiveTypeName.INT64, rep)
              .as(LogicalTypeAnnotation.timeType(false, LogicalTypeAnnotation.TimeUnit.MICROS))
              .named(name);
      case TIMESTAMP ->
          Types.primitive(PrimitiveTypeName.INT64, rep)
              .as(
                  LogicalTypeAnnotation.timestampType(
                      s.tz() != null, LogicalTypeAnnotation.TimeUnit.MICROS))
              .named(name);
      // Parquet has no duration or month interval; pyarrow does the same for duration
      case DURATION -> Types.primitive(PrimitiveTypeName.INT64, rep).named(name);
      case INTERVAL_MONTHS -> Types.primitive(PrimitiveTypeName.INT32, rep).named(name);
      case INTERVAL_MONTH_DAY_NANO ->
          throw new UnsupportedException(
              path,
              "Parquet cannot hold an interval: its INTERVAL is unsigned milliseconds, without"
                  + " microseconds or negative values (Spark refuses it too, SPEC §12.3)");
      case DECIMAL -> {
        LogicalTypeAnnotation dec = LogicalTypeAnnotation.decimalType(s.scale(), s.precision());
        if (s.precision() <= 9) {
          yield Types.primitive(PrimitiveTypeName.INT32, rep).as(dec).named(name);
        }
        if (s.precision() <= 18) {
          yield Types.primitive(PrimitiveTypeName.INT64, rep).as(dec).named(name);
        }
        yield Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, rep)
            .length(decimalBytes(s.precision()))
            .as(dec)
            .named(name);
      }
      case VARIANT ->
          Types.buildGroup(rep)
              .as(LogicalTypeAnnotation.variantType((byte) 1))
              .addField(Types.required(PrimitiveTypeName.BINARY).named("metadata"))
              .addField(Types.required(PrimitiveTypeName.BINARY).named("value"))
              .named(name);
      case LIST -> {
        DataTypes.ListType l = (DataTypes.ListType) t;
        Type element = toParquet("element", l.element(), l.elementNullable(), path + "[]");
        yield Types.buildGroup(rep)
            .as(LogicalTypeAnnotation.listType())
            .addField(Types.repeatedGroup().addField(element).named("list"))
            .named(name);
      }
      case MAP -> {
        DataTypes.MapType m = (DataTypes.MapType) t;
        Type key = toParquet("key", m.key(), false, path + "{keys}");
        Type value = toParquet("value", m.value(), m.valueNullable(), path + "{values}");
        yield Types.buildGroup(rep)
            .as(LogicalTypeAnnotation.mapType())
            .addField(Types.repeatedGroup().addField(key).addField(value).named("key_value"))
            .named(name);
      }
      case STRUCT -> {
        Schema st = (Schema) t;
        if (st.numFields() == 0) {
          throw new UnsupportedException(
              path, "Parquet has no empty group: a struct with no fields cannot be written");
        }
        Types.GroupBuilder<GroupType> g = Types.buildGroup(rep);
        for (Field f : st.fields()) {
          g.addField(toParquet(f.name(), f.type(), f.nullable(), path + "." + f.name()));
        }
        yield g.named(name);
      }
      case DATE_MILLI, INT96, INTERVAL_DAY_TIME, INTERVAL_MILLIS, UNSUPPORTED ->
          throw new IllegalStateException("zerorow never writes " + s.name());
    };
  }

  // ---- Parquet -> zerorow (SPEC §12.3, "Read") ----

  /**
   * The zerorow schema a Parquet file without zerorow metadata reads as (SPEC §12.3). A type the
   * mapping refuses is {@code unsupported}, naming the column and the type.
   */
  public static Schema fromParquet(GroupType message) {
    return (Schema) Mapping.toZerorow(struct(message, ""), "").type();
  }

  /** The zerorow field of one top-level Parquet field (SPEC §12.3). */
  static Field field(Type f, String path) {
    Source s = Source.struct("message").field(f.getName(), source(f, path), nullable(f));
    if (f.isRepetition(Type.Repetition.REPEATED)) {
      s = Source.struct("message").field(f.getName(), repeated(f, path), false);
    }
    return ((Schema) Mapping.toZerorow(s, "").type()).field(0);
  }

  private static boolean nullable(Type f) {
    return f.isRepetition(Type.Repetition.OPTIONAL);
  }

  /** The source of a group's fields; a repeated field outside a LIST is a list (SPEC §12.3). */
  static Source struct(GroupType g, String path) {
    Source s = Source.struct(name(g));
    for (Type f : g.getFields()) {
      String p = path.isEmpty() ? f.getName() : path + "." + f.getName();
      if (f.isRepetition(Type.Repetition.REPEATED)) {
        s.field(f.getName(), repeated(f, p), false);
      } else {
        s.field(f.getName(), source(f, p), nullable(f));
      }
    }
    return s;
  }

  /** A repeated field outside any LIST: a list of its non-null values. */
  private static Source repeated(Type f, String path) {
    Source element =
        f.isPrimitive() ? primitive(f.asPrimitiveType(), path) : group(f.asGroupType(), path);
    return Source.list(element, false, "repeated " + name(f));
  }

  /** The source of a (non-repeated) Parquet field. */
  static Source source(Type f, String path) {
    return f.isPrimitive() ? primitive(f.asPrimitiveType(), path) : group(f.asGroupType(), path);
  }

  /**
   * A LIST group's element (Parquet's LogicalTypes.md, backward-compatibility rules): the repeated
   * field is the element when it is a primitive, a group of several fields, or a group of one field
   * named {@code array} or {@code <list name>_tuple} (elements not null); else the repeated group's
   * one field is the element (the 3-level form).
   */
  record ListForm(Type repeated, Type element, boolean twoLevel) {}

  static ListForm listForm(GroupType g, String path) {
    if (g.getFieldCount() != 1 || !g.getType(0).isRepetition(Type.Repetition.REPEATED)) {
      throw new UnsupportedException(
          path,
          "a LIST group must hold exactly one repeated field but "
              + name(g)
              + " holds "
              + g.getFieldCount()
              + " fields (SPEC §12.3)");
    }
    Type r = g.getType(0);
    if (r.isPrimitive()) {
      return new ListForm(r, r, true);
    }
    GroupType rg = r.asGroupType();
    if (rg.getFieldCount() != 1
        || r.getName().equals("array")
        || r.getName().equals(g.getName() + "_tuple")) {
      return new ListForm(r, r, true);
    }
    return new ListForm(r, rg.getType(0), false);
  }

  /** A MAP group's repeated key-value group, checked: a key field and a value field. */
  static GroupType mapEntries(GroupType g, String path) {
    if (g.getFieldCount() != 1
        || g.getType(0).isPrimitive()
        || !g.getType(0).isRepetition(Type.Repetition.REPEATED)) {
      throw new UnsupportedException(
          path, "a MAP group must hold exactly one repeated group but found " + name(g));
    }
    GroupType kv = g.getType(0).asGroupType();
    if (kv.getFieldCount() != 2) {
      String what =
          kv.getFieldCount() == 1
              ? kv.getType(0).getName().equals("key") ? "a key but no value field" : "no key field"
              : kv.getFieldCount() + " fields";
      throw new UnsupportedException(
          path,
          "a MAP's repeated group must hold a key and a value field but "
              + name(kv)
              + " holds "
              + what
              + " (SPEC §12.3)");
    }
    if (!kv.getType(0).isRepetition(Type.Repetition.REQUIRED)) {
      throw new UnsupportedException(
          path, "a MAP's key field must be required but found " + name(kv.getType(0)));
    }
    return kv;
  }

  private static Source group(GroupType g, String path) {
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      ListForm form = listForm(g, path);
      Type e = form.element;
      boolean elementNullable = !form.twoLevel && e.isRepetition(Type.Repetition.OPTIONAL);
      if (!form.twoLevel && e.isRepetition(Type.Repetition.REPEATED)) {
        // the 3-level form's element is itself repeated: a list of its values
        return Source.list(repeated(e, path + "[]"), false, name(g));
      }
      Source element =
          e.isPrimitive()
              ? primitive(e.asPrimitiveType(), path + "[]")
              : group(e.asGroupType(), path + "[]");
      return Source.list(element, elementNullable, name(g));
    }
    if (a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation) {
      GroupType kv = mapEntries(g, path);
      Type value = kv.getType(1);
      return Source.map(
          source(kv.getType(0), path + "{keys}"),
          value.isRepetition(Type.Repetition.REPEATED)
              ? repeated(value, path + "{values}")
              : source(value, path + "{values}"),
          nullable(value),
          name(g));
    }
    if (a instanceof LogicalTypeAnnotation.VariantLogicalTypeAnnotation) {
      if (g.containsField("typed_value")) {
        return Source.of(
            Kind.UNSUPPORTED, "a shredded Parquet VARIANT (with typed_value) " + name(g));
      }
      if (g.getFieldCount() != 2
          || !g.containsField("metadata")
          || !g.containsField("value")
          || !binary(g.getType("metadata"))
          || !binary(g.getType("value"))) {
        return Source.of(Kind.UNSUPPORTED, "a Parquet VARIANT group " + name(g));
      }
      return Source.of(Kind.VARIANT, name(g));
    }
    if (a != null) {
      return Source.of(Kind.UNSUPPORTED, "Parquet group " + name(g));
    }
    return struct(g, path);
  }

  private static boolean binary(Type t) {
    return t.isPrimitive()
        && t.asPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BINARY
        && !t.isRepetition(Type.Repetition.REPEATED);
  }

  private static Source primitive(PrimitiveType p, String path) {
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    String n = name(p);
    if (a instanceof LogicalTypeAnnotation.UnknownLogicalTypeAnnotation) {
      return Source.of(Kind.NULL, n);
    }
    if (a instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) {
      LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d =
          (LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) a;
      int bits =
          switch (p.getPrimitiveTypeName()) {
            case INT32 -> 32;
            case INT64 -> 64;
            case BINARY, FIXED_LEN_BYTE_ARRAY -> 0;
            case BOOLEAN, FLOAT, DOUBLE, INT96 -> -1;
          };
      return bits < 0
          ? Source.of(Kind.UNSUPPORTED, n)
          : Source.decimal(d.getPrecision(), d.getScale(), bits, n);
    }
    return switch (p.getPrimitiveTypeName()) {
      case BOOLEAN -> a == null ? Source.of(Kind.BOOL, n) : Source.of(Kind.UNSUPPORTED, n);
      case FLOAT -> a == null ? Source.floating(32, n) : Source.of(Kind.UNSUPPORTED, n);
      case DOUBLE -> a == null ? Source.floating(64, n) : Source.of(Kind.UNSUPPORTED, n);
      case INT96 -> a == null ? Source.of(Kind.INT96, n) : Source.of(Kind.UNSUPPORTED, n);
      case INT32 -> {
        if (a == null) {
          yield Source.integer(32, true, n);
        }
        if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i
            && i.getBitWidth() <= 32) {
          yield Source.integer(i.getBitWidth(), i.isSigned(), n);
        }
        if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
          yield Source.of(Kind.DATE_DAY, n);
        }
        if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation t
            && t.getUnit() == LogicalTypeAnnotation.TimeUnit.MILLIS) {
          yield Source.temporal(Kind.TIME, Unit.MILLI, null, n);
        }
        yield Source.of(Kind.UNSUPPORTED, n);
      }
      case INT64 -> {
        if (a == null) {
          yield Source.integer(64, true, n);
        }
        if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i
            && i.getBitWidth() == 64) {
          yield Source.integer(64, i.isSigned(), n);
        }
        if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation t
            && t.getUnit() != LogicalTypeAnnotation.TimeUnit.MILLIS) {
          yield Source.temporal(Kind.TIME, unit(t.getUnit()), null, n);
        }
        if (a instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation t) {
          // the zone's name is not in Parquet: adjusted-to-UTC values read as UTC
          yield Source.temporal(
              Kind.TIMESTAMP, unit(t.getUnit()), t.isAdjustedToUTC() ? "UTC" : null, n);
        }
        yield Source.of(Kind.UNSUPPORTED, n);
      }
      case BINARY -> {
        if (a == null || a instanceof LogicalTypeAnnotation.BsonLogicalTypeAnnotation) {
          yield Source.of(Kind.BINARY, n);
        }
        if (a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
            || a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
            || a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
          yield Source.of(Kind.STRING, n);
        }
        yield Source.of(Kind.UNSUPPORTED, n);
      }
      case FIXED_LEN_BYTE_ARRAY -> {
        int len = p.getTypeLength();
        if (a == null) {
          yield Source.fixedBinary(len, n);
        }
        if (a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation && len == 16) {
          yield Source.of(Kind.UUID, n);
        }
        if (a instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation && len == 2) {
          yield Source.floating(16, n);
        }
        if (a instanceof LogicalTypeAnnotation.IntervalLogicalTypeAnnotation && len == 12) {
          yield Source.of(Kind.INTERVAL_MILLIS, n);
        }
        yield Source.of(Kind.UNSUPPORTED, n);
      }
    };
  }

  private static Unit unit(LogicalTypeAnnotation.TimeUnit u) {
    return switch (u) {
      case MILLIS -> Unit.MILLI;
      case MICROS -> Unit.MICRO;
      case NANOS -> Unit.NANO;
    };
  }

  /** A Parquet type as Parquet's schema text writes it, for messages. */
  static String name(Type t) {
    String s = t.toString().replaceAll("\\s+", " ").trim();
    return "Parquet type " + (s.length() > 200 ? s.substring(0, 200) + "..." : s);
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
      if (f.type() instanceof Schema
          && !t.isPrimitive()
          && t.getLogicalTypeAnnotation() == null
          && !t.isRepetition(Type.Repetition.REPEATED)) {
        out.add(
            t.asGroupType().withNewFields(projectFields(t.asGroupType(), (Schema) f.type(), p)));
      } else {
        out.add(t);
      }
    }
    return out;
  }
}
