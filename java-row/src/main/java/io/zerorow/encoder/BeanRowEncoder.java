package io.zerorow.encoder;

import io.zerorow.BinaryRow;
import io.zerorow.ResolvedRow;
import io.zerorow.RowCopier;
import io.zerorow.RowEncoder;
import io.zerorow.RowWriter;
import io.zerorow.Schema;
import io.zerorow.SchemaMismatchException;

/** The {@link RowEncoder} for beans and records, over a generated or interpreted codec. */
public final class BeanRowEncoder<T> implements RowEncoder<T> {
  private final Class<T> cls;
  private final Schema schema;
  private final RowWriter writer;
  private final StructCodec codec;
  private final BinaryRow view;
  private final BinaryRow out;
  private Schema lastChecked;

  /** Lays out resolved rows by this encoder's schema; created at the first one. */
  private RowCopier copier;

  public BeanRowEncoder(Class<T> cls, boolean codegen) {
    this(cls, codegen, io.zerorow.FieldOrder.DECLARATION, false);
  }

  /** An encoder with the given field order and strictness for time values. */
  public BeanRowEncoder(
      Class<T> cls, boolean codegen, io.zerorow.FieldOrder order, boolean strict) {
    this.cls =
        java.util.Objects.requireNonNull(
            cls, "rowEncoder(cls): cls is null; pass the bean or record class, e.g. Foo.class");
    TypeBinding b = Introspector.bean(cls, order, strict);
    this.schema = (Schema) b.type;
    this.writer = new RowWriter(schema);
    this.codec =
        codegen ? Compiled.forBean(b).newInstance(writer.buffer()) : new Codec.BeanCodec(b);
    this.view = new BinaryRow(schema);
    this.out = new BinaryRow(schema);
    this.lastChecked = schema;
  }

  private void requireValue(T value, String call) {
    if (value == null) {
      throw new NullPointerException(
          call
              + "(value): value is null; expected a "
              + cls.getName()
              + " (a null row has no encoding)");
    }
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public BinaryRow toRow(T value) {
    requireValue(value, "toRow");
    writer.resetUnchecked(); // both codecs write every field, each in its whole slot
    codec.writeFields(writer, value);
    return out.pointTo(writer.buffer().array(), 0, writer.sizeInBytes());
  }

  @Override
  public T fromRow(BinaryRow row) {
    if (row == null) {
      throw new NullPointerException(
          "fromRow(row): row is null; expected a row of " + cls.getName());
    }
    Schema s = row.schema();
    if (s != lastChecked) {
      if (!s.equals(schema)) {
        throw new SchemaMismatchException(
            "",
            "expected a row of "
                + cls.getName()
                + " (schema "
                + schema.fingerprintHex()
                + ") but found schema "
                + s.fingerprintHex()
                + ": "
                + s);
      }
      lastChecked = s;
    }
    return cls.cast(codec.readFields(row));
  }

  @Override
  public T fromRow(ResolvedRow row) {
    if (row instanceof BinaryRow) {
      return fromRow((BinaryRow) row);
    }
    if (row == null) {
      throw new NullPointerException(
          "fromRow(row): row is null; expected a row of " + cls.getName());
    }
    if (copier == null) {
      copier = new RowCopier(schema);
    }
    // laid out again by this encoder's schema, then decoded by the usual (generated or
    // interpreted) codec; the copier refuses a schema other than the encoder's
    return cls.cast(codec.readFields(copier.copy(row)));
  }

  @Override
  public byte[] encode(T value) {
    requireValue(value, "encode");
    writer.resetUnchecked();
    codec.writeFields(writer, value);
    return writer.toByteArray();
  }

  @Override
  public T decode(byte[] bytes) {
    if (bytes == null) {
      throw new NullPointerException("decode(bytes): bytes is null");
    }
    return cls.cast(codec.readFields(view.pointTo(bytes, 0, bytes.length)));
  }
}
