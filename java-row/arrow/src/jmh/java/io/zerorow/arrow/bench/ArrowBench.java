package io.zerorow.arrow.bench;

import io.zerorow.arrow.ArrowReader;
import io.zerorow.arrow.ArrowUtils;
import io.zerorow.arrow.ArrowWriter;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.fory.memory.MemoryBuffer;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Rows -> Arrow and Arrow -> rows on the same rows: zerorow's ArrowWriter/ArrowReader vs Fory
 * 0.16's ArrowWriter (rows -> Arrow; Fory reads the very same row bytes, the formats are
 * byte-identical for these types) and Spark 4.2's ArrowWriter (rows -> Arrow, from UnsafeRows over
 * the same bytes) and ColumnarBatch + UnsafeProjection (Arrow -> UnsafeRows). Each benchmark
 * converts one batch of {@code rows} rows; the score is batches per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 4, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "--add-opens=java.base/java.nio=org.apache.arrow.memory.core,ALL-UNNAMED",
      "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens=java.base/java.lang=ALL-UNNAMED",
      "--add-opens=java.base/java.util=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
      "-Dio.netty.tryReflectionSetAccessible=true"
    })
public class ArrowBench {
  @Param({"4096"})
  public int rows;

  static final Schema SCHEMA =
      Schema.of(
          Field.of("id", DataTypes.INT64, false),
          Field.of("qty", DataTypes.INT32, true),
          Field.of("price", DataTypes.FLOAT64, true),
          Field.of("flag", DataTypes.BOOL, true),
          Field.of("name", DataTypes.STRING, true),
          Field.of("ts", DataTypes.timestamp("UTC"), true),
          Field.of("day", DataTypes.DATE32, true),
          Field.of("tags", DataTypes.list(DataTypes.INT32, true), true));

  BufferAllocator allocator;
  List<byte[]> data;
  BinaryRow[] zrows;
  org.apache.fory.format.row.binary.BinaryRow[] foryRows;
  UnsafeRow[] sparkRows;
  ArrowWriter zwriter;
  org.apache.fory.format.vectorized.ArrowWriter foryWriter;
  VectorSchemaRoot sparkRoot;
  org.apache.spark.sql.execution.arrow.ArrowWriter sparkWriter;
  VectorSchemaRoot converted;
  ArrowReader zreader;
  ColumnarBatch sparkBatch;
  UnsafeProjection sparkProjection;

