package io.zerorow.flink;

import io.zerorow.ZerorowException;
import io.zerorow.arrow.ArrowUtils;
import io.zerorow.arrow.RowFileWriter;
import io.zerorow.connector.RowFileSink;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.Schema;
import java.io.IOException;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * Writes one row file (SPEC §5) per part file of the filesystem connector. Bulk formats roll their
 * part files on every checkpoint, so each file is finished (footer written) before the checkpoint
 * completes and is readable on its own. In raw mode ({@link #raw}) each value of the table's one
 * BYTES column is a row of the given schema, checked at the validation level before it is written.
 */
final class RowFileWriterFactory implements BulkWriter.Factory<RowData> {
  private static final long serialVersionUID = 1L;
  private final RowType rowType;
  private final String rawSchemaJson;
  private final ValidationLevel level;
  private final int batchRows;
  private final RowFileWriter.Compression compression;
  private final boolean checksum;

  RowFileWriterFactory(RowType rowType, RowFileWriter.Options options) {
    FlinkTypes.toSchema(rowType); // fail at planning time, naming the field
    this.rowType = rowType;
    this.rawSchemaJson = null;
    this.level = ValidationLevel.NONE; // rows encoded here are valid
    this.batchRows = options.batchRows();
    this.compression = options.compression();
    this.checksum = options.checksum();
  }

  private RowFileWriterFactory(Schema raw, ValidationLevel level, RowFileWriter.Options options) {
    this.rowType = null;
    this.rawSchemaJson = raw.toJson();
    this.level = level;
    this.batchRows = options.batchRows();
    this.compression = options.compression();
    this.checksum = options.checksum();
  }

  /** Raw mode: each BYTES value is a row of {@code schema}, written as it is. */
  static RowFileWriterFactory raw(
      Schema schema, ValidationLevel level, RowFileWriter.Options options) {
    return new RowFileWriterFactory(schema, level, options);
  }

  /** Turns a row file's rows into rows of the file. */
  private interface Rows {
    BinaryRow row(RowData element);

    Schema schema();
  }

  @Override
  public BulkWriter<RowData> create(FSDataOutputStream out) throws IOException {
    Rows rows = rawSchemaJson == null ? encoded() : raw();
    RowFileWriter file;
    try {
      file =
          RowFileSink.open(
              out,
              rows.schema(),
              RowFileWriter.Options.defaults()
                  .withAllocator(ArrowUtils.rootAllocator())
                  .withBatch(batchRows, RowFileWriter.DEFAULT_BATCH_BYTES)
                  .withCompression(compression)
                  .withChecksum(checksum),
              true);
    } catch (RuntimeException e) {
      throw ArrowJvm.explain(e);
    }
    return new BulkWriter<>() {
      @Override
      public void addElement(RowData element) throws IOException {
        BinaryRow row = rows.row(element);
        try {
          file.write(row);
        } catch (RuntimeException e) {
          throw ArrowJvm.explain(e);
        }
      }

      @Override
      public void flush() throws IOException {
        try {
          file.flush();
        } catch (RuntimeException e) {
          throw ArrowJvm.explain(e);
        }
      }

      /** Writes the footer; the part file's stream stays open for Flink to commit. */
      @Override
      public void finish() throws IOException {
        try {
          file.close();
        } catch (RuntimeException e) {
          throw ArrowJvm.explain(e);
        }
        out.flush();
      }
    };
  }

  private Rows encoded() {
    RowDataEncoder encoder = new RowDataEncoder(rowType);
    return new Rows() {
      @Override
      public BinaryRow row(RowData element) {
        return encoder.encode(element);
      }

      @Override
      public Schema schema() {
        return encoder.schema();
      }
    };
  }

  private Rows raw() {
    Schema schema = Schema.fromJson(rawSchemaJson);
    BinaryRow view = new BinaryRow(schema);
    return new Rows() {
      private long n;

      @Override
      public BinaryRow row(RowData element) {
        long i = n++;
        if (element.isNullAt(0)) {
          throw new IllegalArgumentException(
              "'zerorow.mode' = 'raw': value "
                  + i
                  + " written to this part file is NULL, and a row file holds no NULL rows (SPEC"
                  + " §5); filter NULLs out before writing");
        }
        byte[] bytes = element.getBinary(0);
        try {
          if (level == ValidationLevel.FULL) {
            Validator.validate(schema, bytes, ValidationLevel.FULL);
          }
          view.pointTo(bytes, 0, bytes.length);
          if (level == ValidationLevel.BOUNDS) {
            RowDecoder.checkFields(view, null);
          }
          return view;
        } catch (ZerorowException e) {
          throw ZerorowException.of(
              e.kind(),
              e.path(),
              "'zerorow.mode' = 'raw': value "
                  + i
                  + " written to this part file ("
                  + bytes.length
                  + " bytes) is not a row of 'zerorow.schema' "
                  + schema.fingerprintHex()
                  + ": "
                  + e.detail(),
              e);
        }
      }

      @Override
      public Schema schema() {
        return schema;
      }
    };
  }
}
