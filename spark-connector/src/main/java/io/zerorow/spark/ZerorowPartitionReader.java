package io.zerorow.spark;

import io.zerorow.BinaryRow;
import io.zerorow.DataTypes;
import io.zerorow.Resolution;
import io.zerorow.ResolvedRow;
import io.zerorow.RowCopier;
import io.zerorow.Schema;
import io.zerorow.ValidationLevel;
import io.zerorow.Validator;
import io.zerorow.ZerorowException;
import io.zerorow.arrow.ArrowUtils;
import io.zerorow.arrow.RowFileReader;
import io.zerorow.arrow.RowFiles;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.BoundReference;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.util.SerializableConfiguration;

/**
 * Reads the rows of one row file on an executor. A local file is memory-mapped ({@link
 * RowFileReader}); a file on any other Hadoop file system is read batch by batch with positioned
 * reads. Each row is copied once into a reused buffer (so nothing Spark keeps points into a
 * mapping), checked ({@link RowBounds}, or {@code full}), and then either handed over whole as an
 * {@code UnsafeRow}, projected to the pruned columns (only those fields are read), or, in raw mode,
 * handed over as its bytes. A file written with another schema than the reader's (SPEC §13) is
 * resolved against the reader's pruned fields when the task opens it, and each row is laid out by
 * them ({@link RowCopier}) before it is handed on.
 */
final class ZerorowPartitionReader implements PartitionReader<InternalRow> {

  /** One row file. */
  static final class FilePartition implements InputPartition {
    private static final long serialVersionUID = 1L;
    final String file;

    FilePartition(String file) {
      this.file = file;
    }
  }

  /** What every task of a read needs (serialized to the executors). */
  static final class Factory implements PartitionReaderFactory {
    private static final long serialVersionUID = 1L;
    final boolean raw;
    final int[] ordinals;
    final boolean full;

    /** The reader schema (canonical JSON), and its fields the query reads. */
    final String readerJson;

    final String prunedJson;
    final SerializableConfiguration conf;
    private transient Schema reader;
    private transient Schema pruned;

    Factory(
        boolean raw,
        int[] ordinals,
        boolean full,
        String readerJson,
        String prunedJson,
        SerializableConfiguration conf) {
      this.raw = raw;
      this.ordinals = ordinals;
      this.full = full;
      this.readerJson = readerJson;
      this.prunedJson = prunedJson;
      this.conf = conf;
    }

    Schema reader() {
      if (reader == null) {
        reader = Schema.fromJson(readerJson);
      }
      return reader;
    }

