package io.zerorow.arrow;

import io.zerorow.BinaryRow;
import io.zerorow.InvalidDataException;
import io.zerorow.Resolution;
import io.zerorow.ResolvedRow;
import io.zerorow.Resolver;
import io.zerorow.Schema;
import io.zerorow.TruncatedException;
import io.zerorow.UnsupportedException;
import io.zerorow.ValidationLevel;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Platform;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.arrow.flatbuf.Buffer;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.message.ArrowBlock;

/**
 * Reads a row file or stream (SPEC §5) and checks its metadata when it opens (see {@link
 * RowFiles#check}).
 *
 * <p><b>Files</b> ({@link #open}) are memory-mapped: each record batch's region of the file is
 * mapped and its {@code row} column is read in place, so a {@link BinaryRow} points at the mapped
 * file itself: zero-copy, nothing is read into the Java heap or an Arrow buffer except the footer.
 * Each batch's message header is parsed from the mapping and every buffer range is checked against
 * it. Compressed IPC files are {@code unsupported} here.
 *
 * <p><b>Streams</b> ({@link #openStream}) go through Arrow's {@code ArrowStreamReader}, which reads
 * each batch into Arrow buffers; its row column is then copied once to the heap, so rows stay valid
 * after the next batch and after {@code close}.
 *
 * <p>Rows returned by the iterator are one reused view, valid until the next row.
 */
public final class RowFileReader implements Iterable<BinaryRow>, AutoCloseable {
  private final Schema schema;

  /** How rows are read: the identity of {@link #schema} unless a reader schema was given. */
  private final Resolution resolution;

  // file mode
  private final FileChannel channel;
  private final List<ArrowBlock> blocks;
  private final List<MappedByteBuffer> mappings = new ArrayList<>();
  // stream mode
  private final ArrowReader stream;
  private boolean iterated;
  private final boolean large;

  /** Where the rows come from, for error messages: "row file <path>" or "row stream". */
  private final String source;

  private final ValidationLevel level;

  private RowFileReader(
      Schema schema,
      Resolution resolution,
      boolean large,
      FileChannel channel,
      List<ArrowBlock> blocks,
      ArrowReader stream,
      String source,
      ValidationLevel level) {
    this.source = source;
    this.level = level;
    this.schema = schema;
    this.resolution = resolution;
    this.large = large;
    this.channel = channel;
    this.blocks = blocks;
    this.stream = stream;
  }

  /** Opens the row file at {@code path} (any schema). */
  public static RowFileReader open(Path path) throws IOException {
    return open(path, null);
  }

  /**
   * Opens the row file at {@code path}; when {@code expected} is not null its fingerprint must
   * match the file's ({@code schema_mismatch} otherwise).
   */
  public static RowFileReader open(Path path, Schema expected) throws IOException {
    return open(path, expected, ValidationLevel.BOUNDS);
  }

  /**
   * Opens the row file at {@code path}, checking each row it returns at {@code level} ({@code FULL}
   * validates every row, SPEC §6.2; {@code BOUNDS} and {@code NONE} check the row's size and then
   * each access, the default of every view). A file that ends early is a {@link
   * TruncatedException}, a corrupted one an {@link InvalidDataException}; both name the file (and
   * the record batch).
   */
  public static RowFileReader open(Path path, Schema expected, ValidationLevel level)
      throws IOException {
    java.util.Objects.requireNonNull(level, "open(path, expected, level): level is null");
    return open(path, expected, null, level);
  }

  /**
   * Opens the row file at {@code path} to read its rows with the reader schema {@code reader} (SPEC
   * §13.5): the file's own schema (its writer schema, from its metadata) is resolved against {@code
   * reader} now, and {@link #rows()} yields the rows read through that resolution. A file whose
   * schema cannot be read as {@code reader} is refused here, as a {@link
   * io.zerorow.SchemaMismatchException} naming the file and the schema path.
   */
  public static RowFileReader openResolved(Path path, Schema reader) throws IOException {
    java.util.Objects.requireNonNull(reader, "openResolved(path, reader): reader is null");
    return openResolved(path, new Resolver(reader), ValidationLevel.BOUNDS);
  }

  /**
   * Same as {@link #openResolved(Path, Schema)} with the resolutions of {@code resolver} (one per
   * writer schema, shared by the files of a directory or a table) and rows checked at {@code level}
   * (see {@link #open(Path, Schema, ValidationLevel)}; validation is against the writer schema).
   */
  public static RowFileReader openResolved(Path path, Resolver resolver, ValidationLevel level)
      throws IOException {
    java.util.Objects.requireNonNull(
        resolver, "openResolved(path, resolver, level): resolver is null");
    java.util.Objects.requireNonNull(level, "openResolved(path, resolver, level): level is null");
    return open(path, null, resolver, level);
  }

