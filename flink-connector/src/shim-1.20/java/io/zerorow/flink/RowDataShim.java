package io.zerorow.flink;

import org.apache.flink.table.data.RowData;

/** Flink 1.20: {@link RowData} has no VARIANT getter (see src/shim-2.2). */
abstract class RowDataShim implements RowData {}
