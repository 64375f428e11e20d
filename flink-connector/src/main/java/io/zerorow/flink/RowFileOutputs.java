package io.zerorow.flink;

import io.zerorow.arrow.RowBatch;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.Schema;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;

/** What {@link RowFileFormat} makes of a row file's rows: one class per kind of record. */
final class RowFileOutputs {
  private RowFileOutputs() {}

  /** True when rows of {@code written} have the layout of {@code reader} (SPEC §4.2). */
  static boolean sameLayout(Schema written, Schema reader) {
    return written == reader || written.fingerprint() == reader.fingerprint();
  }

  /** {@code 'format' = 'zerorow'}: the table's projected columns, read lazily. */
  static final class Decoded implements RowFileFormat.Output<RowData> {
    private static final long serialVersionUID = 1L;
    private final RowDecoder decoder;

    Decoded(RowDecoder decoder) {
      this.decoder = decoder;
    }

    @Override
    public Schema readerSchema() {
      return decoder.schema();
    }

    @Override
    public ValidationLevel level() {
      return decoder.level();
    }

    @Override
    public RowData apply(RowBatch batch, int i, BinaryRow view) {
      // a row of the table's layout is read in place: a view of its own over the batch's memory
      boolean same = sameLayout(batch.schema(), decoder.schema());
      return decoder.decode(batch.row(i, same ? new BinaryRow(decoder.schema()) : view), true);
    }
  }

  /**
   * Rows of the reader schema, checked at {@code level}: a row of the reader's layout as it is (a
   * view of its own over the batch's memory), another laid out by the reader schema (one copy).
   */
  abstract static class Laid<T> implements RowFileFormat.Output<T> {
    private static final long serialVersionUID = 1L;
    private final String schemaJson;
    private final ValidationLevel level;
    private transient Schema schema;
    private transient ReaderLayout layout;

    Laid(Schema schema, ValidationLevel level) {
      this.schemaJson = schema.toJson();
      this.schema = schema;
      this.level = level;
    }

    @Override
    public ValidationLevel level() {
      return level;
    }

    @Override
    public Schema readerSchema() {
      Schema s = schema;
      if (s == null) {
        schema = s = Schema.fromJson(schemaJson);
      }
      return s;
    }

    /** Row {@code i} of {@code batch} in the reader schema; {@code keep}: a view of its own. */
    BinaryRow row(RowBatch batch, int i, BinaryRow view, boolean keep) {
      Schema reader = readerSchema();
      boolean same = sameLayout(batch.schema(), reader);
      BinaryRow row = batch.row(i, same && keep ? new BinaryRow(reader) : view);
      if (level == ValidationLevel.FULL) {
        Validator.validate(row, ValidationLevel.FULL);
      }
      if (same) {
        if (level == ValidationLevel.BOUNDS) {
          RowDecoder.checkFields(row, null);
        }
        return row;
      }
      ReaderLayout l = layout;
      if (l == null) {
        layout = l = new ReaderLayout(reader);
      }
      return l.of(row);
    }
  }

  /** {@code 'zerorow.mode' = 'raw'}: one BYTES column, each row in the reader schema's layout. */
  static final class Raw extends Laid<RowData> {
    private static final long serialVersionUID = 1L;

    /** False when the query reads no column (COUNT(*)): rows are still read and checked. */
    private final boolean column;

    Raw(Schema schema, ValidationLevel level, boolean column) {
      super(schema, level);
      this.column = column;
    }

    @Override
    public RowData apply(RowBatch batch, int i, BinaryRow view) {
      BinaryRow row = row(batch, i, view, false);
      return column ? GenericRowData.of((Object) row.toBytes()) : new GenericRowData(0);
    }
  }

  /** {@link ZerorowFileSource}: {@link BinaryRow}s of the reader schema. */
  static final class Rows extends Laid<BinaryRow> {
    private static final long serialVersionUID = 1L;

    Rows(Schema schema, ValidationLevel level) {
      super(schema, level);
    }

    @Override
    public String readerName() {
      return "the reader schema";
    }

    @Override
    public BinaryRow apply(RowBatch batch, int i, BinaryRow view) {
      BinaryRow row = row(batch, i, view, true);
      // a row laid out again is a view of the layout's reused buffer: the record gets a copy
      return sameLayout(batch.schema(), readerSchema()) ? row : row.copy();
    }
  }
}
