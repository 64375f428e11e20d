package io.zerorow.arrow;

import io.zerorow.internal.Mapping;
import io.zerorow.internal.Mapping.Kind;
import io.zerorow.internal.Mapping.Source;
import io.zerorow.internal.Mapping.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Arrow's side of the one mapping of SPEC §12 ({@link Mapping}): an Arrow field as the mapping's
 * {@link Source} (its dictionary, run-end, view, large and extension forms read as their value
 * type), a source as an Arrow field, and Arrow types named as Arrow prints them ({@code
 * date64[ms]}, {@code fixed_size_binary[16]}, {@code dense_union<...>}).
 */
final class ArrowTypes {
  /** The metadata key of an extension type's name in an Arrow field (when not registered). */
  static final String EXTENSION_NAME = "ARROW:extension:name";

  static final String UUID_EXTENSION = "arrow.uuid";

  /**
   * The metadata key that marks a decimal32 or decimal64 field (its width) which {@link
   * ArrowIpcReader} holds as a decimal128 field: Arrow Java's types have no narrower decimal.
   */
  static final String DECIMAL_BITS = "zerorow:decimal_bit_width";

  static final String VARIANT_EXTENSION = "parquet.variant";

  private ArrowTypes() {}

  /**
   * The source type of an Arrow field: what {@link Mapping#toZerorow} maps. A dictionary-encoded
   * field is its values' type (Arrow Java's memory form carries the index type with the dictionary
   * encoding: {@code valueType} is then the dictionary's value field), a run-end encoded one its
   * values' type.
   */
  static Source source(Field f) {
    ArrowType t = f.getType();
    String ext = extensionName(f);
    if (ext != null) {
      if (ext.equals(UUID_EXTENSION)
          && storage(t) instanceof ArrowType.FixedSizeBinary
          && ((ArrowType.FixedSizeBinary) storage(t)).getByteWidth() == 16) {
        return Source.of(Kind.UUID, "extension<arrow.uuid>");
      }
      if (ext.equals(VARIANT_EXTENSION) && isVariantStorage(f)) {
        return Source.of(Kind.VARIANT, "extension<parquet.variant>");
      }
      // any other extension type reads as its storage type (Arrow's rule for unknown ones)
    }
    if (t instanceof ArrowType.ExtensionType) {
      t = ((ArrowType.ExtensionType) t).storageType();
    }
    return switch (t.getTypeID()) {
      case Null -> Source.of(Kind.NULL, "null");
      case Bool -> Source.of(Kind.BOOL, "bool");
      case Int -> {
        ArrowType.Int i = (ArrowType.Int) t;
        yield Source.integer(i.getBitWidth(), i.getIsSigned(), name(t));
      }
      case FloatingPoint ->
          Source.floating(
              switch (((ArrowType.FloatingPoint) t).getPrecision()) {
                case HALF -> 16;
                case SINGLE -> 32;
                case DOUBLE -> 64;
              },
              name(t));
      case Decimal -> {
        ArrowType.Decimal d = (ArrowType.Decimal) t;
        int bits = decimalBits(f);
        yield Source.decimal(d.getPrecision(), d.getScale(), bits, decimalName(d, bits));
      }
      case Utf8, LargeUtf8, Utf8View -> Source.of(Kind.STRING, name(t));
      case Binary, LargeBinary, BinaryView -> Source.of(Kind.BINARY, name(t));
      case FixedSizeBinary ->
          Source.fixedBinary(((ArrowType.FixedSizeBinary) t).getByteWidth(), name(t));
      case Date ->
          Source.of(
              ((ArrowType.Date) t).getUnit() == DateUnit.DAY ? Kind.DATE_DAY : Kind.DATE_MILLI,
              name(t));
      case Time -> Source.temporal(Kind.TIME, unit(((ArrowType.Time) t).getUnit()), null, name(t));
      case Timestamp -> {
        ArrowType.Timestamp ts = (ArrowType.Timestamp) t;
        yield Source.temporal(Kind.TIMESTAMP, unit(ts.getUnit()), ts.getTimezone(), name(t));
      }
      case Duration ->
          Source.temporal(Kind.DURATION, unit(((ArrowType.Duration) t).getUnit()), null, name(t));
      case Interval ->
          Source.of(
              switch (((ArrowType.Interval) t).getUnit()) {
                case YEAR_MONTH -> Kind.INTERVAL_MONTHS;
                case DAY_TIME -> Kind.INTERVAL_DAY_TIME;
                case MONTH_DAY_NANO -> Kind.INTERVAL_MONTH_DAY_NANO;
              },
              name(t));
      case List, LargeList, ListView, LargeListView, FixedSizeList -> {
        Field item = f.getChildren().get(0);
        yield Source.list(source(item), item.isNullable(), name(f));
      }
      case Map -> {
        Field entries = f.getChildren().get(0);
        Field key = entries.getChildren().get(0);
        Field value = entries.getChildren().get(1);
        yield Source.map(source(key), source(value), value.isNullable(), name(f));
      }
      case Struct -> {
        Source s = Source.struct(name(f));
        for (Field c : f.getChildren()) {
          s.field(c.getName(), source(c), c.isNullable());
        }
        yield s;
      }
      case RunEndEncoded -> source(f.getChildren().get(1));
      case Union, NONE -> Source.of(Kind.UNSUPPORTED, name(f));
    };
  }

