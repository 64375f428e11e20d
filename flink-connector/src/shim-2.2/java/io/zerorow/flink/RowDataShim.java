package io.zerorow.flink;

import org.apache.flink.table.data.RowData;
import org.apache.flink.types.variant.Variant;

/** Flink 2.x: {@link RowData} has VARIANT fields, which zerorow does not map (README). */
abstract class RowDataShim implements RowData {
  @Override
  public Variant getVariant(int pos) {
    throw new UnsupportedOperationException("zerorow rows have no VARIANT fields");
  }
}
