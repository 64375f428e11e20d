package io.zerorow.parquet;

import io.zerorow.InvalidDataException;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Mapping;
import io.zerorow.internal.Mapping.Source;
import io.zerorow.internal.Utf8;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Interval;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import io.zerorow.type.Values;
import io.zerorow.type.Variant;
import io.zerorow.writer.ArrayWriter;
import io.zerorow.writer.BinaryWriter;
import io.zerorow.writer.RowWriter;
import io.zerorow.writer.WriteBuffer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * parquet-mr converters that build rows, converting values as SPEC §12.3 says (through {@link
 * Mapping}: unsigned integers, FLOAT16, time and timestamp units, INT96, INTERVAL, UUID, VARIANT).
 * Top-level fields arrive in schema order, so fixed-width values and strings go straight into the
 * row's slots and bodies (no objects); a list, map or struct value is collected as a small object
 * tree (its element count is only known at its end) and then written at the cursor with the core
 * writers. LIST groups are read in every form of Parquet's backward-compatibility rules ({@link
 * ParquetSchemas#listForm}), and a repeated field outside a LIST as a list of its values.
 */
final class RowConverters {
  private RowConverters() {}

  /** Where a converted value goes: ordinal {@code k} of a row being written, or a container. */
  interface Target {
    void set(int k, Object v);

    default void setInt(int k, int v) {
      set(k, v);
    }

    default void setLong(int k, long v) {
      set(k, v);
    }

    default void setBoolean(int k, boolean v) {
      set(k, v);
    }

    default void setFloat(int k, float v) {
      set(k, v);
    }

    default void setDouble(int k, double v) {
      set(k, v);
    }
  }

  /** The record being assembled: its number in the file, for errors (SPEC §5: a global row). */
  static final class Record {
    long number = -1;
  }

  /** A map value while it is collected. */
  static final class MapValue {
    final List<Object> keys = new ArrayList<>();
    final List<Object> values = new ArrayList<>();
  }

  /** The materializer: one reused row per record (copy it to keep it). */
  static final class Materializer extends RecordMaterializer<BinaryRow> {
    private final Root root;

    Materializer(MessageType file, Schema schema, boolean strict) {
      this.root = new Root(file, schema, strict);
    }

    @Override
    public BinaryRow getCurrentRecord() {
      return root.writer.getRow();
    }

    @Override
    public GroupConverter getRootConverter() {
      return root;
    }

    /** The number of the record being assembled (0-based, in the whole file). */
    long recordNumber() {
      return root.record.number;
    }
  }

  /**
   * The top-level row. When the file's column order is the schema's and no field is repeated,
   * values are written into the row as they arrive (fields skipped in between are null); otherwise
   * they are collected and written at the end in ordinal order.
   */
  static final class Root extends GroupConverter implements Target {
    final RowWriter writer;
    final Record record = new Record();
    private final Schema schema;
    private final Converter[] fields;
    private final ValueWriter values;
    private final boolean ordered;
    private final boolean[] repeated;
    private final Object[] collected;
    private int next;

    Root(GroupType file, Schema schema, boolean strict) {
      this.schema = schema;
      this.writer = new RowWriter(schema);
      this.values = new ValueWriter(writer.buffer(), record);
      this.fields = new Converter[file.getFieldCount()];
      this.repeated = new boolean[schema.numFields()];
      boolean inOrder = true;
      int last = -1;
      for (int idx = 0; idx < fields.length; idx++) {
        Type t = file.getType(idx);
        int k = schema.indexOf(t.getName());
        Field f = schema.field(k);
        repeated[k] = t.isRepetition(Type.Repetition.REPEATED);
        Target target = repeated[k] ? (i, v) -> appendTo(k, v) : this;
        fields[idx] = converter(t, f.type(), target, k, f.name(), strict, record);
        inOrder &= k > last && !repeated[k];
        last = k;
      }
      this.ordered = inOrder;
      this.collected = inOrder ? null : new Object[schema.numFields()];
    }

