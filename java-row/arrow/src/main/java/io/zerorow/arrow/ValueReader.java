package io.zerorow.arrow;

import io.zerorow.ArrayWriter;
import io.zerorow.BinaryWriter;
import io.zerorow.DataType;
import io.zerorow.DataTypes;
import io.zerorow.Field;
import io.zerorow.InvalidDataException;
import io.zerorow.RowWriter;
import io.zerorow.Schema;
import io.zerorow.SchemaMismatchException;
import io.zerorow.Values;
import io.zerorow.WriteBuffer;
import io.zerorow.internal.Platform;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Reads value {@code i} of one Arrow vector and writes it into a zerorow row or array with the core
 * writers. Fixed-width values are read from the vector's data buffer address; call {@link #bind}
 * again when the vector's buffers change (a new batch loaded into the root).
 */
abstract class ValueReader {
  final String path;
  final boolean nullable;
  ValueVector vector;

  ValueReader(String path, boolean nullable) {
    this.path = path;
    this.nullable = nullable;
  }

  void bind(ValueVector v) {
    this.vector = v;
  }

  final boolean isNull(int i) {
    return vector.isNull(i);
  }

  /** Writes non-null value {@code i} as ordinal {@code ordinal} of {@code w}. */
  abstract void write(BinaryWriter w, int ordinal, int i);

  /** Writes value {@code i} or a null, checking nullability. */
  final void writeOrNull(BinaryWriter w, int ordinal, int i) {
    if (vector.isNull(i)) {
      if (!nullable) {
        throw new InvalidDataException(
            path, "null at Arrow index " + i + " where the type is not nullable");
      }
      w.setNullAt(ordinal);
    } else {
      write(w, ordinal, i);
    }
  }

  /**
   * The reader of one value of {@code type}; {@code strict} refuses timestamps finer than a
   * microsecond instead of flooring them (SPEC Appendix A rule 6).
   */
  static ValueReader create(
      DataType type, boolean nullable, String path, WriteBuffer buffer, boolean strict) {
    switch (type.id()) {
      case BOOL:
        return new Bool(path, nullable);
      case INT8:
        return new Fixed(path, nullable, 1);
      case INT16:
        return new Fixed(path, nullable, 2);
      case INT32:
      case DATE32:
        return new Fixed(path, nullable, 4);
      case FLOAT32:
        return new Float32(path, nullable);
      case FLOAT64:
        return new Float64(path, nullable);
      case INT64:
      case TIME:
      case DURATION:
        return new Fixed(path, nullable, 8);
      case TIMESTAMP:
        return new Timestamp(path, nullable, strict);
      case DECIMAL:
        return new Decimal(path, nullable, (DataTypes.DecimalType) type);
      case STRING:
      case BINARY:
        return new Bytes(path, nullable);
      case LIST:
        return new List1(path, nullable, (DataTypes.ListType) type, buffer, strict);
      case MAP:
        return new Map1(path, nullable, (DataTypes.MapType) type, buffer, strict);
      default:
        return new Struct(path, nullable, (Schema) type, buffer, strict);
    }
  }

  /** int8 … int64, date32, time, duration: the value as is from the data buffer. */
  static final class Fixed extends ValueReader {
    final int width;
    long data;

    Fixed(String path, boolean nullable, int width) {
      super(path, nullable);
      this.width = width;
    }

    @Override
    void bind(ValueVector v) {
      super.bind(v);
      BaseFixedWidthVector f = (BaseFixedWidthVector) v;
      if (f.getTypeWidth() != width) {
        throw new SchemaMismatchException(
            path,
            "expected an Arrow value of " + width + " bytes but found " + v.getField().getType());
      }
      data = f.getDataBufferAddress();
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      switch (width) {
        case 1:
          w.writeByte(ordinal, Platform.getByte(null, data + i));
          break;
        case 2:
          w.writeShort(ordinal, Platform.getShort(null, data + 2L * i));
          break;
        case 4:
          w.writeInt(ordinal, Platform.getInt(null, data + 4L * i));
          break;
        default:
          w.writeLong(ordinal, Platform.getLong(null, data + 8L * i));
          break;
      }
    }
  }

  /** float32: through the writer, which keeps NaN canonical (SPEC §2.6). */
  static final class Float32 extends ValueReader {
    private long data;

    Float32(String path, boolean nullable) {
      super(path, nullable);
    }

    @Override
    void bind(ValueVector v) {
      super.bind(v);
      data = ((BaseFixedWidthVector) v).getDataBufferAddress();
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      w.writeFloat(ordinal, Platform.getFloat(null, data + 4L * i));
    }
  }

  static final class Float64 extends ValueReader {
    private long data;

    Float64(String path, boolean nullable) {
      super(path, nullable);
    }

    @Override
    void bind(ValueVector v) {
      super.bind(v);
      data = ((BaseFixedWidthVector) v).getDataBufferAddress();
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      w.writeDouble(ordinal, Platform.getDouble(null, data + 8L * i));
    }
  }

