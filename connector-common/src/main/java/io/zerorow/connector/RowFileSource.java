package io.zerorow.connector;

import io.zerorow.arrow.RowFileReader;
import io.zerorow.row.Resolver;
import io.zerorow.row.ValidationLevel;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.util.Objects;

/**
 * Opens one row file (SPEC §5) of an engine's file system for a connector's reader, the one way
 * both connectors do: through a channel of positioned reads ({@link RowFileSystem#open}; a local
 * {@code FileChannel} is memory-mapped), read with its own schema or resolved against a reader
 * schema (SPEC §13.5), strict or recovering (SPEC §5.3). The reader's {@link RowFileReader#batches}
 * gives the file's record batches.
 */
public final class RowFileSource {
  private RowFileSource() {}

  /** What happens to a file that was cut or never finished (SPEC §5.3). */
  public enum Mode {
    /** Refused: {@code truncated}, naming the file and the byte where it ends. */
    STRICT,
    /**
     * Read up to the cut: every complete record batch, then {@link RowFileReader#cut()} says what
     * was lost (the connectors' {@code recover} and {@code ignore-parse-errors} options).
     */
    RECOVERING
  }

  /**
   * Opens {@code file} of {@code fs}.
   *
   * @param <P> the engine's path type
   * @param fs the engine's file system
   * @param file the row file
   * @param size its size in bytes (as listed), or -1 to look it up
   * @param name what errors call the file (its path or URI)
   * @param resolver the reader schema's resolutions shared by the files of a read, or null to read
   *     each file with its own schema
   * @param level how each row is checked when the reader hands it out
   * @param mode strict or recovering
   * @return the open reader (the caller closes it)
   * @throws IOException when the file system fails
   * @throws io.zerorow.ZerorowException when the file is not a complete row file (strict), its
   *     schema cannot be read with the reader schema, or it is damaged
   */
  public static <P> RowFileReader open(
      RowFileSystem<P> fs,
      P file,
      long size,
      String name,
      Resolver resolver,
      ValidationLevel level,
      Mode mode)
      throws IOException {
    Objects.requireNonNull(level, "RowFileSource.open: level is null");
    Objects.requireNonNull(mode, "RowFileSource.open: mode is null");
    long length = size >= 0 ? size : fs.status(file).size();
    return open(fs.open(file, length), name, resolver, level, mode);
  }

  /**
   * Opens the row file read through {@code channel} (closed by the reader, or here when the file
   * does not open); the arguments are those of {@link #open(RowFileSystem, Object, long, String,
   * Resolver, ValidationLevel, Mode)}.
   *
   * @param channel the file's bytes
   * @param name what errors call the file
   * @param resolver the reader schema's resolutions, or null for the file's own schema
   * @param level how each row is checked
   * @param mode strict or recovering
   * @return the open reader
   * @throws IOException when the channel fails
   */
  public static RowFileReader open(
      SeekableByteChannel channel, String name, Resolver resolver, ValidationLevel level, Mode mode)
      throws IOException {
    if (resolver == null) {
      return mode == Mode.STRICT
          ? RowFileReader.open(channel, name, null, level)
          : RowFileReader.openRecovering(channel, name, null, level);
    }
    return mode == Mode.STRICT
        ? RowFileReader.openResolved(channel, name, resolver, level)
        : RowFileReader.openUpToCut(channel, name, resolver, level);
  }
}
