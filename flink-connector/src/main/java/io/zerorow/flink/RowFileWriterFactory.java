package io.zerorow.flink;

import io.zerorow.arrow.ArrowUtils;
import io.zerorow.arrow.RowFileWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * Writes one row file (SPEC §5) per part file of the filesystem connector. Bulk formats roll their
 * part files on every checkpoint, so each file is finished (footer written) before the checkpoint
 * completes and is readable on its own.
 */
final class RowFileWriterFactory implements BulkWriter.Factory<RowData> {
  private static final long serialVersionUID = 1L;
  private final RowType rowType;
  private final int batchRows;

  RowFileWriterFactory(RowType rowType, int batchRows) {
    FlinkTypes.toSchema(rowType); // fail at planning time, naming the field
    this.rowType = rowType;
    this.batchRows = batchRows;
  }

  @Override
  public BulkWriter<RowData> create(FSDataOutputStream out) throws IOException {
    RowDataEncoder encoder = new RowDataEncoder(rowType);
    RowFileWriter file =
        RowFileWriter.file(
            Channels.newChannel(new KeepOpen(out)),
            encoder.schema(),
            ArrowUtils.rootAllocator(),
            batchRows,
            RowFileWriter.DEFAULT_BATCH_BYTES);
    return new BulkWriter<>() {
      @Override
      public void addElement(RowData element) throws IOException {
        file.write(encoder.encode(element));
      }

      @Override
      public void flush() throws IOException {
        file.flush();
      }

      /** Writes the footer; the part file's stream stays open for Flink to commit. */
      @Override
      public void finish() throws IOException {
        file.close();
        out.flush();
      }
    };
  }

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
