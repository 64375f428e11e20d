package io.zerorow.flink;

import io.zerorow.BinaryRow;
import io.zerorow.Field;
import io.zerorow.Schema;
import io.zerorow.ValidationLevel;
import io.zerorow.Validator;
import java.io.Serializable;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.ProjectedRowData;

/**
 * Bytes of one row → a {@link RowData} of the projected fields: validated to the chosen level, then
 * a lazy {@link ZerorowRowData} view (the bytes are not copied; the caller hands over an array it
 * no longer writes). Shared by the message format and the file format.
 *
 * <p>A row written with another schema than the table's ({@link #decode(BinaryRow)}, SPEC §13) is
 * checked against its own schema, resolved against the table's projected fields (once per writer
 * schema) and laid out by them, one copy, before the view is made.
 */
final class RowDecoder implements Serializable {
  private static final long serialVersionUID = 1L;
  private final String schemaJson;
  private final int[] projection;
  private final ValidationLevel level;
  private transient Schema schema;
  private transient ReaderLayout projected;

  /** {@code projection}: the top-level fields to produce, in order (null: all). */
  RowDecoder(Schema schema, int[] projection, ValidationLevel level) {
    this.schemaJson = schema.toJson();
    this.schema = schema;
    this.projection = projection;
    this.level = level;
  }

  /** The table's schema: what rows are read as. */
  Schema schema() {
    if (schema == null) {
      schema = Schema.fromJson(schemaJson);
    }
    return schema;
  }

  /** Throws a {@code ZerorowException} naming the field path and the numbers when malformed. */
  RowData decode(byte[] bytes) {
    Schema s = schema();
    if (level == ValidationLevel.FULL) {
      Validator.validate(s, bytes, ValidationLevel.FULL);
    }
    RowData view = new ZerorowRowData(BinaryRow.wrap(s, bytes));
    return projection == null ? view : ProjectedRowData.from(projection).replaceRow(view);
  }

  /**
   * A row of any writer schema the table's schema can read (SPEC §13): checked against the writer's
   * schema at this decoder's level, then laid out by the projected fields. A writer schema the
   * table cannot read, or a malformed row, is a {@code ZerorowException}.
   */
  RowData decode(BinaryRow written) {
    if (level == ValidationLevel.FULL) {
      Validator.validate(written, ValidationLevel.FULL);
    }
    ReaderLayout p = projected;
    if (p == null) {
      projected = p = new ReaderLayout(select(schema(), projection));
    }
    return new ZerorowRowData(p.of(written).copy());
  }

  /** The fields of {@code schema} at {@code ordinals} (all when null), in that order. */
  private static Schema select(Schema schema, int[] ordinals) {
    if (ordinals == null) {
      return schema;
    }
    Field[] fields = new Field[ordinals.length];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = schema.field(ordinals[i]);
    }
    return Schema.of(fields);
  }

  /** The top-level ordinals of a (non-nested) projection. */
  static int[] topLevel(int[][] projections) {
    int[] out = new int[projections.length];
    for (int i = 0; i < out.length; i++) {
      if (projections[i].length != 1) {
        throw new IllegalArgumentException("zerorow projects top-level fields only");
      }
      out[i] = projections[i][0];
    }
    return out;
  }
}
