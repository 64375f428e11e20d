package io.zerorow.flink;

import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import java.util.Arrays;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.VariantType;
import org.apache.flink.types.variant.BinaryVariant;

/**
 * Flink 2.x has a VARIANT type ({@code LogicalTypeRoot.VARIANT}, {@link BinaryVariant}): the same
 * two byte strings as zerorow's variant, Parquet's Variant binary encoding (SPEC §3.9), so values
 * pass both ways as they are. Flink 1.20 has none (flink-1.20/src/main/java refuses it).
 */
final class VariantShim {
  /** Whether this Flink version has a VARIANT type. */
  static final boolean HAS_VARIANT = true;

  private VariantShim() {}

  /** zerorow's variant for a Flink VARIANT, or null when {@code t} is another type. */
  static DataType toZerorow(LogicalType t) {
    return t instanceof VariantType ? DataTypes.VARIANT : null;
  }

  /** Flink's VARIANT for zerorow's variant at {@code path}. */
  static LogicalType toFlink(boolean nullable, String path) {
    return new VariantType(nullable);
  }

  /** The zerorow variant of a Flink VARIANT value (its value bytes from its position on). */
  static io.zerorow.type.Variant toZerorowValue(Object flinkVariant) {
    BinaryVariant v = (BinaryVariant) flinkVariant;
    byte[] value = v.getValue();
    if (v.getPos() != 0) {
      value = Arrays.copyOfRange(value, v.getPos(), value.length);
    }
    return new io.zerorow.type.Variant(v.getMetadata(), value);
  }

  /** The Flink VARIANT value of a zerorow variant; null for null. */
  static BinaryVariant toFlinkValue(io.zerorow.type.Variant v) {
    return v == null ? null : new BinaryVariant(v.value(), v.metadata());
  }
}
