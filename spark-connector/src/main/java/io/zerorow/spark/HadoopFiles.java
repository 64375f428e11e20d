package io.zerorow.spark;

import io.zerorow.connector.RowFileSystem;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Hadoop's file systems as the connector kit sees them ({@link RowFileSystem}): a local file opens
 * as a {@link FileChannel}, which java-row memory-maps; any other through {@link HadoopChannel}.
 */
final class HadoopFiles implements RowFileSystem<Path> {
  private final Configuration conf;

  HadoopFiles(Configuration conf) {
    this.conf = conf;
  }

  /** Whether {@code path} is on the local file system. */
  boolean isLocal(Path path) throws IOException {
    return "file".equals(path.getFileSystem(conf).getScheme());
  }

  /** What errors call {@code path}: a local file by its plain path, another by its URI. */
  String name(Path path) throws IOException {
    return isLocal(path) ? java.nio.file.Paths.get(path.toUri()).toString() : path.toString();
  }

  @Override
  public List<Entry<Path>> list(Path dir) throws IOException {
    List<Entry<Path>> out = new ArrayList<>();
    for (FileStatus s : dir.getFileSystem(conf).listStatus(dir)) {
      out.add(entry(s));
    }
    return out;
  }

  @Override
  public Entry<Path> status(Path path) throws IOException {
    return entry(path.getFileSystem(conf).getFileStatus(path));
  }

  private static Entry<Path> entry(FileStatus s) {
    return new Entry<>(
        s.getPath(), s.getPath().getName(), s.isDirectory(), s.getLen(), s.getModificationTime());
  }

  @Override
  public SeekableByteChannel open(Path file, long size) throws IOException {
    if (isLocal(file)) {
      return FileChannel.open(java.nio.file.Paths.get(file.toUri()), StandardOpenOption.READ);
    }
    FileSystem fs = file.getFileSystem(conf);
    return new HadoopChannel(fs.open(file), size);
  }
}
