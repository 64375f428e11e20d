/**
 * Rows read in place: the general read contracts ({@code Getters}, {@code Row}, {@code ArrayData},
 * {@code MapData}), their binary views ({@code BinaryRow}, {@code BinaryArray}, {@code BinaryMap},
 * SPEC §2), the views of a schema resolution ({@code Resolution}, SPEC §13) and the validator (SPEC
 * §6).
 */
package io.zerorow.row;
