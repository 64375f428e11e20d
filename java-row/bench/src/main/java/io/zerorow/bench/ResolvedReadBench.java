package io.zerorow.bench;

import java.util.concurrent.TimeUnit;
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
 * A resolved read (SPEC §13.4) against a direct read of the same eight fields of a Flat row (see
 * {@link Evolved}); {@link ResolvedReadCost} gives the ratio, measured interleaved.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ResolvedReadBench {
  Evolved rows;

  @Setup
  public void setup() {
    rows = new Evolved();
  }

  @Benchmark
  public long direct() {
    return rows.readDirect();
  }

  @Benchmark
  public long directWidenedByHand() {
    return rows.readDirectWidened();
  }

  @Benchmark
  public long resolvedMoved() {
    return rows.readMoved();
  }

  @Benchmark
  public long resolvedWidened() {
    return rows.readWidened();
  }

  @Benchmark
  public long resolvedIdentity() {
    return rows.readIdentity();
  }
}
