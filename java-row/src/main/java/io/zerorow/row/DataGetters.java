package io.zerorow.row;

/**
 * The former name of {@link BinaryGetters}, kept for one release so that code declaring it still
 * compiles; {@link BinaryRow} and {@link BinaryArray} still implement it.
 *
 * @deprecated use {@link BinaryGetters} (or {@link Getters} for code that reads resolved views
 *     too); a row's field count is {@link Row#numFields()}, an array's element count {@link
 *     ArrayData#numElements()}.
 */
@Deprecated(since = "0.3.0", forRemoval = true)
@SuppressWarnings("removal") // extends the deprecated ResolvedGetters, as it did
public interface DataGetters extends BinaryGetters, ResolvedGetters {}
