package io.zerorow.encoder;

import io.zerorow.SchemaMismatchException;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Row;
import io.zerorow.row.RowCopier;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;

/**
 * The {@link RowEncoder} for beans and records, over a generated or interpreted codec. Immutable
 * and shared by every thread: the buffer, views and codec instance an encode or decode works with
 * belong to the calling thread ({@link PerThread}).
 */
public final class BeanRowEncoder<T> implements RowEncoder<T> {
  private final Class<T> cls;
  private final Schema schema;
  private final PerThread<State> states;

  /** What one thread encodes and decodes with. */
  private static final class State {
    final RowWriter writer;
    final StructCodec codec;
    final BinaryRow view;
    final BinaryRow out;

    /** The schema of the last row {@code fromRow} accepted (equal to the encoder's). */
    Schema lastChecked;

    /** Lays out resolved rows by the encoder's schema; created at the first one. */
    RowCopier copier;

    State(Schema schema, TypeBinding b, boolean codegen) {
      this.writer = new RowWriter(schema);
      this.codec =
          codegen ? Compiled.forBean(b).newInstance(writer.buffer()) : new Codec.BeanCodec(b);
      this.view = new BinaryRow(schema);
      this.out = new BinaryRow(schema);
      this.lastChecked = schema;
    }
  }

  public BeanRowEncoder(Class<T> cls, boolean codegen) {
    this(cls, codegen, io.zerorow.type.FieldOrder.DECLARATION, false);
  }

  /** An encoder with the given field order and strictness for time values. */
  public BeanRowEncoder(
      Class<T> cls, boolean codegen, io.zerorow.type.FieldOrder order, boolean strict) {
    this.cls =
        java.util.Objects.requireNonNull(
            cls, "rowEncoder(cls): cls is null; pass the bean or record class, e.g. Foo.class");
    TypeBinding b = Introspector.bean(cls, order, strict);
    this.schema = (Schema) b.type;
    if (codegen) {
      Compiled.forBean(b); // compile now: errors belong to the call that builds the encoder
    }
    this.states = new PerThread<>(() -> new State(schema, b, codegen));
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
    State s = states.get();
    RowWriter writer = s.writer;
    writer.resetUnchecked(); // both codecs write every field, each in its whole slot
    s.codec.writeFields(writer, value);
    return s.out.pointTo(writer.buffer().array(), 0, writer.sizeInBytes());
  }

  @Override
  public T fromRow(BinaryRow row) {
    if (row == null) {
      throw new NullPointerException(
          "fromRow(row): row is null; expected a row of " + cls.getName());
    }
    State st = states.get();
    Schema s = row.schema();
    if (s != st.lastChecked) {
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
      st.lastChecked = s;
    }
    return cls.cast(st.codec.readFields(row));
  }

  @Override
  public T fromRow(Row row) {
    if (row instanceof BinaryRow) {
      return fromRow((BinaryRow) row);
    }
    if (row == null) {
      throw new NullPointerException(
          "fromRow(row): row is null; expected a row of " + cls.getName());
    }
    State st = states.get();
    if (st.copier == null) {
      st.copier = new RowCopier(schema);
    }
    // laid out again by this encoder's schema, then decoded by the usual (generated or
    // interpreted) codec; the copier refuses a schema other than the encoder's
    return cls.cast(st.codec.readFields(st.copier.copy(row)));
  }

  @Override
  public byte[] encode(T value) {
    requireValue(value, "encode");
    State s = states.get();
    s.writer.resetUnchecked();
    s.codec.writeFields(s.writer, value);
    return s.writer.toByteArray();
  }

  @Override
  public T decode(byte[] bytes) {
    return decode(bytes, ValidationLevel.BOUNDS);
  }

  @Override
  public T decode(byte[] bytes, ValidationLevel level) {
    if (bytes == null) {
      throw new NullPointerException("decode(bytes, level): bytes is null");
    }
    if (level == null) {
      throw new NullPointerException(
          "decode(bytes, level): level is null (ValidationLevel.BOUNDS is the default)");
    }
    State s = states.get();
    BinaryRow row = s.view.pointTo(bytes, 0, bytes.length);
    if (level == ValidationLevel.FULL) {
      Validator.validate(row, ValidationLevel.FULL);
    } else if (level == ValidationLevel.BOUNDS) {
      Validator.validateFixedRegion(row);
    }
    return cls.cast(s.codec.readFields(row));
  }
}