    Schema pruned() {
      if (pruned == null) {
        pruned = Schema.fromJson(prunedJson);
      }
      return pruned;
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
      try {
        return new ZerorowPartitionReader(this, ((FilePartition) partition).file);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  /** The rows of a file, one at a time, as (base, address, size). */
  private interface Rows extends AutoCloseable {
    /** Points {@code view} at the next row; false at the end. */
    boolean next(BinaryRow view) throws IOException;

    Schema schema();

    @Override
    void close() throws IOException;
  }

  private final Factory factory;
  private final String file;
  private final Rows rows;

  /** The file's own schema (the writer schema of its rows). */
  private final Schema schema;

  private final BinaryRow view;
  private final UnsafeRow whole;
  private final UnsafeProjection pruned;
  private final RowFixups time; // null: no time value to scale

  /**
   * For a file whose rows are not laid out as the reader's (SPEC §13): the resolution to the
   * reader's fields the query reads, and the copier that lays each row out by them. Null when the
   * rows are read where they lie.
   */
  private final Resolution resolution;

  private final RowCopier copier;
  private ResolvedRow resolved;
  private byte[] buffer = new byte[256];
  private InternalRow current;
  private long index;

  private ZerorowPartitionReader(Factory factory, String file) throws IOException {
    this.factory = factory;
    this.file = file;
    Path path = new Path(file);
    FileSystem fs = path.getFileSystem(factory.conf.value());
    this.rows = "file".equals(fs.getScheme()) ? mapped(path.toUri()) : positioned(fs, path);
    this.schema = rows.schema();
    this.view = new BinaryRow(schema);
    if (readsInPlace(schema, factory.reader(), file)) {
      this.resolution = null;
      this.copier = null;
      this.whole = new UnsafeRow(schema.numFields());
      this.time = RowFixups.of(schema, false);
      this.pruned =
          factory.raw || isIdentity(factory.ordinals, schema.numFields())
              ? null
              : projection(SparkSchemas.toSpark(schema), factory.ordinals);
    } else {
      Schema out = factory.pruned();
      this.resolution = Resolution.resolve(schema, out);
      this.copier = new RowCopier(out);
      this.whole = new UnsafeRow(out.numFields());
      this.time = RowFixups.of(out, false);
      this.pruned = null;
    }
  }

  /**
   * True when the file's rows can be handed on as they lie: its schema is the reader's, or lays out
   * the same bytes ({@link #sameLayout}). Otherwise each row is laid out again by the reader's
   * fields. A file whose schema the reader cannot read (changed since the driver resolved it) is
   * refused, naming the file.
   */
  private static boolean readsInPlace(Schema writer, Schema reader, String file) {
    try {
      return Resolution.resolve(writer, reader).isIdentity() || sameLayout(writer, reader);
    } catch (ZerorowException e) {
      throw ZerorowException.of(
          e.kind(),
          e.path(),
          "row file "
              + file
              + " (schema "
              + writer.fingerprintHex()
              + ") cannot be read with the reader schema "
              + reader.fingerprintHex()
              + ": "
              + e.detail());
    }
  }

  /**
   * True when rows of {@code writer}, which resolves against {@code reader}, are already laid out
   * as rows of {@code reader}: the same field names in the same order and the same types, where
   * only nullability (widened) and a timestamp's zone (SPEC §13.3: the stored instant is UTC) may
   * differ. Spark's own schemas often differ from a file's in just these ways (every column
   * nullable, the session's time zone).
   */
  static boolean sameLayout(io.zerorow.DataType writer, io.zerorow.DataType reader) {
    if (writer.id() != reader.id()) {
      return false;
    }
    switch (writer.id()) {
      case STRUCT:
        {
          Schema w = (Schema) writer;
          Schema r = (Schema) reader;
          if (w.numFields() != r.numFields()) {
            return false;
          }
          for (int i = 0; i < w.numFields(); i++) {
            if (!w.field(i).name().equals(r.field(i).name())
                || !sameLayout(w.field(i).type(), r.field(i).type())) {
              return false;
            }
          }
          return true;
        }
      case LIST:
        return sameLayout(
            ((DataTypes.ListType) writer).element(), ((DataTypes.ListType) reader).element());
      case MAP:
        return sameLayout(((DataTypes.MapType) writer).key(), ((DataTypes.MapType) reader).key())
            && sameLayout(
                ((DataTypes.MapType) writer).value(), ((DataTypes.MapType) reader).value());
      case DECIMAL:
        return writer.equals(reader);
      case TIMESTAMP:
        return (((DataTypes.TimestampType) writer).tz() == null)
            == (((DataTypes.TimestampType) reader).tz() == null);
      default:
        return true;
    }
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

  private static Rows mapped(URI uri) throws IOException {
    RowFileReader reader = RowFileReader.open(java.nio.file.Paths.get(uri));
    Iterator<BinaryRow> it = reader.iterator();
    return new Rows() {
      @Override
      public boolean next(BinaryRow view) {
        if (!it.hasNext()) {
          return false;
        }
        BinaryRow r = it.next();
        view.pointTo(r.getBaseObject(), r.getBaseOffset(), r.getSizeInBytes());
        return true;
      }

      @Override
      public Schema schema() {
        return reader.schema();
      }

      @Override
      public void close() throws IOException {
        reader.close();
      }
    };
  }

  private static Rows positioned(FileSystem fs, Path path) throws IOException {
    long size = fs.getFileStatus(path).getLen();
    ArrowFileReader reader =
        new ArrowFileReader(new HadoopChannel(fs.open(path), size), ArrowUtils.rootAllocator());
    Schema schema;
    List<ArrowBlock> blocks;
    try {
      schema = RowFiles.check(reader.getVectorSchemaRoot().getSchema(), null);
      blocks = reader.getRecordBlocks();
    } catch (IOException | RuntimeException e) {
      reader.close();
      throw e;
    }
    return new Rows() {
      private int block = -1;
      private int row;
      private int count;
      private byte[] bytes;

      @Override
      public boolean next(BinaryRow view) throws IOException {
        while (row >= count) {
          if (++block >= blocks.size()) {
            return false;
          }
          reader.loadRecordBatch(blocks.get(block));
          count = reader.getVectorSchemaRoot().getRowCount();
          row = 0;
        }
        VarBinaryVector v = (VarBinaryVector) reader.getVectorSchemaRoot().getVector(0);
        bytes = v.get(row++);
        view.pointTo(bytes, 0, bytes.length);
        return true;
      }

      @Override
      public Schema schema() {
        return schema;
      }

      @Override
      public void close() throws IOException {
        reader.close();
      }
    };
  }

  @Override
  public boolean next() throws IOException {
    if (!rows.next(view)) {
      return false;
    }
    long i = index++;
    if (copier != null) {
      nextResolved(i);
      return true;
    }
    int size = view.getSizeInBytes();
    if (factory.raw) {
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
    try {
      if (factory.full) {
        Validator.validateRow(schema, base, address, size, ValidationLevel.FULL);
      } else { // a pruned read reads only its fields: only those are checked
        RowBounds.check(schema, base, address, size, pruned == null ? null : factory.ordinals);
      }
      if (time != null) {
        time.apply(base, address);
      }
    } catch (ZerorowException e) {
      throw atRow(e, i);
    }
    whole.pointTo(base, address, size);
    current = pruned == null ? whole : pruned.apply(whole);
    return true;
  }

  /**
   * Row {@code i} of the writer's layout, read through the resolution and laid out by the reader's
   * fields the query reads (SPEC §13.4). The writer's bytes are checked as for any row: at {@code
   * full} validated whole first, else every read of the copy is bounds-checked (java-row's getters)
   * and its values counted against the row's size.
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
    return ZerorowException.of(e.kind(), e.path(), file + ", row " + i + ": " + e.detail());
  }

  @Override
  public InternalRow get() {
    return current;
  }

  @Override
  public void close() throws IOException {
    rows.close();
  }
}
