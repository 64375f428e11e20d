package io.zerorow.spark;

import io.zerorow.BinaryRow;
import io.zerorow.Schema;
import io.zerorow.arrow.ArrowUtils;
import io.zerorow.arrow.RowFileWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.util.SerializableConfiguration;

/**
 * A write of row files with a commit protocol. Each task attempt writes {@code
 * <dir>/_temporary/<query>/attempt-<partition>-<task>.arrow}; when Spark's commit coordinator lets
 * the attempt commit, the file is renamed to {@code part-<partition>-…} inside that staging folder;
 * when the job commits, the committed files move into {@code <dir>} (after the old files are
 * deleted, for Overwrite) and the staging folder goes. A failed attempt deletes its file; an
 * aborted job deletes the staging folder: a failed or retried task never leaves a file in {@code
 * <dir>}.
 */
final class ZerorowBatchWrite implements Write, BatchWrite {
  private static final String STAGING = "_temporary";

  private final String dir;
  private final String queryId;
  private final StructType struct;
  private final Schema schema;
  private final boolean truncate;
  private final Configuration conf;

  private ZerorowBatchWrite(
      String dir, String queryId, StructType struct, boolean truncate, Configuration conf) {
    this.dir = dir;
    this.queryId = queryId;
    this.struct = struct;
    this.schema = SparkSchemas.toZerorow(struct);
    this.truncate = truncate;
    this.conf = conf;
  }

  /** {@code append} by default; {@code truncate()} for SaveMode.Overwrite. */
  static final class Builder implements WriteBuilder, SupportsTruncate {
    private final LogicalWriteInfo info;
    private final CaseInsensitiveStringMap options;
    private boolean truncate;

    Builder(LogicalWriteInfo info, CaseInsensitiveStringMap options) {
      this.info = info;
      this.options = options;
    }

    @Override
    public WriteBuilder truncate() {
      truncate = true;
      return this;
    }

    @Override
    public Write build() {
      List<String> paths = ZerorowDataSource.paths(options);
      if (paths.size() != 1) {
        throw SparkSchemas.analysisError(
            "format(\"zerorow\") writes to one path but found " + paths.size());
      }
      return new ZerorowBatchWrite(
          paths.get(0),
          info.queryId(),
          info.schema(),
          truncate,
          ZerorowDataSource.hadoopConf(options.asCaseSensitiveMap()));
    }
  }

  private Path staging() {
    return new Path(new Path(dir, STAGING), queryId);
  }

  @Override
  public BatchWrite toBatch() {
    return this;
  }

  @Override
  public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
    try {
      Path staging = staging();
      staging.getFileSystem(conf).mkdirs(staging);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Factory(
        staging().toString(),
        queryId.substring(0, 8),
        struct,
        schema.toJson(),
        new SerializableConfiguration(conf));
  }

