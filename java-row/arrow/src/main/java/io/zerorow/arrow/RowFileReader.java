package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.TruncatedException;
import io.zerorow.UnsupportedException;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Platform;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolution;
import io.zerorow.row.Resolver;
import io.zerorow.row.Row;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.flatbuf.BodyCompression;
import org.apache.arrow.flatbuf.BodyCompressionMethod;
import org.apache.arrow.flatbuf.Buffer;
import org.apache.arrow.flatbuf.CompressionType;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.message.ArrowBlock;

/**
 * Reads a row file or stream (SPEC §5) and checks its metadata when it opens (see {@link
 * RowFiles#check}).
 *
 * <p><b>Files</b> ({@link #open}) are memory-mapped: each record batch's region of the file is
 * mapped and its {@code row} column is read in place, so a {@link BinaryRow} points at the mapped
 * file itself: zero-copy, nothing is read into the Java heap or an Arrow buffer except the footer.
 * Each batch's message header is parsed from the mapping and every buffer range is checked against
 * it. A compressed batch (SPEC §5.2) is decompressed once, onto the heap, when it is loaded, and
 * its rows point into the decompressed bytes.
 *
 * <p><b>Checksums</b> (SPEC §5.1): in a file with the column {@code crc32c}, each row's CRC-32C is
 * checked before the row is handed out, at levels {@code BOUNDS} and {@code FULL} ({@code NONE}
 * skips it); a mismatch is an {@link InvalidDataException} naming the file, the row's number in the
 * file, its batch and both checksums. Files without the column read unchecked.
 *
 * <p><b>Files on other file systems</b> ({@link #open(SeekableByteChannel, String, Schema,
 * ValidationLevel)}, {@link #openResolved(SeekableByteChannel, String, Resolver, ValidationLevel)}:
 * an engine's file system, read through a channel of positioned reads) are read as files are,
 * through their footer, with each batch read onto the heap instead of mapped. {@link #openUpToCut}
 * reads a file that was cut (or never finished) up to the cut: its complete record batches, front
 * to back as the stream it holds, with {@link #cut()} saying where it ends.
 *
 * <p><b>Streams</b> ({@link #openStream}) are read message by message ({@code RowStream}): each
 * batch's body is read once onto the heap, and its rows point into that copy, so rows stay valid
 * after the next batch and after {@code close}.
 *
 * <p><b>Damage.</b> Every error names the source ({@code row file <path>} or {@code row stream})
 * and, for an error inside a batch, the batch number ({@code record batch 3}) and the row ({@code
 * row 17}). A file that starts as an Arrow IPC file (its magic {@code ARROW1}, a prefix of it, or
 * nothing) but does not end with that magic, or is shorter than the smallest complete file, is a
 * {@link TruncatedException}; anything else that does not read is an {@link InvalidDataException}
 * (a cut that happens to end right after the six bytes {@code ARROW1} inside the file therefore
 * reads as a damaged file). A stream that ends before its end-of-stream marker (inside a message or
 * between two) is truncated (SPEC §5.3, see {@code RowStream}); {@link #openStreamRecovering} reads
 * its complete batches. Errors about a row name the file, the row's number in the file, its batch
 * and its byte offset in the file (SPEC §5.3). A failure of the file system or the input stream
 * itself stays the {@link IOException} it is.
 *
 * <p>Rows returned by the iterator are one reused view, valid until the next row.
 */
public final class RowFileReader implements Iterable<BinaryRow>, AutoCloseable {
  private final Schema schema;

  /** How rows are read: the identity of {@link #schema} unless a reader schema was given. */
  private final Resolution resolution;

  // file mode
  private final SeekableByteChannel channel;
  private final List<ArrowBlock> blocks;
  private final List<MappedByteBuffer> mappings = new ArrayList<>();
  // stream mode (also a cut file read up to its cut)
  private final RowStream stream;
  private boolean iterated;
  private final boolean large;

  /**
   * For a file read up to its cut ({@link #openUpToCut}): why it is incomplete (the error {@link
   * #open} gives), completed with where its complete batches end once they have all been read; null
   * for a complete file and every other reader.
   */
  private ZerorowException cut;

  /** The batches a cut file gave before its end ({@link #openUpToCut}). */
  private int completeBatches;

  /** Where the rows come from, for error messages: "row file <path>" or "row stream". */
  private final String source;

  private final ValidationLevel level;

  /** Set by {@link #close}: every later call, and every iterator's next step, is refused. */
  private volatile boolean closed;

  /** Whether the file has the checksum column {@code crc32c} (SPEC §5.1). */
  private final boolean checksums;

  /**
   * {@code firstRows[i]}: the number of the first row of batch {@code i} in the file (SPEC §5),
   * known for {@code i <= knownFirstRows}; filled as batches are loaded.
   */
  private long[] firstRows = new long[] {0};

  private int knownFirstRows;

