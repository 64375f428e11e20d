package io.zerorow.row;

/**
 * The former name of {@link Row}, kept for one release so that code declaring it still compiles;
 * {@link BinaryRow} and the rows of a resolution still implement it. {@link Resolution#view} and
 * the nested getters now return {@code Row}: a variable of this type that receives their result
 * needs the new name.
 *
 * @deprecated use {@link Row}.
 */
@Deprecated(since = "0.3.0", forRemoval = true)
@SuppressWarnings("removal") // extends the deprecated ResolvedGetters, as it did
public interface ResolvedRow extends Row, ResolvedGetters {}
