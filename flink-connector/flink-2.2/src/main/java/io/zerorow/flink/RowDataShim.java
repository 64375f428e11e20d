package io.zerorow.flink;

import org.apache.flink.table.data.RowData;
import org.apache.flink.types.variant.Variant;

/** Flink 2.x: {@link RowData} has VARIANT fields, read from zerorow variants (SPEC §3.9). */
abstract class RowDataShim implements RowData {
  /** The zerorow variant at {@code pos}, null when the field is null. */
  abstract io.zerorow.type.Variant zerorowVariant(int pos);

  @Override
  public Variant getVariant(int pos) {
    return VariantShim.toFlinkValue(zerorowVariant(pos));
  }
}
