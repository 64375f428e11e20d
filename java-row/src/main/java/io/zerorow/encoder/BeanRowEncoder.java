package io.zerorow.encoder;

import io.zerorow.BinaryRow;
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

  public BeanRowEncoder(Class<T> cls, boolean codegen) {
    this.cls = cls;
    TypeBinding b = Introspector.bean(cls);
    this.schema = (Schema) b.type;
    this.writer = new RowWriter(schema);
    this.codec = codegen ? Compiled.forBean(b).newInstance(writer.buffer())
        : new Codec.BeanCodec(b);
    this.view = new BinaryRow(schema);
    this.out = new BinaryRow(schema);
    this.lastChecked = schema;
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public BinaryRow toRow(T value) {
    writer.reset();
    codec.writeFields(writer, value);
    return out.pointTo(writer.buffer().array(), 0, writer.sizeInBytes());
  }

  @Override
  public T fromRow(BinaryRow row) {
    Schema s = row.schema();
    if (s != lastChecked) {
      if (!s.equals(schema)) {
        throw new SchemaMismatchException("", "expected a row of " + cls.getName() + " (schema "
            + schema.fingerprintHex() + ") but found schema " + s.fingerprintHex() + ": " + s);
      }
      lastChecked = s;
    }
    return cls.cast(codec.readFields(row));
  }

  @Override
  public byte[] encode(T value) {
    writer.reset();
    codec.writeFields(writer, value);
    return writer.toByteArray();
  }

  @Override
  public T decode(byte[] bytes) {
    return cls.cast(codec.readFields(view.pointTo(bytes, 0, bytes.length)));
  }
}