  private RowFileReader(
      Schema schema,
      Resolution resolution,
      boolean large,
      boolean checksums,
      SeekableByteChannel channel,
      List<ArrowBlock> blocks,
      RowStream stream,
      String source,
      ValidationLevel level) {
    this.source = source;
    this.level = level;
    this.schema = schema;
    this.resolution = resolution;
    this.large = large;
    this.checksums = checksums;
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
    return open(
        FileChannel.open(path, StandardOpenOption.READ),
        path.toString(),
        expected,
        resolver,
        level);
  }

  /**
   * Opens the row file read through {@code channel} (closed by {@link #close}, or here when the
   * file does not open), named {@code name} in errors: a file of a file system that is not local
   * (HDFS, S3, …) behind a seekable channel. A {@link FileChannel} is memory-mapped as {@link
   * #open(Path, Schema, ValidationLevel)} does; any other channel is read batch by batch, each
   * batch's bytes onto the heap with positioned reads, and rows point into that copy. Same checks
   * and errors as for a path.
   */
  public static RowFileReader open(
      SeekableByteChannel channel, String name, Schema expected, ValidationLevel level)
      throws IOException {
    java.util.Objects.requireNonNull(level, "open(channel, name, expected, level): level is null");
    return open(channel, name, expected, null, level);
  }

  /** {@link #open(SeekableByteChannel, String, Schema, ValidationLevel)} with a reader schema. */
  public static RowFileReader openResolved(
      SeekableByteChannel channel, String name, Resolver resolver, ValidationLevel level)
      throws IOException {
    java.util.Objects.requireNonNull(
        resolver, "openResolved(channel, name, resolver, level): resolver is null");
    return open(channel, name, null, resolver, level);
  }

  /**
   * As {@link #openResolved(SeekableByteChannel, String, Resolver, ValidationLevel)}, except that a
   * file cut (or never finished) by the truncation rule of the class comment is read up to its cut:
   * its record batches are read front to back as the stream the file holds, every complete one is
   * returned, and the iteration ends where the file ends (inside a batch or between two). {@link
   * #cut()} then gives the error {@code open} would have thrown, with where the complete batches
   * end. A file cut before its first record batch (its schema incomplete) is refused as {@code
   * open} refuses it; damage other than a cut is an error as always.
   */
  public static RowFileReader openUpToCut(
      SeekableByteChannel channel, String name, Resolver resolver, ValidationLevel level)
      throws IOException {
    java.util.Objects.requireNonNull(resolver, "openUpToCut(channel, name, resolver, level)");
    java.util.Objects.requireNonNull(level, "openUpToCut(channel, name, resolver, level): level");
    String source = "row file " + name;
    try {
      checkEnds(channel);
    } catch (TruncatedException e) {
      return openCut(channel, source, resolver, level, (TruncatedException) damaged(source, e));
    } catch (RuntimeException e) {
      channel.close();
      throw damaged(source, e);
    } catch (IOException e) {
      channel.close();
      throw e;
    }
    return open(channel, name, null, resolver, level);
  }

  /**
   * The recovery mode of SPEC §5.3 for the file at {@code path} (rows read with their own schema,
   * checked against {@code expected} when it is not null): a complete file reads as with {@link
   * #open(Path, Schema, ValidationLevel)}; a cut one is read up to its cut as {@link #openUpToCut}
   * does, and once its rows are read {@link #cut()}, {@link #completeBatches()}, {@link
   * #recoveredRows()}, {@link #lostRows()} and {@link #cutOffset()} say what was recovered.
   */
  public static RowFileReader openRecovering(Path path, Schema expected, ValidationLevel level)
      throws IOException {
    return openRecovering(
        FileChannel.open(path, StandardOpenOption.READ), path.toString(), expected, level);
  }

  /**
   * {@link #openRecovering(Path, Schema, ValidationLevel)} for the file read through {@code
   * channel} (closed by {@link #close}, or here when the file does not open), named {@code name} in
   * errors.
   */
  public static RowFileReader openRecovering(
      SeekableByteChannel channel, String name, Schema expected, ValidationLevel level)
      throws IOException {
    java.util.Objects.requireNonNull(
        level, "openRecovering(channel, name, expected, level): level");
    String source = "row file " + name;
    try {
      checkEnds(channel);
    } catch (TruncatedException e) {
      return recoverCut(channel, source, expected, level, damaged(source, e));
    } catch (RuntimeException e) {
      channel.close();
      throw damaged(source, e);
    } catch (IOException e) {
      channel.close();
      throw e;
    }
    try {
      return openFooter(channel, name, expected, null, level);
    } catch (InvalidDataException e) {
      // SPEC §5.3: a damaged footer: every batch of the messages read from the start
      return recoverCut(channel, source, expected, level, e);
    } catch (RuntimeException | IOException e) {
      channel.close();
      throw e;
    }
  }

