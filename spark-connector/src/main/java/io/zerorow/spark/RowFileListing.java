package io.zerorow.spark;

import io.zerorow.Resolver;
import io.zerorow.Schema;
import io.zerorow.ZerorowException;
import io.zerorow.arrow.ArrowUtils;
import io.zerorow.arrow.RowFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The row files under the paths of a read (a file, or every visible file of a directory: names
 * starting with {@code _} or {@code .} are the writer's own and are skipped), and the schema their
 * rows are read with. Each file's footer is read on the driver (metadata only, SPEC §5). Without a
 * reader schema the files must share one schema: two files whose fingerprints differ are an error
 * naming both and saying how to give one. With a reader schema, each distinct writer schema is
 * resolved against it once (SPEC §13.5), and a file whose schema cannot be read with it is refused
 * here, at planning, naming the file.
 */
final class RowFileListing {
  final List<String> files;

  /** The reader schema given, else the schema every file holds. */
  final Schema schema;

  private RowFileListing(List<String> files, Schema schema) {
    this.files = files;
    this.schema = schema;
  }

  /** The files at {@code paths}, read with their own (common) schema. */
  static RowFileListing list(List<String> paths, Configuration conf) {
    return list(paths, conf, null);
  }

  /** The files at {@code paths}, read with {@code reader} (null: with the schema they share). */
  static RowFileListing list(List<String> paths, Configuration conf, Schema reader) {
    if (paths.isEmpty()) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\"): no path given (load(path) or " + "option(\"path\", ...))");
    }
    try {
      List<String> files = new ArrayList<>();
      for (String p : paths) {
        Path path = new Path(p);
        FileSystem fs = path.getFileSystem(conf);
        if (!fs.exists(path)) {
          throw SparkSchemas.analysisError("format(\"zerorow\"): path does not exist: " + p);
        }
        FileStatus status = fs.getFileStatus(path);
        if (status.isFile()) {
          files.add(status.getPath().toString());
          continue;
        }
        FileStatus[] children = fs.listStatus(path);
        Arrays.sort(children);
        for (FileStatus c : children) {
          String name = c.getPath().getName();
          if (c.isFile() && !name.startsWith("_") && !name.startsWith(".")) {
            files.add(c.getPath().toString());
          }
        }
      }
      if (files.isEmpty()) {
        throw SparkSchemas.analysisError(
            "format(\"zerorow\"): no row files under "
                + paths
                + "; the schema comes from the files");
      }
      return new RowFileListing(
          files, reader == null ? commonSchema(files, conf) : resolveAll(files, conf, reader));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The one schema of {@code files}; files of two schemas are an error naming both. */
  private static Schema commonSchema(List<String> files, Configuration conf) throws IOException {
    Schema schema = null;
    String first = null;
    for (String f : files) {
      Schema s = footerSchema(f, conf);
      if (schema == null) {
        schema = s;
        first = f;
      } else if (s.fingerprint() != schema.fingerprint()) {
        throw SparkSchemas.analysisError(
            "format(\"zerorow\"): row files of different schemas "
                + "in one read: "
                + first
                + " has schema fingerprint "
                + schema.fingerprintHex()
                + " but "
                + f
                + " has "
                + s.fingerprintHex()
                + "; to read them together, give the "
                + "schema to read them with: spark.read.schema(...) or option(\""
                + ZerorowDataSource.READER_SCHEMA
                + "\", <zerorow schema JSON or DDL>) "
                + "(SPEC §13: fields matched by name, exact widenings)");
      }
    }
    return schema;
  }

  /**
   * Resolves the schema of every file against {@code reader}, once per distinct writer schema; the
   * first file that cannot be read with it is refused, naming the file, the schema path and both
   * types.
   */
  private static Schema resolveAll(List<String> files, Configuration conf, Schema reader)
      throws IOException {
    Resolver resolver = new Resolver(reader);
    for (String f : files) {
      Schema writer = footerSchema(f, conf);
      try {
        resolver.resolve(writer);
      } catch (ZerorowException e) {
        throw SparkSchemas.analysisError(
            "format(\"zerorow\"): row file "
                + f
                + " (schema "
                + writer.fingerprintHex()
                + ") cannot be read with the reader schema "
                + reader.fingerprintHex()
                + ": "
                + e.getMessage());
      }
    }
    return reader;
  }

  /** The checked zerorow schema in the footer of one row file (SPEC §5). */
  static Schema footerSchema(String file, Configuration conf) throws IOException {
    Path path = new Path(file);
    FileSystem fs = path.getFileSystem(conf);
    long size = fs.getFileStatus(path).getLen();
    try (HadoopChannel ch = new HadoopChannel(fs.open(path), size);
        ArrowFileReader r = new ArrowFileReader(ch, ArrowUtils.rootAllocator())) {
      return RowFiles.check(r.getVectorSchemaRoot().getSchema(), null);
    } catch (ZerorowException e) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\"): " + file + " is not a valid row " + "file: " + e.getMessage());
    } catch (IOException | RuntimeException e) {
      throw SparkSchemas.analysisError(
          "format(\"zerorow\"): "
              + file
              + " is not a row file "
              + "(an Arrow IPC file, SPEC §5): "
              + e);
    }
  }
}
