package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;

/** struct: validity here; field {@code k} of every struct in one child column. */
final class StructColumnWriter extends ColumnWriter {
  private final Schema schema;
  private final ColumnWriter[] fields;
  private final Slots rows = new Slots();
  private final Slots child = new Slots();

  StructColumnWriter(String path, Schema schema) {
    super(path);
    this.schema = schema;
    this.fields = new ColumnWriter[schema.numFields()];
    for (int k = 0; k < fields.length; k++) {
      Field f = schema.field(k);
      fields[k] = create(f.type(), path.isEmpty() ? f.name() : path + "." + f.name());
    }
  }

  @Override
  void budget(long bytes) {
    super.budget(bytes);
    for (ColumnWriter f : fields) {
      f.budget(bytes);
    }
  }

  @Override
  void write(Object base, Slots s, FieldVector fv) {
    StructVector v = (StructVector) fv;
    int n = s.n;
    v.allocateNew();
    rows.reset(n);
    int fixed = schema.fixedRegionSize();
    for (int i = 0; i < n; i++) {
      rows.nul[i] = s.nul[i];
      if (s.nul[i]) {
        v.setNull(i);
        continue;
      }
      long ref = s.ref(base, i, path);
      int size = (int) ref;
      if (size < fixed || (size & 7) != 0) {
        throw new InvalidDataException(
            path,
            "expected a struct of size >= " + fixed + " and a multiple of 8 but found " + size);
      }
      rows.region[i] = s.body(i, ref);
      rows.end[i] = rows.region[i] + size;
      v.setIndexDefined(i);
    }
    FieldColumns.write(base, rows, schema, fields, child, v.getChildrenFromFields());
    v.setValueCount(n);
  }
}
