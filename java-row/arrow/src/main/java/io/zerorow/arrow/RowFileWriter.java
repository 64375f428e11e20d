package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.SchemaMismatchException;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Platform;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.zip.CRC32C;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.compression.NoCompressionCodec;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;

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
 * <p>By default each batch also carries the column {@code crc32c}, the CRC-32C of every row's bytes
 * (SPEC §5.1), and is written uncompressed; {@link Options} leaves the checksums out ({@code
 * checksum(false)}) or compresses the batches with Arrow IPC body compression, LZ4_FRAME or ZSTD
 * (SPEC §5.2, Arrow Java's {@code arrow-compression} codecs).
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

  /** Arrow IPC body compression of the record batches (SPEC §5.2). */
  public enum Compression {
    /** Uncompressed (the default). */
    NONE,
    /** {@code LZ4_FRAME}. */
    LZ4,
    /** {@code ZSTD}. */
    ZSTD;

    /** The option's value as users write it: {@code none}, {@code lz4}, {@code zstd}. */
    public String optionValue() {
      return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The compression named {@code value} ({@code none}, {@code lz4} or {@code zstd}, any case;
     * {@code uncompressed} is {@code none}); anything else is an {@link IllegalArgumentException}
     * naming the value and the supported ones.
     */
    public static Compression parse(String value) {
      String v = Objects.requireNonNull(value, "compression").trim().toLowerCase(Locale.ROOT);
      switch (v) {
        case "none":
        case "uncompressed":
          return NONE;
        case "lz4":
        case "lz4_frame":
          return LZ4;
        case "zstd":
          return ZSTD;
        default:
          throw new IllegalArgumentException(
              "compression \""
                  + value
                  + "\" is not supported by row files (SPEC §5.2); supported: none, lz4, zstd");
      }
    }
  }

  /**
   * How a row file is written: batch size, checksums (default on, SPEC §5.1), compression (default
   * none, SPEC §5.2) and the Arrow allocator. Immutable; each {@code with…} returns a copy.
   */
  public static final class Options {
    private final BufferAllocator allocator;
    private final int batchRows;
    private final int batchBytes;
    private final boolean checksum;
    private final Compression compression;

    private Options(
        BufferAllocator allocator,
        int batchRows,
        int batchBytes,
        boolean checksum,
        Compression compression) {
      if (batchRows < 1 || batchBytes < 8) {
        throw new IllegalArgumentException(
            "batchRows must be >= 1 and batchBytes >= 8 but found "
                + batchRows
                + " and "
                + batchBytes);
      }
      this.allocator = Objects.requireNonNull(allocator, "allocator");
      this.batchRows = batchRows;
      this.batchBytes = batchBytes;
      this.checksum = checksum;
      this.compression = Objects.requireNonNull(compression, "compression");
    }

    /** The defaults: 4096 rows or 64 MiB a batch, checksums, no compression. */
    public static Options defaults() {
      return new Options(
          ArrowUtils.rootAllocator(),
          DEFAULT_BATCH_ROWS,
          DEFAULT_BATCH_BYTES,
          true,
          Compression.NONE);
    }

    /** With the Arrow allocator of the batch vectors. */
    public Options withAllocator(BufferAllocator a) {
      return new Options(a, batchRows, batchBytes, checksum, compression);
    }

    /** With at most {@code rows} rows and {@code bytes} row bytes a batch. */
    public Options withBatch(int rows, int bytes) {
      return new Options(allocator, rows, bytes, checksum, compression);
    }

    /** With ({@code true}, the default) or without the {@code crc32c} column (SPEC §5.1). */
    public Options withChecksum(boolean on) {
      return new Options(allocator, batchRows, batchBytes, on, compression);
    }

    /** With body compression {@code c} (SPEC §5.2). */
    public Options withCompression(Compression c) {
      return new Options(allocator, batchRows, batchBytes, checksum, c);
    }

    /** The most rows a batch holds. */
    public int batchRows() {
      return batchRows;
    }

    /** The most row bytes a batch holds. */
    public int batchBytes() {
      return batchBytes;
    }

    /** Whether the {@code crc32c} column is written. */
    public boolean checksum() {
      return checksum;
    }

    /** The body compression. */
    public Compression compression() {
      return compression;
    }
  }

  private final Schema schema;
  private final VectorSchemaRoot root;
  private final VarBinaryVector column;

  /** The checksum column, or null when the file has none. */
  private final UInt4Vector crcColumn;

  private final CRC32C crc = new CRC32C();
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
      Schema schema, WritableByteChannel channel, boolean file, Options options, String source)
      throws IOException {
    this.schema = Objects.requireNonNull(schema, "schema");
    this.source = source;
    this.check = new BinaryRow(schema);
    this.channel = channel;
    this.batchRows = options.batchRows;
    this.batchBytes = options.batchBytes;
    this.root =
        VectorSchemaRoot.create(RowFiles.arrowSchema(schema, options.checksum), options.allocator);
    this.column = (VarBinaryVector) root.getVector(0);
    this.crcColumn = options.checksum ? (UInt4Vector) root.getVector(1) : null;
    CompressionCodec.Factory codecs =
        options.compression == Compression.NONE
            ? NoCompressionCodec.Factory.INSTANCE
            : CommonsCompressionFactory.INSTANCE;
    CompressionUtil.CodecType codec =
        options.compression == Compression.LZ4
            ? CompressionUtil.CodecType.LZ4_FRAME
            : options.compression == Compression.ZSTD
                ? CompressionUtil.CodecType.ZSTD
                : CompressionUtil.CodecType.NO_COMPRESSION;
    this.writer =
        file
            ? new ArrowFileWriter(root, null, channel, null, IpcOption.DEFAULT, codecs, codec)
            : new ArrowStreamWriter(root, null, channel, IpcOption.DEFAULT, codecs, codec);
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

  /** A new Arrow IPC file with a chosen allocator and batch size (checksums, no compression). */
  public static RowFileWriter file(
      Path path, Schema schema, BufferAllocator allocator, int batchRows, int batchBytes)
      throws IOException {
    return file(
        path, schema, Options.defaults().withAllocator(allocator).withBatch(batchRows, batchBytes));
  }

  /** A new Arrow IPC file at {@code path} (replaced if it exists) written with {@code options}. */
  public static RowFileWriter file(Path path, Schema schema, Options options) throws IOException {
    Objects.requireNonNull(options, "options");
    FileChannel ch =
        FileChannel.open(
            path,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING);
    try {
      return new RowFileWriter(schema, ch, true, options, "row file " + path);
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
    return file(
        channel,
        schema,
        Options.defaults().withAllocator(allocator).withBatch(batchRows, batchBytes));
  }

  /**
   * An Arrow IPC file on an open channel (closed by {@link #close}) written with {@code options}.
   */
  public static RowFileWriter file(WritableByteChannel channel, Schema schema, Options options)
      throws IOException {
    return new RowFileWriter(
        schema, channel, true, Objects.requireNonNull(options, "options"), "row file");
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
    return stream(
        channel,
        schema,
        Options.defaults().withAllocator(allocator).withBatch(batchRows, batchBytes));
  }

  /**
   * An Arrow IPC stream on an open channel (closed by {@link #close}) written with {@code options}.
   */
  public static RowFileWriter stream(WritableByteChannel channel, Schema schema, Options options)
      throws IOException {
    return new RowFileWriter(
        schema, channel, false, Objects.requireNonNull(options, "options"), "row stream");
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
    if (crcColumn != null) {
      // SPEC §5.1: the CRC-32C of each row's bytes, written as the rows are
      crcColumn.allocateNew(count);
      int start = 0;
      for (int i = 0; i < count; i++) {
        crc.reset();
        crc.update(arena, start, ends[i] - start);
        crcColumn.set(i, (int) crc.getValue());
        start = ends[i];
      }
      crcColumn.setValueCount(count);
    }
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
