package io.zerorow.parquet;

import io.zerorow.ArrayWriter;
import io.zerorow.BinaryRow;
import io.zerorow.BinaryWriter;
import io.zerorow.DataType;
import io.zerorow.DataTypes;
import io.zerorow.Field;
import io.zerorow.InvalidDataException;
import io.zerorow.RowWriter;
import io.zerorow.Schema;
import io.zerorow.UnsupportedException;
import io.zerorow.Values;
import io.zerorow.WriteBuffer;
import java.math.BigDecimal;
import java.math.BigInteger;
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
 * parquet-mr converters that build rows. Top-level fields arrive in schema order, so fixed-width
 * values and strings go straight into the row's slots and bodies (no objects); a list, map or
 * struct value is collected as a small object tree (its element count is only known at its end) and
 * then written at the cursor with the core writers.
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

  /** A map value while it is collected. */
  static final class MapValue {
    final List<Object> keys = new ArrayList<>();
    final List<Object> values = new ArrayList<>();
  }

  /** The materializer: one reused row per record (copy it to keep it). */
  static final class Materializer extends RecordMaterializer<BinaryRow> {
    private final Root root;

    Materializer(MessageType file, Schema schema) {
      this.root = new Root(file, schema);
    }

    @Override
    public BinaryRow getCurrentRecord() {
      return root.writer.getRow();
    }

    @Override
    public GroupConverter getRootConverter() {
      return root;
    }
  }

  /**
   * The top-level row. When the file's column order is the schema's, values are written into the
   * row as they arrive (fields skipped in between are null); otherwise (a projection in another
   * order) they are collected and written at the end in ordinal order.
   */
  static final class Root extends GroupConverter implements Target {
    final RowWriter writer;
    private final Schema schema;
    private final Converter[] fields;
    private final ValueWriter values;
    private final boolean ordered;
    private final Object[] collected;
    private int next;

    Root(GroupType file, Schema schema) {
      this.schema = schema;
      this.writer = new RowWriter(schema);
      this.values = new ValueWriter(writer.buffer());
      this.fields = new Converter[file.getFieldCount()];
      boolean inOrder = true;
      int last = -1;
      for (int idx = 0; idx < fields.length; idx++) {
        Type t = file.getType(idx);
        int k = schema.indexOf(t.getName());
        Field f = schema.field(k);
        fields[idx] = converter(t, f.type(), this, k, f.name());
        inOrder &= k > last;
        last = k;
      }
      this.ordered = inOrder;
      this.collected = inOrder ? null : new Object[schema.numFields()];
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return fields[fieldIndex];
    }

    @Override
    public void start() {
      writer.reset();
      next = 0;
      if (!ordered) {
        java.util.Arrays.fill(collected, null);
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
          throw new InvalidDataException(f.name(), "null where the field is not nullable");
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
        case INT8:
          writer.writeByte(k, (byte) v);
          break;
        case INT16:
          writer.writeShort(k, (short) v);
          break;
        case DECIMAL:
          values.write(writer, k, t, (long) v, schema.field(k).name());
          break;
        default:
          writer.writeInt(k, v);
          break;
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
      if (t.id() == io.zerorow.TypeId.DECIMAL) {
        values.write(writer, k, t, v, schema.field(k).name());
      } else {
        writer.writeLong(k, v);
      }
      next = k + 1;
    }
  }

  /** Writes collected values (boxed primitives, byte[], BigDecimal, List, MapValue, Object[]). */
  static final class ValueWriter {
    private final WriteBuffer buffer;

    ValueWriter(WriteBuffer buffer) {
      this.buffer = buffer;
    }

    void write(BinaryWriter w, int i, DataType t, Object v, String path) {
      switch (t.id()) {
        case BOOL:
          w.writeBoolean(i, (Boolean) v);
          break;
        case INT8:
          w.writeByte(i, (byte) (int) (Integer) v);
          break;
        case INT16:
          w.writeShort(i, (short) (int) (Integer) v);
          break;
        case INT32:
        case DATE32:
          w.writeInt(i, (Integer) v);
          break;
        case INT64:
        case TIME:
        case TIMESTAMP:
        case DURATION:
          w.writeLong(i, (Long) v);
          break;
        case FLOAT32:
          w.writeFloat(i, (Float) v);
          break;
        case FLOAT64:
          w.writeDouble(i, (Double) v);
          break;
        case STRING:
        case BINARY:
          w.writeBinary(i, (byte[]) v);
          break;
        case DECIMAL:
          {
            DataTypes.DecimalType d = (DataTypes.DecimalType) t;
            if (v instanceof Integer) {
              v = (long) (Integer) v;
            }
            if (v instanceof Long && d.precision() <= DataTypes.DecimalType.MAX_LONG_PRECISION) {
              long u = (Long) v;
              if (!Values.fitsPrecision(u, d.precision())) {
                throw new InvalidDataException(
                    path,
                    "decimal "
                        + BigDecimal.valueOf(u, d.scale())
                        + " exceeds precision "
                        + d.precision());
              }
              w.writeLong(i, u);
            } else {
              BigInteger u = v instanceof Long ? BigInteger.valueOf((Long) v) : (BigInteger) v;
              w.writeDecimal(i, new BigDecimal(u, d.scale()), d.precision(), d.scale());
            }
            break;
          }
        case LIST:
          {
            DataTypes.ListType l = (DataTypes.ListType) t;
            List<?> items = (List<?>) v;
            int c = w.cursor();
            ArrayWriter aw = new ArrayWriter(l, buffer);
            aw.initialize(items.size());
            for (int j = 0; j < items.size(); j++) {
              writeOrNull(
                  aw, j, l.element(), l.elementNullable(), items.get(j), path + "[" + j + "]");
            }
            w.setOffsetAndSize(i, c);
            break;
          }
        case MAP:
          {
            DataTypes.MapType m = (DataTypes.MapType) t;
            MapValue mv = (MapValue) v;
            int n = mv.keys.size();
            int c = w.beginMap();
            ArrayWriter kw = new ArrayWriter(m.keyArrayType(), buffer);
            kw.initialize(n);
            for (int j = 0; j < n; j++) {
              writeOrNull(kw, j, m.key(), false, mv.keys.get(j), path + "{key " + j + "}");
            }
            w.endMapKeys(c);
            ArrayWriter vw = new ArrayWriter(m.valueArrayType(), buffer);
            vw.initialize(n);
            for (int j = 0; j < n; j++) {
              writeOrNull(
                  vw,
                  j,
                  m.value(),
                  m.valueNullable(),
                  mv.values.get(j),
                  path + "{value " + j + "}");
            }
            w.setOffsetAndSize(i, c);
            break;
          }
        default:
          {
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
          }
      }
    }

    void writeOrNull(BinaryWriter w, int i, DataType t, boolean nullable, Object v, String path) {
      if (v == null) {
        if (!nullable) {
          throw new InvalidDataException(path, "null where the type is not nullable");
        }
        w.setNullAt(i);
      } else {
        write(w, i, t, v, path);
      }
    }
  }

  /** The converter for a Parquet field {@code file} read as zerorow type {@code t}. */
  static Converter converter(Type file, DataType t, Target target, int k, String path) {
    switch (t.id()) {
      case LIST:
        return new ListConverter(file.asGroupType(), (DataTypes.ListType) t, target, k, path);
      case MAP:
        return new MapConverter(file.asGroupType(), (DataTypes.MapType) t, target, k, path);
      case STRUCT:
        return new StructConverter(file.asGroupType(), (Schema) t, target, k, path);
      default:
        if (!file.isPrimitive()) {
          throw new UnsupportedException(
              path, "expected a Parquet primitive for " + t + " but found " + file);
        }
        return new Primitive(file, t, target, k, path);
    }
  }

  /** One primitive column: converts Parquet's physical value to the zerorow value. */
  static final class Primitive extends PrimitiveConverter {
    private final Target target;
    private final int k;
    private final String path;
    private final DataType type;
    private final long multiply;
    private final long divide;

    Primitive(Type file, DataType t, Target target, int k, String path) {
      this.target = target;
      this.k = k;
      this.path = path;
      this.type = t;
      long mul = 1;
      long div = 1;
      LogicalTypeAnnotation a = file.getLogicalTypeAnnotation();
      if (a instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation) {
        switch (((LogicalTypeAnnotation.TimestampLogicalTypeAnnotation) a).getUnit()) {
          case MILLIS:
            mul = 1000;
            break;
          case NANOS:
            div = 1000;
            break;
          default:
            break;
        }
      }
      this.multiply = mul;
      this.divide = div;
    }

    @Override
    public void addBoolean(boolean v) {
      target.setBoolean(k, v);
    }

    @Override
    public void addInt(int v) {
      target.setInt(k, v);
    }

    @Override
    public void addLong(long v) {
      if (multiply != 1) {
        v = Math.multiplyExact(v, multiply);
      } else if (divide != 1) {
        if (v % divide != 0) {
          throw new InvalidDataException(
              path, "timestamp " + v + " ns is not a whole number of " + "microseconds");
        }
        v /= divide;
      }
      target.setLong(k, v);
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
      if (type.id() == io.zerorow.TypeId.DECIMAL) {
        target.set(k, new BigInteger(v.getBytes()));
      } else {
        target.set(k, v.getBytes());
      }
    }
  }

  /** A struct: its fields by position into an {@code Object[]}. */
  static final class StructConverter extends GroupConverter implements Target {
    private final Target target;
    private final int k;
    private final Converter[] fields;
    private final int n;
    private Object[] values;

    StructConverter(GroupType file, Schema s, Target target, int k, String path) {
      this.target = target;
      this.k = k;
      this.n = s.numFields();
      this.fields = new Converter[file.getFieldCount()];
      for (int idx = 0; idx < fields.length; idx++) {
        Type t = file.getType(idx);
        int i = s.indexOf(t.getName());
        fields[idx] = converter(t, s.field(i).type(), this, i, path + "." + t.getName());
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return fields[fieldIndex];
    }

    @Override
    public void start() {
      values = new Object[n];
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

  /** A 3-level LIST: the repeated group appends a slot that the element fills. */
  static final class ListConverter extends GroupConverter {
    private final Target target;
    private final int k;
    private final GroupConverter repeated;
    private List<Object> items;

    ListConverter(GroupType file, DataTypes.ListType t, Target target, int k, String path) {
      this.target = target;
      this.k = k;
      GroupType rep = file.getType(0).asGroupType();
      Target slot = (i, v) -> items.set(items.size() - 1, v);
      Converter element = converter(rep.getType(0), t.element(), slot, 0, path + "[]");
      this.repeated =
          new GroupConverter() {
            @Override
            public Converter getConverter(int fieldIndex) {
              return element;
            }

            @Override
            public void start() {
              items.add(null);
            }

            @Override
            public void end() {}
          };
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

  /** A MAP: key_value entries into two lists. */
  static final class MapConverter extends GroupConverter {
    private final Target target;
    private final int k;
    private final GroupConverter entry;
    private MapValue map;

    MapConverter(GroupType file, DataTypes.MapType t, Target target, int k, String path) {
      this.target = target;
      this.k = k;
      GroupType kv = file.getType(0).asGroupType();
      Target keySlot = (i, v) -> map.keys.set(map.keys.size() - 1, v);
      Target valueSlot = (i, v) -> map.values.set(map.values.size() - 1, v);
      Converter key = converter(kv.getType(0), t.key(), keySlot, 0, path + "{keys}");
      Converter value = converter(kv.getType(1), t.value(), valueSlot, 1, path + "{values}");
      this.entry =
          new GroupConverter() {
            @Override
            public Converter getConverter(int fieldIndex) {
              return fieldIndex == 0 ? key : value;
            }

            @Override
            public void start() {
              map.keys.add(null);
              map.values.add(null);
            }

            @Override
            public void end() {}
          };
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
