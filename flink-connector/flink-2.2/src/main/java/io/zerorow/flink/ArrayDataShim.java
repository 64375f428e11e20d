package io.zerorow.flink;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.types.variant.Variant;

/** Flink 2.x: {@link ArrayData} has VARIANT elements, read from zerorow variants (SPEC §3.9). */
abstract class ArrayDataShim implements ArrayData {
  /** The zerorow variant at {@code pos}, null when the element is null. */
  abstract io.zerorow.type.Variant zerorowVariant(int pos);

  @Override
  public Variant getVariant(int pos) {
    return VariantShim.toFlinkValue(zerorowVariant(pos));
  }
}