    @SuppressWarnings("unchecked")
    private void appendTo(int k, Object v) {
      ((List<Object>) collected[k]).add(v);
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return fields[fieldIndex];
    }

    @Override
    public void start() {
      record.number++;
      writer.reset();
      next = 0;
      if (!ordered) {
        for (int k = 0; k < collected.length; k++) {
          collected[k] = repeated[k] ? new ArrayList<>() : null;
        }
      }
    }

    @Override
    public void end() {
      if (!ordered) {
        for (int k = 0; k < collected.length; k++) {
          Field f = schema.field(k);
          values.writeOrNull(writer, k, f.type(), f.nullable(), collected[k], f.name());
        }
        return;
      }
      nullsUpTo(schema.numFields());
    }

    /** Fields skipped before {@code k} are null (in order: a null decimal p>18 has a body). */
    private void nullsUpTo(int k) {
      for (; next < k; next++) {
        Field f = schema.field(next);
        if (!f.nullable()) {
          throw Mapping.invalid(f.name(), record.number, "a null where the column is not nullable");
        }
        writer.setNullAt(next);
      }
    }

    @Override
    public void set(int k, Object v) {
      if (!ordered) {
        collected[k] = v;
        return;
      }
      nullsUpTo(k);
      values.write(writer, k, schema.field(k).type(), v, schema.field(k).name());
      next = k + 1;
    }

    @Override
    public void setInt(int k, int v) {
      if (!ordered) {
        collected[k] = v;
        return;
      }
      nullsUpTo(k);
      DataType t = schema.field(k).type();
      switch (t.id()) {
        case INT8 -> writer.writeByte(k, (byte) v);
        case INT16 -> writer.writeShort(k, (short) v);
        case DECIMAL -> values.write(writer, k, t, (long) v, schema.field(k).name());
        default -> writer.writeInt(k, v);
      }
      next = k + 1;
    }

    @Override
    public void setBoolean(int k, boolean v) {
      if (!ordered) {
        collected[k] = v;
        return;
      }
      nullsUpTo(k);
      writer.writeBoolean(k, v);
      next = k + 1;
    }

    @Override
    public void setFloat(int k, float v) {
      if (!ordered) {
        collected[k] = v;
        return;
      }
      nullsUpTo(k);
      writer.writeFloat(k, v);
      next = k + 1;
    }

    @Override
    public void setDouble(int k, double v) {
      if (!ordered) {
        collected[k] = v;
        return;
      }
      nullsUpTo(k);
      writer.writeDouble(k, v);
      next = k + 1;
    }

    @Override
    public void setLong(int k, long v) {
      if (!ordered) {
        collected[k] = v;
        return;
      }
      nullsUpTo(k);
      DataType t = schema.field(k).type();
      if (t.id() == TypeId.DECIMAL) {
        values.write(writer, k, t, v, schema.field(k).name());
      } else {
        writer.writeLong(k, v);
      }
      next = k + 1;
    }
  }

  /**
   * Writes collected values (boxed primitives, byte[], BigInteger, Interval, Variant, List,
   * MapValue, Object[]).
   */
  static final class ValueWriter {
    private final WriteBuffer buffer;
    private final Record record;

    ValueWriter(WriteBuffer buffer, Record record) {
      this.buffer = buffer;
      this.record = record;
    }

