package io.zerorow.arrow.bench;

import java.util.Arrays;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Rows -> Arrow on a shared machine: zerorow's, Fory's and Spark's writers take turns in one JVM (a
 * slice of {@code sliceMs} each, {@code rounds} rounds after 5 warmup rounds), so each round
 * compares them under the same load; prints the medians and the median of the per-round ratios.
 * Arguments: {@code [rounds] [sliceMs]} (default 20, 300). Needs the same {@code --add-opens} flags
 * as {@link ArrowBench}'s fork.
 */
public final class InterleavedBench {
  private InterleavedBench() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    long sliceMs = args.length > 1 ? Long.parseLong(args[1]) : 300;
    Blackhole bh =
        new Blackhole(
            "Today's password is swordfish. I understand instantiating "
                + "Blackholes directly is dangerous.");
    ArrowBench b = new ArrowBench();
    b.rows = 4096;
    b.setup();
    String[] names = {"zerorow", "Fory", "Spark"};
    Runnable[] ops = {
      () -> b.rowsToArrowZerorow(bh), () -> b.rowsToArrowFory(bh), () -> b.rowsToArrowSpark(bh)
    };
    double[][] rate = new double[ops.length][rounds];
    for (int r = -5; r < rounds; r++) {
      for (int j = 0; j < ops.length; j++) {
        long t0 = System.nanoTime();
        long end = t0 + sliceMs * 1_000_000L;
        int n = 0;
        while (System.nanoTime() < end) {
          ops[j].run();
          n++;
        }
        if (r >= 0) {
          rate[j][r] = n / ((System.nanoTime() - t0) / 1e9);
        }
      }
    }
    b.tearDown();
    System.out.println(
        "| implementation | median (batches/s) | best round | zerorow / this, "
            + "median of rounds | p25-p75 |");
    System.out.println("| --- | ---: | ---: | ---: | --- |");
    for (int j = 0; j < ops.length; j++) {
      double[] s = rate[j].clone();
      Arrays.sort(s);
      double[] q = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        q[r] = rate[0][r] / rate[j][r];
      }
      Arrays.sort(q);
      System.out.printf(
          "| %s | %.0f | %.0f | %s | %s |%n",
          names[j],
          s[rounds / 2],
          s[rounds - 1],
          j == 0 ? "" : String.format("%.2fx", q[rounds / 2]),
          j == 0 ? "" : String.format("%.2fx-%.2fx", q[rounds / 4], q[3 * rounds / 4]));
    }
  }
}
