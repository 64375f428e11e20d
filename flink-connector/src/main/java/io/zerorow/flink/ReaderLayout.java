package io.zerorow.flink;

import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolver;
import io.zerorow.row.RowCopier;
import io.zerorow.type.Schema;

/**
 * Rows of any writer schema laid out by one reader schema (SPEC §13): a row of the reader's schema
 * is returned as it is; a row of another schema is resolved against the reader's (once per writer
 * fingerprint, {@link Resolver}) and laid out again ({@link RowCopier}). A writer schema the reader
 * cannot read is a {@link io.zerorow.SchemaMismatchException} at the schema path, naming both
 * types. Reuses one buffer: not thread-safe.
 */
final class ReaderLayout {
  private final Schema reader;
  private final Resolver resolver;
  private RowCopier copier;

  /** The last other schema object found to have the reader's fingerprint. */
  private Schema fitting;

  ReaderLayout(Schema reader) {
    this.reader = reader;
    this.resolver = new Resolver(reader);
  }

  Schema reader() {
    return reader;
  }

  /**
   * True when {@code row} is laid out by the reader schema already: the same schema object, or one
   * of the same fingerprint (SPEC §4.2, the layout without aliases; both are cached, so this costs
   * two reads per row where {@code equals} would compare the canonical JSON texts).
   */
  boolean fits(BinaryRow row) {
    Schema s = row.schema();
    if (s == reader || s == fitting) {
      return true;
    }
    if (s.fingerprint() != reader.fingerprint()) {
      return false;
    }
    fitting = s;
    return true;
  }

  /**
   * {@code row} laid out by the reader schema: the row itself when it has that schema, else a view
   * of this object's buffer, valid until the next call ({@link BinaryRow#copy()} keeps it).
   */
  BinaryRow of(BinaryRow row) {
    if (fits(row)) {
      return row;
    }
    if (copier == null) {
      copier = new RowCopier(reader);
    }
    return copier.copy(resolver.resolve(row.schema()).view(row));
  }
}