  /** Rows of SCHEMA: a few nulls, short strings, lists of 0-4 ints. */
  static List<byte[]> makeRows(int n) {
    Random rnd = new Random(42);
    RowWriter w = new RowWriter(SCHEMA);
    io.zerorow.writer.ArrayWriter aw =
        new io.zerorow.writer.ArrayWriter((DataTypes.ListType) SCHEMA.field(7).type(), w);
    List<byte[]> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      w.reset();
      w.writeLong(0, i);
      if (i % 10 == 3) {
        w.setNullAt(1);
      } else {
        w.writeInt(1, rnd.nextInt(1000));
      }
      w.writeDouble(2, rnd.nextDouble() * 100);
      w.writeBoolean(3, rnd.nextBoolean());
      if (i % 17 == 5) {
        w.setNullAt(4);
      } else {
        w.writeString(4, "customer-" + rnd.nextInt(100000));
      }
      w.writeLong(5, 1_700_000_000_000_000L + rnd.nextInt(1_000_000_000));
      w.writeInt(6, 19000 + rnd.nextInt(1000));
      int c = w.cursor();
      int len = rnd.nextInt(5);
      aw.initialize(len);
      for (int j = 0; j < len; j++) {
        aw.writeInt(j, rnd.nextInt());
      }
      w.setOffsetAndSize(7, c);
      out.add(w.toByteArray());
    }
    return out;
  }

  static org.apache.fory.format.type.Schema forySchema() {
    return org.apache.fory.format.type.DataTypes.schema(
        org.apache.fory.format.type.DataTypes.notNullField(
            "id", org.apache.fory.format.type.DataTypes.int64()),
        org.apache.fory.format.type.DataTypes.field(
            "qty", org.apache.fory.format.type.DataTypes.int32()),
        org.apache.fory.format.type.DataTypes.field(
            "price", org.apache.fory.format.type.DataTypes.float64()),
        org.apache.fory.format.type.DataTypes.field(
            "flag", org.apache.fory.format.type.DataTypes.bool()),
        org.apache.fory.format.type.DataTypes.field(
            "name", org.apache.fory.format.type.DataTypes.utf8()),
        org.apache.fory.format.type.DataTypes.field(
            "ts", org.apache.fory.format.type.DataTypes.timestamp()),
        org.apache.fory.format.type.DataTypes.field(
            "day", org.apache.fory.format.type.DataTypes.date32()),
        org.apache.fory.format.type.DataTypes.field(
            "tags",
            org.apache.fory.format.type.DataTypes.list(
                org.apache.fory.format.type.DataTypes.int32())));
  }

  static StructType sparkSchema() {
    return new StructType()
        .add("id", org.apache.spark.sql.types.DataTypes.LongType, false)
        .add("qty", org.apache.spark.sql.types.DataTypes.IntegerType, true)
        .add("price", org.apache.spark.sql.types.DataTypes.DoubleType, true)
        .add("flag", org.apache.spark.sql.types.DataTypes.BooleanType, true)
        .add("name", org.apache.spark.sql.types.DataTypes.StringType, true)
        .add("ts", org.apache.spark.sql.types.DataTypes.TimestampType, true)
        .add("day", org.apache.spark.sql.types.DataTypes.DateType, true)
        .add(
            "tags",
            org.apache.spark.sql.types.DataTypes.createArrayType(
                org.apache.spark.sql.types.DataTypes.IntegerType, true),
            true);
  }

  @Setup(Level.Trial)
  public void setup() {
    allocator = new RootAllocator(Long.MAX_VALUE);
    data = makeRows(rows);
    zrows = new BinaryRow[rows];
    foryRows = new org.apache.fory.format.row.binary.BinaryRow[rows];
    sparkRows = new UnsafeRow[rows];
    org.apache.fory.format.type.Schema fs = forySchema();
    for (int i = 0; i < rows; i++) {
      byte[] b = data.get(i);
      zrows[i] = BinaryRow.wrap(SCHEMA, b);
      foryRows[i] = new org.apache.fory.format.row.binary.BinaryRow(fs);
      foryRows[i].pointTo(MemoryBuffer.fromByteArray(b), 0, b.length);
      sparkRows[i] = new UnsafeRow(SCHEMA.numFields());
      sparkRows[i].pointTo(b, org.apache.spark.unsafe.Platform.BYTE_ARRAY_OFFSET, b.length);
    }
    zwriter = ArrowUtils.createArrowWriter(SCHEMA, allocator);
    foryWriter =
        org.apache.fory.format.vectorized.ArrowUtils.createArrowWriter(
            ArrowUtils.toArrowSchema(SCHEMA));
    sparkRoot = VectorSchemaRoot.create(ArrowUtils.toArrowSchema(SCHEMA), allocator);
    sparkWriter = org.apache.spark.sql.execution.arrow.ArrowWriter.create(sparkRoot);
    // Arrow -> rows input: one batch, converted once
    for (BinaryRow r : zrows) {
      zwriter.write(r);
    }
    converted = zwriter.finish();
    zreader = ArrowReader.of(converted, SCHEMA);
    List<FieldVector> vs = converted.getFieldVectors();
    ColumnVector[] cols = new ColumnVector[vs.size()];
    for (int k = 0; k < cols.length; k++) {
      cols[k] = new ArrowColumnVector(vs.get(k));
    }
    sparkBatch = new ColumnarBatch(cols, converted.getRowCount());
    sparkProjection = UnsafeProjection.create(sparkSchema());
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    zreader.close();
    converted.close();
    sparkRoot.close();
    zwriter.close();
    allocator.close();
  }

  @Benchmark
  public void rowsToArrowZerorow(Blackhole bh) {
    for (BinaryRow r : zrows) {
      zwriter.write(r);
    }
    try (ArrowRecordBatch batch = zwriter.finishAsRecordBatch()) {
      bh.consume(batch.getLength());
    }
  }

  @Benchmark
  public void rowsToArrowFory(Blackhole bh) {
    for (org.apache.fory.format.row.binary.BinaryRow r : foryRows) {
      foryWriter.write(r);
    }
    try (ArrowRecordBatch batch = foryWriter.finishAsRecordBatch()) {
      bh.consume(batch.getLength());
    }
    foryWriter.reset();
  }

  @Benchmark
  public void rowsToArrowSpark(Blackhole bh) {
    for (UnsafeRow r : sparkRows) {
      sparkWriter.write(r);
    }
    sparkWriter.finish();
    bh.consume(sparkRoot.getRowCount());
    sparkWriter.reset();
  }

  @Benchmark
  public void arrowToRowsZerorow(Blackhole bh) {
    for (BinaryRow r : zreader) {
      bh.consume(r.getSizeInBytes());
    }
  }

  @Benchmark
  public void arrowToRowsSpark(Blackhole bh) {
    Iterator<InternalRow> it = sparkBatch.rowIterator();
    while (it.hasNext()) {
      bh.consume(sparkProjection.apply(it.next()).getSizeInBytes());
    }
  }
}
