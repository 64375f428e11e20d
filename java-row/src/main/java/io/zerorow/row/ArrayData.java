package io.zerorow.row;

import io.zerorow.SchemaMismatchException;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;

/**
 * An array (a list value): elements read by ordinal with its element type. Two implementations: a
 * {@link BinaryArray} reads its own bytes in place; the array of a resolution (SPEC §13.4) reads
 * the reader's element type over an array laid out by the writer's element type, each element read
 * in place and widened ({@code BinaryArray} is the identity). Elements use the getters of the
 * reader's element type (SPEC §3): a getter of another type is a {@link SchemaMismatchException}.
 * Not thread-safe.
 */
public interface ArrayData extends Getters {
  /** The list type read (the reader's, for a resolution). */
  DataTypes.ListType type();

  /** Its element type. */
  DataType elementType();

  /** Number of elements. */
  int numElements();

  /** A copy laid out by its list type, in a new array (SPEC §2.2). */
  BinaryArray copy();
}
