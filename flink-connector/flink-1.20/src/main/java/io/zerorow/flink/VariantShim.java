package io.zerorow.flink;

import io.zerorow.UnsupportedException;
import io.zerorow.type.DataType;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * Flink 1.20 has no VARIANT type (Flink 2.1 added it): a zerorow variant is refused naming the
 * field and what to use instead (SPEC Appendix B). See flink-2.2/src/main/java for the mapping.
 */
final class VariantShim {
  /** Whether this Flink version has a VARIANT type. */
  static final boolean HAS_VARIANT = false;

  private VariantShim() {}

  /** Always null: no Flink 1.20 type is a variant. */
  static DataType toZerorow(LogicalType t) {
    return null;
  }

  /** Refuses: Flink 1.20 has no VARIANT type. */
  static LogicalType toFlink(boolean nullable, String path) {
    throw new UnsupportedException(
        path,
        "zerorow type variant has no Flink 1.20 type (Flink has VARIANT from 2.1 on): use the"
            + " connector for Flink 2.2 (zerorow-flink), or store the value as a string of its"
            + " JSON text (Variant.toJson) (README: Type mapping)");
  }

  /** Never reached: no Flink 1.20 table has a variant column (refused above). */
  static io.zerorow.type.Variant toZerorowValue(Object flinkVariant) {
    throw new IllegalStateException("Flink 1.20 has no VARIANT values");
  }

  /** Never reached: no Flink 1.20 table has a variant column (refused above). */
  static Object toFlinkValue(io.zerorow.type.Variant v) {
    throw new IllegalStateException("Flink 1.20 has no VARIANT values");
  }
}