  /**
   * The recovery of a file that is cut or has a damaged footer ({@code why}): its messages read
   * from the start as {@link #openCut} does, their schema checked against {@code expected} when it
   * is not null (SPEC §5.3).
   */
  private static RowFileReader recoverCut(
      SeekableByteChannel channel,
      String source,
      Schema expected,
      ValidationLevel level,
      ZerorowException why)
      throws IOException {
    RowFileReader r = openCut(channel, source, null, level, why);
    if (expected != null) {
      try {
        RowFiles.check(RowFiles.arrowSchema(r.schema()), expected);
      } catch (RuntimeException mismatch) {
        r.close();
        throw damaged(source, mismatch);
      }
    }
    return r;
  }

  /** A cut file ({@code why}) read as the stream after its 8 bytes of magic and padding. */
  private static RowFileReader openCut(
      SeekableByteChannel ch,
      String source,
      Resolver resolver,
      ValidationLevel level,
      ZerorowException why)
      throws IOException {
    if (ch.size() < FILE_STREAM_START) {
      ch.close();
      throw why; // not even the magic: nothing to read
    }
    RowStream r =
        new RowStream(Channels.newInputStream(ch.position(FILE_STREAM_START)), FILE_STREAM_START);
    try {
      org.apache.arrow.vector.types.pojo.Schema arrow;
      try {
        arrow = r.readSchema();
      } catch (TruncatedException e) {
        r.close();
        throw why; // cut inside the schema message: nothing to read before the cut
      }
      Schema schema = RowFiles.check(arrow, null);
      RowFileReader reader =
          new RowFileReader(
              schema,
              resolve(schema, resolver),
              RowFiles.isLarge(arrow),
              RowFiles.hasChecksum(arrow),
              null,
              null,
              r,
              source,
              level);
      reader.cut = why;
      reader.completeBatches = -1; // until the iteration reaches the cut
      return reader;
    } catch (TruncatedException e) {
      throw e; // why, already naming the file
    } catch (RuntimeException e) {
      r.close();
      throw damaged(source, e);
    }
  }

  private static RowFileReader open(
      SeekableByteChannel ch,
      String name,
      Schema expected,
      Resolver resolver,
      ValidationLevel level)
      throws IOException {
    String source = "row file " + name;
    try {
      checkEnds(ch);
    } catch (RuntimeException e) {
      ch.close();
      throw damaged(source, e);
    } catch (IOException e) {
      ch.close();
      throw e;
    }
    try {
      return openFooter(ch, name, expected, resolver, level);
    } catch (RuntimeException | IOException e) {
      ch.close();
      throw e;
    }
  }

