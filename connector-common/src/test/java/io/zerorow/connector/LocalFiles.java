package io.zerorow.connector;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The local disk as a {@link RowFileSystem}, read through {@link PositionedReadChannel} (as an
 * engine's remote file system is), not memory-mapped.
 */
final class LocalFiles implements RowFileSystem<Path> {
  @Override
  public List<Entry<Path>> list(Path dir) throws IOException {
    List<Entry<Path>> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path p : s.toList()) {
        out.add(status(p));
      }
    }
    return out;
  }

  @Override
  public Entry<Path> status(Path path) throws IOException {
    if (!Files.exists(path)) {
      throw new NoSuchFileException(path.toString());
    }
    boolean dir = Files.isDirectory(path);
    return new Entry<>(
        path,
        path.getFileName().toString(),
        dir,
        dir ? 0 : Files.size(path),
        Files.getLastModifiedTime(path).toMillis());
  }

  @Override
  public SeekableByteChannel open(Path file, long size) throws IOException {
    SeekableByteChannel in = Files.newByteChannel(file);
    return new PositionedReadChannel(size) {
      @Override
      protected int readAt(long position, byte[] b, int off, int len) throws IOException {
        in.position(position);
        return in.read(java.nio.ByteBuffer.wrap(b, off, len));
      }

      @Override
      protected void closeStream() throws IOException {
        in.close();
      }
    };
  }
}
