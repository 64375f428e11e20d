package io.zerorow.spark;

import io.zerorow.BinaryRow;
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
 * Reads the rows of one row file on an executor. A local file is memory-mapped
 * ({@link RowFileReader}); a file on any other Hadoop file system is read batch by batch with
 * positioned reads. Each row is copied once into a reused buffer (so nothing Spark keeps
 * points into a mapping), checked ({@link RowBounds}, or {@code full}), and then either
 * handed over whole as an {@code UnsafeRow}, projected to the pruned columns (only those
 * fields are read), or, in raw mode, handed over as its bytes.
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
    final SerializableConfiguration conf;

    Factory(boolean raw, int[] ordinals, boolean full, SerializableConfiguration conf) {
      this.raw = raw;
      this.ordinals = ordinals;
      this.full = full;
      this.conf = conf;
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
  private final Schema schema;
  private final BinaryRow view;
  private final UnsafeRow whole;
  private final UnsafeProjection pruned;
  private final RowFixups time; // null: no time value to scale
  private byte[] buffer = new byte[256];
  private InternalRow current;
  private long index;

  private ZerorowPartitionReader(Factory factory, String file) throws IOException {
    this.factory = factory;
    this.file = file;
    Path path = new Path(file);
    FileSystem fs = path.getFileSystem(factory.conf.value());
    this.rows = "file".equals(fs.getScheme()) ? mapped(path.toUri())
        : positioned(fs, path);
    this.schema = rows.schema();
    this.view = new BinaryRow(schema);
    this.whole = new UnsafeRow(schema.numFields());
    this.time = RowFixups.of(schema, false);
    this.pruned = factory.raw || isIdentity(factory.ordinals, schema.numFields()) ? null
        : projection(SparkSchemas.toSpark(schema), factory.ordinals);
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
    ArrowFileReader reader = new ArrowFileReader(new HadoopChannel(fs.open(path), size),
        ArrowUtils.rootAllocator());
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
    int size = view.getSizeInBytes();
    if (factory.raw) {
      byte[] copy = new byte[size];
      Platform.copyMemory(view.getBaseObject(), view.getBaseOffset(), copy,
          Platform.BYTE_ARRAY_OFFSET, size);
      current = factory.ordinals.length == 0 ? new GenericInternalRow(0)
          : new GenericInternalRow(new Object[] {copy});
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
      throw ZerorowException.of(e.kind(), e.path(), file + ", row " + i + ": " + e.detail());
    }
    whole.pointTo(base, address, size);
    current = pruned == null ? whole : pruned.apply(whole);
    return true;
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
