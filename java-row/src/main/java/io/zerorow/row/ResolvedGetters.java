package io.zerorow.row;

/**
 * The former name of {@link Getters}, kept for one release so that code declaring it still
 * compiles; every row and array view still implements it.
 *
 * @deprecated use {@link Getters}.
 */
@Deprecated(since = "0.3.0", forRemoval = true)
public interface ResolvedGetters extends Getters {
  /**
   * Number of fields (row) or elements (array).
   *
   * @deprecated use {@link Row#numFields()} or {@link ArrayData#numElements()}.
   */
  @Deprecated(since = "0.3.0", forRemoval = true)
  int numElements();
}