    void write(BinaryWriter w, int i, DataType t, Object v, String path) {
      // a switch expression without default: a new type must be handled here
      Void done =
          switch (t.id()) {
            case BOOL -> {
              w.writeBoolean(i, (Boolean) v);
              yield null;
            }
            case INT8 -> {
              w.writeByte(i, (byte) (int) (Integer) v);
              yield null;
            }
            case INT16 -> {
              w.writeShort(i, (short) (int) (Integer) v);
              yield null;
            }
            case INT32, DATE32, INTERVAL_YM -> {
              w.writeInt(i, (Integer) v);
              yield null;
            }
            case INT64, TIME, TIMESTAMP, DURATION -> {
              w.writeLong(i, (Long) v);
              yield null;
            }
            case FLOAT32 -> {
              w.writeFloat(i, (Float) v);
              yield null;
            }
            case FLOAT64 -> {
              w.writeDouble(i, (Double) v);
              yield null;
            }
            case STRING, BINARY, FIXED_BINARY, UUID -> {
              w.writeBinary(i, (byte[]) v);
              yield null;
            }
            case INTERVAL -> {
              w.writeInterval(i, (Interval) v);
              yield null;
            }
            case VARIANT -> {
              w.writeVariant(i, (Variant) v);
              yield null;
            }
            case NULL -> {
              w.setNullAt(i);
              yield null;
            }
            case DECIMAL -> {
              decimal(w, i, (DataTypes.DecimalType) t, v, path);
              yield null;
            }
            case LIST -> {
              DataTypes.ListType l = (DataTypes.ListType) t;
              List<?> items = (List<?>) v;
              int c = w.cursor();
              ArrayWriter aw = new ArrayWriter(l, buffer);
              aw.initialize(items.size());
              for (int j = 0; j < items.size(); j++) {
                writeOrNull(aw, j, l.element(), l.elementNullable(), items.get(j), path + "[]");
              }
              w.setOffsetAndSize(i, c);
              yield null;
            }
            case MAP -> {
              DataTypes.MapType m = (DataTypes.MapType) t;
              MapValue mv = (MapValue) v;
              int n = mv.keys.size();
              int c = w.beginMap();
              ArrayWriter kw = new ArrayWriter(m.keyArrayType(), buffer);
              kw.initialize(n);
              for (int j = 0; j < n; j++) {
                writeOrNull(kw, j, m.key(), false, mv.keys.get(j), path + "{keys}");
              }
              w.endMapKeys(c);
              ArrayWriter vw = new ArrayWriter(m.valueArrayType(), buffer);
              vw.initialize(n);
              for (int j = 0; j < n; j++) {
                writeOrNull(
                    vw, j, m.value(), m.valueNullable(), mv.values.get(j), path + "{values}");
              }
              w.setOffsetAndSize(i, c);
              yield null;
            }
            case STRUCT -> {
              Schema s = (Schema) t;
              Object[] fields = (Object[]) v;
              int c = w.cursor();
              RowWriter rw = new RowWriter(s, buffer);
              rw.start();
              for (int k = 0; k < s.numFields(); k++) {
                Field f = s.field(k);
                writeOrNull(rw, k, f.type(), f.nullable(), fields[k], path + "." + f.name());
              }
              w.setOffsetAndSize(i, c);
              yield null;
            }
          };
    }

    private void decimal(BinaryWriter w, int i, DataTypes.DecimalType d, Object v, String path) {
      if (v instanceof Integer) {
        v = (long) (Integer) v;
      }
      BigInteger u = v instanceof Long ? BigInteger.valueOf((Long) v) : (BigInteger) v;
      if (!Values.fitsPrecision(u, d.precision())) {
        throw Mapping.invalid(
            path,
            record.number,
            "decimal "
                + new BigDecimal(u, d.scale()).toPlainString()
                + " exceeds the precision of decimal("
                + d.precision()
                + ", "
                + d.scale()
                + ")");
      }
      if (d.precision() <= DataTypes.DecimalType.MAX_LONG_PRECISION) {
        w.writeLong(i, u.longValueExact());
      } else {
        w.writeDecimal(i, new BigDecimal(u, d.scale()), d.precision(), d.scale());
      }
    }

    void writeOrNull(BinaryWriter w, int i, DataType t, boolean nullable, Object v, String path) {
      if (v == null) {
        if (!nullable) {
          throw Mapping.invalid(path, record.number, "a null where the type is not nullable");
        }
        w.setNullAt(i);
      } else {
        write(w, i, t, v, path);
      }
    }
  }