  @Override
  public void commit(WriterCommitMessage[] messages) {
    try {
      Path out = new Path(dir);
      FileSystem fs = out.getFileSystem(conf);
      if (truncate) {
        for (FileStatus s : fs.listStatus(out)) {
          String name = s.getPath().getName();
          if (!name.startsWith("_") && !name.startsWith(".")) {
            fs.delete(s.getPath(), true);
          }
        }
      }
      for (WriterCommitMessage m : messages) {
        String name = ((Committed) m).name;
        Path from = new Path(staging(), name);
        if (!fs.rename(from, new Path(out, name))) {
          throw new IOException("could not move " + from + " into " + out);
        }
      }
      cleanUp(fs);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void abort(WriterCommitMessage[] messages) {
    try {
      cleanUp(new Path(dir).getFileSystem(conf));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Deletes this query's staging folder, and {@code _temporary} when nothing else is in it. */
  private void cleanUp(FileSystem fs) throws IOException {
    fs.delete(staging(), true);
    Path parent = new Path(dir, STAGING);
    if (fs.exists(parent) && fs.listStatus(parent).length == 0) {
      fs.delete(parent, true);
    }
  }

  /** A committed task's file name, inside the staging folder. */
  static final class Committed implements WriterCommitMessage {
    private static final long serialVersionUID = 1L;
    final String name;

    Committed(String name) {
      this.name = name;
    }
  }

  /** What each task needs (serialized to the executors). */
  static final class Factory implements DataWriterFactory {
    private static final long serialVersionUID = 1L;
    final String staging;
    final String suffix;
    final StructType struct;
    final String schemaJson;
    final SerializableConfiguration conf;

    Factory(
        String staging,
        String suffix,
        StructType struct,
        String schemaJson,
        SerializableConfiguration conf) {
      this.staging = staging;
      this.suffix = suffix;
      this.struct = struct;
      this.schemaJson = schemaJson;
      this.conf = conf;
    }

    @Override
    public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
      try {
        return new TaskWriter(this, partitionId, taskId);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** One task attempt's file. */
  static final class TaskWriter implements DataWriter<InternalRow> {
    private final FileSystem fs;
    private final Path attempt;
    private final Path committed;
    private final RowEncoding encoding;
    private final BinaryRow view;
    private final RowFileWriter writer;
    private boolean closed;

    TaskWriter(Factory f, int partitionId, long taskId) throws IOException {
      Schema schema = Schema.fromJson(f.schemaJson);
      this.attempt = new Path(f.staging, "attempt-" + partitionId + "-" + taskId + ".arrow");
      this.committed =
          new Path(f.staging, String.format("part-%05d-%s.arrow", partitionId, f.suffix));
      this.fs = withoutChecksums(attempt.getFileSystem(f.conf.value()));
      this.encoding = new RowEncoding(f.struct, schema);
      this.view = new BinaryRow(schema);
      java.io.OutputStream out = fs.create(attempt, true);
      try {
        this.writer =
            RowFileWriter.file(
                Channels.newChannel(out),
                schema,
                ArrowUtils.rootAllocator(),
                RowFileWriter.DEFAULT_BATCH_ROWS,
                RowFileWriter.DEFAULT_BATCH_BYTES);
      } catch (RuntimeException | Error e) { // no DataWriter exists yet to abort: clean up here
        try {
          out.close();
        } catch (IOException closing) {
          e.addSuppressed(closing);
        } finally {
          deleteAttempt();
        }
        throw e;
      }
    }

    /**
     * The raw file system under Hadoop's local checksum file system. It writes a {@code .crc}
     * sibling beside every file, and a task killed while the job aborts could leave one behind in
     * the output directory; row files need none (zerorow validates its rows, SPEC §6). Other file
     * systems (HDFS, S3A) are used as they are.
     */
    private static FileSystem withoutChecksums(FileSystem fs) {
      return fs instanceof ChecksumFileSystem ? ((ChecksumFileSystem) fs).getRawFileSystem() : fs;
    }

    /**
     * Deletes this attempt's file and, by name, a checksum sibling that an earlier version of this
     * writer, or a file system that keeps them, may have left.
     */
    private void deleteAttempt() throws IOException {
      fs.delete(attempt, false);
      fs.delete(new Path(attempt.getParent(), "." + attempt.getName() + ".crc"), false);
    }

    @Override
    public void write(InternalRow row) throws IOException {
      byte[] bytes = encoding.encode(row);
      writer.write(view.pointTo(bytes, 0, bytes.length));
    }

    @Override
    public WriterCommitMessage commit() throws IOException {
      closeWriter();
      fs.delete(committed, false);
      if (!fs.rename(attempt, committed)) {
        throw new IOException("could not rename " + attempt + " to " + committed);
      }
      return new Committed(committed.getName());
    }

    /** Closes and deletes this attempt's file (see {@link #deleteAttempt}). */
    @Override
    public void abort() throws IOException {
      try {
        closeWriter();
      } finally {
        deleteAttempt();
      }
    }

    @Override
    public void close() throws IOException {
      closeWriter();
    }

    private void closeWriter() throws IOException {
      if (!closed) {
        closed = true;
        writer.close();
      }
    }
  }
}
