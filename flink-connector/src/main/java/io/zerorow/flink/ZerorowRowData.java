package io.zerorow.flink;

import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import java.util.Objects;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RawValueData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.types.RowKind;

/**
 * A Flink {@link RowData} view over a zerorow {@link BinaryRow}: each getter reads its field in
 * place when called (nothing is decoded up front), nested values are views too ({@link
 * ZerorowArrayData}, {@link ZerorowMapData}, {@code ZerorowRowData}). The {@link RowKind} lives in
 * this object, beside the row; the row bytes never hold it. The Flink type of the view is {@link
 * FlinkTypes#toRowType} of the row's schema.
 */
public final class ZerorowRowData extends RowDataShim {
  private final BinaryRow row;
  private final TypeId[] ids;
  private RowKind kind = RowKind.INSERT;

  public ZerorowRowData(BinaryRow row) {
    this(Objects.requireNonNull(row, "row"), typeIds(row.schema()));
  }

  /** A view over {@code row} with its schema's {@link #typeIds}, computed once by the caller. */
  ZerorowRowData(BinaryRow row, TypeId[] ids) {
    this.row = row;
    this.ids = ids;
  }

  /** The type of each field of {@code schema}, which the int and long getters dispatch on. */
  static TypeId[] typeIds(Schema schema) {
    TypeId[] ids = new TypeId[schema.numFields()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = schema.field(i).type().id();
    }
    return ids;
  }

  public ZerorowRowData(BinaryRow row, RowKind kind) {
    this(row);
    this.kind = Objects.requireNonNull(kind, "kind");
  }

  /** The row this view reads. */
  public BinaryRow row() {
    return row;
  }

  @Override
  public int getArity() {
    return ids.length;
  }

  @Override
  public RowKind getRowKind() {
    return kind;
  }

  @Override
  public void setRowKind(RowKind kind) {
    this.kind = Objects.requireNonNull(kind, "kind");
  }

  @Override
  public boolean isNullAt(int pos) {
    return row.isNullAt(pos);
  }

  @Override
  public boolean getBoolean(int pos) {
    return row.getBoolean(pos);
  }

  @Override
  public byte getByte(int pos) {
    return row.getByte(pos);
  }

  @Override
  public short getShort(int pos) {
    return row.getShort(pos);
  }

  @Override
  public int getInt(int pos) {
    return FieldReads.getInt(row, pos, ids[pos]);
  }

  @Override
  public long getLong(int pos) {
    return FieldReads.getLong(row, pos, ids[pos]);
  }

  @Override
  public float getFloat(int pos) {
    return row.getFloat(pos);
  }

  @Override
  public double getDouble(int pos) {
    return row.getDouble(pos);
  }

  @Override
  public StringData getString(int pos) {
    return FieldReads.getString(row, pos);
  }

  @Override
  public DecimalData getDecimal(int pos, int precision, int scale) {
    return FieldReads.getDecimal(row, pos, row.schema().field(pos).type(), precision, scale);
  }

  @Override
  public TimestampData getTimestamp(int pos, int precision) {
    return FieldReads.getTimestamp(row, pos);
  }

  @Override
  public <T> RawValueData<T> getRawValue(int pos) {
    throw new UnsupportedOperationException("zerorow rows have no RAW fields");
  }

  @Override
  public byte[] getBinary(int pos) {
    return row.getBinary(pos);
  }

  @Override
  io.zerorow.type.Variant zerorowVariant(int pos) {
    return row.getVariant(pos);
  }

  @Override
  public ArrayData getArray(int pos) {
    return row.isNullAt(pos) ? null : new ZerorowArrayData(row.getArray(pos));
  }

  @Override
  public MapData getMap(int pos) {
    return row.isNullAt(pos) ? null : new ZerorowMapData(row.getMap(pos));
  }

  @Override
  public RowData getRow(int pos, int numFields) {
    return row.isNullAt(pos) ? null : new ZerorowRowData(row.getStruct(pos));
  }

  /** Equal to another view with equal row bytes and the same RowKind. */
  @Override
  public boolean equals(Object o) {
    return o instanceof ZerorowRowData
        && ((ZerorowRowData) o).kind == kind
        && ((ZerorowRowData) o).row.equals(row);
  }

  @Override
  public int hashCode() {
    return row.hashCode() * 31 + kind.ordinal();
  }

  @Override
  public String toString() {
    return kind.shortString() + row;
  }
}