  /** A decimal field's width in bits (a narrow one's from its {@link #DECIMAL_BITS} mark). */
  static int decimalBits(Field f) {
    String marked = f.getMetadata() == null ? null : f.getMetadata().get(DECIMAL_BITS);
    return marked != null
        ? Integer.parseInt(marked)
        : ((ArrowType.Decimal) f.getType()).getBitWidth();
  }

  private static String decimalName(ArrowType.Decimal d, int bits) {
    return "decimal" + bits + "(" + d.getPrecision() + ", " + d.getScale() + ")";
  }

  /**
   * The name of the extension type of {@code f}, registered or carried in its metadata, or null.
   */
  static String extensionName(Field f) {
    if (f.getType() instanceof ArrowType.ExtensionType) {
      return ((ArrowType.ExtensionType) f.getType()).extensionName();
    }
    Map<String, String> m = f.getMetadata();
    return m == null ? null : m.get(EXTENSION_NAME);
  }

  private static ArrowType storage(ArrowType t) {
    return t instanceof ArrowType.ExtensionType ? ((ArrowType.ExtensionType) t).storageType() : t;
  }

  /** A {@code parquet.variant} storage: a struct of binary {@code metadata} and {@code value}. */
  static boolean isVariantStorage(Field f) {
    if (!(storage(f.getType()) instanceof ArrowType.Struct) || f.getChildren().size() != 2) {
      return false;
    }
    boolean metadata = false;
    boolean value = false;
    for (Field c : f.getChildren()) {
      ArrowType ct = c.getType();
      boolean binary =
          ct instanceof ArrowType.Binary
              || ct instanceof ArrowType.LargeBinary
              || ct instanceof ArrowType.BinaryView;
      metadata |= binary && c.getName().equals("metadata");
      value |= binary && c.getName().equals("value");
    }
    return metadata && value;
  }

  static Unit unit(TimeUnit u) {
    return switch (u) {
      case SECOND -> Unit.SECOND;
      case MILLISECOND -> Unit.MILLI;
      case MICROSECOND -> Unit.MICRO;
      case NANOSECOND -> Unit.NANO;
    };
  }

  // ---- names as Arrow prints them (pyarrow's str of a type) ----

