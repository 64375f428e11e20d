package io.zerorow.flink;

import io.zerorow.BinaryRow;
import io.zerorow.InvalidDataException;
import io.zerorow.Resolver;
import io.zerorow.Schema;
import io.zerorow.ValidationLevel;
import io.zerorow.ZerorowException;
import io.zerorow.arrow.ArrowUtils;
import io.zerorow.arrow.RowFileReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.impl.StreamFormatAdapter;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.reader.StreamFormat;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.table.data.RowData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads row files (SPEC §5: an Arrow IPC file with one {@code row} column) for the filesystem
 * connector, one whole file per split. The file is read front to back as the Arrow stream it
 * contains (after the 8-byte magic), so it works on any Flink file system; each row is copied out
 * of its batch once and read lazily through {@link RowDecoder}.
 *
 * <p>Each file's own schema is resolved against the table's schema when the file is opened (SPEC
 * §13.5, once per writer schema): a file written with an older or newer schema that the table's can
 * read gives the table's columns (rows laid out by them, one copy each); a file it cannot read
 * fails the job, naming the file ({@link #namingFiles}).
 *
 * <p>A malformed row fails the job naming the file, the row's number in it (from 0) and its size;
 * with {@code zerorow.ignore-parse-errors} it is skipped, and each file's reader logs how many it
 * skipped (a warning when it closes: Flink gives a file format no metric group).
 */
final class RowFileFormat implements StreamFormat<RowData> {
  private static final long serialVersionUID = 1L;
  private static final byte[] MAGIC = "ARROW1\0\0".getBytes(StandardCharsets.US_ASCII);
  private static final Logger LOG = LoggerFactory.getLogger(RowFileFormat.class);

  /**
   * The file a reader reads, for its messages: {@link #namingFiles} passes it in the reader's
   * configuration (a stream format is not told which file it reads).
   */
  static final ConfigOption<String> FILE =
      ConfigOptions.key("zerorow.internal.file").stringType().defaultValue("(a row file)");

  private final RowDecoder decoder;
  private final TypeInformation<RowData> producedType;
  private final boolean ignoreParseErrors;
  private transient Resolver resolver;

  RowFileFormat(
      RowDecoder decoder, TypeInformation<RowData> producedType, boolean ignoreParseErrors) {
    this.decoder = decoder;
    this.producedType = producedType;
    this.ignoreParseErrors = ignoreParseErrors;
  }

  @Override
  public Reader<RowData> createReader(
      Configuration config, FSDataInputStream stream, long fileLen, long splitEnd)
      throws IOException {
    byte[] magic = new byte[MAGIC.length];
    int n = stream.readNBytes(magic, 0, magic.length);
    if (n != magic.length || !Arrays.equals(magic, MAGIC)) {
      throw new InvalidDataException(
          "",
          "not a row file: expected the Arrow file magic " + "\"ARROW1\" at offset 0 (SPEC §5)");
    }
    if (resolver == null) {
      resolver = new Resolver(decoder.schema());
    }
    RowFileReader file =
        RowFileReader.openStreamResolved(
            new KeepOpen(stream), resolver, ArrowUtils.rootAllocator(), ValidationLevel.BOUNDS);
    return new RowReader(file, config.get(FILE));
  }

  /** Not splittable: the adapter restores by re-reading the file and skipping read rows. */
  @Override
  public Reader<RowData> restoreReader(
      Configuration config,
      FSDataInputStream stream,
      long restoredOffset,
      long fileLen,
      long splitEnd)
      throws IOException {
    stream.seek(0);
    return createReader(config, stream, fileLen, splitEnd);
  }

  @Override
  public boolean isSplittable() {
    return false;
  }

  @Override
  public TypeInformation<RowData> getProducedType() {
    return producedType;
  }

  final class RowReader implements Reader<RowData> {
    private final RowFileReader file;
    private final String path;
    private final Iterator<BinaryRow> rows;

    /** The file's rows have the table's layout: read where they are copied to. */
    private final boolean tableLayout;

    private long index;
    private long skipped;

    RowReader(RowFileReader file, String path) {
      this.file = file;
      this.path = path;
      this.rows = file.iterator();
      this.tableLayout = file.resolution().isIdentity();
    }

    /** Malformed rows skipped so far (with {@code zerorow.ignore-parse-errors}). */
    long skipped() {
      return skipped;
    }

    @Override
    public RowData read() {
      while (rows.hasNext()) {
        BinaryRow row = rows.next();
        long i = index++;
        try {
          // the batch buffer is reused: the row is copied (or laid out again) first
          return tableLayout ? decoder.decode(row.toBytes()) : decoder.decode(row);
        } catch (ZerorowException e) {
          String detail =
              "row file "
                  + path
                  + ", row "
                  + i
                  + " ("
                  + row.getSizeInBytes()
                  + " bytes): "
                  + e.detail();
          if (!ignoreParseErrors) {
            throw ZerorowException.of(
                e.kind(),
                e.path(),
                detail + " (set 'zerorow.ignore-parse-errors' = 'true' to skip such rows)");
          }
          if (skipped++ == 0) {
            LOG.warn(
                "zerorow: skipping malformed rows ('zerorow.ignore-parse-errors'), the "
                    + "first: {}",
                ZerorowException.of(e.kind(), e.path(), detail).getMessage());
          }
        }
      }
      return null;
    }

    @Override
    public void close() throws IOException {
      if (skipped > 0) {
        LOG.warn(
            "zerorow: skipped {} malformed rows of the {} read from row file {} "
                + "('zerorow.ignore-parse-errors')",
            skipped,
            index,
            path);
      }
      file.close();
    }
  }

  /**
   * {@code format} as a bulk format whose errors on opening a file name the file (a stream format
   * is not told which file it reads): a file whose schema the table cannot read gives {@code
   * schema_mismatch at id: row file <path> (schema <fp>) cannot be read with the table's schema
   * <fp>: writer type "int64" cannot be read as "int32"}.
   */
  static BulkFormat<RowData, FileSourceSplit> namingFiles(RowFileFormat format) {
    StreamFormatAdapter<RowData> adapter = new StreamFormatAdapter<>(format);
    return new BulkFormat<>() {
      private static final long serialVersionUID = 1L;

      @Override
      public BulkFormat.Reader<RowData> createReader(Configuration config, FileSourceSplit split)
          throws IOException {
        try {
          return adapter.createReader(withFile(config, split), split);
        } catch (ZerorowException e) {
          throw named(e, split, format.decoder.schema());
        }
      }

      @Override
      public BulkFormat.Reader<RowData> restoreReader(Configuration config, FileSourceSplit split)
          throws IOException {
        try {
          return adapter.restoreReader(withFile(config, split), split);
        } catch (ZerorowException e) {
          throw named(e, split, format.decoder.schema());
        }
      }

      @Override
      public boolean isSplittable() {
        return adapter.isSplittable();
      }

      @Override
      public TypeInformation<RowData> getProducedType() {
        return adapter.getProducedType();
      }
    };
  }

  private static Configuration withFile(Configuration config, FileSourceSplit split) {
    Configuration c = new Configuration(config);
    c.set(FILE, split.path().toString());
    return c;
  }

  private static ZerorowException named(ZerorowException e, FileSourceSplit split, Schema table) {
    if (e.detail().startsWith("row file ")) {
      return e; // a row's error (read while a restored reader skips rows): it names the file
    }
    String detail =
        e.detail().startsWith("row stream: ")
            ? e.detail().substring("row stream: ".length())
            : e.detail();
    String what =
        e instanceof io.zerorow.SchemaMismatchException
            ? " cannot be read with the table's schema " + table.fingerprintHex() + " (SPEC §13)"
            : "";
    return ZerorowException.of(
        e.kind(), e.path(), "row file " + split.path() + what + ": " + detail);
  }

  /** The reader closes its stream; Flink closes the file's own stream itself. */
  private static final class KeepOpen extends FilterInputStream {
    KeepOpen(InputStream in) {
      super(in);
    }

    @Override
    public void close() {}
  }
}
