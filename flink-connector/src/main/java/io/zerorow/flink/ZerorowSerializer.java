package io.zerorow.flink;

import io.zerorow.BinaryRow;
import io.zerorow.Schema;
import java.io.IOException;
import java.util.Objects;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Serializes zerorow rows of one schema for Flink (network, state, checkpoints): a row is its
 * size (int32, big-endian as Flink's views write it) followed by its bytes. Copying is a byte
 * copy; {@link #copy(DataInputView, DataOutputView)} moves the bytes without building a row.
 * A deserialized row is checked like any row from outside ({@link BinaryRow#pointTo}; every
 * access bounds-checked).
 */
public final class ZerorowSerializer extends TypeSerializer<BinaryRow> {
  private static final long serialVersionUID = 1L;
  private final String schemaJson;
  private transient Schema schema;

  public ZerorowSerializer(Schema schema) {
    this.schema = Objects.requireNonNull(schema, "schema");
    this.schemaJson = schema.toJson();
  }

  public Schema schema() {
    Schema s = schema;
    if (s == null) {
      schema = s = Schema.fromJson(schemaJson);
    }
    return s;
  }

  @Override
  public boolean isImmutableType() {
    return false;
  }

  /** Stateless: the same instance serves every thread. */
  @Override
  public TypeSerializer<BinaryRow> duplicate() {
    return this;
  }

  /** A row of nulls (the fixed region only). */
  @Override
  public BinaryRow createInstance() {
    Schema s = schema();
    byte[] b = new byte[s.fixedRegionSize()];
    for (int i = 0; i < s.numFields(); i++) {
      b[i >>> 3] |= (byte) (1 << (i & 7));
    }
    return BinaryRow.wrap(s, b);
  }

  @Override
  public BinaryRow copy(BinaryRow from) {
    return from.copy();
  }

  @Override
  public BinaryRow copy(BinaryRow from, BinaryRow reuse) {
    return from.copy();
  }

  @Override
  public int getLength() {
    return -1;
  }

  @Override
  public void serialize(BinaryRow record, DataOutputView target) throws IOException {
    target.writeInt(record.getSizeInBytes());
    RowBytes.write(record, target);
  }

  @Override
  public BinaryRow deserialize(DataInputView source) throws IOException {
    return BinaryRow.wrap(schema(), readBytes(source));
  }

  @Override
  public BinaryRow deserialize(BinaryRow reuse, DataInputView source) throws IOException {
    byte[] b = readBytes(source);
    return reuse.pointTo(b, 0, b.length);
  }

  private static byte[] readBytes(DataInputView source) throws IOException {
    int n = source.readInt();
    if (n < 0) {
      throw new IOException("corrupt zerorow record: negative size " + n);
    }
    byte[] b = new byte[n];
    source.readFully(b);
    return b;
  }

  @Override
  public void copy(DataInputView source, DataOutputView target) throws IOException {
    int n = source.readInt();
    target.writeInt(n);
    target.write(source, n);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ZerorowSerializer
        && ((ZerorowSerializer) o).schemaJson.equals(schemaJson);
  }

  @Override
  public int hashCode() {
    return schemaJson.hashCode();
  }

  /** Names the schema: Flink puts this text into its state-incompatibility errors. */
  @Override
  public String toString() {
    return "ZerorowSerializer(schema " + schema().fingerprintHex() + " " + schemaJson + ")";
  }

  @Override
  public TypeSerializerSnapshot<BinaryRow> snapshotConfiguration() {
    return new ZerorowSerializerSnapshot(schema());
  }
}
