package io.zerorow.flink;

import org.apache.flink.table.data.ArrayData;

/** Flink 1.20: {@link ArrayData} has no VARIANT getter (see flink-2.2/src/main/java). */
abstract class ArrayDataShim implements ArrayData {
  /** The zerorow variant at {@code pos}: unused here, Flink 1.20 has no VARIANT to read it as. */
  abstract io.zerorow.type.Variant zerorowVariant(int pos);
}