  private static RowFileReader open(
      Path path, Schema expected, Resolver resolver, ValidationLevel level) throws IOException {
    String source = "row file " + path;
    FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
    try (ArrowFileReader footer =
        new ArrowFileReader(ch, ArrowUtils.rootAllocator()) {
          @Override
          public void close() {
            // keep the channel open: the batches are mapped from it
          }
        }) {
      org.apache.arrow.vector.types.pojo.Schema arrow = footer.getVectorSchemaRoot().getSchema();
      Schema schema = RowFiles.check(arrow, expected);
      return new RowFileReader(
          schema,
          resolve(schema, resolver),
          RowFiles.isLarge(arrow),
          ch,
          List.copyOf(footer.getRecordBlocks()),
          null,
          source,
          level);
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw translate(source, e);
    }
  }

  /** Opens a row stream on {@code in} (closed by {@link #close}). */
  public static RowFileReader openStream(InputStream in, Schema expected) throws IOException {
    return openStream(in, expected, ArrowUtils.rootAllocator());
  }

  /** Opens a row stream on {@code in} with Arrow buffers from {@code allocator}. */
  public static RowFileReader openStream(InputStream in, Schema expected, BufferAllocator allocator)
      throws IOException {
    return openStream(in, expected, allocator, ValidationLevel.BOUNDS);
  }

  /** Opens a row stream whose rows are checked at {@code level} (see {@link #open}). */
  public static RowFileReader openStream(
      InputStream in, Schema expected, BufferAllocator allocator, ValidationLevel level)
      throws IOException {
    java.util.Objects.requireNonNull(level, "openStream(..., level): level is null");
    return openStream(in, expected, null, allocator, level);
  }

  /**
   * Opens a row stream on {@code in} to read its rows with the reader schema of {@code resolver}
   * (see {@link #openResolved(Path, Resolver, ValidationLevel)}): the stream's schema is resolved
   * when it opens, and {@link #rows()} yields resolved rows.
   */
  public static RowFileReader openStreamResolved(
      InputStream in, Resolver resolver, BufferAllocator allocator, ValidationLevel level)
      throws IOException {
    java.util.Objects.requireNonNull(resolver, "openStreamResolved(...): resolver is null");
    java.util.Objects.requireNonNull(level, "openStreamResolved(..., level): level is null");
    return openStream(in, null, resolver, allocator, level);
  }

  private static RowFileReader openStream(
      InputStream in,
      Schema expected,
      Resolver resolver,
      BufferAllocator allocator,
      ValidationLevel level)
      throws IOException {
    ArrowStreamReader r = new ArrowStreamReader(in, allocator);
    try {
      org.apache.arrow.vector.types.pojo.Schema arrow = r.getVectorSchemaRoot().getSchema();
      Schema schema = RowFiles.check(arrow, expected);
      return new RowFileReader(
          schema,
          resolve(schema, resolver),
          RowFiles.isLarge(arrow),
          null,
          null,
          r,
          "row stream",
          level);
    } catch (IOException | RuntimeException e) {
      r.close();
      throw translate("row stream", e);
    }
  }

  /**
   * Arrow's reader fails on a damaged file with its own exceptions (an index out of bounds in the
   * flatbuffer code, {@code InvalidArrowFileException}, an early end of stream): these become
   * zerorow's typed errors naming the source, so callers handle one family.
   */
  private static <E extends Exception> RuntimeException translateOrRethrow(String where, E e) {
    if (e instanceof ZerorowException) {
      ZerorowException z = (ZerorowException) e;
      return z.detail().startsWith("row ")
          ? z
          : ZerorowException.of(z.kind(), z.path(), where + ": " + z.detail());
    }
    String name = e.getClass().getSimpleName();
    String detail = where + ": " + name + (e.getMessage() != null ? ": " + e.getMessage() : "");
    if (name.equals("InvalidArrowFileException")
        || e instanceof java.io.EOFException
        || (e.getMessage() != null
            && (e.getMessage().contains("Unexpected end of input")
                || e.getMessage().contains("unexpected end")))) {
      return new TruncatedException("", detail, e);
    }
    return new InvalidDataException("", detail, e);
  }

  private static IOException translate(String where, Exception e) throws IOException {
    if (e instanceof IOException
        && !(e instanceof java.io.EOFException)
        && !e.getClass().getSimpleName().equals("InvalidArrowFileException")
        && !(e.getMessage() != null && e.getMessage().contains("Unexpected end"))) {
      throw (IOException) e;
    }
    throw translateOrRethrow(where, e);
  }

