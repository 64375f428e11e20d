package io.zerorow.connector;

import io.zerorow.arrow.RowFileSet;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Which files of a directory tree are row files (SPEC §13.5), for every connector: the files whose
 * names are not hidden by {@link RowFileSet#isHidden} (the one rule of java-row: names starting
 * with {@code _} or {@code .}, which Spark, Hadoop and Flink give their own files: {@code
 * _SUCCESS}, {@code .part-0.crc}, {@code _temporary/}, Flink's in-progress {@code .part-…}), in the
 * byte order of their paths. A hidden directory is not entered.
 */
public final class RowFileListing {
  private RowFileListing() {}

  /**
   * Whether a file or directory named {@code name} can hold rows of a read: it is not hidden.
   *
   * @param name the last name component of a path
   * @return false for the names that start with {@code _} or {@code .}
   */
  public static boolean isRowFile(String name) {
    return !RowFileSet.isHidden(name);
  }

  /**
   * The row files at {@code root} of {@code fs}: {@code root} itself when it is a file (whatever
   * its name: it was asked for), else the row files of the directory, and with {@code recursive}
   * those of its subdirectories that are not hidden, depth first; sorted by the UTF-8 bytes of
   * their names within each directory, files before subdirectories. Empty for a directory without
   * row files.
   *
   * @param <P> the engine's path type
   * @param fs the engine's file system
   * @param root a file or directory of it
   * @param recursive whether subdirectories are entered
   * @return the entries of the row files, in reading order
   * @throws java.io.FileNotFoundException when {@code root} does not exist
   * @throws IOException when the file system fails
   */
  public static <P> List<RowFileSystem.Entry<P>> list(
      RowFileSystem<P> fs, P root, boolean recursive) throws IOException {
    RowFileSystem.Entry<P> top = fs.status(root);
    List<RowFileSystem.Entry<P>> out = new ArrayList<>();
    if (!top.directory()) {
      out.add(top);
      return out;
    }
    collect(fs, top, recursive, out);
    return out;
  }

  private static <P> void collect(
      RowFileSystem<P> fs,
      RowFileSystem.Entry<P> dir,
      boolean recursive,
      List<RowFileSystem.Entry<P>> out)
      throws IOException {
    List<RowFileSystem.Entry<P>> entries = new ArrayList<>(fs.list(dir.path()));
    entries.sort(BY_NAME);
    List<RowFileSystem.Entry<P>> dirs = new ArrayList<>();
    for (RowFileSystem.Entry<P> e : entries) {
      if (!isRowFile(e.name())) {
        continue;
      }
      if (e.directory()) {
        dirs.add(e);
      } else {
        out.add(e);
      }
    }
    if (recursive) {
      for (RowFileSystem.Entry<P> d : dirs) {
        collect(fs, d, true, out);
      }
    }
  }

  /** Names compared as unsigned UTF-8 bytes, as a Unix path orders (SPEC §13.5). */
  private static final Comparator<RowFileSystem.Entry<?>> BY_NAME =
      (a, b) ->
          Arrays.compareUnsigned(
              a.name().getBytes(StandardCharsets.UTF_8), b.name().getBytes(StandardCharsets.UTF_8));
}
