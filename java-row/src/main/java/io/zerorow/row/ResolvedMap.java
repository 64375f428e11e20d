package io.zerorow.row;

/**
 * The former name of {@link MapData}, kept for one release so that code declaring it still
 * compiles; {@link BinaryMap} and the maps of a resolution still implement it.
 *
 * @deprecated use {@link MapData}.
 */
@Deprecated(since = "0.3.0", forRemoval = true)
public interface ResolvedMap extends MapData {}
