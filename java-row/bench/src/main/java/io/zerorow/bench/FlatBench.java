package io.zerorow.bench;

/**
 * Flat 12 primitive fields: zerorow vs Fory vs Spark: encode, decode (inherited), one-field read.
 */
public class FlatBench extends ShapeBench<Models.Flat> {
  @Override
  protected Models.Flat newValue() {
    return Models.flat();
  }

  @Override
  protected Class<Models.Flat> type() {
    return Models.Flat.class;
  }

  @org.openjdk.jmh.annotations.Benchmark
  public long readZerorow() {
    return zRow.getLong(1);
  }

  @org.openjdk.jmh.annotations.Benchmark
  public long readFory() {
    return fRow.getInt64(1);
  }

  @org.openjdk.jmh.annotations.Benchmark
  public long readSpark() {
    return sRow.getLong(1);
  }
}
