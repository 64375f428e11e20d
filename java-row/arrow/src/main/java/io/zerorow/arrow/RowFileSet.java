package io.zerorow.arrow;

import io.zerorow.SchemaMismatchException;
import io.zerorow.row.Resolution;
import io.zerorow.row.Resolver;
import io.zerorow.row.Row;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.Stream;

/**
 * The row files of a directory (or a list of files) read with one reader schema (SPEC §13.5): the
 * files may have been written with different versions of the schema; each file's writer schema is
 * resolved against the reader schema, one {@link Resolution} per distinct writer fingerprint (a
 * {@link Resolver}), and its rows are read through it.
 *
 * <pre>{@code
 * try (RowFileSet files = RowFileSet.open(dir, readerSchema)) {   // every file checked here
 *   for (Row row : files) { ... }                         // the reader's fields and types
 * }
 * }</pre>
 *
 * <p>{@link #open} opens every file's footer and resolves its schema, so a file that is not a row
 * file, or whose schema cannot be read with the reader schema, is refused before any row is read,
 * with an error naming the file. Iteration then opens one file at a time (memory-mapped, see {@link
 * RowFileReader}) and closes it when its last row has been read; rows stay readable after that. Not
 * thread-safe.
 */
public final class RowFileSet implements Iterable<Row>, AutoCloseable {
  private final List<Path> files;
  private final List<Resolution> resolutions;
  private final Resolver resolver;
  private final ValidationLevel level;
  private RowFileReader current;

  private RowFileSet(
      List<Path> files, List<Resolution> resolutions, Resolver resolver, ValidationLevel level) {
    this.files = files;
    this.resolutions = resolutions;
    this.resolver = resolver;
    this.level = level;
  }

  /**
   * The row files at {@code path} (SPEC §13.5): the file itself, or the regular files of the
   * directory (symbolic links followed, subdirectories left out) whose names do not start with
   * {@code _} or {@code .} (what Spark and Hadoop write beside their output: {@code _SUCCESS},
   * {@code .part-0.crc}), in the byte order of their names. Empty for a directory without such
   * files; a path that does not exist is a {@link java.nio.file.NoSuchFileException}.
   */
  public static List<Path> list(Path path) throws IOException {
    if (!Files.isDirectory(path)) {
      if (!Files.exists(path)) {
        throw new java.nio.file.NoSuchFileException(path.toString());
      }
      return List.of(path);
    }
    try (Stream<Path> s = Files.list(path)) {
      return s.filter(Files::isRegularFile)
          .filter(p -> !isHidden(p.getFileName().toString()))
          .sorted() // a Unix path orders by the bytes of its name
          .toList();
    }
  }

  /**
   * Whether a directory of row files leaves out the file {@code name}: it starts with {@code _} or
   * {@code .} (the one rule of every RowFileSet, the CLI and the Spark and Flink sources).
   */
  public static boolean isHidden(String name) {
    return name.startsWith("_") || name.startsWith(".");
  }

  /**
   * The row files at {@code path} (see {@link #list}) read with their own schema: the first file's
   * schema is the reader schema, and every file must have its fingerprint (else a {@link
   * SchemaMismatchException} naming both files). A directory without row files is an {@link
   * IllegalArgumentException}: there is no schema to read it with (give a reader schema).
   */
  public static RowFileSet open(Path path) throws IOException {
    List<Path> files = list(path);
    if (files.isEmpty()) {
      throw new IllegalArgumentException(
          "no row files in "
              + path
              + ": without a reader schema a directory takes the schema of its first file");
    }
    Schema first;
    try (RowFileReader r = RowFileReader.open(files.get(0))) {
      first = r.schema();
    }
    for (Path f : files.subList(1, files.size())) {
      try (RowFileReader r = RowFileReader.open(f)) {
        if (r.schema().fingerprint() != first.fingerprint()) {
          throw new SchemaMismatchException(
              "",
              "row file "
                  + files.get(0)
                  + " has schema fingerprint "
                  + first.fingerprintHex()
                  + " but row file "
                  + f
                  + " has "
                  + r.schema().fingerprintHex()
                  + ": without a reader schema every file must have the first one's");
        }
      }
    }
    return open(files, new Resolver(first), ValidationLevel.BOUNDS);
  }

  /**
   * The row files at {@code path} (see {@link #list}) read with {@code reader}; a directory without
   * row files reads as no rows.
   */
  public static RowFileSet open(Path path, Schema reader) throws IOException {
    java.util.Objects.requireNonNull(reader, "open(path, reader): reader is null");
    return open(list(path), new Resolver(reader), ValidationLevel.BOUNDS);
  }

  /**
   * {@code files} read with the reader schema of {@code resolver} (whose resolutions they share),
   * rows checked at {@code level}.
   */
  public static RowFileSet open(List<Path> files, Resolver resolver, ValidationLevel level)
      throws IOException {
    java.util.Objects.requireNonNull(resolver, "open(files, resolver, level): resolver is null");
    java.util.Objects.requireNonNull(level, "open(files, resolver, level): level is null");
    List<Resolution> resolutions = new ArrayList<>();
    for (Path f : files) {
      try (RowFileReader r = RowFileReader.openResolved(f, resolver, level)) {
        resolutions.add(r.resolution());
      }
    }
    return new RowFileSet(List.copyOf(files), List.copyOf(resolutions), resolver, level);
  }

  /** The files, in reading order. */
  public List<Path> files() {
    return files;
  }

  /** The resolution of file {@code i} (the same object for files of one writer schema). */
  public Resolution resolution(int i) {
    return resolutions.get(i);
  }

  /** The reader schema. */
  public Schema reader() {
    return resolver.reader();
  }

  /** The resolver: {@code resolver().size()} distinct writer schemas were resolved. */
  public Resolver resolver() {
    return resolver;
  }

  /**
   * Every row of every file, read with the reader schema, as one reused view per file (valid until
   * the next row). A file changed since {@link #open} is checked again when it is reached.
   */
  @Override
  public Iterator<Row> iterator() {
    return new Iterator<>() {
      private int next;
      private Iterator<Row> rows;

      @Override
      public boolean hasNext() {
        while (rows == null || !rows.hasNext()) {
          closeCurrent();
          if (next >= files.size()) {
            return false;
          }
          try {
            current = RowFileReader.openResolved(files.get(next++), resolver, level);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
          rows = current.rows().iterator();
        }
        return true;
      }

      @Override
      public Row next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return rows.next();
      }
    };
  }

  private void closeCurrent() {
    if (current != null) {
      try {
        current.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } finally {
        current = null;
      }
    }
  }

  /** Closes the file being read, if any. */
  @Override
  public void close() {
    closeCurrent();
  }
}
