package io.zerorow.flink;

import io.zerorow.InvalidDataException;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Schema;
import io.zerorow.writer.ArrayWriter;
import io.zerorow.writer.BinaryWriter;
import io.zerorow.writer.RowWriter;
import io.zerorow.writer.WriteBuffer;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DistinctType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;

/**
 * Encodes Flink {@link RowData} of one {@link RowType} as zerorow rows. The field getters and
 * writers are built once per type (no per-record reflection or type dispatch on the Flink side);
 * the row is written into one reused buffer. {@link RowData#getRowKind() RowKind} is not part of
 * the row: carry it beside the bytes. Not thread-safe: one per task.
 */
public final class RowDataEncoder {
  private final Schema schema;
  private final RowWriter writer;
  private final StructWriter root;

  public RowDataEncoder(RowType rowType) {
    this.schema = FlinkTypes.toSchema(rowType);
    this.writer = new RowWriter(schema);
    this.root = new StructWriter(rowType, schema, writer.buffer(), "");
  }

  public Schema schema() {
    return schema;
  }

  /** The row of {@code value}: a view over the reused buffer, valid until the next call. */
  public BinaryRow encode(RowData value) {
    writer.reset();
    root.fill(writer, value);
    return writer.getRow();
  }

  /** The bytes of the row of {@code value} (a new array). */
  public byte[] toBytes(RowData value) {
    writer.reset();
    root.fill(writer, value);
    return writer.toByteArray();
  }

  /** Writes one non-null value at an ordinal of a row or an array. */
  private interface ValueWriter {
    void write(BinaryWriter w, int ordinal, Object value);
  }

  private static ValueWriter writerFor(LogicalType t, DataType zt, WriteBuffer buf, String path) {
    switch (t.getTypeRoot()) {
      case NULL:
        // a NULL column's getter always gives null, written as the null bit (SPEC §3.6)
        return (w, i, v) -> {
          throw new IllegalStateException("a value of type NULL at " + path);
        };
      case BOOLEAN:
        return (w, i, v) -> w.writeBoolean(i, (Boolean) v);
      case TINYINT:
        return (w, i, v) -> w.writeByte(i, (Byte) v);
      case SMALLINT:
        return (w, i, v) -> w.writeShort(i, (Short) v);
      case INTEGER:
      case DATE:
      case INTERVAL_YEAR_MONTH:
        return (w, i, v) -> w.writeInt(i, (Integer) v);
      case BIGINT:
        return (w, i, v) -> w.writeLong(i, (Long) v);
      case FLOAT:
        return (w, i, v) -> w.writeFloat(i, (Float) v);
      case DOUBLE:
        return (w, i, v) -> w.writeDouble(i, (Double) v);
      case CHAR:
      case VARCHAR:
        return (w, i, v) -> w.writeUtf8(i, ((StringData) v).toBytes());
      case BINARY:
      case VARBINARY:
        return (w, i, v) -> w.writeBinary(i, (byte[]) v);
      case TIME_WITHOUT_TIME_ZONE:
        return (w, i, v) -> w.writeLong(i, (Integer) v * 1000L);
      case INTERVAL_DAY_TIME:
        return (w, i, v) -> w.writeLong(i, Math.multiplyExact((Long) v, 1000L));
      case TIMESTAMP_WITHOUT_TIME_ZONE:
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return (w, i, v) -> w.writeLong(i, micros((TimestampData) v));
      case DECIMAL:
        {
          DecimalType d = (DecimalType) t;
          int p = d.getPrecision();
          int s = d.getScale();
          if (p <= DataTypes.DecimalType.MAX_LONG_PRECISION) {
            return (w, i, v) -> w.writeLong(i, ((DecimalData) v).toUnscaledLong());
          }
          return (w, i, v) -> w.writeDecimal(i, ((DecimalData) v).toBigDecimal(), p, s);
        }
      case ARRAY:
        {
          LogicalType et = ((ArrayType) t).getElementType();
          return new ListWriter(et, (DataTypes.ListType) zt, buf, path + "[]");
        }
      case MAP:
        {
          MapType m = (MapType) t;
          return new MapWriter(m.getKeyType(), m.getValueType(), (DataTypes.MapType) zt, buf, path);
        }
      case MULTISET:
        {
          LogicalType et = ((MultisetType) t).getElementType();
          return new MapWriter(et, new IntType(false), (DataTypes.MapType) zt, buf, path);
        }
      case ROW:
        return new StructWriter((RowType) t, (Schema) zt, buf, path);
      case DISTINCT_TYPE:
        return writerFor(((DistinctType) t).getSourceType(), zt, buf, path);
      default:
        // VARIANT (Flink 2.x): FlinkTypes has accepted the type, so the version's shim has it
        if (zt.id() == io.zerorow.type.TypeId.VARIANT) {
          return (w, i, v) -> w.writeVariant(i, VariantShim.toZerorowValue(v));
        }
        throw new IllegalStateException("no writer for " + t + " at " + path);
    }
  }

