package io.zerorow.flink;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.types.variant.Variant;

/** Flink 2.x: {@link ArrayData} has VARIANT elements, which zerorow does not map (README). */
abstract class ArrayDataShim implements ArrayData {
  @Override
  public Variant getVariant(int pos) {
    throw new UnsupportedOperationException("zerorow arrays have no VARIANT elements");
  }
}
