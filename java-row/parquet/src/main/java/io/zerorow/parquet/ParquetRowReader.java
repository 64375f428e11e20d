package io.zerorow.parquet;

import io.zerorow.BinaryRow;
import io.zerorow.InvalidDataException;
import io.zerorow.Schema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;

/**
 * Reads a Parquet file as rows, without Hadoop. The schema is, in order of preference: the
 * projection the caller passes (only its columns are read), the {@code zerorow.schema} in the
 * file's key-value metadata (files written by {@link ParquetRowWriter}), or the one {@link
 * ParquetSchemas#fromParquet} derives from the Parquet types (files from other writers, e.g.
 * pyarrow). {@link #read} returns one reused row (valid until the next read).
 */
public final class ParquetRowReader implements Iterable<BinaryRow>, AutoCloseable {
  /** Key-value metadata key of the format version. */
  public static final String VERSION_KEY = "zerorow.version";

  /** Key-value metadata key of the schema's canonical JSON (restores zones and durations). */
  public static final String SCHEMA_KEY = "zerorow.schema";

  /** Key-value metadata key of the schema's fingerprint, 16 hex digits. */
  public static final String FINGERPRINT_KEY = "zerorow.fingerprint";

  private final Schema schema;
  private final ParquetReader<BinaryRow> reader;
  private BinaryRow pending;

  private ParquetRowReader(Schema schema, ParquetReader<BinaryRow> reader) {
    this.schema = schema;
    this.reader = reader;
  }

  /** Opens {@code path} with the file's own schema. */
  public static ParquetRowReader open(Path path) throws IOException {
    return open(new LocalInputFile(path), null);
  }

  /** Opens {@code path} reading only the columns of {@code projection}. */
  public static ParquetRowReader open(Path path, Schema projection) throws IOException {
    return open(new LocalInputFile(path), projection);
  }

  /**
   * Opens {@code file} (any parquet-mr {@code InputFile}) reading only the fields of {@code
   * projection}; null reads every field.
   */
  public static ParquetRowReader open(InputFile file, Schema projection) throws IOException {
    Schema schema = projection != null ? projection : fileSchema(file);
    if (projection != null) {
      try (ParquetFileReader f =
          ParquetFileReader.open(
              file, ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
        ParquetSchemas.project(f.getFileMetaData().getSchema(), projection); // fails early
      }
    }
    ParquetReader<BinaryRow> r = new Builder(file, new RowReadSupport(schema)).build();
    return new ParquetRowReader(schema, r);
  }

  /** The zerorow schema of a Parquet file: its zerorow metadata, else derived from its types. */
  public static Schema fileSchema(InputFile file) throws IOException {
    try (ParquetFileReader f =
        ParquetFileReader.open(
            file, ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      Map<String, String> meta = f.getFileMetaData().getKeyValueMetaData();
      MessageType message = f.getFileMetaData().getSchema();
      String json = meta.get(SCHEMA_KEY);
      if (json == null) {
        return ParquetSchemas.fromParquet(message);
      }
      Schema s = Schema.fromJson(json);
      String fp = meta.get(FINGERPRINT_KEY);
      if (fp != null && !fp.equals(s.fingerprintHex())) {
        throw new InvalidDataException(
            "",
            "zerorow.fingerprint \""
                + fp
                + "\" is not the "
                + "fingerprint of zerorow.schema: expected "
                + s.fingerprintHex()
                + " but found "
                + fp);
      }
      return s;
    }
  }

  /** The schema of the rows read: the projection, or the file's. */
  public Schema schema() {
    return schema;
  }

  /** The next row (a reused view), or null at the end of the file. */
  public BinaryRow read() throws IOException {
    if (pending != null) {
      BinaryRow r = pending;
      pending = null;
      return r;
    }
    return reader.read();
  }

  @Override
  public Iterator<BinaryRow> iterator() {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        if (pending == null) {
          try {
            pending = reader.read();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
        return pending != null;
      }

      @Override
      public BinaryRow next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        BinaryRow r = pending;
        pending = null;
        return r;
      }
    };
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }

  private static final class Builder extends ParquetReader.Builder<BinaryRow> {
    private final RowReadSupport support;

    Builder(InputFile file, RowReadSupport support) {
      super(file, new PlainParquetConfiguration());
      this.support = support;
    }

    @Override
    protected ReadSupport<BinaryRow> getReadSupport() {
      return support;
    }
  }
}
