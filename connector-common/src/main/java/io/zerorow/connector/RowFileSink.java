package io.zerorow.connector;

import io.zerorow.arrow.RowFileWriter;
import io.zerorow.type.Schema;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;

/**
 * Writes one row file (SPEC §5) to an engine's output stream, the one way both connectors do: the
 * file an engine's commit protocol gives a task (see the write protocol in the README: a file is
 * visible under its final name only once its footer is written).
 */
public final class RowFileSink {
  private RowFileSink() {}

  /** The extension of the row files the connectors and python-row write. */
  public static final String EXTENSION = ".zrow";

  /**
   * A row file writer over {@code out}. Closing the writer writes the footer; then, with {@code
   * keepOpen}, {@code out} is flushed and left open for the engine to commit (Flink's part files,
   * which the file sink closes and moves itself), else it is closed (Spark's output writers). When
   * the writer cannot be made, {@code out} is closed unless {@code keepOpen}.
   *
   * @param out the engine's stream of the new file
   * @param schema the rows' schema
   * @param options batching, compression, checksums
   * @param keepOpen whether closing the writer leaves {@code out} open
   * @return the writer
   * @throws IOException when the stream fails
   */
  public static RowFileWriter open(
      OutputStream out, Schema schema, RowFileWriter.Options options, boolean keepOpen)
      throws IOException {
    OutputStream sink = keepOpen ? new KeepOpen(out) : out;
    try {
      return RowFileWriter.file(Channels.newChannel(sink), schema, options);
    } catch (RuntimeException | Error e) {
      if (!keepOpen) {
        out.close();
      }
      throw e;
    }
  }

  /** Passes writes through; {@code close} only flushes (the engine owns the stream). */
  private static final class KeepOpen extends FilterOutputStream {
    KeepOpen(OutputStream out) {
      super(out);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }

    @Override
    public void close() throws IOException {
      flush();
    }
  }
}
