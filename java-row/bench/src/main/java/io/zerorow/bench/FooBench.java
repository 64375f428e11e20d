package io.zerorow.bench;

import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Seed Foo/Bar (10 elements per collection): zerorow vs Fory vs Spark: encode, decode, one-field read, partial decode. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.util=ALL-UNNAMED",
    "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class FooBench {
  Models.Foo value;
  Libs<Models.Foo> libs;
  io.zerorow.BinaryRow zRow;
  org.apache.fory.format.row.binary.BinaryRow fRow;
  UnsafeRow sRow;
  io.zerorow.RowEncoder<Models.Bar> zBar;
  org.apache.fory.format.encoder.RowEncoder<Models.Bar> fBar;
  Libs<Models.Bar> barLibs;

  @Setup
  public void setup() {
    value = Models.foo(10);
    libs = new Libs<>(Models.Foo.class);
    zRow = libs.zerorow.toRow(value).copy();
    byte[] fb = libs.fory.toRow(value).toBytes();
    fRow = new org.apache.fory.format.row.binary.BinaryRow(libs.fory.schema());
    fRow.pointTo(org.apache.fory.memory.MemoryBuffer.fromByteArray(fb), 0, fb.length);
    sRow = ((UnsafeRow) libs.spark(value)).copy();
    zBar = io.zerorow.Encoders.rowEncoder(Models.Bar.class);
    fBar = org.apache.fory.format.encoder.Encoders.bean(Models.Bar.class);
    barLibs = new Libs<>(Models.Bar.class);
  }

  @Benchmark
  public io.zerorow.BinaryRow encodeZerorow() {
    return libs.zerorow.toRow(value);
  }

  @Benchmark
  public org.apache.fory.format.row.binary.BinaryRow encodeFory() {
    return libs.fory.toRow(value);
  }

  @Benchmark
  public InternalRow encodeSpark() {
    return libs.spark(value);
  }

  @Benchmark
  public Object decodeZerorow() {
    return libs.zerorow.fromRow(zRow);
  }

  @Benchmark
  public Object decodeFory() {
    return libs.fory.fromRow(fRow);
  }

  @Benchmark
  public Object decodeSpark() {
    return libs.sparkDeser.apply(sRow);
  }

  /** Touches every value, so lazily decoded collections (Fory's lists) are materialized too. */
  static long touch(Models.Foo f) {
    long sum = f.getF1();
    for (Integer x : f.getF2()) {
      sum += x;
    }
    for (java.util.Map.Entry<String, Integer> e : f.getF3().entrySet()) {
      sum += e.getKey().length() + e.getValue();
    }
    for (Models.Bar b : f.getF4()) {
      sum += b.getF1().length();
      for (Long x : b.getF2()) {
        sum += x;
      }
    }
    return sum;
  }

  @Benchmark
  public long decodeAllZerorow() {
    return touch(libs.zerorow.fromRow(zRow));
  }

  @Benchmark
  public long decodeAllFory() {
    return touch(libs.fory.fromRow(fRow));
  }

  @Benchmark
  public long decodeAllSpark() {
    return touch(libs.sparkDeser.apply(sRow));
  }

  @Benchmark
  public long readZerorow() {
    return zRow.getInt(0);
  }

  @Benchmark
  public long readFory() {
    return fRow.getInt32(0);
  }

  @Benchmark
  public long readSpark() {
    return sRow.getInt(0);
  }

  @Benchmark
  public Object partialZerorow() {
    return zBar.fromRow(zRow.getArray(3).getStruct(5));
  }

  @Benchmark
  public Object partialFory() {
    return fBar.fromRow(fRow.getArray(3).getStruct(5));
  }

  @Benchmark
  public Object partialSpark() {
    return barLibs.sparkDeser.apply(sRow.getArray(3).getStruct(5, 2));
  }
}
