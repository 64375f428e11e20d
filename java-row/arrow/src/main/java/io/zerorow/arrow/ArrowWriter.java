package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.SchemaMismatchException;
import io.zerorow.internal.Platform;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Row;
import io.zerorow.row.RowCopier;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;

/**
 * Collects rows of one {@link Schema} and turns them into one Arrow record batch (SPEC §12).
 *
 * <p>{@link #write} copies the row's bytes into the writer (one {@code memcpy}; the caller may
 * reuse its row buffer right away). {@link #finish} then converts column by column: for each field,
 * every row's slot is read in one loop and copied into the vector's data buffer and validity
 * bitmap, without a per-value {@code setSafe}. References are bounds-checked while they are
 * followed, so a malformed row is an {@code invalid_data} error, never a read outside the row.
 * After {@code finish} the writer is empty and can be used for the next batch. Not thread-safe.
 */
public final class ArrowWriter implements AutoCloseable {
  private final Schema schema;
  private final BufferAllocator allocator;
  private final org.apache.arrow.vector.types.pojo.Schema arrowSchema;
  private final ColumnWriter[] fields;
  private final int fixedSize;
  private final Slots rows = new Slots();
  private final Slots child = new Slots();
  private byte[] arena = new byte[4096];
  private int used;
  private int count;

  /** Lays out resolved rows by this writer's schema; created at the first one. */
  private RowCopier copier;

  /** The vectors {@link #finishAsRecordBatch} fills: reused, the batch keeps its buffers. */
  private VectorSchemaRoot reusable;

  ArrowWriter(Schema schema, BufferAllocator allocator) {
    this.schema = schema;
    this.allocator = allocator;
    this.arrowSchema = ArrowUtils.toArrowSchema(schema);
    this.fixedSize = schema.fixedRegionSize();
    this.rows.allValid = true; // top-level rows are never null
    this.fields = new ColumnWriter[schema.numFields()];
    for (int k = 0; k < fields.length; k++) {
      Field f = schema.field(k);
      fields[k] = ColumnWriter.create(f.type(), f.name());
    }
  }

  /** The zerorow schema of the rows written. */
  public Schema schema() {
    return schema;
  }

  /** The Arrow schema of the batches (SPEC §12). */
  public org.apache.arrow.vector.types.pojo.Schema arrowSchema() {
    return arrowSchema;
  }

  /** Rows written since the last {@code finish}. */
  public int rowCount() {
    return count;
  }

  /** Appends a row of this writer's schema (its bytes are copied). */
  public void write(BinaryRow row) {
    if (row.schema() != schema && !row.schema().equals(schema)) {
      throw new SchemaMismatchException(
          "",
          "expected a row of schema "
              + schema.fingerprintHex()
              + " but found one of "
              + row.schema().fingerprintHex());
    }
    write(row.getBaseObject(), row.getBaseOffset(), row.getSizeInBytes());
  }

  /**
   * Appends a row read through a resolution (SPEC §13.4) whose reader schema is this writer's: its
   * reader values, laid out by the reader schema ({@link RowCopier}), so the batch has the reader's
   * Arrow schema. A plain {@link BinaryRow} is written as {@link #write(BinaryRow)}.
   */
  public void write(Row row) {
    if (row instanceof BinaryRow) {
      write((BinaryRow) row);
      return;
    }
    if (copier == null) {
      copier = new RowCopier(schema);
    }
    write(copier.copy(row)); // refuses a row of another reader schema
  }

  /**
   * Appends the row of {@code size} bytes at {@code (base, address)} (a {@code byte[]} and {@code
   * Platform.BYTE_ARRAY_OFFSET + index}, or null and an off-heap address).
   */
  public void write(Object base, long address, int size) {
    int fixed = fixedSize;
    if (size < fixed || (size & 7) != 0) {
      throw new InvalidDataException(
          "",
          "expected a row of at least " + fixed + " bytes and a multiple of 8 but found " + size);
    }
    long end = (long) used + size;
    if (end > Integer.MAX_VALUE - 8) {
      throw new InvalidDataException(
          "",
          "expected at most 2^31-8 bytes of rows in one batch "
              + "but found "
              + end
              + "; call finish() more often");
    }
    if (end > arena.length) {
      arena =
          Arrays.copyOf(
              arena, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(end, 2L * arena.length)));
    }
    if (base instanceof byte[]) {
      long from = address - Platform.BYTE_ARRAY_OFFSET;
      if (size <= 256 && from >= 0 && from + size <= ((byte[]) base).length) {
        // a small row (size is a multiple of 8): word by word beats a copy call per row
        long dst = Platform.BYTE_ARRAY_OFFSET + used;
        for (int k = 0; k < size; k += 8) {
          Platform.UNSAFE.putLong(arena, dst + k, Platform.UNSAFE.getLong(base, address + k));
        }
      } else {
        System.arraycopy(base, (int) from, arena, used, size);
      }
    } else {
      Platform.copy(base, address, arena, Platform.BYTE_ARRAY_OFFSET + used, size);
    }
    // the row's region, in the form the column writers take (its null flag stays false)
    if (count == rows.slot.length) {
      rows.grow(count, count * 2);
    }
    long r = Platform.BYTE_ARRAY_OFFSET + used;
    rows.region[count] = r;
    rows.end[count] = r + size;
    count++;
    used = (int) end;
  }

  /**
   * Converts the rows written so far into a new {@link VectorSchemaRoot} (the caller closes it) and
   * empties the writer.
   */
  public VectorSchemaRoot finish() {
    VectorSchemaRoot root = VectorSchemaRoot.create(arrowSchema, allocator);
    fill(root);
    return root;
  }

  private void fill(VectorSchemaRoot root) {
    try {
      int n = count;
      rows.n = n;
      for (ColumnWriter f : fields) {
        f.budget(used);
      }
      FieldColumns.write(arena, rows, schema, fields, child, root.getFieldVectors());
      root.setRowCount(n);
    } catch (RuntimeException e) {
      root.close();
      reset();
      throw e;
    }
    reset();
  }

  /**
   * Like {@link #finish()}, as a record batch (the caller closes it). The vectors are the writer's
   * own, reused from batch to batch; the batch holds its own references to their buffers, so it
   * stays valid after the next batch is written.
   */
  public ArrowRecordBatch finishAsRecordBatch() {
    if (reusable == null) {
      reusable = VectorSchemaRoot.create(arrowSchema, allocator);
    }
    try {
      fill(reusable);
    } catch (RuntimeException e) {
      reusable = null; // fill closed it
      throw e;
    }
    return new VectorUnloader(reusable).getRecordBatch();
  }

  /** Drops the rows written since the last {@code finish}. */
  public void reset() {
    count = 0;
    used = 0;
  }

  /** Releases the writer's row memory (Arrow memory belongs to what {@code finish} returned). */
  @Override
  public void close() {
    reset();
    arena = new byte[0];
    if (reusable != null) {
      reusable.close();
      reusable = null;
    }
  }
}