  /**
   * The converter of a Parquet field {@code file} read as zerorow type {@code t}, sending its
   * values to ordinal {@code k} of {@code target}.
   */
  static Converter converter(
      Type file, DataType t, Target target, int k, String path, boolean strict, Record record) {
    return switch (t.storage()) {
      case ARRAY ->
          file.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation
              ? new ListConverter(
                  file.asGroupType(), (DataTypes.ListType) t, target, k, path, strict, record)
              : repeatedElement(file, (DataTypes.ListType) t, target, k, path, strict, record);
      case MAP ->
          new MapConverter(
              file.asGroupType(), (DataTypes.MapType) t, target, k, path, strict, record);
      case ROW ->
          new StructConverter(file.asGroupType(), (Schema) t, target, k, path, strict, record);
      case FIXED, BODY, NONE ->
          t.id() == TypeId.VARIANT
              ? new VariantConverter(file.asGroupType(), target, k, path, record)
              : new Primitive(file, t, target, k, path, strict, record);
    };
  }

  /**
   * A repeated field outside a LIST read as a list: its parent already appends each occurrence, so
   * the converter is the element's.
   */
  private static Converter repeatedElement(
      Type file,
      DataTypes.ListType t,
      Target target,
      int k,
      String path,
      boolean strict,
      Record record) {
    return converter(file, t.element(), target, k, path + "[]", strict, record);
  }

  /** One primitive column: converts Parquet's physical value to the zerorow value (SPEC §12.3). */
  static final class Primitive extends PrimitiveConverter {
    private final Target target;
    private final int k;
    private final String path;
    private final Source source;
    private final boolean strict;
    private final Record record;

    Primitive(
        Type file, DataType t, Target target, int k, String path, boolean strict, Record record) {
      this.target = target;
      this.k = k;
      this.path = path;
      this.strict = strict;
      this.record = record;
      if (!file.isPrimitive()) {
        throw new io.zerorow.UnsupportedException(
            path, "expected a Parquet primitive for " + t + " but found " + file);
      }
      this.source = ParquetSchemas.source(file, path);
    }

    private InvalidDataException invalid(String detail) {
      return Mapping.invalid(path, record.number, detail);
    }

    @Override
    public void addBoolean(boolean v) {
      target.setBoolean(k, v);
    }

    @Override
    public void addInt(int v) {
      switch (source.kind()) {
        case INT -> {
          if (source.signed()) {
            target.setInt(k, v);
          } else if (source.bits() == 32) {
            target.setLong(k, v & 0xffffffffL); // uint32 to int64
          } else {
            target.setInt(k, source.bits() == 8 ? v & 0xff : v & 0xffff);
          }
        }
        case TIME ->
            target.setLong(
                k,
                Mapping.timeOfDay(
                    Mapping.micros(v, source.unit(), strict, "time", path, record.number),
                    path,
                    record.number));
        case NULL -> throw invalid("a value in a column of the null type (UNKNOWN)");
        default -> target.setInt(k, v);
      }
    }

    @Override
    public void addLong(long v) {
      switch (source.kind()) {
        case INT -> {
          if (source.signed()) {
            target.setLong(k, v);
          } else {
            target.set(k, new BigInteger(Long.toUnsignedString(v))); // uint64: decimal(20, 0)
          }
        }
        case TIME ->
            target.setLong(
                k,
                Mapping.timeOfDay(
                    Mapping.micros(v, source.unit(), strict, "time", path, record.number),
                    path,
                    record.number));
        case TIMESTAMP ->
            target.setLong(
                k, Mapping.micros(v, source.unit(), strict, "timestamp", path, record.number));
        case NULL -> throw invalid("a value in a column of the null type (UNKNOWN)");
        default -> target.setLong(k, v);
      }
    }

    @Override
    public void addFloat(float v) {
      target.setFloat(k, v);
    }

