package io.zerorow.flink;

import io.zerorow.BinaryRow;
import io.zerorow.Schema;
import io.zerorow.ValidationLevel;
import io.zerorow.Validator;
import java.io.Serializable;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.ProjectedRowData;

/**
 * Bytes of one row → a {@link RowData} of the projected fields: validated to the chosen level,
 * then a lazy {@link ZerorowRowData} view (the bytes are not copied; the caller hands over an
 * array it no longer writes). Shared by the message format and the file format.
 */
final class RowDecoder implements Serializable {
  private static final long serialVersionUID = 1L;
  private final String schemaJson;
  private final int[] projection;
  private final ValidationLevel level;
  private transient Schema schema;

  /** {@code projection}: the top-level fields to produce, in order (null: all). */
  RowDecoder(Schema schema, int[] projection, ValidationLevel level) {
    this.schemaJson = schema.toJson();
    this.schema = schema;
    this.projection = projection;
    this.level = level;
  }

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
