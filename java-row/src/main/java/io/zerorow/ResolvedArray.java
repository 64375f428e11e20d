package io.zerorow;

/**
 * A list read through a reader list type (SPEC §13.4): the reader's element type over an array laid
 * out by the writer's element type; each element is read in place and widened. {@link BinaryArray}
 * implements it (the identity). Elements use the getters of the reader's element type (SPEC §3): a
 * getter of another type is a {@link SchemaMismatchException}. Not thread-safe.
 */
public interface ResolvedArray extends ResolvedGetters {
  /** The reader's list type. */
  DataTypes.ListType type();

  /** The reader's element type. */
  DataType elementType();

  /** A copy laid out by the reader's list type, in a new array (SPEC §2.2). */
  BinaryArray copy();
}
