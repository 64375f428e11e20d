package io.zerorow.arrow;

import io.zerorow.BinaryRow;
import io.zerorow.InvalidDataException;
import io.zerorow.Schema;
import io.zerorow.SchemaMismatchException;
import io.zerorow.ValidationLevel;
import io.zerorow.Validator;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Platform;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;

/**
 * Writes rows to a row file or stream (SPEC §5): an Arrow IPC file ({@link #file}) or stream
 * ({@link #stream}) with one non-nullable {@code binary} column {@code row} whose field metadata
 * holds {@code zerorow.version}, {@code zerorow.schema} and {@code zerorow.fingerprint}. Rows are
 * collected into batches of {@code batchRows} rows (or {@code batchBytes} bytes, whichever comes
 * first); each batch is one copy of the collected bytes into the Arrow data buffer. Every row's
 * size is a multiple of 8, so rows stay 8-byte aligned in the file and can be read in place ({@link
 * RowFileReader}). Every row is checked before it is written, at {@link #level} ({@code BOUNDS} by
 * default), and a refused row is named by its number in the file. I/O failures are {@link
 * IOException}s naming the file (an interrupt that closed the channel: {@link
 * java.io.InterruptedIOException}). Not thread-safe.
 *
 * <pre>{@code
 * try (RowFileWriter w = RowFileWriter.file(path, schema)) {
 *   for (...) w.write(row);
 * }
 * }</pre>
 */
public final class RowFileWriter implements AutoCloseable {
  /** Default rows per batch. */
  public static final int DEFAULT_BATCH_ROWS = 4096;

  /** Default upper bound on the row bytes of one batch. */
  public static final int DEFAULT_BATCH_BYTES = 64 << 20;

  private final Schema schema;
  private final VectorSchemaRoot root;
  private final VarBinaryVector column;
  private final ArrowWriter writer;
  private final WritableByteChannel channel;
  private final int batchRows;
  private final int batchBytes;
  private byte[] arena = new byte[1 << 16];
  private int used;
  private int[] ends = new int[256];
  private int count;
  private long rowsWritten;
  private boolean closed;

  /** What error messages call it: "row file <path>", "row file" (a channel) or "row stream". */
  private final String source;

  /** How much each row is checked before it is written ({@link #level}). */
  private ValidationLevel level = ValidationLevel.BOUNDS;

  /** Validates rows at {@code FULL} when that level was chosen (one validator per writer). */
  private final BinaryRow check;

  private RowFileWriter(
      Schema schema,
      WritableByteChannel channel,
      boolean file,
      BufferAllocator allocator,
      int batchRows,
      int batchBytes,
      String source)
      throws IOException {
    if (batchRows < 1 || batchBytes < 8) {
      throw new IllegalArgumentException("batchRows must be >= 1 and batchBytes >= 8");
    }
    this.source = source;
    this.check = new BinaryRow(schema);
    this.schema = schema;
    this.channel = channel;
    this.batchRows = batchRows;
    this.batchBytes = batchBytes;
    this.root = VectorSchemaRoot.create(RowFiles.arrowSchema(schema), allocator);
    this.column = (VarBinaryVector) root.getVector(0);
    this.writer =
        file
            ? new ArrowFileWriter(root, null, channel)
            : new ArrowStreamWriter(root, null, channel);
    try {
      writer.start();
    } catch (IOException e) {
      root.close();
      throw RowFiles.named(source, e);
    }
  }

  /** A new Arrow IPC file at {@code path} (replaced if it exists). */
  public static RowFileWriter file(Path path, Schema schema) throws IOException {
    return file(path, schema, ArrowUtils.rootAllocator(), DEFAULT_BATCH_ROWS, DEFAULT_BATCH_BYTES);
  }

  /** A new Arrow IPC file with a chosen allocator and batch size. */
  public static RowFileWriter file(
      Path path, Schema schema, BufferAllocator allocator, int batchRows, int batchBytes)
      throws IOException {
    FileChannel ch =
        FileChannel.open(
            path,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING);
    try {
      return new RowFileWriter(
          schema, ch, true, allocator, batchRows, batchBytes, "row file " + path);
    } catch (RuntimeException | IOException e) {
      ch.close();
      throw e;
    }
  }

  /** An Arrow IPC file on an open channel (closed by {@link #close}). */
  public static RowFileWriter file(
      WritableByteChannel channel,
      Schema schema,
      BufferAllocator allocator,
      int batchRows,
      int batchBytes)
      throws IOException {
    return new RowFileWriter(schema, channel, true, allocator, batchRows, batchBytes, "row file");
  }

  /** An Arrow IPC stream on {@code out} (closed by {@link #close}). */
  public static RowFileWriter stream(OutputStream out, Schema schema) throws IOException {
    return stream(
        Channels.newChannel(out),
        schema,
        ArrowUtils.rootAllocator(),
        DEFAULT_BATCH_ROWS,
        DEFAULT_BATCH_BYTES);
  }

  /** An Arrow IPC stream on an open channel (closed by {@link #close}). */
  public static RowFileWriter stream(
      WritableByteChannel channel,
      Schema schema,
      BufferAllocator allocator,
      int batchRows,
      int batchBytes)
      throws IOException {
    return new RowFileWriter(
        schema, channel, false, allocator, batchRows, batchBytes, "row stream");
  }

