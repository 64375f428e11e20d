package io.zerorow.arrow;

import io.zerorow.BinaryRow;
import io.zerorow.RowWriter;
import io.zerorow.Schema;
import io.zerorow.SchemaMismatchException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;

/**
 * Turns the rows of an Arrow batch back into zerorow rows (SPEC §12), one row at a time into one
 * reused row buffer: the {@link BinaryRow} that {@link #row} and the iterator return is the same
 * view each time, valid until the next row is read ({@link BinaryRow#copy} keeps one).
 *
 * <pre>{@code
 * try (ArrowReader reader = ArrowReader.of(root)) {
 *   for (BinaryRow row : reader) { ... }
 * }
 * }</pre>
 *
 * Arrow types are read as SPEC §12 says, including large_utf8/large_binary, utf8_view/binary_view,
 * large_list and timestamps in s/ms/ns: seconds and milliseconds are converted to µs exactly (a
 * value outside the int64 µs range is {@code invalid_data}); nanoseconds are floored toward
 * negative infinity to the microsecond (SPEC Appendix A rule 6: −1 ns becomes −1 µs), or, with a
 * reader built {@code strict}, a value that is not a whole microsecond is {@code invalid_data}
 * naming the field, the value and its Arrow index. A null where the zerorow field is not nullable
 * is {@code invalid_data}. After loading a new batch into the same root, call {@link #rebind}.
 */
public final class ArrowReader implements Iterable<BinaryRow>, AutoCloseable {
  private final VectorSchemaRoot root;
  private final boolean ownsRoot;
  private final Schema schema;
  private final RowWriter writer;
  private final ValueReader[] fields;
  private final boolean strict;

  private ArrowReader(VectorSchemaRoot root, Schema schema, boolean ownsRoot, boolean strict) {
    this.root = root;
    this.ownsRoot = ownsRoot;
    this.schema = schema;
    this.strict = strict;
    this.writer = new RowWriter(schema);
    this.fields = ValueReader.fieldReaders(schema, "", writer.buffer(), strict);
    rebind();
  }

  /** Reads {@code root} with the schema {@link ArrowUtils#fromArrowSchema} derives from it. */
  public static ArrowReader of(VectorSchemaRoot root) {
    return new ArrowReader(root, ArrowUtils.fromArrowSchema(root.getSchema()), false, false);
  }

  /**
   * Reads {@code root} as rows of {@code schema}; the Arrow columns must have the types SPEC §12
   * gives the fields (or the read variants it allows), else {@code schema_mismatch}.
   */
  public static ArrowReader of(VectorSchemaRoot root, Schema schema) {
    return of(root, schema, false);
  }

  /**
   * As {@link #of(VectorSchemaRoot, Schema)}; with {@code strict}, a timestamp finer than a
   * microsecond is refused instead of floored (SPEC Appendix A rule 6, Python's {@code
   * from_arrow(strict=True)}).
   */
  public static ArrowReader of(VectorSchemaRoot root, Schema schema, boolean strict) {
    check(root.getSchema(), schema);
    return new ArrowReader(root, schema, false, strict);
  }

  /** Loads {@code batch} (not closed) into vectors of {@code schema} owned by this reader. */
  public static ArrowReader of(ArrowRecordBatch batch, Schema schema, BufferAllocator allocator) {
    return of(batch, schema, allocator, false);
  }

  /**
   * As {@link #of(ArrowRecordBatch, Schema, BufferAllocator)}, refusing timestamps finer than a
   * microsecond when {@code strict}.
   */
  public static ArrowReader of(
      ArrowRecordBatch batch, Schema schema, BufferAllocator allocator, boolean strict) {
    VectorSchemaRoot root = VectorSchemaRoot.create(ArrowUtils.toArrowSchema(schema), allocator);
    try {
      new VectorLoader(root).load(batch);
      return new ArrowReader(root, schema, true, strict);
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  private static void check(org.apache.arrow.vector.types.pojo.Schema arrow, Schema schema) {
    Schema found = ArrowUtils.fromArrowSchema(arrow);
    if (!found.equals(schema)) {
      throw new SchemaMismatchException(
          "",
          "expected Arrow columns for schema "
              + schema.fingerprintHex()
              + " "
              + schema.toJson()
              + " but found "
              + found.fingerprintHex()
              + " "
              + found.toJson());
    }
  }

  /** The zerorow schema of the rows. */
  public Schema schema() {
    return schema;
  }

  /** Whether timestamps finer than a microsecond are refused (else floored). */
  public boolean strict() {
    return strict;
  }

  /** The Arrow batch this reader reads. */
  public VectorSchemaRoot root() {
    return root;
  }

  /** The number of rows in the batch. */
  public int rowCount() {
    return root.getRowCount();
  }

  /** Re-reads the vectors' buffer addresses; call after loading a new batch into the root. */
  public void rebind() {
    ValueReader.bindFields(fields, root.getFieldVectors(), "");
  }

  /** Row {@code i}, written into the reused buffer (see the class comment). */
  public BinaryRow row(int i) {
    writer.reset();
    for (int k = 0; k < fields.length; k++) {
      fields[k].writeOrNull(writer, k, i);
    }
    return writer.getRow();
  }

  /** Row {@code i} as a new byte array. */
  public byte[] rowBytes(int i) {
    row(i);
    return writer.toByteArray();
  }

  @Override
  public Iterator<BinaryRow> iterator() {
    return new Iterator<>() {
      private int next;

      @Override
      public boolean hasNext() {
        return next < root.getRowCount();
      }

      @Override
      public BinaryRow next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return row(next++);
      }
    };
  }

  /** Closes the root if this reader created it (from a record batch). */
  @Override
  public void close() {
    if (ownsRoot) {
      root.close();
    }
  }
}
