package io.zerorow.flink;

import org.apache.flink.table.data.ArrayData;

/** Flink 1.20: {@link ArrayData} has no VARIANT getter (see src/shim-2.2). */
abstract class ArrayDataShim implements ArrayData {}