  /**
   * The file on {@code ch}, whose ends {@link #checkEnds} checked, opened through its footer;
   * leaves {@code ch} open when it fails (a damaged footer is zerorow's {@code invalid_data}).
   */
  private static RowFileReader openFooter(
      SeekableByteChannel ch,
      String name,
      Schema expected,
      Resolver resolver,
      ValidationLevel level)
      throws IOException {
    String source = "row file " + name;
    try {
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
            RowFiles.hasChecksum(arrow),
            ch,
            List.copyOf(footer.getRecordBlocks()),
            null,
            source,
            level);
      }
    } catch (RuntimeException e) {
      throw damaged(source, e);
    } catch (IOException e) {
      throw RowFiles.named(source, e); // the caller closes the channel
    }
  }

  /** The Arrow IPC file magic, at the start (then 2 padding bytes) and at the end of a file. */
  private static final byte[] MAGIC = {'A', 'R', 'R', 'O', 'W', '1'};

  /** Where the stream a file holds starts: after the magic and its 2 bytes of padding. */
  private static final int FILE_STREAM_START = 8;

  /** The magic and its padding, a 4-byte footer length and the magic: no file is shorter. */
  private static final int MIN_FILE_BYTES = FILE_STREAM_START + 4 + MAGIC.length;

  /**
   * The truncation rule of the class comment, checked before Arrow reads the footer: the file's
   * first bytes must be the magic (or a prefix of it), and a file without its closing magic was
   * cut.
   */
  private static void checkEnds(SeekableByteChannel ch) throws IOException {
    long size = ch.size();
    byte[] head = readAt(ch, 0, (int) Math.min(size, MAGIC.length));
    for (int k = 0; k < head.length; k++) {
      if (head[k] != MAGIC[k]) {
        throw new InvalidDataException(
            "",
            "not an Arrow IPC file: expected the magic \"ARROW1\" at byte 0 but found "
                + java.util.HexFormat.of().formatHex(head));
      }
    }
    if (size < MIN_FILE_BYTES) {
      throw new TruncatedException(
          "",
          "the file ends at byte "
              + size
              + ", before the "
              + MIN_FILE_BYTES
              + " bytes of the smallest Arrow IPC file: it was cut (or its writer never finished"
              + " it)");
    }
    if (!java.util.Arrays.equals(readAt(ch, size - MAGIC.length, MAGIC.length), MAGIC)) {
      throw new TruncatedException(
          "",
          "the file ends at byte "
              + size
              + " without its footer (a complete file ends with the Arrow file magic"
              + " \"ARROW1\"): it was cut (or its writer never finished it)");
    }
  }

  private static byte[] readAt(SeekableByteChannel ch, long position, int length)
      throws IOException {
    ByteBuffer b = ByteBuffer.allocate(length);
    while (b.hasRemaining()) {
      int n;
      if (ch instanceof FileChannel) {
        n = ((FileChannel) ch).read(b, position + b.position());
      } else {
        n = ch.position(position + b.position()).read(b);
      }
      if (n < 0) {
        throw new IOException("the file ended while it was read (" + b.position() + " bytes)");
      }
    }
    return b.array();
  }

  /** Opens a row stream on {@code in} (closed by {@link #close}). */
  public static RowFileReader openStream(InputStream in, Schema expected) throws IOException {
    return openStream(in, expected, ValidationLevel.BOUNDS);
  }

  /**
   * Opens a row stream on {@code in}. {@code allocator} is not used (a stream's batches are read
   * onto the heap); the overload stays for its callers.
   */
  public static RowFileReader openStream(InputStream in, Schema expected, BufferAllocator allocator)
      throws IOException {
    return openStream(in, expected, ValidationLevel.BOUNDS);
  }

  /** Opens a row stream whose rows are checked at {@code level} (see {@link #open}). */
  public static RowFileReader openStream(InputStream in, Schema expected, ValidationLevel level)
      throws IOException {
    java.util.Objects.requireNonNull(level, "openStream(..., level): level is null");
    return openStreamWith(in, expected, null, level);
  }

  /**
   * As {@link #openStream(InputStream, Schema, ValidationLevel)}; {@code allocator} is not used.
   */
  public static RowFileReader openStream(
      InputStream in, Schema expected, BufferAllocator allocator, ValidationLevel level)
      throws IOException {
    return openStream(in, expected, level);
  }

  /**
   * Opens a row stream on {@code in} to read its rows with the reader schema of {@code resolver}
   * (see {@link #openResolved(Path, Resolver, ValidationLevel)}): the stream's schema is resolved
   * when it opens, and {@link #rows()} yields resolved rows. {@code allocator} is not used.
   */
  public static RowFileReader openStreamResolved(
      InputStream in, Resolver resolver, BufferAllocator allocator, ValidationLevel level)
      throws IOException {
    java.util.Objects.requireNonNull(resolver, "openStreamResolved(...): resolver is null");
    java.util.Objects.requireNonNull(level, "openStreamResolved(..., level): level is null");
    return openStreamWith(in, null, resolver, level);
  }

  /**
   * Opens a row stream on {@code in} (closed by {@link #close}) whose errors name it {@code row
   * stream <name>}, e.g. the file or socket it comes from; rows are checked at {@code level}.
   */
  public static RowFileReader openStream(
      InputStream in, String name, Schema expected, ValidationLevel level) throws IOException {
    java.util.Objects.requireNonNull(name, "openStream(in, name, expected, level): name is null");
    java.util.Objects.requireNonNull(level, "openStream(in, name, expected, level): level is null");
    return openStreamWith(in, "row stream " + name, expected, null, level);
  }

  /**
   * The recovery mode of SPEC §5.3 for a row stream (named {@code name} in errors, null for none):
   * as {@link #openStream(InputStream, String, Schema, ValidationLevel)}, except that input which
   * ends before the end-of-stream marker ends the iteration after the last complete record batch
   * instead of failing. Once the rows are read, {@link #cut()} is the error a plain reader would
   * have thrown (null for a complete stream), and {@link #completeBatches()}, {@link
   * #recoveredRows()}, {@link #lostRows()} (the row count of a batch whose message header arrived
   * but not its whole body; -1, unknown, when the input ended between two messages or inside a
   * header) and {@link #cutOffset()} (where the first incomplete message starts) say what was
   * recovered. A stream cut before its schema message ends is refused as {@code openStream} refuses
   * it; damage other than a cut is an error as always.
   */
  public static RowFileReader openStreamRecovering(
      InputStream in, String name, Schema expected, ValidationLevel level) throws IOException {
    java.util.Objects.requireNonNull(level, "openStreamRecovering(in, name, expected, level)");
    RowFileReader r =
        openStreamWith(
            in, name == null ? "row stream" : "row stream " + name, expected, null, level);
    r.recoverStream = true;
    return r;
  }

  private static RowFileReader openStreamWith(
      InputStream in, Schema expected, Resolver resolver, ValidationLevel level)
      throws IOException {
    return openStreamWith(in, "row stream", expected, resolver, level);
  }

  private static RowFileReader openStreamWith(
      InputStream in, String source, Schema expected, Resolver resolver, ValidationLevel level)
      throws IOException {
    java.util.Objects.requireNonNull(in, "openStream: the input stream is null");
    RowStream r = new RowStream(in);
    try {
      org.apache.arrow.vector.types.pojo.Schema arrow = r.readSchema();
      Schema schema = RowFiles.check(arrow, expected);
      return new RowFileReader(
          schema,
          resolve(schema, resolver),
          RowFiles.isLarge(arrow),
          RowFiles.hasChecksum(arrow),
          null,
          null,
          r,
          source,
          level);
    } catch (RuntimeException e) {
      r.close();
      throw damaged(source, e);
    } catch (IOException e) {
      r.close();
      throw e;
    }
  }

  /**
   * {@code e}, thrown while reading the damaged bytes at {@code where}, as zerorow's error naming
   * it: a {@link ZerorowException} keeps its kind and path; anything else (Arrow's or the
   * flatbuffer code's own exceptions on bytes that do not parse) is {@code invalid_data} (a cut is
   * found before Arrow runs, by the truncation rule of the class comment).
   */
  private static ZerorowException damaged(String where, RuntimeException e) {
    if (e instanceof ZerorowException) {
      ZerorowException z = (ZerorowException) e;
      return ZerorowException.of(z.kind(), z.path(), where + ": " + z.detail(), z);
    }
    return new InvalidDataException(
        "",
        where
            + ": "
            + e.getClass().getSimpleName()
            + (e.getMessage() != null ? ": " + e.getMessage() : ""),
        e);
  }

  /** Where a batch's errors happened: "row file <path>, record batch <index>". */
  private String where(int batch) {
    return source + ", record batch " + batch;
  }

  /**
   * Why the file read by {@link #openUpToCut} is incomplete, as the {@link TruncatedException}
   * {@link #open} would have thrown (naming the file and the byte where it ends); once every batch
   * has been read, its message also says how many complete batches were read and where they end.
   * Null for a complete file and for readers opened otherwise.
   */
  public ZerorowException cut() {
    return cut;
  }

  /** Record batches read from a cut file ({@link #openUpToCut}) once its batches are read. */
  public int completeBatches() {
    return Math.max(completeBatches, 0);
  }

  /**
   * Ends the reading of a cut file after {@code batches} complete record batches, the last of them
   * ending at byte {@code end}; {@code inside}: the error of the batch the file ends in, if any.
   */
  private void endCut(int batches, long end, TruncatedException inside) {
    completeBatches = batches;
    cutOffset = end;
    recoveredRows = firstRows[batches];
    lostRows = inside == null ? 0 : stream.cutRows();
    cut =
        ZerorowException.of(
            cut.kind(),
            "",
            cut.detail()
                + "; read up to the cut: "
                + batches
                + " complete record batch"
                + (batches == 1 ? "" : "es")
                + " of "
                + recoveredRows
                + " row"
                + (recoveredRows == 1 ? "" : "s")
                + " (bytes 0 to "
                + end
                + ")"
                + (inside == null
                    ? ", no rows lost"
                    : stream.endedBetweenMessages()
                        ? ", then the input ends where record batch "
                            + batches
                            + " or the end-of-stream marker should start (rows lost: unknown)"
                        : ", then record batch "
                            + batches
                            + " was cut ("
                            + (lostRows < 0 ? "its row count unknown" : lostRows + " rows lost")
                            + ")"
                            + (recoverStream ? "" : ": " + inside.detail())),
            cut);
  }

  /**
   * A stream that ended before its end-of-stream marker (SPEC §5.3), {@code e} from the message
   * that did not arrive ({@code batch} complete batches before it): the error naming the stream,
   * where it ends and what the recovery mode still reads.
   */
  private TruncatedException streamCut(int batch, TruncatedException e) {
    long rows = firstRows[batch];
    String recovery =
        batch == 0
            ? "; no record batch before the cut is complete"
            : "; openStreamRecovering reads the "
                + rows
                + " row"
                + (rows == 1 ? "" : "s")
                + " of the "
                + batch
                + " complete record batch"
                + (batch == 1 ? "" : "es")
                + " before the cut";
    String where = stream.endedBetweenMessages() ? source : where(batch);
    return new TruncatedException(e.path(), where + ": " + e.detail() + recovery, e);
  }

  /** Set for a stream opened by {@link #openStreamRecovering}: a cut ends it (SPEC §5.3). */
  private boolean recoverStream;

  private long cutOffset = -1;
  private long recoveredRows = -1;
  private long lostRows = -1;

  /**
   * Where the first incomplete message of a cut file starts (the end of its complete batches, SPEC
   * §5.3), once its batches are read; -1 otherwise.
   */
  public long cutOffset() {
    return cutOffset;
  }

  /** The rows of the complete batches of a cut file, once they are read; -1 otherwise. */
  public long recoveredRows() {
    return recoveredRows;
  }

  /**
   * The rows lost at the cut (SPEC §5.3), once the batches are read: the row count of the cut batch
   * (or stream) when its message header is complete, 0 when only a file's footer is missing (it
   * ends after the end-of-stream marker), -1 when unknown (the input ends between two messages or
   * inside a message header) or when the file or stream is complete.
   */
  public long lostRows() {
    return lostRows;
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
    if (closed) {
      throw RowFiles.closed(source, "batch(" + i + ")");
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
          where(i)
              + ": block (offset "
              + b.getOffset()
              + ", length "
              + length
              + ") outside the file of "
              + channel.size()
              + " bytes");
    }
    if (!(channel instanceof FileChannel)) {
      return heapBatch(i, b, (int) length);
    }
    MappedByteBuffer m;
    try {
      m = ((FileChannel) channel).map(FileChannel.MapMode.READ_ONLY, b.getOffset(), length);
    } catch (IOException e) {
      throw RowFiles.named(source, e);
    }
    mappings.add(m);
    try {
      ByteBuffer meta = message(m.duplicate().order(ByteOrder.LITTLE_ENDIAN), b);
      long body = Platform.directAddress(m) + b.getMetadataLength();
      return batchOf(
          i,
          meta,
          null,
          body,
          m.capacity() - b.getMetadataLength(),
          b.getOffset() + b.getMetadataLength(),
          m);
    } catch (RuntimeException e) {
      throw damaged(where(i), e);
    }
  }

  /** Block {@code b} (batch {@code i}) of a channel that is not mapped: read onto the heap. */
  private RowBatch heapBatch(int i, ArrowBlock b, int length) throws IOException {
    byte[] bytes;
    try {
      bytes = readAt(channel, b.getOffset(), length);
    } catch (IOException e) {
      throw RowFiles.named(source, e);
    }
    try {
      ByteBuffer bb = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
      ByteBuffer meta = message(bb, b);
      long body = Platform.BYTE_ARRAY_OFFSET + b.getMetadataLength();
      return batchOf(
          i,
          meta,
          bytes,
          body,
          length - b.getMetadataLength(),
          b.getOffset() + b.getMetadataLength(),
          bytes);
    } catch (RuntimeException e) {
      throw damaged(where(i), e);
    }
  }

  /** The flatbuffer of the message that starts block {@code b}, read from {@code bb}. */
  private static ByteBuffer message(ByteBuffer bb, ArrowBlock b) {
    int prefix = bb.getInt(0) == -1 ? 8 : 4; // continuation marker, then the length
    int len = bb.getInt(prefix - 4);
    if (len <= 0 || prefix + len > b.getMetadataLength()) {
      throw new InvalidDataException(
          "", "message of " + len + " bytes does not fit its metadata of " + b.getMetadataLength());
    }
    return bb.position(prefix).limit(prefix + len).slice().order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Batch {@code index} from its message's flatbuffer {@code meta} and its body of {@code
   * bodyLength} bytes at {@code (bodyBase, body)} (see {@link Platform}), which starts at byte
   * {@code bodyOffset} of the file or stream, kept reachable by {@code owner}: every buffer range
   * is checked against the body before a row points into it. A compressed batch (SPEC §5.2) is
   * decompressed here, once, onto the heap; its rows then point into the decompressed bytes, which
   * every row view holds.
   */
  private RowBatch batchOf(
      int index,
      ByteBuffer meta,
      Object bodyBase,
      long body,
      long bodyLength,
      long bodyOffset,
      Object owner) {
    Message msg = Message.getRootAsMessage(meta);
    if (msg.headerType() != MessageHeader.RecordBatch) {
      throw new InvalidDataException(
          "", "expected a RecordBatch message but found header type " + RowStream.header(msg));
    }
    RecordBatch rb = (RecordBatch) msg.header(new RecordBatch());
    int columns = checksums ? 2 : 1;
    int buffers = checksums ? 5 : 3; // binary: validity, offsets, data; uint32: validity, data
    if (rb.nodesLength() != columns || rb.buffersLength() != buffers) {
      throw new InvalidDataException(
          "",
          "expected "
              + columns
              + " column(s) with "
              + buffers
              + " buffers but found "
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
    if (n < 0 || n > Integer.MAX_VALUE) {
      throw new InvalidDataException("", "a batch of " + n + " rows");
    }
    if (checksums && (rb.nodes(1).length() != n || rb.nodes(1).nullCount() != 0)) {
      throw new InvalidDataException(
          RowFiles.CHECKSUM_COLUMN,
          "expected "
              + n
              + " checksums without nulls but found "
              + rb.nodes(1).length()
              + " with "
              + rb.nodes(1).nullCount()
              + " null(s)");
    }
    for (int k = 0; k < rb.buffersLength(); k++) {
      if (!within(rb.buffers(k), bodyLength)) {
        throw new InvalidDataException(
            "",
            "buffer " + k + " of " + n + " rows does not fit its body of " + bodyLength + " bytes");
      }
    }
    BodyCompression bc = rb.compression();
    Buf offsets;
    Buf data;
    Buf crcs = null;
    // SPEC §5.3: errors about a row give its byte offset in the file; a decompressed row has none
    long dataOffset = bc == null ? bodyOffset + rb.buffers(2).offset() : -1;
    if (bc == null) {
      offsets = new Buf(bodyBase, body + rb.buffers(1).offset(), rb.buffers(1).length());
      data = new Buf(bodyBase, body + rb.buffers(2).offset(), rb.buffers(2).length());
      if (checksums) {
        crcs = new Buf(bodyBase, body + rb.buffers(4).offset(), rb.buffers(4).length());
      }
    } else {
      CompressionCodec codec = codec(bc);
      offsets = decompress(codec, bodyBase, body, rb.buffers(1), "offsets");
      data = decompress(codec, bodyBase, body, rb.buffers(2), "data");
      if (checksums) {
        crcs = decompress(codec, bodyBase, body, rb.buffers(4), "crc32c");
      }
      owner = null; // the rows point into the decompressed arrays, which they hold themselves
    }
    long need = (n + 1) * (large ? 8 : 4);
    if ((n > 0 && offsets.length < need) || (crcs != null && crcs.length < 4 * n)) {
      throw new InvalidDataException(
          "",
          "buffers of "
              + n
              + " rows are too short: offsets of "
              + offsets.length
              + " bytes"
              + (crcs == null ? "" : ", checksums of " + crcs.length + " bytes"));
    }
    long first = firstRow(index);
    recordRows(index, n);
    return new RowBatch(
        schema,
        source,
        index,
        first,
        (int) n,
        offsets.base,
        offsets.address,
        large,
        data.base,
        data.address,
        data.length,
        dataOffset,
        crcs == null ? null : crcs.base,
        crcs == null ? 0 : crcs.address,
        crcs != null,
        owner,
        level);
  }

  /** A buffer at {@code (base, address)} of {@code length} bytes (see {@link Platform}). */
  private static final class Buf {
    final Object base;
    final long address;
    final long length;

    Buf(Object base, long address, long length) {
      this.base = base;
      this.address = address;
      this.length = length;
    }
  }

  /** The largest decompressed buffer (one Java array). */
  private static final long MAX_PLAIN = Integer.MAX_VALUE - 8;

  private static CompressionCodec codec(BodyCompression bc) {
    if (bc.method() != BodyCompressionMethod.BUFFER) {
      throw new UnsupportedException(
          "", "expected body compression method BUFFER but found " + bc.method());
    }
    byte c = bc.codec();
    if (c != CompressionType.LZ4_FRAME && c != CompressionType.ZSTD) {
      throw new UnsupportedException(
          "", "expected body compression LZ4_FRAME or ZSTD but found codec " + c);
    }
    return CommonsCompressionFactory.INSTANCE.createCodec(
        CompressionUtil.CodecType.fromCompressionType(c));
  }

  /**
   * Buffer {@code b} of a compressed body (SPEC §5.2; Arrow's layout: the uncompressed length as an
   * int64, -1 when the bytes follow uncompressed, then the compressed bytes) decompressed onto the
   * heap, its claimed size checked before it is allocated and against what the codec gives.
   */
  private static Buf decompress(
      CompressionCodec codec, Object base, long body, Buffer b, String what) {
    long len = b.length();
    long at = body + b.offset();
    if (len == 0) {
      return new Buf(new byte[0], Platform.BYTE_ARRAY_OFFSET, 0);
    }
    if (len < 8) {
      throw new InvalidDataException(
          "", "the compressed " + what + " buffer of " + len + " bytes has no length prefix");
    }
    long plain = Platform.getLong(base, at);
    if (plain == -1) {
      byte[] copy = new byte[(int) (len - 8)];
      Platform.copy(base, at + 8, copy, Platform.BYTE_ARRAY_OFFSET, len - 8);
      return new Buf(copy, Platform.BYTE_ARRAY_OFFSET, copy.length);
    }
    if (plain < 0 || plain > MAX_PLAIN) {
      throw new InvalidDataException(
          "",
          "the compressed "
              + what
              + " buffer claims "
              + plain
              + " uncompressed bytes (expected 0 to "
              + MAX_PLAIN
              + ")");
    }
    BufferAllocator allocator = ArrowUtils.rootAllocator();
    ArrowBuf in = allocator.buffer(len);
    try {
      Platform.copy(base, at, null, in.memoryAddress(), len);
      in.writerIndex(len);
      in.getReferenceManager().retain(); // the codec releases its input
      try (ArrowBuf out = codec.decompress(allocator, in)) {
        if (out.writerIndex() != plain) {
          throw new InvalidDataException(
              "",
              "the compressed "
                  + what
                  + " buffer decompressed to "
                  + out.writerIndex()
                  + " bytes but claims "
                  + plain);
        }
        byte[] copy = new byte[(int) plain];
        Platform.copy(null, out.memoryAddress(), copy, Platform.BYTE_ARRAY_OFFSET, plain);
        return new Buf(copy, Platform.BYTE_ARRAY_OFFSET, plain);
      }
    } catch (ZerorowException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new InvalidDataException(
          "", "the compressed " + what + " buffer does not decompress: " + e, e);
    } finally {
      in.close();
    }
  }

  /** The number in the file of the first row of batch {@code index} (SPEC §5). */
  private long firstRow(int index) {
    while (knownFirstRows < index) {
      // random access past batches not loaded yet: read their message headers for their lengths
      recordRows(knownFirstRows, rowsOf(knownFirstRows));
    }
    return firstRows[index];
  }

  private void recordRows(int index, long n) {
    if (index == knownFirstRows) {
      if (firstRows.length < index + 2) {
        firstRows = java.util.Arrays.copyOf(firstRows, Math.max(index + 2, 2 * firstRows.length));
      }
      firstRows[index + 1] = firstRows[index] + n;
      knownFirstRows = index + 1;
    }
  }

  /** The row count of batch {@code i} of a file, from its message header. */
  private long rowsOf(int i) {
    ArrowBlock b = blocks.get(i);
    try {
      if (b.getOffset() < 0
          || b.getMetadataLength() < 8
          || b.getOffset() + b.getMetadataLength() > channel.size()) {
        throw new InvalidDataException(
            "", where(i) + ": block at offset " + b.getOffset() + " outside the file");
      }
      ByteBuffer bb =
          ByteBuffer.wrap(readAt(channel, b.getOffset(), b.getMetadataLength()))
              .order(ByteOrder.LITTLE_ENDIAN);
      Message msg = Message.getRootAsMessage(message(bb, b));
      if (msg.headerType() != MessageHeader.RecordBatch) {
        throw new InvalidDataException(
            "", where(i) + ": expected a RecordBatch message but found " + RowStream.header(msg));
      }
      return ((RecordBatch) msg.header(new RecordBatch())).length();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ZerorowException e) {
      throw e;
    } catch (RuntimeException e) {
      throw damaged(where(i), e);
    }
  }

  private static boolean within(Buffer b, long bodyLength) {
    return b.offset() >= 0 && b.length() >= 0 && b.offset() + b.length() <= bodyLength;
  }

  /** Batch {@code index} of a stream: its rows point into the body read onto the heap. */
  private RowBatch streamBatch(int index, RowStream.Batch b) {
    try {
      return batchOf(
          index, b.metadata, b.body, Platform.BYTE_ARRAY_OFFSET, b.body.length, b.bodyStart, null);
    } catch (RuntimeException e) {
      throw damaged(where(index), e);
    }
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
      private RowStream.Batch pending;
      private boolean ended;

      @Override
      public boolean hasNext() {
        requireOpen();
        if (blocks != null) {
          return next < blocks.size();
        }
        if (pending == null && !ended) {
          long start = stream.position();
          try {
            pending = stream.next();
          } catch (TruncatedException e) {
            if (cut != null) {
              endCut(next, start, e); // a cut file: it ends inside this batch or before it
            } else if (recoverStream) {
              cut = new TruncatedException("", source + ": " + e.detail(), e);
              endCut(next, start, e);
            } else {
              throw streamCut(next, e);
            }
          } catch (RuntimeException e) {
            throw damaged(where(next), e);
          } catch (IOException e) {
            throw new UncheckedIOException(RowFiles.named(source, e));
          }
          ended = pending == null;
          if (ended && cut != null && completeBatches < 0) {
            // a cut file: it ends after this many batches (and the end-of-stream marker, if any)
            endCut(next, stream.position(), null);
          }
        }
        return pending != null;
      }

      @Override
      public RowBatch next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        if (blocks == null) {
          RowStream.Batch b = pending;
          pending = null;
          return streamBatch(next++, b);
        }
        try {
          return batch(next++);
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
        requireOpen();
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
  public Iterable<Row> rows() {
    return () -> {
      Iterator<BinaryRow> plain = iterator();
      return new Iterator<>() {
        private Row view;

        @Override
        public boolean hasNext() {
          return plain.hasNext();
        }

        @Override
        public Row next() {
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
   * Closes the file or stream; every later {@link #batch} is an {@link IOException} and every
   * iterator's next step an {@link IllegalStateException}, both naming the file. Mapped regions are
   * not unmapped by hand (Java unmaps them when they become unreachable) and every row holds the
   * mapping it points into, and a stream's batches live on the heap: a row kept past {@code close},
   * or past the reader becoming unreachable, stays readable.
   */
  @Override
  public void close() throws IOException {
    closed = true;
    try {
      if (stream != null) {
        stream.close();
      }
      if (channel != null) {
        channel.close();
      }
    } catch (IOException e) {
      throw RowFiles.named(source, e);
    }
  }

  /**
   * Refuses an iterator's step once the reader is closed: the iterator would otherwise go on
   * returning the rows of a batch already mapped (or read) and fail at the next batch with NIO's
   * {@code ClosedChannelException}, which names no file.
   */
  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException(
          source
              + ": iterated after close(): iterate before closing the reader (rows taken before"
              + " stay readable; copy() keeps one past the file)");
    }
  }
}
