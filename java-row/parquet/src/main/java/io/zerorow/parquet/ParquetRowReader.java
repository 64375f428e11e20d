package io.zerorow.parquet;

import io.zerorow.InvalidDataException;
import io.zerorow.UnsupportedException;
import io.zerorow.ZerorowException;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
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
  private final RowReadSupport support;
  private final String source;
  private BinaryRow pending;

  private ParquetRowReader(
      Schema schema, ParquetReader<BinaryRow> reader, RowReadSupport support, String source) {
    this.schema = schema;
    this.reader = reader;
    this.support = support;
    this.source = source;
  }

  /** Opens {@code path} with the file's own schema. */
  public static ParquetRowReader open(Path path) throws IOException {
    return open(new LocalInputFile(path), path.toString(), null, null, false);
  }

  /** Opens {@code path} reading only the columns of {@code projection}. */
  public static ParquetRowReader open(Path path, Schema projection) throws IOException {
    return open(new LocalInputFile(path), path.toString(), projection, null, false);
  }

  /**
   * Opens {@code path} reading only its top-level {@code columns}, with the types SPEC §12.3 maps
   * them to (or the file's {@code zerorow.schema}); a column of another type is refused only when
   * it is asked for.
   */
  public static ParquetRowReader open(Path path, java.util.List<String> columns)
      throws IOException {
    return open(new LocalInputFile(path), path.toString(), null, columns, false);
  }

  /**
   * Opens {@code file} (any parquet-mr {@code InputFile}) reading only the fields of {@code
   * projection}; null reads every field.
   */
  public static ParquetRowReader open(InputFile file, Schema projection) throws IOException {
    return open(file, projection, false);
  }

  /**
   * As {@link #open(InputFile, Schema)}; with {@code strict}, values finer than a microsecond are
   * refused instead of floored (SPEC Appendix A rule 6).
   */
  public static ParquetRowReader open(InputFile file, Schema projection, boolean strict)
      throws IOException {
    return open(file, file.toString(), projection, null, strict);
  }

  private static ParquetRowReader open(
      InputFile original,
      String name,
      Schema projection,
      java.util.List<String> columns,
      boolean strict)
      throws IOException {
    String source = "Parquet file " + name;
    try {
      UnknownLogicalTypes.Read read = UnknownLogicalTypes.of(original);
      InputFile file = read.file();
      Schema schema;
      if (columns != null) {
        schema = columnsOf(file, columns, read.unknown());
      } else if (projection != null) {
        for (io.zerorow.type.Field f : projection.fields()) {
          refuseUnknown(f.name(), read.unknown());
        }
        schema = projection;
      } else {
        schema = fileSchema(file, read.unknown());
      }
      try (ParquetFileReader f = ParquetFileReader.open(file, options())) {
        checkCodecs(f, ParquetSchemas.project(f.getFileMetaData().getSchema(), schema));
      }
      RowReadSupport support = new RowReadSupport(schema, strict);
      ParquetReader<BinaryRow> r = new Builder(file, support).build();
      return new ParquetRowReader(schema, r, support, source);
    } catch (ZerorowException e) {
      throw ZerorowException.of(e.kind(), e.path(), source + ": " + e.detail(), e);
    } catch (RuntimeException e) {
      // parquet-mr's own exceptions on a footer or schema it cannot read
      throw new InvalidDataException("", source + ": not a readable Parquet file: " + e, e);
    }
  }

  /** Refuses a column (or one inside it) whose logical type parquet-mr does not know. */
  private static void refuseUnknown(String column, java.util.Set<String> unknown) {
    for (String u : unknown) {
      if (u.equals(column) || u.startsWith(column + ".")) {
        throw new UnsupportedException(
            u,
            "the column's Parquet logical type is one this reader does not know (a newer"
                + " Parquet format; SPEC §12.3)");
      }
    }
  }

  private static Schema columnsOf(
      InputFile file, java.util.List<String> columns, java.util.Set<String> unknown)
      throws IOException {
    try (ParquetFileReader f = ParquetFileReader.open(file, options())) {
      Map<String, String> meta = f.getFileMetaData().getKeyValueMetaData();
      MessageType message = f.getFileMetaData().getSchema();
      java.util.List<io.zerorow.type.Field> out = new java.util.ArrayList<>();
      Schema own = meta.get(SCHEMA_KEY) == null ? null : fileSchema(file, unknown);
      for (String c : columns) {
        refuseUnknown(c, unknown);
        if (own != null && own.field(c) != null) {
          out.add(own.field(c));
          continue;
        }
        if (!message.containsField(c)) {
          throw new io.zerorow.SchemaMismatchException(c, "the Parquet file has no column " + c);
        }
        out.add(ParquetSchemas.field(message.getType(c), c));
      }
      return io.zerorow.type.DataTypes.struct(out);
    }
  }

  private static ParquetReadOptions options() {
    return ParquetReadOptions.builder(new PlainParquetConfiguration())
        .withCodecFactory(new Codecs())
        .build();
  }

  /** Refuses a column whose pages use a codec that cannot be read (LZO), naming both. */
  private static void checkCodecs(ParquetFileReader f, MessageType read) {
    for (org.apache.parquet.hadoop.metadata.BlockMetaData b : f.getFooter().getBlocks()) {
      for (org.apache.parquet.hadoop.metadata.ColumnChunkMetaData c : b.getColumns()) {
        String[] path = c.getPath().toArray();
        if (!read.containsPath(path)) {
          continue;
        }
        if (!Codecs.readable(c.getCodec())) {
          throw new UnsupportedException(
              String.join(".", path),
              "the column's pages are compressed with "
                  + c.getCodec()
                  + ", which zerorow does not read (its only library is GPL; SPEC §12.3)");
        }
      }
    }
  }

  /** The zerorow schema of a Parquet file: its zerorow metadata, else derived from its types. */
  public static Schema fileSchema(InputFile file) throws IOException {
    UnknownLogicalTypes.Read read = UnknownLogicalTypes.of(file);
    return fileSchema(read.file(), read.unknown());
  }

  private static Schema fileSchema(InputFile file, java.util.Set<String> unknown)
      throws IOException {
    try (ParquetFileReader f = ParquetFileReader.open(file, options())) {
      Map<String, String> meta = f.getFileMetaData().getKeyValueMetaData();
      MessageType message = f.getFileMetaData().getSchema();
      String json = meta.get(SCHEMA_KEY);
      if (json == null) {
        for (String u : unknown) {
          refuseUnknown(u, unknown);
        }
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
    return readNext();
  }

  /**
   * The next record; an error names the file, the column and the row (the record's number in the
   * file), and keeps parquet-mr's exception as its cause.
   */
  private BinaryRow readNext() throws IOException {
    try {
      return reader.read();
    } catch (ZerorowException e) {
      throw ZerorowException.of(e.kind(), e.path(), source + ": " + e.detail(), e);
    } catch (IOException | RuntimeException e) {
      Throwable root = e;
      while (root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      }
      if (root instanceof ZerorowException) {
        ZerorowException z = (ZerorowException) root;
        throw ZerorowException.of(z.kind(), z.path(), source + ": " + z.detail(), e);
      }
      String columns = String.join(", ", columnNames());
      throw new InvalidDataException(
          columns,
          source
              + ": row "
              + Math.max(0, support.recordNumber())
              + ": a page of the column cannot be read: "
              + root,
          e);
    }
  }

  private java.util.List<String> columnNames() {
    java.util.List<String> out = new java.util.ArrayList<>();
    for (io.zerorow.type.Field f : schema.fields()) {
      out.add(f.name());
    }
    return out;
  }

  @Override
  public Iterator<BinaryRow> iterator() {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        if (pending == null) {
          try {
            pending = readNext();
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
      withCodecFactory(new Codecs());
    }

    @Override
    protected ReadSupport<BinaryRow> getReadSupport() {
      return support;
    }
  }
}
