package io.zerorow.spark;

import io.zerorow.ZerorowException;
import io.zerorow.arrow.RowFileReader;
import io.zerorow.connector.RowFileSource;
import io.zerorow.internal.RowBounds;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolution;
import io.zerorow.row.Row;
import io.zerorow.row.RowCopier;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.BoundReference;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.util.SerializableConfiguration;
import org.apache.spark.util.TaskCompletionListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the rows of one row file in a task, through java-row's {@link RowFileReader}: a local file
 * is memory-mapped, a file on any other Hadoop file system read batch by batch with positioned
 * reads ({@link HadoopChannel}). Each row is checked ({@link RowBounds}: its references and the
 * null bits of its non-nullable fields; or {@code full}) and then handed over whole as an {@code
 * UnsafeRow}, projected to the columns the query reads (only those fields are read), or, in raw
 * mode, as its bytes. A file written with another schema than the reader's (SPEC §13) is resolved
 * against the reader's fields the query reads, and each row laid out by them ({@link RowCopier}).
 */
final class ZerorowFileReader extends scala.collection.AbstractIterator<InternalRow> {
  private static final Logger LOG = LoggerFactory.getLogger(ZerorowFileReader.class);

  /** The scans whose missing reader fields were already named, by scan id and field. */
  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

  /** What every task of a scan needs (serialized to the executors): Spark's reader function. */
  static final class Factory
      extends scala.runtime.AbstractFunction1<
          PartitionedFile, scala.collection.Iterator<InternalRow>>
      implements Serializable {
    private static final long serialVersionUID = 1L;
    final boolean raw;
    final boolean full;

    /** Option {@code recover}: a cut file's complete batches are read (SPEC §5.3). */
    final boolean recover;

    /** The reader schema (canonical JSON); null in raw mode without one: each file's own. */
    final String readerJson;

    /** The reader's fields the query reads, by ordinal. */
    final int[] ordinals;

    final boolean caseSensitive;
    final String scanId;
    final SerializableConfiguration conf;
    private transient Schema reader;

    Factory(
        boolean raw,
        boolean full,
        boolean recover,
        String readerJson,
        int[] ordinals,
        boolean caseSensitive,
        String scanId,
        SerializableConfiguration conf) {
      this.raw = raw;
      this.full = full;
      this.recover = recover;
      this.readerJson = readerJson;
      this.ordinals = ordinals;
      this.caseSensitive = caseSensitive;
      this.scanId = scanId;
      this.conf = conf;
    }

    Schema reader() {
      if (reader == null && readerJson != null) {
        reader = Schema.fromJson(readerJson);
      }
      return reader;
    }

    @Override
    public scala.collection.Iterator<InternalRow> apply(PartitionedFile file) {
      try {
        ZerorowFileReader r = new ZerorowFileReader(this, file.toPath().toString());
        TaskContext task = TaskContext.get();
        if (task != null) {
          task.addTaskCompletionListener((TaskCompletionListener) ctx -> r.closeQuietly());
        }
        return r;
      } catch (IOException e) {
        // Spark's file scans catch a FileNotFoundException (ignoreMissingFiles) and any
        // IOException (ignoreCorruptFiles) as it is: thrown unwrapped, as Scala code does
        throw ZerorowFileReader.<RuntimeException>sneaky(e);
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T sneaky(Throwable t) throws T {
    throw (T) t;
  }

  /**
   * Opens a row file of any Hadoop file system (a local one is memory-mapped); with {@code
   * recover}, a cut file is read up to its cut (SPEC §5.3). Rows are read at bounds: each row's
   * crc32c is checked when the file has them (SPEC §5.1).
   */
  static RowFileReader open(String file, Configuration conf, boolean recover) throws IOException {
    Path path = new Path(file);
    HadoopFiles files = new HadoopFiles(conf);
    try {
      return RowFileSource.open(
          files,
          path,
          -1,
          files.name(path),
          null,
          ValidationLevel.BOUNDS,
          recover ? RowFileSource.Mode.RECOVERING : RowFileSource.Mode.STRICT);
    } catch (NoSuchFileException e) { // Spark's ignoreMissingFiles knows Hadoop's exception
      throw new FileNotFoundException(file);
    }
  }

  private final Factory factory;
  private final String file;
  private final RowFileReader reader;
  private final Iterator<BinaryRow> rows;

  /** The file's own schema (the writer schema of its rows). */
  private final Schema schema;

  private final BinaryRow view;
  private final UnsafeRow whole;
  private final UnsafeProjection pruned;
  private final RowFixups time; // null: no time value to scale
  private final long[] notNull;

  /**
   * For a file whose rows are not laid out as the reader's (SPEC §13): the resolution to the
   * reader's fields the query reads, and the copier that lays each row out by them. Null when the
   * rows are read where they lie.
   */
  private final Resolution resolution;

  private final RowCopier copier;
  private Row resolved;
  private byte[] buffer = new byte[256];
  private InternalRow current;
  private boolean fetched;
  private boolean closed;
  private long index;

  /**
   * Where a cut file's recovery is counted (a V2 scan's task, {@link RecoveryMetrics}); or null.
   */
  private RecoveryMetrics.Counts counts;

  private ZerorowFileReader(Factory factory, String file) throws IOException {
    this.factory = factory;
    this.file = file;
    this.reader = open(file, factory.conf.value(), factory.recover);
    this.rows = reader.iterator();
    this.schema = reader.schema();
    this.view = new BinaryRow(schema);
    Schema given = factory.reader() == null ? schema : factory.reader();
    Schema readWith = factory.caseSensitive ? given : Names.fold(given, schema);
    Schema out = factory.raw ? readWith : select(readWith, factory.ordinals);
    warnMissing(out);
    if (readsInPlace(schema, readWith, file)) {
      this.resolution = null;
      this.copier = null;
      this.whole = new UnsafeRow(schema.numFields());
      this.time = RowFixups.of(schema, false);
      this.pruned =
          factory.raw || isIdentity(factory.ordinals, schema.numFields())
              ? null
              : projection(SparkSchemas.toSpark(schema), factory.ordinals);
      this.notNull = RowBounds.notNullMask(schema, pruned == null ? null : factory.ordinals);
    } else {
      this.resolution = Resolution.resolve(schema, out);
      this.copier = new RowCopier(out);
      this.whole = new UnsafeRow(out.numFields());
      this.time = RowFixups.of(out, false);
      this.pruned = null;
      this.notNull = RowBounds.notNullMask(schema, null);
    }
  }

  /**
   * Names, once per scan (and executor), each field the query reads that this file does not have
   * (it reads as null), with the file's nearest field: a misspelt reader schema reads all-null
   * otherwise without a word.
   */
  private void warnMissing(Schema read) {
    List<String> names = new ArrayList<>();
    for (Field f : schema.fields()) {
      names.add(f.name());
    }
    for (Field f : read.fields()) {
      if (schema.indexOf(f.name()) >= 0
          || f.aliases().stream().anyMatch(a -> schema.indexOf(a) >= 0)) {
        continue;
      }
      if (WARNED.add(factory.scanId + "/" + f.name())) {
        LOG.warn(
            "format(\"zerorow\"): the field "
                + f.name()
                + " is not in row file "
                + file
                + " and reads as null (its nearest field: "
                + Names.nearest(f.name(), names)
                + ")");
      }
    }
  }

  /** The fields of {@code schema} at {@code ordinals}, in that order. */
  private static Schema select(Schema schema, int[] ordinals) {
    Field[] fields = new Field[ordinals.length];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = schema.field(ordinals[i]);
    }
    return Schema.of(fields);
  }

  /**
   * True when the file's rows can be handed on as they lie: its schema is the reader's, or lays out
   * the same bytes ({@link #sameLayout}). Otherwise each row is laid out again by the reader's
   * fields. A file whose schema the reader cannot read is refused, naming the file.
   */
  private static boolean readsInPlace(Schema writer, Schema reader, String file) {
    try {
      return Resolution.resolve(writer, reader).isIdentity() || sameLayout(writer, reader);
    } catch (ZerorowException e) {
      throw ZerorowException.of(
          e.kind(),
          e.path(),
          e.detail()
              + " (row file "
              + file
              + ", schema "
              + writer.fingerprintHex()
              + ", cannot be read with the reader schema "
              + reader.fingerprintHex()
              + ")");
    }
  }

  /**
   * True when rows of {@code writer}, which resolves against {@code reader}, are already laid out
   * as rows of {@code reader}: the same field names in the same order and the same types, where
   * only nullability (widened) and a timestamp's zone (SPEC §13.3: the stored instant is UTC) may
   * differ. Spark's own schemas often differ from a file's in just these ways (every column
   * nullable, the session's time zone).
   */
  static boolean sameLayout(io.zerorow.type.DataType writer, io.zerorow.type.DataType reader) {
    if (writer.id() != reader.id()) {
      // a fixed_binary's or uuid's body is the binary's bytes (SPEC §13.3): Spark reads them as
      // BinaryType in place
      return reader.id() == TypeId.BINARY
          && (writer.id() == TypeId.FIXED_BINARY || writer.id() == TypeId.UUID);
    }
    // every type: a type added to zerorow is a compile error here until its layout is compared
    return switch (writer.id()) {
      case STRUCT -> {
        Schema w = (Schema) writer;
        Schema r = (Schema) reader;
        if (w.numFields() != r.numFields()) {
          yield false;
        }
        for (int i = 0; i < w.numFields(); i++) {
          if (!w.field(i).name().equals(r.field(i).name())
              || !sameLayout(w.field(i).type(), r.field(i).type())) {
            yield false;
          }
        }
        yield true;
      }
      case LIST ->
          sameLayout(
              ((DataTypes.ListType) writer).element(), ((DataTypes.ListType) reader).element());
      case MAP ->
          sameLayout(((DataTypes.MapType) writer).key(), ((DataTypes.MapType) reader).key())
              && sameLayout(
                  ((DataTypes.MapType) writer).value(), ((DataTypes.MapType) reader).value());
      case DECIMAL, FIXED_BINARY -> writer.equals(reader);
      case TIMESTAMP ->
          (((DataTypes.TimestampType) writer).tz() == null)
              == (((DataTypes.TimestampType) reader).tz() == null);
      case NULL,
              BOOL,
              INT8,
              INT16,
              INT32,
              INT64,
              FLOAT32,
              FLOAT64,
              STRING,
              BINARY,
              DATE32,
              TIME,
              DURATION,
              INTERVAL_YM,
              INTERVAL,
              UUID,
              VARIANT ->
          true;
    };
  }

  private static boolean isIdentity(int[] ordinals, int n) {
    if (ordinals.length != n) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (ordinals[i] != i) {
        return false;
      }
    }
    return true;
  }

  private static UnsafeProjection projection(StructType struct, int[] ordinals) {
    List<Expression> refs = new ArrayList<>();
    for (int o : ordinals) {
      StructField f = struct.fields()[o];
      refs.add(new BoundReference(o, f.dataType(), f.nullable()));
    }
    return UnsafeProjection.create(Shim.seq(refs));
  }

  @Override
  public boolean hasNext() {
    if (!fetched) {
      try {
        fetched = true;
        current = advance() ? current : null;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      if (current == null) {
        closeQuietly();
      }
    }
    return current != null;
  }

  @Override
  public InternalRow next() {
    if (!hasNext()) {
      throw new NoSuchElementException(file);
    }
    fetched = false;
    return current;
  }

  private boolean advance() throws IOException {
    if (closed) {
      return false;
    }
    if (!rows.hasNext()) {
      if (reader.cut() != null && !closed) { // option recover: what was read and lost (SPEC §5.3)
        LOG.warn("format(\"zerorow\") option recover: " + reader.cut().getMessage());
        if (counts != null) {
          counts.add(reader);
          counts = null; // once per file
        }
      }
      return false;
    }
    BinaryRow r = rows.next();
    view.pointTo(r.getBaseObject(), r.getBaseOffset(), r.getSizeInBytes());
    long i = index++;
    if (copier != null) {
      nextResolved(i);
      return true;
    }
    int size = view.getSizeInBytes();
    if (factory.raw) {
      checkRow(view.getBaseObject(), view.getBaseOffset(), size, i);
      current = rawRow(view.getBaseObject(), view.getBaseOffset(), size);
      return true;
    }
    // A pruned read copies the fields it keeps (the projection), so it reads the row where it
    // lies; a whole row is handed on, and times are scaled in place: those take a copy.
    boolean inPlace = pruned != null && time == null;
    Object base = view.getBaseObject();
    long address = view.getBaseOffset();
    if (!inPlace) {
      if (buffer.length < size) {
        buffer = new byte[Math.max(size, 2 * buffer.length)];
      }
      Platform.copyMemory(base, address, buffer, Platform.BYTE_ARRAY_OFFSET, size);
      base = buffer;
      address = Platform.BYTE_ARRAY_OFFSET;
    }
    checkRow(base, address, size, i);
    if (time != null) {
      time.apply(base, address);
    }
    whole.pointTo(base, address, size);
    current = pruned == null ? whole : pruned.apply(whole);
    return true;
  }

  /** {@code full}, else the bounds of the fields read and their null bits (SPEC §6.2). */
  private void checkRow(Object base, long address, int size, long i) {
    try {
      if (factory.full) {
        Validator.validateRow(schema, base, address, size, ValidationLevel.FULL);
      } else { // a pruned read reads only its fields: only those are checked
        RowBounds.check(
            schema, base, address, size, pruned == null ? null : factory.ordinals, notNull);
      }
    } catch (ZerorowException e) {
      throw atRow(e, i);
    }
  }

  /**
   * Row {@code i} of the writer's layout, read through the resolution and laid out by the reader's
   * fields the query reads (SPEC §13.4). The writer's bytes are checked as for any row: at {@code
   * full} validated whole first, else its non-nullable fields' null bits are tested and every read
   * of the copy is bounds-checked (java-row's getters).
   */
  private void nextResolved(long i) {
    BinaryRow out;
    try {
      if (factory.full) {
        Validator.validateRow(
            schema,
            view.getBaseObject(),
            view.getBaseOffset(),
            view.getSizeInBytes(),
            ValidationLevel.FULL);
      } else {
        RowBounds.checkNotNull(schema, view.getBaseObject(), view.getBaseOffset(), notNull);
      }
      if (resolved == null) {
        resolved = resolution.view(view); // follows the view as it is pointed at each row
      }
      out = copier.copy(resolved);
    } catch (ZerorowException e) {
      throw atRow(e, i);
    }
    if (factory.raw) {
      current = rawRow(out.getBaseObject(), out.getBaseOffset(), out.getSizeInBytes());
      return;
    }
    if (time != null) {
      time.apply(out.getBaseObject(), out.getBaseOffset()); // the copier's own buffer
    }
    whole.pointTo(out.getBaseObject(), out.getBaseOffset(), out.getSizeInBytes());
    current = whole;
  }

  /** Raw mode: the row's bytes in a column of their own (nothing, when no column is read). */
  private InternalRow rawRow(Object base, long address, int size) {
    if (factory.ordinals.length == 0) {
      return new GenericInternalRow(0);
    }
    byte[] copy = new byte[size];
    Platform.copyMemory(base, address, copy, Platform.BYTE_ARRAY_OFFSET, size);
    return new GenericInternalRow(new Object[] {copy});
  }

  private ZerorowException atRow(ZerorowException e, long i) {
    return ZerorowException.of(
        e.kind(), e.path(), "row file " + file + ", row " + i + ": " + e.detail());
  }

  /** Counts this file's recovery, if it is cut, into {@code counts} once its rows are read. */
  void countInto(RecoveryMetrics.Counts counts) {
    this.counts = counts;
  }

  /** Closes the file (also at the end of the rows, and when the task completes). */
  void close() {
    closeQuietly();
  }

  private void closeQuietly() {
    if (!closed) {
      closed = true;
      try {
        reader.close();
      } catch (IOException e) {
        LOG.warn("format(\"zerorow\"): closing " + file + ": " + e);
      }
    }
  }
}
