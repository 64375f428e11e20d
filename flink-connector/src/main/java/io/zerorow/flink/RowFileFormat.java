package io.zerorow.flink;

import io.zerorow.InvalidDataException;
import io.zerorow.SchemaMismatchException;
import io.zerorow.ZerorowException;
import io.zerorow.arrow.RowBatch;
import io.zerorow.arrow.RowFileReader;
import io.zerorow.connector.RowFileSource;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolver;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.file.src.util.MutableRecordAndPosition;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads row files (SPEC §5: an Arrow IPC file with one {@code row} column) for Flink's file source,
 * one whole file per split, one Arrow record batch per {@link #readBatch}: the SQL format ({@code
 * 'format' = 'zerorow'}, decoded or raw) and the DataStream source ({@link ZerorowFileSource}) are
 * this reader with another {@link Output}. java-row's {@link RowFileReader} reads the container
 * through the file's footer with positioned reads on Flink's file system ({@link FlinkChannel}), so
 * a file that was cut, or whose writer never finished it, is never read as complete: it fails the
 * job naming the file and the byte where it ends.
 *
 * <p>Each file's schema is resolved against the reader schema when the file is opened (SPEC §13.5,
 * once per writer schema per task); a file the reader schema cannot read fails the job naming it. A
 * reader column that a file's schema lacks reads as NULL, and is warned about once per writer
 * schema, with the file's nearest field name.
 *
 * <p>With {@code zerorow.ignore-parse-errors}, what cannot be read is skipped and counted, never
 * read as if it were whole: a malformed row; the part of a cut file after its last complete record
 * batch (the batches before the cut are read); a file whose footer is damaged (its length and magic
 * intact) is read as the record batches before the footer (SPEC §5.3); a file that is not a row
 * file or was cut before its first batch (empty, foreign, damaged) is skipped whole. Each skip is
 * logged (the first of each kind per file as a warning naming it) and each reader logs its counts
 * when it closes: Flink gives a file format no metric group. A file whose schema the reader schema
 * cannot read is refused even then: that is the query's schema, not damage.
 *
 * <p>Checkpoints: a reader's position is the number of rows of its file it has consumed (returned
 * or skipped); a restored reader skips that many, whole batches without reading them.
 */
