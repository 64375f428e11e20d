package io.zerorow.row;

import io.zerorow.type.DataTypes;

/**
 * The {@link MapData} of a map plan that is not the identity: the key and value arrays of a {@link
 * BinaryMap} of the writer's type, each read through its own list plan. The arrays are the map's
 * own views, so re-pointing the map re-points them.
 */
// ResolvedMap: the deprecated former name of MapData, kept implemented for one release.
@SuppressWarnings("removal")
final class ResolvedMapView implements MapData, ResolvedMap {
  private final DataTypes.MapType type;
  private final BinaryMap map;
  private final ArrayData keys;
  private final ArrayData values;

  ResolvedMapView(TypePlan plan, BinaryMap map) {
    this.type = (DataTypes.MapType) plan.reader;
    this.map = map;
    this.keys = view(plan.keys, map.keyArray());
    this.values = view(plan.values, map.valueArray());
  }

  private static ArrayData view(TypePlan plan, BinaryArray a) {
    return plan.identity ? a : new ResolvedArrayView(plan, a);
  }

  @Override
  public DataTypes.MapType type() {
    return type;
  }

  @Override
  public int numElements() {
    return map.numElements();
  }

  @Override
  public ArrayData keyArray() {
    return keys;
  }

  @Override
  public ArrayData valueArray() {
    return values;
  }

  @Override
  public BinaryMap copy() {
    return RowCopier.copyMap(this);
  }

  /** The entries, e.g. {@code {"a"=1, "b"=2}}, as {@link BinaryMap#toString()}. */
  @Override
  public String toString() {
    return Printer.print(this);
  }

  /** The writer's map under this view (for the decode budget of copies). */
  BinaryMap map() {
    return map;
  }
}
