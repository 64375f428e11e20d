package io.zerorow.row;

import io.zerorow.type.Schema;

/**
 * A row: fields read by ordinal with the types of its {@link #schema()}. Two implementations: a
 * {@link BinaryRow} reads the bytes of its own schema in place; the row of a resolution (SPEC
 * §13.4, obtained from {@link Resolution#view(BinaryRow)}) reads the reader schema's field names,
 * ordinals and types over bytes laid out by the writer's schema.
 *
 * <p>Reading a resolved row's field {@code i} looks up the writer's ordinal of {@code i} in a table
 * built when the pair was resolved, reads the writer's value in place and widens it (SPEC §13.3); a
 * field the writer lacks reads as null. Nested structs, lists and maps read as resolved views.
 *
 * <p><b>Identity.</b> A {@link BinaryRow} is also the resolved row of the identity resolution
 * (writer and reader with the same fingerprint), and {@code view} then returns the row itself, so a
 * reader that always goes through a resolution pays nothing when the schemas agree. A nested value
 * whose writer and reader types agree is likewise a plain {@code BinaryRow}, {@link BinaryArray} or
 * {@link BinaryMap}.
 *
 * <p>A resolved row reads through the {@code BinaryRow} it was made from: re-pointing that row
 * ({@link BinaryRow#pointTo}) re-points the resolved row, so one view serves a whole iteration. Not
 * thread-safe, like the view under it.
 */
public interface Row extends Getters {
  /** The schema read: names, ordinals and types of the fields (the reader's, for a resolution). */
  Schema schema();

  /** Number of fields of {@link #schema()}. */
  int numFields();

  /**
   * A copy of the row laid out by its schema, in a new array: the bytes a writer of the reader
   * schema would write for these values (SPEC §2.6).
   */
  BinaryRow copy();
}
