/** Rows and Apache Arrow: record batches both ways, and row files and streams (SPEC §5). */
package io.zerorow.arrow;
