package io.zerorow.connector;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.util.List;

/**
 * As much of an engine's file system as a connector's row files need (Hadoop's {@code FileSystem}
 * for Spark, Flink's {@code FileSystem} for Flink): list a directory, look up one path, and open a
 * file for positioned reads. The connector-common code ({@link RowFileListing}, {@link
 * RowFileSource}) works on any of them, so both engines list and open row files the same way.
 *
 * @param <P> the engine's path type
 */
public interface RowFileSystem<P> {
  /**
   * One entry of a directory, or one looked-up path.
   *
   * @param <P> the engine's path type
   * @param path where it is
   * @param name its last name component (what the hidden-file rule looks at)
   * @param directory whether it is a directory
   * @param size its length in bytes (0 for a directory)
   * @param modificationTime when it was last changed, in milliseconds since the epoch
   */
  record Entry<P>(P path, String name, boolean directory, long size, long modificationTime) {}

  /**
   * The entries of the directory {@code dir}, in any order.
   *
   * @param dir a directory of this file system
   * @return its entries (files and directories)
   * @throws IOException when the file system fails
   */
  List<Entry<P>> list(P dir) throws IOException;

  /**
   * The entry of {@code path}.
   *
   * @param path a path of this file system
   * @return its entry
   * @throws java.io.FileNotFoundException when it does not exist
   * @throws IOException when the file system fails
   */
  Entry<P> status(P path) throws IOException;

  /**
   * A read-only channel over the file {@code file} of {@code size} bytes (its entry's size), for
   * the positioned reads of java-row's row file reader; a local file may be a {@link
   * java.nio.channels.FileChannel}, which the reader memory-maps.
   *
   * @param file a file of this file system
   * @param size its size in bytes
   * @return the channel (the caller closes it)
   * @throws IOException when the file cannot be opened
   */
  SeekableByteChannel open(P file, long size) throws IOException;
}
