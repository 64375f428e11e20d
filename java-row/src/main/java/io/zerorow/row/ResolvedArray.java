package io.zerorow.row;

/**
 * The former name of {@link ArrayData}, kept for one release so that code declaring it still
 * compiles; {@link BinaryArray} and the arrays of a resolution still implement it.
 *
 * @deprecated use {@link ArrayData}.
 */
@Deprecated(since = "0.3.0", forRemoval = true)
@SuppressWarnings("removal") // extends the deprecated ResolvedGetters, as it did
public interface ResolvedArray extends ArrayData, ResolvedGetters {}
