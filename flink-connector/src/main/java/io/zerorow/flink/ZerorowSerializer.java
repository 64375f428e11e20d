package io.zerorow.flink;

import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Serializes zerorow rows of one schema for Flink (network, state, checkpoints): a row is its size
 * (int32, big-endian as Flink's views write it) followed by its bytes. Copying is a byte copy;
 * {@link #copy(DataInputView, DataOutputView)} moves the bytes without building a row. A
 * deserialized row is checked like any row from outside ({@link BinaryRow#pointTo}; every access
 * bounds-checked).
 *
 * <p><b>Rows of another schema</b> (SPEC §13). When a job is restored with a newer schema that can
 * read the old one, Flink reads the old state with the old serializer and writes it with this one
 * ({@link ZerorowSerializerSnapshot}: compatible after migration); so {@link #serialize} and {@link
 * #copy(BinaryRow)} take a row of any schema this one can read and lay it out by this serializer's
 * schema (resolved once per writer schema). A row of a schema it cannot read is a {@link
 * io.zerorow.SchemaMismatchException} naming the schema path and both types.
 */
public final class ZerorowSerializer extends TypeSerializer<BinaryRow> {
  private static final long serialVersionUID = 1L;
  private final String schemaJson;
  private transient Schema schema;
  private transient ReaderLayout layout;

  /** Why the last restore with this serializer was refused (null: it was not): Flink shows it. */
  private transient volatile String refusal;

  /**
   * Set by every row {@link #deserialize}d, for the serializer a state snapshot restores with
   * ({@link ZerorowSerializerSnapshot#restoreSerializer()}; null for any other): rows read before
   * the job names its serializer are the objects a heap backend keeps.
   */
  private final transient AtomicBoolean rowsRead;

  public ZerorowSerializer(Schema schema) {
    this(schema, null);
  }

  ZerorowSerializer(Schema schema, AtomicBoolean rowsRead) {
    this.schema = Objects.requireNonNull(schema, "schema");
    this.schemaJson = schema.toJson();
    this.rowsRead = rowsRead;
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

  /** Each thread gets its own: the layout of rows of another schema reuses a buffer. */
  @Override
  public TypeSerializer<BinaryRow> duplicate() {
    return new ZerorowSerializer(schema(), rowsRead);
  }

  /** {@code row} laid out by this serializer's schema (see the class comment). */
  private BinaryRow own(BinaryRow row) {
    ReaderLayout l = layout;
    if (l == null) {
      layout = l = new ReaderLayout(schema());
    }
    return l.of(row);
  }

  /**
   * Flink's placeholder row (the fixed region only): its nullable fields null, its non-nullable
   * ones zero slots, since a null bit on those is refused when the row is wrapped (SPEC §6.2 B5).
   */
  @Override
  public BinaryRow createInstance() {
    Schema s = schema();
    byte[] b = new byte[s.fixedRegionSize()];
    for (int i = 0; i < s.numFields(); i++) {
      if (s.field(i).nullable()) {
        b[i >>> 3] |= (byte) (1 << (i & 7));
      }
    }
    return BinaryRow.wrap(s, b);
  }

  /** A copy of {@code from} in this serializer's schema (laid out again if it has another). */
  @Override
  public BinaryRow copy(BinaryRow from) {
    return own(from).copy();
  }

  @Override
  public BinaryRow copy(BinaryRow from, BinaryRow reuse) {
    return copy(from);
  }

  @Override
  public int getLength() {
    return -1;
  }

  /** Writes {@code record} in this serializer's schema (laid out again if it has another). */
  @Override
  public void serialize(BinaryRow record, DataOutputView target) throws IOException {
    BinaryRow row = own(record);
    target.writeInt(row.getSizeInBytes());
    RowBytes.write(row, target);
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

  private byte[] readBytes(DataInputView source) throws IOException {
    if (rowsRead != null) {
      rowsRead.set(true);
    }
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
    return o instanceof ZerorowSerializer && ((ZerorowSerializer) o).schemaJson.equals(schemaJson);
  }

  @Override
  public int hashCode() {
    return schemaJson.hashCode();
  }

  /**
   * Names the schema, and why the last restore with it was refused: Flink puts this text into its
   * state-incompatibility errors (its compatibility answer carries no message of its own).
   */
  @Override
  public String toString() {
    String why = refusal;
    return "ZerorowSerializer(schema "
        + schema().fingerprintHex()
        + " "
        + schemaJson
        + ")"
        + (why == null ? "" : ": " + why);
  }

  /** Called by this serializer's snapshot when it refuses to restore state (see toString). */
  void refused(String why) {
    refusal = why;
  }

  @Override
  public TypeSerializerSnapshot<BinaryRow> snapshotConfiguration() {
    return new ZerorowSerializerSnapshot(schema(), this);
  }
}
