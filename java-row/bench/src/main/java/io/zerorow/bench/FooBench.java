package io.zerorow.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * Seed Foo/Bar (10 elements per collection): zerorow vs Fory vs Spark: encode, decode (inherited),
 * one-field read, partial decode.
 */
public class FooBench extends ShapeBench<Models.Foo> {
  io.zerorow.encoder.RowEncoder<Models.Bar> zBar;
  org.apache.fory.format.encoder.RowEncoder<Models.Bar> fBar;
  Libs<Models.Bar> barLibs;

  @Override
  protected Models.Foo newValue() {
    return Models.foo(10);
  }

  @Override
  protected Class<Models.Foo> type() {
    return Models.Foo.class;
  }

  @Setup
  public void setupBar() {
    zBar = io.zerorow.encoder.Encoders.rowEncoder(Models.Bar.class);
    fBar = org.apache.fory.format.encoder.Encoders.bean(Models.Bar.class);
    barLibs = new Libs<>(Models.Bar.class);
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
