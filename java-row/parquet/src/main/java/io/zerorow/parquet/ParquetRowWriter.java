package io.zerorow.parquet;

import io.zerorow.SchemaMismatchException;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;

/**
 * Writes rows of one schema to a Parquet file, without Hadoop (a {@link LocalOutputFile} and a
 * {@link PlainParquetConfiguration}). The type mapping is {@link ParquetSchemas}'.
 *
 * <pre>{@code
 * try (ParquetRowWriter w = ParquetRowWriter.open(path, schema)) {
 *   w.write(row);
 * }
 * }</pre>
 */
public final class ParquetRowWriter implements AutoCloseable {
  private final Schema schema;
  private final ParquetWriter<BinaryRow> writer;

  private ParquetRowWriter(Schema schema, ParquetWriter<BinaryRow> writer) {
    this.schema = schema;
    this.writer = writer;
  }

  /** A new file at {@code path} (replaced if it exists), uncompressed. */
  public static ParquetRowWriter open(Path path, Schema schema) throws IOException {
    return open(new LocalOutputFile(path), schema, CompressionCodecName.UNCOMPRESSED);
  }

  /** A new file with a compression codec that needs no native library (SNAPPY needs none). */
  public static ParquetRowWriter open(OutputFile file, Schema schema, CompressionCodecName codec)
      throws IOException {
    ParquetWriter<BinaryRow> w =
        new Builder(file, schema)
            .withConf(new PlainParquetConfiguration())
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
            .withCompressionCodec(codec)
            .build();
    return new ParquetRowWriter(schema, w);
  }

  /** The schema of the rows written. */
  public Schema schema() {
    return schema;
  }

  /** Writes {@code row} (a row of {@link #schema()}) as one Parquet record. */
  public void write(BinaryRow row) throws IOException {
    if (row.schema() != schema && !row.schema().equals(schema)) {
      throw new SchemaMismatchException(
          "",
          "expected a row of schema "
              + schema.fingerprintHex()
              + " but found one of "
              + row.schema().fingerprintHex());
    }
    writer.write(row);
  }

  @Override
  public void close() throws IOException {
    writer.close();
  }

  private static final class Builder extends ParquetWriter.Builder<BinaryRow, Builder> {
    private final Schema schema;

    Builder(OutputFile file, Schema schema) {
      super(file);
      this.schema = schema;
    }

    @Override
    protected Builder self() {
      return this;
    }

    // abstract in parquet-mr 1.16 beside its ParquetConfiguration twin below, though deprecated
    @SuppressWarnings("deprecation")
    @Override
    protected WriteSupport<BinaryRow> getWriteSupport(Configuration conf) {
      return new RowWriteSupport(schema);
    }

    @Override
    protected WriteSupport<BinaryRow> getWriteSupport(
        org.apache.parquet.conf.ParquetConfiguration conf) {
      return new RowWriteSupport(schema);
    }
  }
}