    @Override
    public void addDouble(double v) {
      target.setDouble(k, v);
    }

    @Override
    public void addBinary(Binary v) {
      switch (source.kind()) {
        case DECIMAL -> target.set(k, new BigInteger(v.getBytes()));
        case STRING -> {
          byte[] b = v.getBytes();
          int bad = Utf8.firstError(b);
          if (bad >= 0) {
            throw invalid("a string that is not valid UTF-8 (at byte " + bad + ")");
          }
          target.set(k, b);
        }
        case FLOAT -> {
          ByteBuffer b = v.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
          target.setFloat(k, Mapping.halfToFloat(b.getShort(b.position())));
        }
        case INT96 -> {
          ByteBuffer b = v.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
          if (b.remaining() != 12) {
            throw invalid("an INT96 of " + b.remaining() + " bytes");
          }
          int p = b.position();
          target.setLong(
              k, Mapping.int96Micros(b.getLong(p), b.getInt(p + 8), strict, path, record.number));
        }
        case INTERVAL_MILLIS -> {
          ByteBuffer b = v.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
          int p = b.position();
          target.set(
              k,
              Mapping.parquetInterval(
                  b.getInt(p), b.getInt(p + 4), b.getInt(p + 8), path, record.number));
        }
        case NULL -> throw invalid("a value in a column of the null type (UNKNOWN)");
        default -> target.set(k, v.getBytes());
      }
    }
  }

  /** A Parquet VARIANT group: its metadata and value, validated like any variant (SPEC §3.9). */
  static final class VariantConverter extends GroupConverter {
    private final Target target;
    private final int k;
    private final String path;
    private final Record record;
    private final Converter[] parts;
    private byte[] metadata;
    private byte[] value;

    VariantConverter(GroupType file, Target target, int k, String path, Record record) {
      this.target = target;
      this.k = k;
      this.path = path;
      this.record = record;
      this.parts = new Converter[file.getFieldCount()];
      for (int i = 0; i < parts.length; i++) {
        boolean isMetadata = file.getType(i).getName().equals("metadata");
        parts[i] =
            new PrimitiveConverter() {
              @Override
              public void addBinary(Binary v) {
                if (isMetadata) {
                  metadata = v.getBytes();
                } else {
                  value = v.getBytes();
                }
              }
            };
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return parts[fieldIndex];
    }

    @Override
    public void start() {
      metadata = null;
      value = null;
    }

    @Override
    public void end() {
      if (metadata == null || value == null) {
        throw Mapping.invalid(path, record.number, "a VARIANT without its metadata or value");
      }
      Variant v;
      try {
        v = new Variant(metadata, value);
        v.validate();
      } catch (ZerorowException e) {
        throw Mapping.invalid(path, record.number, e.detail());
      }
      target.set(k, v);
    }
  }

  /** A struct: its fields by position into an {@code Object[]}; repeated fields as lists. */
  static final class StructConverter extends GroupConverter implements Target {
    private final Target target;
    private final int k;
    private final Converter[] fields;
    private final boolean[] repeated;
    private final int n;
    private Object[] values;

    StructConverter(
        GroupType file,
        Schema s,
        Target target,
        int k,
        String path,
        boolean strict,
        Record record) {
      this.target = target;
      this.k = k;
      this.n = s.numFields();
      this.repeated = new boolean[n];
      this.fields = new Converter[file.getFieldCount()];
      for (int idx = 0; idx < fields.length; idx++) {
        Type t = file.getType(idx);
        int i = s.indexOf(t.getName());
        repeated[i] = t.isRepetition(Type.Repetition.REPEATED);
        Target into = repeated[i] ? (j, v) -> append(i, v) : this;
        fields[idx] =
            converter(t, s.field(i).type(), into, i, path + "." + t.getName(), strict, record);
      }
    }

    @SuppressWarnings("unchecked")
    private void append(int i, Object v) {
      ((List<Object>) values[i]).add(v);
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return fields[fieldIndex];
    }