  /** A field's type as Arrow prints it, nested types with their children. */
  static String name(Field f) {
    if (f.getDictionary() != null) {
      ArrowType.Int index = f.getDictionary().getIndexType();
      return "dictionary<values="
          + name(f.getType())
          + ", indices="
          + name(index)
          + ", ordered="
          + (f.getDictionary().isOrdered() ? 1 : 0)
          + ">";
    }
    String ext = extensionName(f);
    if (ext != null) {
      return "extension<" + ext + ">";
    }
    ArrowType t = f.getType();
    return switch (t.getTypeID()) {
      case List, LargeList, ListView, LargeListView ->
          prefix(t) + "<" + child(f.getChildren().get(0)) + ">";
      case FixedSizeList ->
          "fixed_size_list<"
              + child(f.getChildren().get(0))
              + ">["
              + ((ArrowType.FixedSizeList) t).getListSize()
              + "]";
      case Map -> {
        Field entries = f.getChildren().get(0);
        yield "map<"
            + name(entries.getChildren().get(0))
            + ", "
            + name(entries.getChildren().get(1))
            + ">";
      }
      case Struct, Union, RunEndEncoded -> {
        List<String> cs = new ArrayList<>();
        for (Field c : f.getChildren()) {
          cs.add(child(c));
        }
        yield prefix(t) + "<" + String.join(", ", cs) + ">";
      }
      case Decimal -> decimalName((ArrowType.Decimal) t, decimalBits(f));
      default -> name(t);
    };
  }

  private static String child(Field c) {
    return c.getName() + ": " + name(c) + (c.isNullable() ? "" : " not null");
  }

  private static String prefix(ArrowType t) {
    return switch (t.getTypeID()) {
      case List -> "list";
      case LargeList -> "large_list";
      case ListView -> "list_view";
      case LargeListView -> "large_list_view";
      case Struct -> "struct";
      case RunEndEncoded -> "run_end_encoded";
      case Union ->
          ((ArrowType.Union) t).getMode() == org.apache.arrow.vector.types.UnionMode.Dense
              ? "dense_union"
              : "sparse_union";
      default -> t.getTypeID().name();
    };
  }

  /** A type without children as Arrow prints it. */
  static String name(ArrowType t) {
    if (t instanceof ArrowType.ExtensionType) {
      return "extension<" + ((ArrowType.ExtensionType) t).extensionName() + ">";
    }
    return switch (t.getTypeID()) {
      case Null -> "null";
      case Bool -> "bool";
      case Int -> {
        ArrowType.Int i = (ArrowType.Int) t;
        yield (i.getIsSigned() ? "int" : "uint") + i.getBitWidth();
      }
      case FloatingPoint ->
          switch (((ArrowType.FloatingPoint) t).getPrecision()) {
            case HALF -> "halffloat";
            case SINGLE -> "float";
            case DOUBLE -> "double";
          };
      case Decimal -> {
        ArrowType.Decimal d = (ArrowType.Decimal) t;
        yield "decimal" + d.getBitWidth() + "(" + d.getPrecision() + ", " + d.getScale() + ")";
      }
      case Utf8 -> "string";
      case LargeUtf8 -> "large_string";
      case Utf8View -> "string_view";
      case Binary -> "binary";
      case LargeBinary -> "large_binary";
      case BinaryView -> "binary_view";
      case FixedSizeBinary ->
          "fixed_size_binary[" + ((ArrowType.FixedSizeBinary) t).getByteWidth() + "]";
      case Date -> ((ArrowType.Date) t).getUnit() == DateUnit.DAY ? "date32[day]" : "date64[ms]";
      case Time -> {
        ArrowType.Time tt = (ArrowType.Time) t;
        yield "time" + tt.getBitWidth() + "[" + unit(tt.getUnit()).text() + "]";
      }
      case Timestamp -> {
        ArrowType.Timestamp ts = (ArrowType.Timestamp) t;
        yield "timestamp["
            + unit(ts.getUnit()).text()
            + (ts.getTimezone() == null ? "" : ", tz=" + ts.getTimezone())
            + "]";
      }
      case Duration -> "duration[" + unit(((ArrowType.Duration) t).getUnit()).text() + "]";
      case Interval ->
          switch (((ArrowType.Interval) t).getUnit()) {
            case YEAR_MONTH -> "month_interval";
            case DAY_TIME -> "day_time_interval";
            case MONTH_DAY_NANO -> "month_day_nano_interval";
          };
      case List,
              LargeList,
              ListView,
              LargeListView,
              FixedSizeList,
              Map,
              Struct,
              Union,
              RunEndEncoded,
              NONE ->
          prefix(t);
    };
  }

