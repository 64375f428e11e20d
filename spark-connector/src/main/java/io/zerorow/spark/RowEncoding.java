package io.zerorow.spark;

import io.zerorow.type.Schema;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.Platform;

/**
 * The work of {@code zerorow_encode} for one task: Spark's own {@code UnsafeProjection} writes the
 * row (for the types both share its bytes are zerorow's, SPEC §9); then, only when the schema holds
 * floats or times, {@link RowFixups} canonicalises NaNs and scales times. Not thread-safe: each
 * task (each deserialized or generated copy of the expression) has its own.
 */
public final class RowEncoding {
  private final UnsafeProjection projection;
  private final RowFixups fixups; // null: nothing to fix

  RowEncoding(StructType struct, Schema schema) {
    this.projection = UnsafeProjection.create(struct);
    this.fixups = RowFixups.of(schema, true);
  }

  /** The row as Spark's {@code UnsafeRow} (itself when it is one; else the reused projection). */
  UnsafeRow project(InternalRow struct) {
    return struct instanceof UnsafeRow ? (UnsafeRow) struct : projection.apply(struct);
  }

  /** True when the bytes of {@link #project} need {@link #encode}'s fixes (NaNs, times). */
  boolean needsFixing() {
    return fixups != null;
  }

  /** The zerorow bytes of one struct value (a new array). */
  public byte[] encode(InternalRow struct) {
    UnsafeRow row = project(struct);
    byte[] bytes = row.getBytes();
    if (bytes == row.getBaseObject()) {
      bytes = bytes.clone(); // getBytes gave the reused buffer itself: the value must own its bytes
    }
    if (fixups != null) {
      fixups.apply(bytes, Platform.BYTE_ARRAY_OFFSET);
    }
    return bytes;
  }
}
