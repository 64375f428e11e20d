package io.zerorow.spark;

import io.zerorow.arrow.RowFileWriter;
import io.zerorow.connector.RowFileSink;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.execution.datasources.OutputWriter;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.types.StructType;

/**
 * One file of a write, in a task: the rows of the data columns, written with java-row's {@link
 * RowFileWriter} (SPEC §5) to the path Spark's commit protocol gives. A row is Spark's own {@code
 * UnsafeRow} bytes (SPEC §9), copied only when a float NaN or a time needs fixing ({@link
 * RowEncoding}).
 */
final class ZerorowOutputWriter extends OutputWriter {
  /** The writer of each task (serialized to the executors). */
  static final class Factory extends OutputWriterFactory {
    private static final long serialVersionUID = 1L;
    private final StructType struct;
    private final String schemaJson;
    private final RowFileWriter.Compression compression;
    private final boolean checksum;

    Factory(
        StructType struct,
        String schemaJson,
        RowFileWriter.Compression compression,
        boolean checksum) {
      this.struct = struct;
      this.schemaJson = schemaJson;
      this.compression = compression;
      this.checksum = checksum;
    }

    @Override
    public String getFileExtension(TaskAttemptContext context) {
      return RowFileSink.EXTENSION;
    }

    @Override
    public OutputWriter newInstance(
        String path, StructType dataSchema, TaskAttemptContext context) {
      try {
        return new ZerorowOutputWriter(
            path,
            struct,
            Schema.fromJson(schemaJson),
            RowFileWriter.Options.defaults().withCompression(compression).withChecksum(checksum),
            context);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private final String path;
  private final RowEncoding encoding;
  private final RowFileWriter writer;

  private ZerorowOutputWriter(
      String path,
      StructType struct,
      Schema schema,
      RowFileWriter.Options options,
      TaskAttemptContext context)
      throws IOException {
    this.path = path;
    this.encoding = new RowEncoding(struct, schema);
    Path p = new Path(path);
    OutputStream out = p.getFileSystem(context.getConfiguration()).create(p, false);
    this.writer = RowFileSink.open(out, schema, options, false);
  }

  @Override
  public void write(InternalRow row) {
    try {
      UnsafeRow r = encoding.project(row);
      if (encoding.needsFixing()) {
        byte[] bytes = encoding.encode(r);
        writer.write(bytes, org.apache.spark.unsafe.Platform.BYTE_ARRAY_OFFSET, bytes.length);
      } else {
        writer.write(r.getBaseObject(), r.getBaseOffset(), r.getSizeInBytes());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    try {
      writer.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String path() {
    return path;
  }
}
