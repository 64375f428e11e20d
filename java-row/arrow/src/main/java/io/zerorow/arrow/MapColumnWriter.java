package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.internal.Platform;
import io.zerorow.type.DataTypes;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/** map: a list of non-null {@code entries} structs; keys and values are two columns. */
final class MapColumnWriter extends ColumnWriter {
  private final ColumnWriter key;
  private final ColumnWriter value;
  private final int keyWidth;
  private final int valueWidth;
  private final Slots keys = new Slots();
  private final Slots values = new Slots();

  MapColumnWriter(String path, DataTypes.MapType type) {
    super(path);
    this.key = create(type.key(), path + "{keys}");
    this.value = create(type.value(), path + "{values}");
    this.keyWidth = type.key().elementWidth();
    this.valueWidth = type.value().elementWidth();
  }

  @Override
  void budget(long bytes) {
    super.budget(bytes);
    key.budget(bytes);
    value.budget(bytes);
  }

  @Override
  void write(Object base, Slots s, FieldVector fv) {
    ListVector v = (ListVector) fv;
    int n = s.n;
    v.allocateNew();
    keys.reset(0);
    values.reset(0);
    int total = 0;
    Slots one = new Slots();
    one.reset(1);
    for (int i = 0; i < n; i++) {
      if (s.nul[i]) {
        v.setNull(i);
        continue;
      }
      long ref = s.ref(base, i, path);
      long start = s.body(i, ref);
      int size = (int) ref;
      long k = size >= 8 ? Platform.getLong(base, start) : -1;
      if (k < 0 || (k & 7) != 0 || 8 + k > size) {
        throw new InvalidDataException(
            path,
            "expected a map whose key array size (multiple "
                + "of 8) fits in its "
                + size
                + " bytes but found "
                + (k < 0 ? "(missing)" : Long.toUnsignedString(k)));
      }
      // the two arrays as references relative to the map (offset 8 and 8 + K)
      one.region[0] = start;
      one.end[0] = start + size;
      long keyRef = (8L << 32) | k;
      long valueRef = ((8L + k) << 32) | (size - 8 - k);
      long kc = k >= 8 ? Platform.getLong(base, start + 8) : -1;
      long vc = size - 8 - k >= 8 ? Platform.getLong(base, start + 8 + k) : -1;
      if (kc != vc) {
        throw new InvalidDataException(
            path,
            "map with key/value counts that differ: "
                + "expected "
                + kc
                + " values but found "
                + vc);
      }
      if (kc > 0) {
        checkBudget("map entries", total + kc);
      }
      if (kc >= 0 && kc < (1L << 31)) {
        keys.grow(total, (int) Math.min(Integer.MAX_VALUE, total + kc));
        values.grow(total, (int) Math.min(Integer.MAX_VALUE, total + kc));
      }
      int nk = Slots.arrayElements(base, one, 0, keyRef, keyWidth, keys, total, path + "{keys}");
      Slots.arrayElements(base, one, 0, valueRef, valueWidth, values, total, path + "{values}");
      for (int j = 0; j < nk; j++) {
        if (keys.nul[total + j]) {
          throw new InvalidDataException(path + "{key " + j + "}", "null map key");
        }
      }
      v.startNewValue(i);
      v.endValue(i, nk);
      total += nk;
    }
    keys.n = total;
    values.n = total;
    StructVector entries = (StructVector) v.getDataVector();
    entries.allocateNew();
    for (int j = 0; j < total; j++) {
      entries.setIndexDefined(j);
    }
    List<FieldVector> kv = entries.getChildrenFromFields();
    key.write(base, keys, kv.get(0));
    value.write(base, values, kv.get(1));
    entries.setValueCount(total);
    v.setValueCount(n);
  }
}