  // ---- a source as an Arrow field (SPEC §12.1) ----

  /** The Arrow field of a source type written by zerorow (SPEC §12.1). */
  static Field field(String name, Source s, boolean nullable) {
    List<Field> children = new ArrayList<>();
    ArrowType t =
        switch (s.kind()) {
          case NULL -> ArrowType.Null.INSTANCE;
          case BOOL -> ArrowType.Bool.INSTANCE;
          case INT -> new ArrowType.Int(s.bits(), s.signed());
          case FLOAT ->
              new ArrowType.FloatingPoint(
                  s.bits() == 16
                      ? FloatingPointPrecision.HALF
                      : s.bits() == 32
                          ? FloatingPointPrecision.SINGLE
                          : FloatingPointPrecision.DOUBLE);
          case DECIMAL -> new ArrowType.Decimal(s.precision(), s.scale(), s.bits());
          case STRING -> ArrowType.Utf8.INSTANCE;
          case BINARY -> ArrowType.Binary.INSTANCE;
          case FIXED_BINARY -> new ArrowType.FixedSizeBinary(s.size());
          case UUID -> ArrowUuid.type(name);
          case DATE_DAY -> new ArrowType.Date(DateUnit.DAY);
          case DATE_MILLI -> new ArrowType.Date(DateUnit.MILLISECOND);
          case TIME ->
              new ArrowType.Time(
                  timeUnit(s.unit()), s.unit() == Unit.MICRO || s.unit() == Unit.NANO ? 64 : 32);
          case TIMESTAMP -> new ArrowType.Timestamp(timeUnit(s.unit()), s.tz());
          case DURATION -> new ArrowType.Duration(timeUnit(s.unit()));
          case INTERVAL_MONTHS -> new ArrowType.Interval(IntervalUnit.YEAR_MONTH);
          case INTERVAL_DAY_TIME -> new ArrowType.Interval(IntervalUnit.DAY_TIME);
          case INTERVAL_MONTH_DAY_NANO -> new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO);
          case VARIANT -> {
            children.add(Field.notNullable("metadata", ArrowType.Binary.INSTANCE));
            children.add(Field.notNullable("value", ArrowType.Binary.INSTANCE));
            yield VariantType.INSTANCE;
          }
          case LIST -> {
            children.add(field(ArrowUtils.LIST_ITEM, s.children().get(0), s.nullable().get(0)));
            yield ArrowType.List.INSTANCE;
          }
          case MAP -> {
            children.add(
                new Field(
                    ArrowUtils.MAP_ENTRIES,
                    FieldType.notNullable(ArrowType.Struct.INSTANCE),
                    List.of(
                        field(ArrowUtils.MAP_KEY, s.children().get(0), false),
                        field(ArrowUtils.MAP_VALUE, s.children().get(1), s.nullable().get(1)))));
            yield new ArrowType.Map(false);
          }
          case STRUCT -> {
            for (int i = 0; i < s.children().size(); i++) {
              children.add(field(s.names().get(i), s.children().get(i), s.nullable().get(i)));
            }
            yield ArrowType.Struct.INSTANCE;
          }
          case INT96, INTERVAL_MILLIS, UNSUPPORTED ->
              throw new IllegalStateException("zerorow never writes " + s.name());
        };
    return new Field(name, new FieldType(nullable, t, null), children);
  }

  private static TimeUnit timeUnit(Unit u) {
    return switch (u) {
      case SECOND -> TimeUnit.SECOND;
      case MILLI -> TimeUnit.MILLISECOND;
      case MICRO -> TimeUnit.MICROSECOND;
      case NANO -> TimeUnit.NANOSECOND;
    };
  }
}
