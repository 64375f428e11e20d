package io.zerorow.flink;

import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/** Writes each {@link RowData} as one zerorow row (its RowKind is not written: insert-only). */
public final class ZerorowSerializationSchema implements SerializationSchema<RowData> {
  private static final long serialVersionUID = 1L;
  private final RowType rowType;
  private transient RowDataEncoder encoder;

  public ZerorowSerializationSchema(RowType rowType) {
    FlinkTypes.toSchema(rowType); // fail early, naming the field
    this.rowType = rowType;
  }

  @Override
  public byte[] serialize(RowData element) {
    if (encoder == null) {
      encoder = new RowDataEncoder(rowType);
    }
    return encoder.toBytes(element);
  }
}
