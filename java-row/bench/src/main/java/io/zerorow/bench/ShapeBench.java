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

/**
 * What every shape measures, zerorow vs Fory vs Spark in one run: encode and decode of one value,
 * with rows made once in setup. Each subclass names its shape (value and class) and adds its own
 * single-field reads; JMH runs the inherited benchmarks per subclass.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "-Xmx2g",
      "--add-opens=java.base/java.lang=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
      "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens=java.base/java.util=ALL-UNNAMED",
      "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED"
    })
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public abstract class ShapeBench<T> {
  T value;
  Libs<T> libs;
  io.zerorow.row.BinaryRow zRow;
  org.apache.fory.format.row.binary.BinaryRow fRow;
  UnsafeRow sRow;

  /** The value every benchmark encodes or decodes. */
  protected abstract T newValue();

  protected abstract Class<T> type();

  @Setup
  public void setup() {
    value = newValue();
    libs = new Libs<>(type());
    zRow = libs.zerorow.toRow(value).copy();
    byte[] fb = libs.fory.toRow(value).toBytes();
    fRow = new org.apache.fory.format.row.binary.BinaryRow(libs.fory.schema());
    fRow.pointTo(org.apache.fory.memory.MemoryBuffer.fromByteArray(fb), 0, fb.length);
    sRow = ((UnsafeRow) libs.spark(value)).copy();
  }

  @Benchmark
  public io.zerorow.row.BinaryRow encodeZerorow() {
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
}