  /** The identity without a resolver (rows read with their own schema), else its resolution. */
  private static Resolution resolve(Schema schema, Resolver resolver) {
    return resolver == null ? Resolution.resolve(schema, schema) : resolver.resolve(schema);
  }

  /** The schema of the rows in the file, from its metadata (their writer schema, SPEC §5). */
  public Schema schema() {
    return schema;
  }

  /** The schema {@link #rows()} reads with: the reader schema given, else {@link #schema()}. */
  public Schema readerSchema() {
    return resolution.reader();
  }

  /** How {@link #rows()} reads the file's rows: the identity unless a reader schema was given. */
  public Resolution resolution() {
    return resolution;
  }

  /** Number of record batches of a file (-1 for a stream). */
  public int batchCount() {
    return blocks == null ? -1 : blocks.size();
  }

  /** Record batch {@code i} of a file, mapped on first use. */
  public RowBatch batch(int i) throws IOException {
    if (blocks == null) {
      throw new IllegalStateException("a stream has no random access; iterate it");
    }
    ArrowBlock b = blocks.get(i);
    long length = b.getMetadataLength() + b.getBodyLength();
    if (b.getOffset() < 0
        || b.getMetadataLength() < 8
        || b.getBodyLength() < 0
        || b.getOffset() + length > channel.size()
        || length > Integer.MAX_VALUE) {
      throw new InvalidDataException(
          "",
          source
              + ", record batch "
              + i
              + ": block (offset "
              + b.getOffset()
              + ", length "
              + length
              + ") outside the file of "
              + channel.size()
              + " bytes");
    }
    MappedByteBuffer m = channel.map(FileChannel.MapMode.READ_ONLY, b.getOffset(), length);
    mappings.add(m);
    try {
      return mappedBatch(i, m, b.getMetadataLength());
    } catch (RuntimeException e) {
      throw translateOrRethrow(source + ", record batch " + i, e);
    }
  }

  private RowBatch mappedBatch(int index, MappedByteBuffer m, int metadataLength) {
    ByteBuffer bb = m.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    int prefix = bb.getInt(0) == -1 ? 8 : 4; // continuation marker, then the length
    int len = bb.getInt(prefix - 4);
    if (len <= 0 || prefix + len > metadataLength) {
      throw new InvalidDataException(
          "",
          "record batch "
              + index
              + ": message of "
              + len
              + " bytes does not fit its metadata of "
              + metadataLength);
    }
    ByteBuffer meta =
        bb.position(prefix).limit(prefix + len).slice().order(ByteOrder.LITTLE_ENDIAN);
    Message msg = Message.getRootAsMessage(meta);
    if (msg.headerType() != MessageHeader.RecordBatch) {
      throw new InvalidDataException(
          "",
          "record batch "
              + index
              + ": expected a RecordBatch "
              + "message but found header type "
              + msg.headerType());
    }
    RecordBatch rb = (RecordBatch) msg.header(new RecordBatch());
    if (rb.compression() != null) {
      throw new UnsupportedException(
          "", "compressed row files are not read in place; " + "write them uncompressed");
    }
    if (rb.nodesLength() != 1 || rb.buffersLength() != 3) {
      throw new InvalidDataException(
          "",
          "record batch "
              + index
              + ": expected 1 column with 3 "
              + "buffers but found "
              + rb.nodesLength()
              + " and "
              + rb.buffersLength());
    }
    FieldNode node = rb.nodes(0);
    if (node.nullCount() != 0) {
      throw new InvalidDataException(
          RowFiles.COLUMN, "expected no null rows but found " + node.nullCount());
    }
    long n = node.length();
    long body = Platform.directAddress(m) + metadataLength;
    long bodyLength = m.capacity() - metadataLength;
    Buffer offsets = rb.buffers(1);
    Buffer data = rb.buffers(2);
    long need = (n + 1) * (large ? 8 : 4);
    if (n < 0
        || n > Integer.MAX_VALUE
        || !within(offsets, bodyLength)
        || (n > 0 && offsets.length() < need)
        || !within(data, bodyLength)) {
      throw new InvalidDataException(
          "",
          "record batch "
              + index
              + ": buffers of "
              + n
              + " rows do not fit its body of "
              + bodyLength
              + " bytes");
    }
    return new RowBatch(
        schema,
        index,
        (int) n,
        null,
        body + offsets.offset(),
        large,
        null,
        body + data.offset(),
        data.length(),
        m,
        level);
  }

  private static boolean within(Buffer b, long bodyLength) {
    return b.offset() >= 0 && b.length() >= 0 && b.offset() + b.length() <= bodyLength;
  }

