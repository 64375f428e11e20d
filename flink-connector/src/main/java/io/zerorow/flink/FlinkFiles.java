package io.zerorow.flink;

import io.zerorow.connector.RowFileSystem;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.Path;

/** Flink's file systems as the connector kit sees them ({@link RowFileSystem}). */
final class FlinkFiles implements RowFileSystem<Path> {
  @Override
  public List<Entry<Path>> list(Path dir) throws IOException {
    List<Entry<Path>> out = new ArrayList<>();
    FileStatus[] listed = dir.getFileSystem().listStatus(dir);
    if (listed != null) {
      for (FileStatus s : listed) {
        out.add(entry(s));
      }
    }
    return out;
  }

  @Override
  public Entry<Path> status(Path path) throws IOException {
    return entry(path.getFileSystem().getFileStatus(path));
  }

  private static Entry<Path> entry(FileStatus s) {
    return new Entry<>(
        s.getPath(), s.getPath().getName(), s.isDir(), s.getLen(), s.getModificationTime());
  }

  @Override
  public SeekableByteChannel open(Path file, long size) throws IOException {
    return new FlinkChannel(file.getFileSystem().open(file), size);
  }
}