  static final class Bool extends ValueReader {
    Bool(String path, boolean nullable) {
      super(path, nullable);
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      w.writeBoolean(ordinal, ((BitVector) vector).get(i) != 0);
    }
  }

  /**
   * Timestamps in any unit, converted to µs (SPEC §12): seconds and milliseconds exactly (or {@code
   * invalid_data} when out of the int64 range), nanoseconds floored toward negative infinity to the
   * microsecond, or refused when {@code strict} (SPEC Appendix A rule 6).
   */
  static final class Timestamp extends ValueReader {
    private final boolean strict;
    private long data;
    private long multiply;
    private boolean nanos;

    Timestamp(String path, boolean nullable, boolean strict) {
      super(path, nullable);
      this.strict = strict;
    }

    @Override
    void bind(ValueVector v) {
      super.bind(v);
      data = ((TimeStampVector) v).getDataBufferAddress();
      multiply = 1;
      nanos = false;
      switch (((ArrowType.Timestamp) v.getField().getType()).getUnit()) {
        case SECOND:
          multiply = 1_000_000;
          break;
        case MILLISECOND:
          multiply = 1_000;
          break;
        case NANOSECOND:
          nanos = true;
          break;
        default:
          break;
      }
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      long v = Platform.getLong(null, data + 8L * i);
      if (multiply != 1) {
        try {
          v = Math.multiplyExact(v, multiply);
        } catch (ArithmeticException e) {
          throw new InvalidDataException(
              path,
              "timestamp " + v + " at Arrow index " + i + " does not fit in int64 microseconds");
        }
      } else if (nanos) {
        if (strict && v % 1_000 != 0) {
          throw new InvalidDataException(
              path,
              "timestamp "
                  + v
                  + " ns at Arrow index "
                  + i
                  + " is not a whole number of microseconds (strict: floor it in Arrow first, or"
                  + " read without strict)");
        }
        v = Math.floorDiv(v, 1_000L);
      }
      w.writeLong(ordinal, v);
    }
  }

  /** decimal128 to decimal(p, s): exact, checked against the precision (SPEC §3.5). */
  static final class Decimal extends ValueReader {
    private final int precision;
    private final int scale;
    private long data;

    Decimal(String path, boolean nullable, DataTypes.DecimalType t) {
      super(path, nullable);
      this.precision = t.precision();
      this.scale = t.scale();
    }

