package io.zerorow.flink;

import io.zerorow.connector.RowFileListing;
import io.zerorow.connector.RowFileSystem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.enumerate.FileEnumerator;
import org.apache.flink.core.fs.Path;

/**
 * The row files of {@link ZerorowFileSource}'s paths, one split per file (a row file is read whole,
 * {@link RowFileFormat}): the connector kit's {@link RowFileListing} over Flink's file systems, so
 * the DataStream source takes the files Spark's and python-row's readers take (subdirectories
 * entered, names starting with {@code _} or {@code .} left out, SPEC §13.5), in the same order.
 */
final class RowFileEnumerator implements FileEnumerator {
  private final RowFileSystem<Path> files = new FlinkFiles();

  /** The next split's id: unique within this enumerator, as Flink's enumerators number them. */
  private long nextId;

  @Override
  public Collection<FileSourceSplit> enumerateSplits(Path[] paths, int minDesiredSplits)
      throws IOException {
    List<FileSourceSplit> splits = new ArrayList<>();
    for (Path root : paths) {
      for (RowFileSystem.Entry<Path> f : RowFileListing.list(files, root, true)) {
        splits.add(
            new FileSourceSplit(
                Long.toString(nextId++), f.path(), 0, f.size(), f.modificationTime(), f.size()));
      }
    }
    return splits;
  }
}