  /** Flink's getter of field {@code i}; a NULL field, which Flink's refuses, is always null. */
  static RowData.FieldGetter fieldGetter(LogicalType t, int i) {
    return t.is(LogicalTypeRoot.NULL) ? r -> null : RowData.createFieldGetter(t, i);
  }

  /** Flink's element getter; NULL elements, which Flink's refuses, are always null. */
  static ArrayData.ElementGetter elementGetter(LogicalType t) {
    return t.is(LogicalTypeRoot.NULL) ? (a, i) -> null : ArrayData.createElementGetter(t);
  }

  /** Microseconds since the epoch of a Flink timestamp (its sub-microsecond nanos dropped). */
  static long micros(TimestampData ts) {
    return Math.addExact(
        Math.multiplyExact(ts.getMillisecond(), 1000L), ts.getNanoOfMillisecond() / 1000);
  }

  /** Writes a nested (or the top-level) row. */
  private static final class StructWriter implements ValueWriter {
    private final RowData.FieldGetter[] getters;
    private final ValueWriter[] writers;
    private final RowWriter child;

    StructWriter(RowType t, Schema schema, WriteBuffer buf, String path) {
      int n = t.getFieldCount();
      getters = new RowData.FieldGetter[n];
      writers = new ValueWriter[n];
      for (int i = 0; i < n; i++) {
        LogicalType ft = t.getTypeAt(i);
        String p =
            path.isEmpty() ? t.getFieldNames().get(i) : path + "." + t.getFieldNames().get(i);
        getters[i] = fieldGetter(ft, i);
        writers[i] = writerFor(ft, schema.field(i).type(), buf, p);
      }
      child = new RowWriter(schema, buf);
    }

    void fill(RowWriter w, RowData value) {
      for (int i = 0; i < getters.length; i++) {
        Object v = getters[i].getFieldOrNull(value);
        if (v == null) {
          w.setNullAt(i);
        } else {
          writers[i].write(w, i, v);
        }
      }
    }

    @Override
    public void write(BinaryWriter w, int ordinal, Object value) {
      int c = w.cursor();
      child.start();
      fill(child, (RowData) value);
      w.setOffsetAndSize(ordinal, c);
    }
  }

  /** Writes an array's elements. */
  private static final class ListWriter implements ValueWriter {
    private final ArrayData.ElementGetter getter;
    private final ValueWriter element;
    private final ArrayWriter child;
    private final String path;
    private final boolean nullsAllowed;

    ListWriter(LogicalType et, DataTypes.ListType zt, WriteBuffer buf, String path) {
      this(et, zt, buf, path, true);
    }

    ListWriter(
        LogicalType et, DataTypes.ListType zt, WriteBuffer buf, String path, boolean nullsAllowed) {
      this.getter = elementGetter(et);
      this.element = writerFor(et, zt.element(), buf, path);
      this.child = new ArrayWriter(zt, buf);
      this.path = path;
      this.nullsAllowed = nullsAllowed;
    }

    /** Writes the array body at the cursor. */
    void writeBody(ArrayData a) {
      int n = a.size();
      child.initialize(n);
      for (int i = 0; i < n; i++) {
        Object v = getter.getElementOrNull(a, i);
        if (v != null) {
          element.write(child, i, v);
        } else if (nullsAllowed) {
          child.setNullAt(i);
        } else {
          throw new InvalidDataException(
              path, "map keys must not be null but key " + i + " of " + n + " is null");
        }
      }
    }

    @Override
    public void write(BinaryWriter w, int ordinal, Object value) {
      int c = w.cursor();
      writeBody((ArrayData) value);
      w.setOffsetAndSize(ordinal, c);
    }
  }

  /** Writes a map (SPEC §2.3): its key array, then its value array. */
  private static final class MapWriter implements ValueWriter {
    private final ListWriter keys;
    private final ListWriter values;

    MapWriter(LogicalType kt, LogicalType vt, DataTypes.MapType zt, WriteBuffer buf, String path) {
      keys = new ListWriter(kt, zt.keyArrayType(), buf, path + "{key}", false);
      values = new ListWriter(vt, zt.valueArrayType(), buf, path + "{value}");
    }

    @Override
    public void write(BinaryWriter w, int ordinal, Object value) {
      MapData m = (MapData) value;
      int c = w.beginMap();
      keys.writeBody(m.keyArray());
      w.endMapKeys(c);
      values.writeBody(m.valueArray());
      w.setOffsetAndSize(ordinal, c);
    }
  }
}
