package io.zerorow.bench;

import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolution;
import io.zerorow.row.Row;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of the resolved-read benchmarks (SPEC §13.4): one Flat row (12 primitive fields) read
 * directly, and through two reader schemas — {@link #MOVED} (every field at another ordinal, one
 * renamed through an alias, one added; same types: the lookup alone) and {@link #WIDENED} (the
 * same, with the int32 fields read as int64 and float64 and the float32 one as float64). Each read
 * sums eight fields: int32 f01, f08, f11; int64 f02, f09, f12; float64 f03, f10.
 */
final class Evolved {
  /** The writer schema: {@code Models.Flat}. */
  static final Schema WRITER = io.zerorow.encoder.TypeInference.inferSchema(Models.Flat.class);

  static final Schema MOVED = reader(false);
  static final Schema WIDENED = reader(true);

  /** The fields summed by every read, by writer name. */
  static final String[] READ = {"f01", "f02", "f03", "f08", "f09", "f10", "f11", "f12"};

  final BinaryRow row;
  final Row moved;
  final Row widened;
  final Row identity;

  /** Ordinals of {@link #READ} in the writer, in {@link #MOVED} and in {@link #WIDENED}. */
  final int[] direct = ordinals(WRITER);

  final int[] inMoved = ordinals(MOVED);
  final int[] inWidened = ordinals(WIDENED);

  Evolved() {
    row = io.zerorow.encoder.Encoders.rowEncoder(Models.Flat.class).toRow(Models.flat()).copy();
    moved = Resolution.resolve(WRITER, MOVED).view(row);
    widened = Resolution.resolve(WRITER, WIDENED).view(row);
    identity = Resolution.resolve(WRITER, WRITER).view(row);
  }

  /** Reversed field order, f02 renamed to "big" (alias f02), a string added at the front. */
  private static Schema reader(boolean widen) {
    List<Field> fields = new ArrayList<>();
    fields.add(Field.of("note", DataTypes.string(), true));
    for (int i = WRITER.numFields() - 1; i >= 0; i--) {
      Field f = WRITER.field(i);
      io.zerorow.type.DataType t = f.type();
      if (widen && f.name().matches("f01|f08|f11")) {
        t = DataTypes.int64();
      } else if (widen && f.name().equals("f04")) {
        t = DataTypes.float64();
      }
      fields.add(
          f.name().equals("f02")
              ? Field.of("big", t, f.nullable(), "f02")
              : Field.of(f.name(), t, f.nullable()));
    }
    return Schema.of(fields.toArray(new Field[0]));
  }

  private static int[] ordinals(Schema s) {
    int[] out = new int[READ.length];
    for (int k = 0; k < READ.length; k++) {
      int i = s.indexOf(READ[k]);
      out[k] = i >= 0 ? i : s.indexOf("big");
    }
    return out;
  }

  /** The eight fields of the writer's row, read directly. */
  long readDirect() {
    BinaryRow r = row;
    int[] o = direct;
    return r.getInt(o[0])
        + r.getLong(o[1])
        + (long) r.getDouble(o[2])
        + r.getInt(o[3])
        + r.getLong(o[4])
        + (long) r.getDouble(o[5])
        + r.getInt(o[6])
        + r.getLong(o[7]);
  }

  /**
   * The eight fields of the writer's row read directly and widened by hand as {@link #WIDENED}
   * reads them: the baseline of {@link #readWidened}, with the same conversions.
   */
  long readDirectWidened() {
    BinaryRow r = row;
    int[] o = direct;
    return (long) r.getInt(o[0])
        + r.getLong(o[1])
        + (long) r.getDouble(o[2])
        + (long) r.getInt(o[3])
        + r.getLong(o[4])
        + (long) r.getDouble(o[5])
        + (long) r.getInt(o[6])
        + r.getLong(o[7]);
  }

  /** The same fields through the reader schema {@link #MOVED}. */
  long readMoved() {
    Row r = moved;
    int[] o = inMoved;
    return r.getInt(o[0])
        + r.getLong(o[1])
        + (long) r.getDouble(o[2])
        + r.getInt(o[3])
        + r.getLong(o[4])
        + (long) r.getDouble(o[5])
        + r.getInt(o[6])
        + r.getLong(o[7]);
  }

  /** The same fields through {@link #WIDENED}: the three int32 fields read as int64. */
  long readWidened() {
    Row r = widened;
    int[] o = inWidened;
    return r.getLong(o[0])
        + r.getLong(o[1])
        + (long) r.getDouble(o[2])
        + r.getLong(o[3])
        + r.getLong(o[4])
        + (long) r.getDouble(o[5])
        + r.getLong(o[6])
        + r.getLong(o[7]);
  }

  /** The same fields through the identity resolution (the plain row, as a {@link Row}). */
  long readIdentity() {
    Row r = identity;
    int[] o = direct;
    return r.getInt(o[0])
        + r.getLong(o[1])
        + (long) r.getDouble(o[2])
        + r.getInt(o[3])
        + r.getLong(o[4])
        + (long) r.getDouble(o[5])
        + r.getInt(o[6])
        + r.getLong(o[7]);
  }
}
