package io.zerorow.arrow;

import io.zerorow.SchemaMismatchException;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;

/**
 * Turns the rows of an Arrow batch back into zerorow rows (SPEC §12.2), one row at a time into one
 * reused row buffer: the {@link BinaryRow} that {@link #row} and the iterator return is the same
 * view each time, valid until the next row is read ({@link BinaryRow#copy} keeps one).
 *
 * <pre>{@code
 * try (ArrowReader reader = ArrowReader.of(root)) {
 *   for (BinaryRow row : reader) { ... }
 * }
 * }</pre>
 *
 * Every Arrow type SPEC §12.2 reads is read as it says, through the one mapping every entry point
 * shares: dictionary-encoded columns as their values (give the dictionaries: {@link
 * #of(VectorSchemaRoot, DictionaryProvider)}), run-end encoded ones expanded, views, large and
 * fixed-size lists, unsigned integers widened, float16, date64 (whole days, checked), times,
 * timestamps and durations of any unit (nanoseconds floored toward negative infinity, SPEC Appendix
 * A rule 6, or refused by a reader built {@code strict}), decimal32 to decimal256, fixed-size
 * binary, the three intervals, the extension types {@code arrow.uuid} and {@code parquet.variant};
 * unions are refused. Every buffer, offset, length and child size is checked against the buffers
 * before a value is read, and range rules (a time of day below 24 h, UTF-8 strings) are checked on
 * import: a damaged batch is an {@code invalid_data} error naming the column and the row, never a
 * wrong value or a read outside the buffers. A null where the column is not nullable is {@code
 * invalid_data}. After loading a new batch into the same root, call {@link #rebind}.
 */
public final class ArrowReader implements Iterable<BinaryRow>, AutoCloseable {
  private final VectorSchemaRoot root;
  private final DictionaryProvider dictionaries;
  private final boolean ownsRoot;
  private final boolean strict;
  private final RowImporter importer;

  private ArrowReader(
      VectorSchemaRoot root,
      DictionaryProvider dictionaries,
      Schema expected,
      boolean ownsRoot,
      boolean strict) {
    this.root = root;
    this.dictionaries = dictionaries;
    this.ownsRoot = ownsRoot;
    this.strict = strict;
    ArrowColumn[] columns = columns();
    List<org.apache.arrow.vector.types.pojo.Field> fields = new ArrayList<>();
    for (ArrowColumn c : columns) {
      fields.add(c.field);
    }
    this.importer = new RowImporter(fields, strict);
    if (expected != null && !expected.equals(importer.schema)) {
      throw new SchemaMismatchException(
          "",
          "expected Arrow columns for schema "
              + expected.fingerprintHex()
              + " "
              + expected.toJson()
              + " but found "
              + importer.schema.fingerprintHex()
              + " "
              + importer.schema.toJson());
    }
    importer.bind(columns, root.getRowCount(), 0);
  }

  private ArrowColumn[] columns() {
    List<FieldVector> vs = root.getFieldVectors();
    ArrowColumn[] out = new ArrowColumn[vs.size()];
    for (int k = 0; k < out.length; k++) {
      out[k] = ArrowColumn.of(vs.get(k), dictionaries);
    }
    return out;
  }

  /** Reads {@code root} with the schema SPEC §12.2 derives from its columns. */
  public static ArrowReader of(VectorSchemaRoot root) {
    return new ArrowReader(root, null, null, false, false);
  }

  /**
   * Reads {@code root}, whose dictionary-encoded columns have their dictionaries in {@code
   * dictionaries} (Arrow's {@code ArrowFileReader} and {@code ArrowStreamReader} are such
   * providers).
   */
  public static ArrowReader of(VectorSchemaRoot root, DictionaryProvider dictionaries) {
    return new ArrowReader(root, dictionaries, null, false, false);
  }

  /**
   * Reads {@code root} as rows of {@code schema}; the Arrow columns must have the types SPEC §12.2
   * maps to the fields (or the read variants it allows), else {@code schema_mismatch}.
   */
  public static ArrowReader of(VectorSchemaRoot root, Schema schema) {
    return of(root, schema, false);
  }

  /**
   * As {@link #of(VectorSchemaRoot, Schema)}; with {@code strict}, a value finer than a microsecond
   * is refused instead of floored (SPEC Appendix A rule 6, Python's {@code
   * from_arrow(strict=True)}).
   */
  public static ArrowReader of(VectorSchemaRoot root, Schema schema, boolean strict) {
    return new ArrowReader(root, null, schema, false, strict);
  }

  /**
   * The general form: {@code dictionaries} for dictionary-encoded columns (or null), {@code schema}
   * the expected schema (or null for the derived one), {@code strict} as above.
   */
  public static ArrowReader of(
      VectorSchemaRoot root, DictionaryProvider dictionaries, Schema schema, boolean strict) {
    return new ArrowReader(root, dictionaries, schema, false, strict);
  }

  /** Loads {@code batch} (not closed) into vectors of {@code schema} owned by this reader. */
  public static ArrowReader of(ArrowRecordBatch batch, Schema schema, BufferAllocator allocator) {
    return of(batch, schema, allocator, false);
  }

  /**
   * As {@link #of(ArrowRecordBatch, Schema, BufferAllocator)}, refusing values finer than a
   * microsecond when {@code strict}.
   */
  public static ArrowReader of(
      ArrowRecordBatch batch, Schema schema, BufferAllocator allocator, boolean strict) {
    VectorSchemaRoot root = VectorSchemaRoot.create(ArrowUtils.toArrowSchema(schema), allocator);
    try {
      new VectorLoader(root).load(batch);
      return new ArrowReader(root, null, schema, true, strict);
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  /** The zerorow schema of the rows. */
  public Schema schema() {
    return importer.schema;
  }

  /** Whether values finer than a microsecond are refused (else floored). */
  public boolean strict() {
    return strict;
  }

  /** The Arrow batch this reader reads. */
  public VectorSchemaRoot root() {
    return root;
  }

  /** The number of rows in the batch. */
  public int rowCount() {
    return root.getRowCount();
  }

  /** Re-reads and checks the vectors' buffers; call after loading a new batch into the root. */
  public void rebind() {
    importer.bind(columns(), root.getRowCount(), 0);
  }

  /** Row {@code i}, written into the reused buffer (see the class comment). */
  public BinaryRow row(int i) {
    return importer.row(i);
  }

  /** Row {@code i} as a new byte array. */
  public byte[] rowBytes(int i) {
    return importer.rowBytes(i);
  }

  @Override
  public Iterator<BinaryRow> iterator() {
    return new Iterator<>() {
      private int next;

      @Override
      public boolean hasNext() {
        return next < root.getRowCount();
      }

      @Override
      public BinaryRow next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return row(next++);
      }
    };
  }

  /** Closes the root if this reader created it (from a record batch). */
  @Override
  public void close() {
    if (ownsRoot) {
      root.close();
    }
  }
}
