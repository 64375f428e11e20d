package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.internal.Mapping;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Arrow columns to zerorow rows (SPEC §12.2): the one import behind {@link ArrowReader} (Arrow Java
 * vectors) and {@link ArrowIpcReader} (IPC files and streams). Built once from the columns' Arrow
 * fields through {@link Mapping#toZerorow}; {@link #bind} checks a batch's columns, {@link #row}
 * writes one row into the reused buffer. Not thread-safe.
 */
final class RowImporter {
  final Schema schema;
  final Mapping.Imported imported;
  private final RowWriter writer;
  private final ValueReader[] fields;
  private final ValueReader.Row row = new ValueReader.Row();
  private int rowCount;
  private long rowBase;

  /** The import of columns with these Arrow fields (message form: dictionaries by value type). */
  RowImporter(List<Field> arrowFields, boolean strict) {
    Mapping.Source s = Mapping.Source.struct("struct");
    for (Field f : arrowFields) {
      s.field(f.getName(), ArrowTypes.source(f), f.isNullable());
    }
    this.imported = Mapping.toZerorow(s, "");
    this.schema = (Schema) imported.type();
    this.writer = new RowWriter(schema);
    this.fields =
        ValueReader.fieldReaders(
            arrowFields, imported.children(), schema, "", writer.buffer(), strict, row);
  }

  /**
   * Checks and binds a batch of {@code rowCount} rows whose first row is row {@code rowBase} of the
   * whole file or stream (for messages).
   */
  void bind(ArrowColumn[] columns, int rowCount, long rowBase) {
    if (rowCount < 0) {
      throw new InvalidDataException("", "Arrow batch: negative row count " + rowCount);
    }
    if (columns.length != fields.length) {
      throw new InvalidDataException(
          "", "Arrow batch: expected " + fields.length + " columns but found " + columns.length);
    }
    this.rowCount = rowCount;
    this.rowBase = rowBase;
    row.number = rowBase;
    for (int k = 0; k < fields.length; k++) {
      if (columns[k].length < rowCount) {
        throw ArrowColumn.corrupt(
            schema.field(k).name(),
            "expected a column of length >= " + rowCount + " but found " + columns[k].length);
      }
      fields[k].bind(columns[k]);
    }
  }

  int rowCount() {
    return rowCount;
  }

  /** Row {@code i} of the batch, written into the reused buffer. */
  BinaryRow row(int i) {
    java.util.Objects.checkIndex(i, rowCount);
    row.number = rowBase + i;
    writer.reset();
    for (int k = 0; k < fields.length; k++) {
      fields[k].writeOrNull(writer, k, i);
    }
    return writer.getRow();
  }

  /** Row {@code i} as a new byte array. */
  byte[] rowBytes(int i) {
    row(i);
    return writer.toByteArray();
  }
}