    @Override
    public void start() {
      values = new Object[n];
      for (int i = 0; i < n; i++) {
        if (repeated[i]) {
          values[i] = new ArrayList<>();
        }
      }
    }

    @Override
    public void end() {
      target.set(k, values);
    }

    @Override
    public void set(int i, Object v) {
      values[i] = v;
    }
  }

  /**
   * A LIST group in any of its forms ({@link ParquetSchemas#listForm}): the 3-level form, where the
   * repeated group appends a slot that the element fills (a missing element is null), and the
   * 2-level forms, where the repeated field is the element and each occurrence appends it.
   */
  static final class ListConverter extends GroupConverter {
    private final Target target;
    private final int k;
    private final Converter repeated;
    private List<Object> items;

    ListConverter(
        GroupType file,
        DataTypes.ListType t,
        Target target,
        int k,
        String path,
        boolean strict,
        Record record) {
      this.target = target;
      this.k = k;
      ParquetSchemas.ListForm form = ParquetSchemas.listForm(file, path);
      if (form.twoLevel()) {
        Target append = (i, v) -> items.add(v);
        this.repeated =
            converter(form.element(), t.element(), append, 0, path + "[]", strict, record);
        return;
      }
      boolean elementRepeated = form.element().isRepetition(Type.Repetition.REPEATED);
      Target slot =
          elementRepeated ? (i, v) -> lastList().add(v) : (i, v) -> items.set(items.size() - 1, v);
      Converter element =
          converter(form.element(), t.element(), slot, 0, path + "[]", strict, record);
      this.repeated =
          new GroupConverter() {
            @Override
            public Converter getConverter(int fieldIndex) {
              return element;
            }

            @Override
            public void start() {
              items.add(elementRepeated ? new ArrayList<>() : null);
            }

            @Override
            public void end() {}
          };
    }

    @SuppressWarnings("unchecked")
    private List<Object> lastList() {
      return (List<Object>) items.get(items.size() - 1);
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return repeated;
    }

    @Override
    public void start() {
      items = new ArrayList<>();
    }

    @Override
    public void end() {
      target.set(k, items);
    }
  }

  /** A MAP or MAP_KEY_VALUE group: its key-value entries into two lists. */
  static final class MapConverter extends GroupConverter {
    private final Target target;
    private final int k;
    private final GroupConverter entry;
    private MapValue map;

    MapConverter(
        GroupType file,
        DataTypes.MapType t,
        Target target,
        int k,
        String path,
        boolean strict,
        Record record) {
      this.target = target;
      this.k = k;
      GroupType kv = ParquetSchemas.mapEntries(file, path);
      boolean valueRepeated = kv.getType(1).isRepetition(Type.Repetition.REPEATED);
      Target keySlot = (i, v) -> map.keys.set(map.keys.size() - 1, v);
      Target valueSlot =
          valueRepeated
              ? (i, v) -> lastValues().add(v)
              : (i, v) -> map.values.set(map.values.size() - 1, v);
      Converter key =
          converter(kv.getType(0), t.key(), keySlot, 0, path + "{keys}", strict, record);
      Converter value =
          converter(kv.getType(1), t.value(), valueSlot, 1, path + "{values}", strict, record);
      this.entry =
          new GroupConverter() {
            @Override
            public Converter getConverter(int fieldIndex) {
              return fieldIndex == 0 ? key : value;
            }

            @Override
            public void start() {
              map.keys.add(null);
              map.values.add(valueRepeated ? new ArrayList<>() : null);
            }

            @Override
            public void end() {}
          };
    }

    @SuppressWarnings("unchecked")
    private List<Object> lastValues() {
      return (List<Object>) map.values.get(map.values.size() - 1);
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return entry;
    }

    @Override
    public void start() {
      map = new MapValue();
    }

    @Override
    public void end() {
      target.set(k, map);
    }
  }
}