  /**
   * Checks every row written from now on at {@code level} (SPEC §6.2) and returns this writer.
   * {@link ValidationLevel#BOUNDS} (the default) and {@code NONE}: the wrap rules W1–W2 (at least
   * the fixed region, a multiple of 8 bytes), which keep the rows of a file 8-byte aligned; {@link
   * ValidationLevel#FULL}: every rule of SPEC §6.3, so that no reader refuses a row this writer
   * accepted. A refused row is not written; its error names the source and the row's number in the
   * file ({@code row file /data/a.arrow: row 41: invalid_data at name: ...}).
   */
  public RowFileWriter level(ValidationLevel level) {
    this.level = java.util.Objects.requireNonNull(level, "level is null");
    return this;
  }

  /** The schema of the rows written. */
  public Schema schema() {
    return schema;
  }

  /** Rows written so far (including those not yet flushed). */
  public long rowCount() {
    return rowsWritten;
  }

  /** Appends one row of this file's schema (its bytes are copied). */
  public void write(BinaryRow row) throws IOException {
    if (row.schema() != schema && !row.schema().equals(schema)) {
      throw new SchemaMismatchException(
          "",
          "expected a row of schema fingerprint "
              + schema.fingerprintHex()
              + " but found one of "
              + row.schema().fingerprintHex());
    }
    write(row.getBaseObject(), row.getBaseOffset(), row.getSizeInBytes());
  }

  /** Appends the row of {@code size} bytes at {@code (base, address)} (see {@link BinaryRow}). */
  public void write(Object base, long address, int size) throws IOException {
    if (closed) {
      throw RowFiles.closed(source, "write");
    }
    if (size < schema.fixedRegionSize() || (size & 7) != 0) {
      throw new InvalidDataException(
          "",
          source
              + ": row "
              + rowsWritten
              + ": expected a row of at least "
              + schema.fixedRegionSize()
              + " bytes and a multiple of 8 but found "
              + size);
    }
    if (level == ValidationLevel.FULL) {
      try {
        Validator.validate(check.pointTo(base, address, size), ValidationLevel.FULL);
      } catch (ZerorowException e) {
        throw ZerorowException.of(
            e.kind(), e.path(), source + ": row " + rowsWritten + ": " + e.detail(), e);
      }
    }
    if (count > 0 && (count >= batchRows || (long) used + size > batchBytes)) {
      flush();
    }
    long end = (long) used + size;
    if (end > Integer.MAX_VALUE - 8) {
      throw new InvalidDataException(
          "",
          source
              + ": row "
              + rowsWritten
              + ": a row of "
              + size
              + " bytes does not fit in a batch");
    }
    if (end > arena.length) {
      arena =
          Arrays.copyOf(
              arena, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(end, 2L * arena.length)));
    }
    Platform.copy(base, address, arena, Platform.BYTE_ARRAY_OFFSET + used, size);
    used = (int) end;
    if (count == ends.length) {
      ends = Arrays.copyOf(ends, count * 2);
    }
    ends[count++] = used;
    rowsWritten++;
  }

  /** Writes the collected rows as one record batch (nothing when there are none). */
  public void flush() throws IOException {
    if (closed) {
      throw RowFiles.closed(source, "flush");
    }
    if (count == 0) {
      return;
    }
    column.allocateNew(Math.max(used, 1), count);
    long offsets = column.getOffsetBufferAddress();
    long validity = column.getValidityBufferAddress();
    Platform.copy(arena, Platform.BYTE_ARRAY_OFFSET, null, column.getDataBufferAddress(), used);
    Platform.putInt(null, offsets, 0);
    for (int i = 0; i < count; i++) {
      Platform.putInt(null, offsets + 4L * (i + 1), ends[i]);
    }
    Platform.zero(null, validity, (count + 7) >> 3);
    for (int i = 0; i < count; i++) {
      Platform.putByte(
          null,
          validity + (i >> 3),
          (byte) (Platform.getByte(null, validity + (i >> 3)) | (1 << (i & 7))));
    }
    column.setLastSet(count - 1);
    root.setRowCount(count);
    try {
      writer.writeBatch();
    } catch (IOException e) {
      throw RowFiles.named(source, e);
    }
    count = 0;
    used = 0;
  }

  /** {@code failure}, or {@code next} when there was none (else kept as suppressed). */
  private static IOException first(IOException failure, IOException next) {
    if (failure == null) {
      return next;
    }
    failure.addSuppressed(next);
    return failure;
  }

  /**
   * Flushes, writes the end of the file or stream, and closes the channel; a second call does
   * nothing. Every later {@link #write} or {@link #flush} is an {@link IOException} naming the
   * file.
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    IOException failure = null;
    try {
      flush();
      writer.end();
    } catch (IOException e) {
      failure = RowFiles.named(source, e);
    } finally {
      closed = true;
      try {
        writer.close(); // Arrow's close wraps an I/O failure in a RuntimeException
      } catch (RuntimeException e) {
        failure =
            first(
                failure,
                e.getCause() instanceof IOException
                    ? RowFiles.named(source, (IOException) e.getCause())
                    : new IOException(source + ": " + e, e));
      } finally {
        root.close();
      }
      try {
        channel.close();
      } catch (IOException e) {
        failure = first(failure, RowFiles.named(source, e));
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
