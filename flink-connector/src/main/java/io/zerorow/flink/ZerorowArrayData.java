package io.zerorow.flink;

import io.zerorow.row.BinaryArray;
import io.zerorow.type.DataType;
import io.zerorow.type.TypeId;
import java.util.Objects;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RawValueData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;

/** A Flink {@link ArrayData} view over a zerorow {@link BinaryArray} (elements read in place). */
public final class ZerorowArrayData extends ArrayDataShim {
  private final BinaryArray array;
  private final DataType element;
  private final TypeId id;

  public ZerorowArrayData(BinaryArray array) {
    this.array = Objects.requireNonNull(array, "array");
    this.element = array.elementType();
    this.id = element.id();
  }

  public BinaryArray array() {
    return array;
  }

  @Override
  public int size() {
    return array.numElements();
  }

  @Override
  public boolean isNullAt(int pos) {
    return array.isNullAt(pos);
  }

  @Override
  public boolean getBoolean(int pos) {
    return array.getBoolean(pos);
  }

  @Override
  public byte getByte(int pos) {
    return array.getByte(pos);
  }

  @Override
  public short getShort(int pos) {
    return array.getShort(pos);
  }

  @Override
  public int getInt(int pos) {
    return FieldReads.getInt(array, pos, id);
  }

  @Override
  public long getLong(int pos) {
    return FieldReads.getLong(array, pos, id);
  }

  @Override
  public float getFloat(int pos) {
    return array.getFloat(pos);
  }

  @Override
  public double getDouble(int pos) {
    return array.getDouble(pos);
  }

  @Override
  public StringData getString(int pos) {
    return FieldReads.getString(array, pos);
  }

  @Override
  public DecimalData getDecimal(int pos, int precision, int scale) {
    return FieldReads.getDecimal(array, pos, element, precision, scale);
  }

  @Override
  public TimestampData getTimestamp(int pos, int precision) {
    return FieldReads.getTimestamp(array, pos);
  }

  @Override
  public <T> RawValueData<T> getRawValue(int pos) {
    throw new UnsupportedOperationException("zerorow arrays have no RAW elements");
  }

  @Override
  public byte[] getBinary(int pos) {
    return array.getBinary(pos);
  }

  @Override
  io.zerorow.type.Variant zerorowVariant(int pos) {
    return array.getVariant(pos);
  }

  @Override
  public ArrayData getArray(int pos) {
    return array.isNullAt(pos) ? null : new ZerorowArrayData(array.getArray(pos));
  }

  @Override
  public MapData getMap(int pos) {
    return array.isNullAt(pos) ? null : new ZerorowMapData(array.getMap(pos));
  }

  @Override
  public RowData getRow(int pos, int numFields) {
    return array.isNullAt(pos) ? null : new ZerorowRowData(array.getStruct(pos));
  }

  private void checkNoNulls(String to) {
    for (int i = 0; i < size(); i++) {
      if (array.isNullAt(i)) {
        throw new IllegalStateException(
            "cannot convert an array with null element " + i + " to " + to);
      }
    }
  }

  @Override
  public boolean[] toBooleanArray() {
    checkNoNulls("boolean[]");
    boolean[] out = new boolean[size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = getBoolean(i);
    }
    return out;
  }

  @Override
  public byte[] toByteArray() {
    checkNoNulls("byte[]");
    byte[] out = new byte[size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = getByte(i);
    }
    return out;
  }

  @Override
  public short[] toShortArray() {
    checkNoNulls("short[]");
    short[] out = new short[size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = getShort(i);
    }
    return out;
  }

  @Override
  public int[] toIntArray() {
    checkNoNulls("int[]");
    int[] out = new int[size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = getInt(i);
    }
    return out;
  }

  @Override
  public long[] toLongArray() {
    checkNoNulls("long[]");
    long[] out = new long[size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = getLong(i);
    }
    return out;
  }

  @Override
  public float[] toFloatArray() {
    checkNoNulls("float[]");
    float[] out = new float[size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = getFloat(i);
    }
    return out;
  }

  @Override
  public double[] toDoubleArray() {
    checkNoNulls("double[]");
    double[] out = new double[size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = getDouble(i);
    }
    return out;
  }

  @Override
  public String toString() {
    return array.toString();
  }
}
