package io.zerorow.flink;

import io.zerorow.row.BinaryMap;
import java.util.Objects;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.MapData;

/** A Flink {@link MapData} view over a zerorow {@link BinaryMap} (key and value array views). */
public final class ZerorowMapData implements MapData {
  private final BinaryMap map;

  public ZerorowMapData(BinaryMap map) {
    this.map = Objects.requireNonNull(map, "map");
  }

  @Override
  public int size() {
    return map.numElements();
  }

  @Override
  public ArrayData keyArray() {
    return new ZerorowArrayData(map.keyArray());
  }

  @Override
  public ArrayData valueArray() {
    return new ZerorowArrayData(map.valueArray());
  }

  @Override
  public String toString() {
    return map.toString();
  }
}
