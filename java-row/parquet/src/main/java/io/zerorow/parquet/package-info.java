/** Rows and Apache Parquet files, both ways, without a Hadoop installation (SPEC §12). */
package io.zerorow.parquet;
