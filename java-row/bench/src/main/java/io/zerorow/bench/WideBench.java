package io.zerorow.bench;

/**
 * 30 fields with strings and a list: zerorow vs Fory vs Spark: encode, decode (inherited),
 * one-field read.
 */
public class WideBench extends ShapeBench<Models.Wide> {
  @Override
  protected Models.Wide newValue() {
    return Models.wide();
  }

  @Override
  protected Class<Models.Wide> type() {
    return Models.Wide.class;
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