final class RowFileFormat<T> implements BulkFormat<T, FileSourceSplit> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(RowFileFormat.class);

  /** What the reader makes of each row: a table row, a raw BYTES row, a {@link BinaryRow}. */
  interface Output<T> extends Serializable {
    /** The schema every file's schema is resolved against (SPEC §13.5). */
    Schema readerSchema();

    /** What the reader schema is called in errors: the table's schema, or the reader schema. */
    default String readerName() {
      return "the table's schema";
    }

    /**
     * The record for row {@code i} of {@code batch} (rows of the file's own schema), or a {@code
     * ZerorowException} naming the field when it is malformed. {@code view} is the file's reused
     * view; the record may keep a row of {@code batch.row(i, new BinaryRow(...))}, whose memory
     * (the batch, read onto the heap) is never reused.
     */
    T apply(RowBatch batch, int i, BinaryRow view);

    /** The validation level of the rows: {@code none} also skips their checksums (SPEC §5.1). */
    ValidationLevel level();
  }

  private final Output<T> output;
  private final TypeInformation<T> producedType;
  private final boolean ignoreParseErrors;

  /** The resolutions of this task's files, and the writer schemas already warned about. */
  private transient Resolver resolver;

  private transient Set<Long> checkedWriters;

  RowFileFormat(Output<T> output, TypeInformation<T> producedType, boolean ignoreParseErrors) {
    this.output = output;
    this.producedType = producedType;
    this.ignoreParseErrors = ignoreParseErrors;
  }

  /**
   * Refuses {@code ignoreParseErrors} at {@code NONE}: nothing is checked when a row is read, so a
   * malformed row could not be skipped, only fail later where a field is read.
   */
  static void checkComposes(ValidationLevel level, boolean ignoreParseErrors) {
    java.util.Objects.requireNonNull(level, "level");
    if (ignoreParseErrors && level == ValidationLevel.NONE) {
      throw new IllegalArgumentException(
          "'zerorow.ignore-parse-errors' skips rows that fail the checks of 'zerorow.validation',"
              + " which checks nothing at 'none': use 'full' or 'bounds' to skip malformed rows, or"
              + " 'none' without 'zerorow.ignore-parse-errors' for rows this job wrote itself");
    }
  }

  @Override
  public Reader<T> createReader(Configuration config, FileSourceSplit split) throws IOException {
    return open(split, 0);
  }

  @Override
  public Reader<T> restoreReader(Configuration config, FileSourceSplit split) throws IOException {
    long consumed =
        split.getReaderPosition().map(CheckpointedPosition::getRecordsAfterOffset).orElse(0L);
    return open(split, consumed);
  }

  @Override
  public boolean isSplittable() {
    return false;
  }

  @Override
  public TypeInformation<T> getProducedType() {
    return producedType;
  }

  /** A reader of {@code split}'s file that skips its first {@code consumed} rows. */
  RowReader open(FileSourceSplit split, long consumed) throws IOException {
    Path path = split.path();
    FileSystem fs = path.getFileSystem();
    long size = split.fileSize() >= 0 ? split.fileSize() : fs.getFileStatus(path).getLen();
    if (resolver == null) {
      resolver = new Resolver(output.readerSchema());
      checkedWriters = new HashSet<>();
    }
    String name = path.toString();
    // BOUNDS: each row's offsets, size and crc32c (SPEC §5.1) are checked as the batch returns it;
    // a FULL check, and the field checks of BOUNDS, are the output's, whose errors give the row's
    // number in the file. Validation none skips the checksums too.
    ValidationLevel level =
        output.level() == ValidationLevel.NONE ? ValidationLevel.NONE : ValidationLevel.BOUNDS;
    RowFileReader file;
    try {
      file =
          RowFileSource.open(
              new FlinkFiles(),
              path,
              size,
              name,
              resolver,
              level,
              ignoreParseErrors ? RowFileSource.Mode.RECOVERING : RowFileSource.Mode.STRICT);
    } catch (SchemaMismatchException e) {
      throw refused(e, name);
    } catch (ZerorowException e) {
      if (!ignoreParseErrors) {
        throw withHint(e, FILES_HINT);
      }
      long footer = e instanceof InvalidDataException ? footerStart(fs, path, size) : -1;
      RowFileReader before = footer < 0 ? null : streamBefore(fs, path, level);
      if (before == null) {
        LOG.warn("zerorow: skipping row file {} ('zerorow.ignore-parse-errors'): {}", name, e);
        return new RowReader(null, name, consumed);
      }
      // SPEC §5.3: a damaged footer (its length and magic intact); the record batches before it
      // are the stream the file holds, read as a cut file's are
      LOG.warn(
          "zerorow: reading row file {} as the stream before its footer at byte {}"
              + " ('zerorow.ignore-parse-errors'): {}",
          name,
          footer,
          e.getMessage());
      RowReader r = new RowReader(before, name, consumed);
      r.damagedFooterAt = footer;
      return r;
    }
    if (checkedWriters.add(file.schema().fingerprint())) {
      MissingColumns.warn(output.readerSchema(), file.schema(), name);
    }
    return new RowReader(file, name, consumed);
  }

  /**
   * Where the footer of the row file at {@code path} starts by its length field (SPEC §5: the file
   * ends with the footer, its int32 length and the 6-byte magic), or -1 when that is not a place
   * within the file after the stream's first message.
   */
  private static long footerStart(FileSystem fs, Path path, long size) throws IOException {
    if (size < 8 + 10) {
      return -1;
    }
    byte[] tail = new byte[10];
    try (org.apache.flink.core.fs.FSDataInputStream in = fs.open(path)) {
      in.seek(size - 10);
      org.apache.flink.util.IOUtils.readFully(in, tail, 0, 10);
    }
    if (!new String(tail, 4, 6, java.nio.charset.StandardCharsets.US_ASCII).equals("ARROW1")) {
      return -1;
    }
    long length =
        (tail[0] & 0xffL)
            | (tail[1] & 0xffL) << 8
            | (tail[2] & 0xffL) << 16
            | (tail[3] & 0xffL) << 24;
    long start = size - 10 - length;
    return start > 8 && start < size - 10 ? start : -1;
  }

  /**
   * The row stream after the file's 8 bytes of magic and padding, or null when it does not open.
   */
  private RowFileReader streamBefore(FileSystem fs, Path path, ValidationLevel level)
      throws IOException {
    org.apache.flink.core.fs.FSDataInputStream in = fs.open(path);
    try {
      in.seek(8);
      return RowFileReader.openStreamResolved(in, resolver, null, level);
    } catch (ZerorowException e) {
      in.close();
      return null;
    }
  }

  /** A file the reader schema cannot read: named, with the reader schema's fingerprint. */
  private ZerorowException refused(ZerorowException e, String name) {
    return ZerorowException.of(
        e.kind(),
        e.path(),
        e.detail()
            .replaceFirst(
                "^row file [^:]*: ",
                "row file "
                    + name
                    + " cannot be read with "
                    + output.readerName()
                    + " "
                    + output.readerSchema().fingerprintHex()
                    + " (SPEC §13): "),
        e);
  }

  private static final String FILES_HINT =
      "set 'zerorow.ignore-parse-errors' = 'true' to skip what cannot be read: a cut file is then"
          + " read up to its cut";

  private static final String ROWS_HINT =
      "set 'zerorow.ignore-parse-errors' = 'true' to skip such rows";

  /** {@code e} with the option that skips what failed. */
  private static ZerorowException withHint(ZerorowException e, String hint) {
    return ZerorowException.of(e.kind(), e.path(), e.detail() + " (" + hint + ")", e);
  }

  /** One file's reader: a batch of records per Arrow record batch. */
  final class RowReader implements BulkFormat.Reader<T> {
    private final RowFileReader file;
    private final Iterator<RowBatch> batches;
    private final String path;

    /** Rows consumed so far (returned or skipped): the checkpointed position. */
    private long consumed;

    /** Rows still to skip after a restore. */
    private long toSkip;

    private long skipped;

    /** Where the damaged footer starts, for a file read as the stream before it; else -1. */
    long damagedFooterAt = -1;

    /** Record batches and their rows read so far (the counts of a damaged footer's recovery). */
    private int batchesRead;

    private long rowsInBatches;

    RowReader(RowFileReader file, String path, long consumed) {
      this.file = file;
      this.path = path;
      this.batches = file == null ? null : file.batches();
      this.toSkip = consumed;
      this.skipped = file == null ? -1 : 0;
    }

    /** Malformed rows skipped so far; -1 when the whole file was skipped. */
    long skipped() {
      return skipped;
    }

    /** The reader of the file (null when it was skipped whole). */
    RowFileReader file() {
      return file;
    }

    @Override
    public BulkFormat.RecordIterator<T> readBatch() throws IOException {
      if (file == null) {
        return null;
      }
      while (true) {
        RowBatch batch;
        try {
          if (!batches.hasNext()) {
            endOfFile();
            return null;
          }
          batch = batches.next();
          batchesRead++;
          rowsInBatches += batch.size();
        } catch (UncheckedIOException e) {
          throw e.getCause();
        } catch (ZerorowException e) {
          if (!ignoreParseErrors) {
            throw withHint(e, FILES_HINT);
          }
          LOG.warn(
              "zerorow: skipping the rest of row file {} from row {} "
                  + "('zerorow.ignore-parse-errors'): {}",
              path,
              consumed,
              e.getMessage());
          return null;
        }
        int start = (int) Math.min(toSkip, batch.size());
        toSkip -= start;
        consumed += start;
        if (start < batch.size()) {
          return new Rows(batch, start);
        }
      }
    }

    /** A file read up to its cut (with ignore-parse-errors): says what was not read. */
    private void endOfFile() {
      if (damagedFooterAt >= 0) {
        LOG.warn(
            "zerorow: read row file {} up to its damaged footer ('zerorow.ignore-parse-errors'):"
                + " {} complete record batch{} of {} row{} (bytes 0 to {}), no rows lost",
            path,
            batchesRead,
            batchesRead == 1 ? "" : "es",
            rowsInBatches,
            rowsInBatches == 1 ? "" : "s",
            damagedFooterAt);
        return;
      }
      io.zerorow.ZerorowException cut = file.cut();
      if (cut != null) {
        LOG.warn(
            "zerorow: read row file {} up to its cut ('zerorow.ignore-parse-errors'): {}",
            path,
            cut.getMessage());
      }
    }

    @Override
    public void close() throws IOException {
      if (skipped > 0) {
        LOG.warn(
            "zerorow: skipped {} malformed rows of the {} read from row file {} "
                + "('zerorow.ignore-parse-errors')",
            skipped,
            consumed,
            path);
      }
      if (file != null) {
        file.close();
      }
    }

    /** The records of one batch; a malformed row fails, or is skipped and counted. */
    private final class Rows implements BulkFormat.RecordIterator<T> {
      private final RowBatch batch;
      private final BinaryRow view;
      private final MutableRecordAndPosition<T> position = new MutableRecordAndPosition<>();
      private int next;

      Rows(RowBatch batch, int start) {
        this.batch = batch;
        this.view = new BinaryRow(batch.schema());
        this.next = start;
      }

      @Override
      public RecordAndPosition<T> next() {
        while (next < batch.size()) {
          int i = next++;
          long row = consumed++;
          T record;
          try {
            record = output.apply(batch, i, view);
          } catch (ZerorowException e) {
            // a row's offsets in its batch: java-row names the file, the batch and the row
            String detail =
                e.detail().startsWith("row file ")
                    ? e.detail()
                    : "row file " + path + ", row " + row + size(i) + ": " + e.detail();
            if (!ignoreParseErrors) {
              throw withHint(ZerorowException.of(e.kind(), e.path(), detail, e), ROWS_HINT);
            }
            if (skipped++ == 0) {
              LOG.warn(
                  "zerorow: skipping malformed rows ('zerorow.ignore-parse-errors'), the first: {}",
                  ZerorowException.of(e.kind(), e.path(), detail).getMessage());
            }
            continue;
          }
          position.set(record, CheckpointedPosition.NO_OFFSET, consumed);
          return position;
        }
        return null;
      }

      /** " (32 bytes)": the size of row {@code i}, when its offsets can be read. */
      private String size(int i) {
        try {
          return " (" + batch.row(i, view).getSizeInBytes() + " bytes)";
        } catch (ZerorowException e) {
          return "";
        }
      }

      @Override
      public void releaseBatch() {}
    }
  }
}
