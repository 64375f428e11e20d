/**
 * Writers that build rows and arrays field by field ({@code RowWriter}, {@code ArrayWriter}, SPEC
 * §2), with zeroed padding and null slots so that equal values give equal bytes.
 */
package io.zerorow.writer;
