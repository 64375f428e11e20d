package io.zerorow.spark;

import io.zerorow.ZerorowException;
import io.zerorow.internal.RowBounds;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.Schema;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.util.LongAccumulator;

/**
 * The work of {@code zerorow_decode} for one task: validate the bytes (SPEC §6.2; see {@link
 * RowBounds} for what {@code bounds} means when Spark reads the row) and point an {@code UnsafeRow}
 * at them: no field is copied. Only a schema with a {@code time} value takes a copy (Spark counts
 * nanoseconds there, SPEC §9). FAILFAST throws a {@link ZerorowException} naming the row, the field
 * path and the numbers; PERMISSIVE returns null and counts the row in {@code malformed}. The row is
 * named by its index among the rows this task passed to the expression, nulls included ({@link
 * #skipNull}), counted from 0: the row's index in the partition when nothing before the decode in
 * the same stage drops rows.
 */
public final class RowDecoding {
  private final Schema schema;
  private final ValidationLevel level;
  private final boolean permissive;
  private final LongAccumulator malformed;
  private final RowFixups time; // null: no time value to scale
  private final long[] notNull;
  private long rowIndex;

  RowDecoding(Schema schema, ValidationLevel level, boolean permissive, LongAccumulator malformed) {
    this.schema = schema;
    this.level = level;
    this.permissive = permissive;
    this.malformed = malformed;
    this.time = RowFixups.of(schema, false);
    this.notNull = RowBounds.notNullMask(schema, null);
  }

  /** Counts a null input, which is not decoded, so that the next row's index stays right. */
  public void skipNull() {
    rowIndex++;
  }

  /** The row over {@code bytes}, or null (PERMISSIVE) when they are malformed. */
  public InternalRow decode(byte[] bytes) {
    long index = rowIndex++;
    try {
      if (level == ValidationLevel.FULL) {
        Validator.validate(schema, bytes, ValidationLevel.FULL);
      } else {
        RowBounds.check(schema, bytes, Platform.BYTE_ARRAY_OFFSET, bytes.length, null, notNull);
      }
      if (time != null) {
        bytes = bytes.clone(); // the input value stays untouched
        time.apply(bytes, Platform.BYTE_ARRAY_OFFSET);
      }
    } catch (ZerorowException e) {
      if (permissive) {
        if (malformed != null) {
          malformed.add(1);
        }
        return null;
      }
      throw ZerorowException.of(e.kind(), e.path(), where(index) + e.detail());
    }
    UnsafeRow row = new UnsafeRow(schema.numFields());
    row.pointTo(bytes, Platform.BYTE_ARRAY_OFFSET, bytes.length);
    return row;
  }

  private static String where(long index) {
    TaskContext task = TaskContext.get();
    return "zerorow_decode, row "
        + index
        + " of "
        + (task == null ? "the driver's input" : "partition " + task.partitionId())
        + ": ";
  }
}
