package io.zerorow.flink;

import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.DataType;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import java.io.Serializable;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.ProjectedRowData;

/**
 * One row → a {@link RowData} of the projected fields, checked at the chosen level before it is
 * read, so that a malformed row is found here, where the caller knows its file and row (or message
 * number) and can skip it ({@code zerorow.ignore-parse-errors}), not later in an operator:
 *
 * <ul>
 *   <li>{@code FULL}: the whole row, every rule of SPEC §6.3, once;
 *   <li>{@code BOUNDS}: the wrap rules W1–W2 and, for each projected field, the access rules B2–B3
 *       of reading it (its reference, and a nested value's header): what {@code bounds} checks when
 *       the query reads those fields (SPEC §6.2), done once here; damage deeper inside a nested
 *       value is found when that value is read;
 *   <li>{@code NONE}: the wrap rules only (every view checks them).
 * </ul>
 *
 * <p>The result is a lazy {@link ZerorowRowData} view. Shared by the message format and the file
 * format. A row written with another schema than the table's ({@link #decode(BinaryRow, boolean)},
 * SPEC §13) is checked against its own schema, resolved against the table's projected fields (once
 * per writer schema) and laid out by them, one copy, which reads every value of those fields
 * through bounds-checked getters.
 */
final class RowDecoder implements Serializable {
  private static final long serialVersionUID = 1L;
  private final String schemaJson;
  private final int[] projection;
  private final ValidationLevel level;
  private transient Schema schema;
  private transient TypeId[] ids;
  private transient ReaderLayout projected;
  private transient TypeId[] projectedIds;

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

  ValidationLevel level() {
    return level;
  }

  /**
   * The bytes of a row of the table's schema (a message), which the view keeps (the caller hands
   * over an array it no longer writes). Throws a {@code ZerorowException} naming the field path and
   * the numbers when malformed.
   */
  RowData decode(byte[] bytes) {
    Schema s = schema();
    if (level == ValidationLevel.FULL) {
      Validator.validate(s, bytes, ValidationLevel.FULL);
    }
    BinaryRow row = BinaryRow.wrap(s, bytes); // W1-W2
    if (level == ValidationLevel.BOUNDS) {
      checkFields(row, projection);
    }
    return view(row);
  }

  /**
   * A row of any writer schema the table's schema can read (SPEC §13), checked at this decoder's
   * level against its own schema. A row of the table's layout is read where it is when {@code
   * owned} (the caller hands over the view and the memory it points into), else copied; any other
   * is laid out by the projected fields. A writer schema the table cannot read, or a malformed row,
   * is a {@code ZerorowException}.
   */
  RowData decode(BinaryRow written, boolean owned) {
    if (level == ValidationLevel.FULL) {
      Validator.validate(written, ValidationLevel.FULL);
    }
    Schema s = schema();
    if (written.schema() == s || written.schema().fingerprint() == s.fingerprint()) {
      if (level == ValidationLevel.BOUNDS) {
        checkFields(written, projection);
      }
      return view(owned ? written : written.copy());
    }
    ReaderLayout p = projected;
    if (p == null) {
      projected = p = new ReaderLayout(select(s, projection));
      projectedIds = ZerorowRowData.typeIds(p.reader());
    }
    return new ZerorowRowData(p.of(written).copy(), projectedIds);
  }

  /** The projected view of a row of the table's schema. */
  private RowData view(BinaryRow row) {
    TypeId[] t = ids;
    if (t == null) {
      ids = t = ZerorowRowData.typeIds(schema());
    }
    RowData view = new ZerorowRowData(row, t);
    return projection == null ? view : ProjectedRowData.from(projection).replaceRow(view);
  }

  /**
   * SPEC §6.2's access rules B2–B3 for one read of each field of {@code ordinals} (all when null):
   * a string's, binary's or wide decimal's reference lies inside the row, a nested row, array or
   * map has a valid header. O(1) per field, plus a copy of each string and binary value read.
   */
  static void checkFields(BinaryRow row, int[] ordinals) {
    int n = ordinals == null ? row.numFields() : ordinals.length;
    for (int k = 0; k < n; k++) {
      int i = ordinals == null ? k : ordinals[k];
      DataType t = row.schema().field(i).type();
      if (!t.isVariableWidth() || row.isNullAt(i)) {
        continue;
      }
      // each reader of a body checks its reference (and a fixed size, SPEC §6.2 B4)
      Object unused =
          switch (t.id()) {
            case STRUCT -> row.getStruct(i);
            case LIST -> row.getArray(i);
            case MAP -> row.getMap(i);
            case DECIMAL -> row.getDecimal(i);
            case INTERVAL -> row.getInterval(i);
            case VARIANT -> row.getVariant(i);
            case STRING, BINARY, FIXED_BINARY, UUID -> row.getBinary(i);
            // fixed-width: isVariableWidth() is false, nothing to check beyond the slot
            case NULL,
                    BOOL,
                    INT8,
                    INT16,
                    INT32,
                    INT64,
                    FLOAT32,
                    FLOAT64,
                    DATE32,
                    TIME,
                    TIMESTAMP,
                    DURATION,
                    INTERVAL_YM ->
                null;
          };
    }
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
