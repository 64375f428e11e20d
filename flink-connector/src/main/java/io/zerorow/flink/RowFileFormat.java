package io.zerorow.flink;

import io.zerorow.BinaryRow;
import io.zerorow.InvalidDataException;
import io.zerorow.ZerorowException;
import io.zerorow.arrow.RowFileReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.reader.StreamFormat;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.table.data.RowData;

/**
 * Reads row files (SPEC §5: an Arrow IPC file with one {@code row} column) for the
 * filesystem connector, one whole file per split. The file is read front to back as the
 * Arrow stream it contains (after the 8-byte magic), so it works on any Flink file system;
 * each row is copied out of its batch once and read lazily through {@link RowDecoder}.
 */
final class RowFileFormat implements StreamFormat<RowData> {
  private static final long serialVersionUID = 1L;
  private static final byte[] MAGIC = "ARROW1\0\0".getBytes(StandardCharsets.US_ASCII);
  private final RowDecoder decoder;
  private final TypeInformation<RowData> producedType;
  private final boolean ignoreParseErrors;

  RowFileFormat(RowDecoder decoder, TypeInformation<RowData> producedType,
      boolean ignoreParseErrors) {
    this.decoder = decoder;
    this.producedType = producedType;
    this.ignoreParseErrors = ignoreParseErrors;
  }

  @Override
  public Reader<RowData> createReader(Configuration config, FSDataInputStream stream,
      long fileLen, long splitEnd) throws IOException {
    byte[] magic = new byte[MAGIC.length];
    int n = stream.readNBytes(magic, 0, magic.length);
    if (n != magic.length || !Arrays.equals(magic, MAGIC)) {
      throw new InvalidDataException("", "not a row file: expected the Arrow file magic "
          + "\"ARROW1\" at offset 0 (SPEC §5)");
    }
    RowFileReader file = RowFileReader.openStream(new KeepOpen(stream), decoder.schema());
    return new RowReader(file);
  }

  /** Not splittable: the adapter restores by re-reading the file and skipping read rows. */
  @Override
  public Reader<RowData> restoreReader(Configuration config, FSDataInputStream stream,
      long restoredOffset, long fileLen, long splitEnd) throws IOException {
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

  private final class RowReader implements Reader<RowData> {
    private final RowFileReader file;
    private final Iterator<BinaryRow> rows;
    private long index;

    RowReader(RowFileReader file) {
      this.file = file;
      this.rows = file.iterator();
    }

    @Override
    public RowData read() throws IOException {
      while (rows.hasNext()) {
        byte[] bytes = rows.next().toBytes(); // the batch buffer is reused: copy the row
        long i = index++;
        try {
          return decoder.decode(bytes);
        } catch (ZerorowException e) {
          if (!ignoreParseErrors) {
            throw new IOException("zerorow: row " + i + " of the file is malformed: "
                + e.getMessage() + " (set 'zerorow.ignore-parse-errors' = 'true' to skip such "
                + "rows)", e);
          }
        }
      }
      return null;
    }

    @Override
    public void close() throws IOException {
      file.close();
    }
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