  private RowBatch streamBatch(int index) {
    FieldVector v;
    try {
      v = stream.getVectorSchemaRoot().getVector(0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (v.getNullCount() != 0) {
      throw new InvalidDataException(
          RowFiles.COLUMN, "expected no null rows but found " + v.getNullCount());
    }
    int n = v.getValueCount();
    boolean isLarge = v instanceof BaseLargeVariableWidthVector;
    // The stream reader frees or reuses these Arrow buffers at the next batch and at close():
    // the batch is copied to the heap once, so that its rows stay valid after either.
    int width = isLarge ? 8 : 4;
    byte[] offsets = new byte[n == 0 ? 0 : (n + 1) * width];
    byte[] data = new byte[0];
    if (n > 0) {
      org.apache.arrow.memory.ArrowBuf ob = v.getOffsetBuffer();
      org.apache.arrow.memory.ArrowBuf db = v.getDataBuffer();
      if (ob.capacity() < offsets.length) {
        throw new InvalidDataException(
            "",
            "record batch "
                + index
                + ": offsets of "
                + n
                + " rows need "
                + offsets.length
                + " bytes but the buffer has "
                + ob.capacity());
      }
      ob.getBytes(0, offsets);
      ByteBuffer ol = ByteBuffer.wrap(offsets).order(ByteOrder.LITTLE_ENDIAN);
      long end = isLarge ? ol.getLong(n * 8) : ol.getInt(n * 4);
      if (end < 0 || end > db.capacity() || end > Integer.MAX_VALUE - 8) {
        throw new InvalidDataException(
            "",
            "record batch "
                + index
                + ": rows end at "
                + end
                + " but the data buffer has "
                + db.capacity()
                + " bytes");
      }
      data = new byte[(int) end];
      db.getBytes(0, data);
    }
    return new RowBatch(
        schema,
        index,
        n,
        offsets,
        Platform.BYTE_ARRAY_OFFSET,
        isLarge,
        data,
        Platform.BYTE_ARRAY_OFFSET,
        data.length,
        null,
        level);
  }

  /** The batches in order; for a stream, each one is loaded when the iterator reaches it. */
  public Iterator<RowBatch> batches() {
    if (stream != null) {
      if (iterated) {
        throw new IllegalStateException("a stream can be iterated once");
      }
      iterated = true;
    }
    return new Iterator<>() {
      private int next;
      private Boolean loaded;

      @Override
      public boolean hasNext() {
        if (blocks != null) {
          return next < blocks.size();
        }
        if (loaded == null) {
          try {
            loaded = stream.loadNextBatch();
          } catch (IOException | RuntimeException e) {
            try {
              throw translate(source + ", record batch " + next, e);
            } catch (IOException io) {
              throw new UncheckedIOException(io);
            }
          }
        }
        return loaded;
      }

      @Override
      public RowBatch next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        loaded = null;
        try {
          return blocks != null ? batch(next++) : streamBatch(next++);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
  }

  /** Every row of every batch, as one reused view (valid until the next row). */
  @Override
  public Iterator<BinaryRow> iterator() {
    Iterator<RowBatch> batches = batches();
    BinaryRow view = new BinaryRow(schema);
    return new Iterator<>() {
      private RowBatch batch;
      private int i;

      @Override
      public boolean hasNext() {
        while (batch == null || i >= batch.size()) {
          if (!batches.hasNext()) {
            return false;
          }
          batch = batches.next();
          i = 0;
        }
        return true;
      }

      @Override
      public BinaryRow next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return batch.row(i++, view);
      }
    };
  }

  /**
   * Every row of every batch read with the reader schema (SPEC §13.5), as one reused view (valid
   * until the next row): the plain rows of {@link #iterator()} when the file's schema is the
   * reader's (the identity), else one resolved view over them.
   */
  public Iterable<ResolvedRow> rows() {
    return () -> {
      Iterator<BinaryRow> plain = iterator();
      return new Iterator<>() {
        private ResolvedRow view;

        @Override
        public boolean hasNext() {
          return plain.hasNext();
        }

        @Override
        public ResolvedRow next() {
          BinaryRow row = plain.next(); // the iterator's one view, re-pointed at each row
          if (view == null) {
            view = resolution.view(row);
          }
          return view;
        }
      };
    };
  }

  /**
   * Closes the file or stream. Mapped regions are not unmapped by hand (Java unmaps them when they
   * become unreachable) and every row holds the mapping it points into, and a stream's batches live
   * on the heap: a row kept past {@code close}, or past the reader becoming unreachable, stays
   * readable.
   */
  @Override
  public void close() throws IOException {
    if (stream != null) {
      stream.close();
    }
    if (channel != null) {
      channel.close();
    }
  }
}