    @Override
    void bind(ValueVector v) {
      super.bind(v);
      data = ((DecimalVector) v).getDataBufferAddress();
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      long lo = Platform.getLong(null, data + 16L * i);
      long hi = Platform.getLong(null, data + 16L * i + 8);
      if (precision <= DataTypes.DecimalType.MAX_LONG_PRECISION) {
        if (hi != (lo >> 63) || !Values.fitsPrecision(lo, precision)) {
          throw new InvalidDataException(path, "decimal does not fit precision " + precision);
        }
        w.writeLong(ordinal, lo);
      } else {
        BigInteger u =
            BigInteger.valueOf(hi)
                .shiftLeft(64)
                .or(
                    BigInteger.valueOf(lo)
                        .and(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)));
        w.writeDecimal(ordinal, new BigDecimal(u, scale), precision, scale);
      }
    }
  }

  /** string/binary from utf8, binary, their large and view variants. */
  static final class Bytes extends ValueReader {
    private long offsets;
    private long data;
    private int kind; // 0: 32-bit offsets, 1: 64-bit offsets, 2: other (views)

    Bytes(String path, boolean nullable) {
      super(path, nullable);
    }

    @Override
    void bind(ValueVector v) {
      super.bind(v);
      if (v instanceof BaseVariableWidthVector) {
        kind = 0;
        offsets = ((BaseVariableWidthVector) v).getOffsetBufferAddress();
        data = ((BaseVariableWidthVector) v).getDataBufferAddress();
      } else if (v instanceof BaseLargeVariableWidthVector) {
        kind = 1;
        offsets = ((BaseLargeVariableWidthVector) v).getOffsetBufferAddress();
        data = ((BaseLargeVariableWidthVector) v).getDataBufferAddress();
      } else {
        kind = 2;
      }
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      long start;
      long end;
      if (kind == 0) {
        start = Platform.getInt(null, offsets + 4L * i);
        end = Platform.getInt(null, offsets + 4L * i + 4);
      } else if (kind == 1) {
        start = Platform.getLong(null, offsets + 8L * i);
        end = Platform.getLong(null, offsets + 8L * i + 8);
      } else {
        byte[] b = ((VariableWidthFieldVector) vector).get(i);
        w.writeBinary(ordinal, b, 0, b.length);
        return;
      }
      // one copy, from the Arrow data buffer into the row
      w.writeBinaryUnchecked(ordinal, null, data + start, Math.toIntExact(end - start));
    }
  }

  /** list and large_list: an array of the child values (SPEC §2.2). */
  static final class List1 extends ValueReader {
    private final ArrayWriter array;
    private final ValueReader element;

    List1(String path, boolean nullable, DataTypes.ListType t, WriteBuffer buffer, boolean strict) {
      super(path, nullable);
      this.array = new ArrayWriter(t, buffer);
      this.element = create(t.element(), t.elementNullable(), path + "[]", buffer, strict);
    }

    @Override
    void bind(ValueVector v) {
      super.bind(v);
      element.bind(
          v instanceof LargeListVector
              ? ((LargeListVector) v).getDataVector()
              : ((ListVector) v).getDataVector());
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      int start;
      int end;
      if (vector instanceof LargeListVector) {
        start = Math.toIntExact(((LargeListVector) vector).getElementStartIndex(i));
        end = Math.toIntExact(((LargeListVector) vector).getElementEndIndex(i));
      } else {
        start = ((ListVector) vector).getElementStartIndex(i);
        end = ((ListVector) vector).getElementEndIndex(i);
      }
      int c = w.cursor();
      array.initialize(end - start);
      if (element instanceof Fixed) {
        // integers, date32, time, duration: the Arrow values are the element bytes
        Fixed f = (Fixed) element;
        array.writeElementsUnchecked(null, f.data + (long) start * f.width);
        for (int j = start; j < end; j++) {
          if (f.vector.isNull(j)) {
            if (!f.nullable) {
              throw new InvalidDataException(
                  f.path, "null at Arrow index " + j + " where the type is not nullable");
            }
            array.setNullAt(j - start); // zeroes the element (SPEC §2.2)
          }
        }
      } else {
        for (int j = start; j < end; j++) {
          element.writeOrNull(array, j - start, j);
        }
      }
      w.setOffsetAndSize(ordinal, c);
    }
  }

  /** map: the key array, then the value array (SPEC §2.3). */
  static final class Map1 extends ValueReader {
    private final ArrayWriter keys;
    private final ArrayWriter values;
    private final ValueReader key;
    private final ValueReader value;

    Map1(String path, boolean nullable, DataTypes.MapType t, WriteBuffer buffer, boolean strict) {
      super(path, nullable);
      this.keys = new ArrayWriter(t.keyArrayType(), buffer);
      this.values = new ArrayWriter(t.valueArrayType(), buffer);
      this.key = create(t.key(), false, path + "{keys}", buffer, strict);
      this.value = create(t.value(), t.valueNullable(), path + "{values}", buffer, strict);
    }

    @Override
    void bind(ValueVector v) {
      super.bind(v);
      StructVector entries = (StructVector) ((MapVector) v).getDataVector();
      List<FieldVector> kv = entries.getChildrenFromFields();
      key.bind(kv.get(0));
      value.bind(kv.get(1));
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      MapVector m = (MapVector) vector;
      int start = m.getElementStartIndex(i);
      int end = m.getElementEndIndex(i);
      int c = w.beginMap();
      keys.initialize(end - start);
      for (int j = start; j < end; j++) {
        key.writeOrNull(keys, j - start, j);
      }
      w.endMapKeys(c);
      values.initialize(end - start);
      for (int j = start; j < end; j++) {
        value.writeOrNull(values, j - start, j);
      }
      w.setOffsetAndSize(ordinal, c);
    }
  }

  /** struct: a nested row (SPEC §2.1). */
  static final class Struct extends ValueReader {
    private final RowWriter row;
    private final ValueReader[] fields;

    Struct(String path, boolean nullable, Schema schema, WriteBuffer buffer, boolean strict) {
      super(path, nullable);
      this.row = new RowWriter(schema, buffer);
      this.fields = fieldReaders(schema, path, buffer, strict);
    }

    @Override
    void bind(ValueVector v) {
      super.bind(v);
      bindFields(fields, ((StructVector) v).getChildrenFromFields(), path);
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      int c = w.cursor();
      row.start();
      for (int k = 0; k < fields.length; k++) {
        fields[k].writeOrNull(row, k, i);
      }
      w.setOffsetAndSize(ordinal, c);
    }
  }

  static ValueReader[] fieldReaders(
      Schema schema, String path, WriteBuffer buffer, boolean strict) {
    ValueReader[] out = new ValueReader[schema.numFields()];
    for (int k = 0; k < out.length; k++) {
      Field f = schema.field(k);
      out[k] =
          create(
              f.type(),
              f.nullable(),
              path.isEmpty() ? f.name() : path + "." + f.name(),
              buffer,
              strict);
    }
    return out;
  }

  static void bindFields(ValueReader[] fields, List<FieldVector> vectors, String path) {
    if (vectors.size() != fields.length) {
      throw new SchemaMismatchException(
          path, "expected " + fields.length + " Arrow columns but " + "found " + vectors.size());
    }
    for (int k = 0; k < fields.length; k++) {
      fields[k].bind(vectors.get(k));
    }
  }
}
