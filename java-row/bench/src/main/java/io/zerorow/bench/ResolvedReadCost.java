package io.zerorow.bench;

import java.util.Arrays;

/**
 * The cost of a resolved read (SPEC §13.4; target: within 1.3× of a direct read): the eight-field
 * reads of {@link Evolved}, direct and resolved taking turns in one JVM (as {@link Interleaved}
 * does), with the resolved/direct ratio taken per round. Prints the median ns per eight-field read
 * and the median and quartiles of the per-round ratios.
 */
public final class ResolvedReadCost {
  private static final int ROUNDS = 60;
  private static final int CALLS = 2_000_000;
  private static long sink;

  private ResolvedReadCost() {}

  public static void main(String[] args) {
    Evolved rows = new Evolved();
    if (rows.readDirect() != rows.readMoved()
        || rows.readDirect() != rows.readWidened()
        || rows.readDirect() != rows.readDirectWidened()) {
      throw new IllegalStateException("the resolved reads do not read the same values");
    }
    System.out.println(
        "| reader schema | direct ns/read (median) | resolved ns/read (median)"
            + " | resolved/direct per round: median | quartiles |");
    System.out.println("|---|---:|---:|---:|---|");
    report(rows, "moved + renamed + added (same types)", DIRECT, MOVED);
    report(
        rows,
        "the same, 3 int32 fields read as int64 (direct: widened by hand)",
        DIRECT_WIDENED,
        WIDENED);
    report(rows, "the same, 3 int32 fields read as int64 (direct: not widened)", DIRECT, WIDENED);
    report(rows, "identity (same fingerprint)", DIRECT, IDENTITY);
    report(rows, "direct again (the noise floor of the method)", DIRECT, DIRECT);
    System.out.println("(checksum " + sink + ")");
  }

  private static final int DIRECT = 0;
  private static final int MOVED = 1;
  private static final int WIDENED = 2;
  private static final int IDENTITY = 3;
  private static final int DIRECT_WIDENED = 4;

  private static void report(Evolved rows, String what, int direct, int resolved) {
    double[] dt = new double[ROUNDS];
    double[] rt = new double[ROUNDS];
    double[] ratio = new double[ROUNDS];
    for (int r = -20; r < ROUNDS; r++) { // 20 rounds of warm-up
      double a = time(rows, direct);
      double b = time(rows, resolved);
      if (r >= 0) {
        dt[r] = a;
        rt[r] = b;
        ratio[r] = b / a;
      }
    }
    Arrays.sort(dt);
    Arrays.sort(rt);
    Arrays.sort(ratio);
    System.out.printf(
        "| %s | %.2f | %.2f | %.2f× | %.2f–%.2f× |%n",
        what,
        dt[ROUNDS / 2],
        rt[ROUNDS / 2],
        ratio[ROUNDS / 2],
        ratio[ROUNDS / 4],
        ratio[3 * ROUNDS / 4]);
  }

  /**
   * ns per read. One method per kind of read, each with its own loop, so that every loop is
   * compiled on its own (one method with four loops runs out of inlining budget for the last ones).
   */
  private static double time(Evolved rows, int which) {
    long t = System.nanoTime();
    long s;
    switch (which) {
      case DIRECT:
        s = loopDirect(rows);
        break;
      case MOVED:
        s = loopMoved(rows);
        break;
      case WIDENED:
        s = loopWidened(rows);
        break;
      case DIRECT_WIDENED:
        s = loopDirectWidened(rows);
        break;
      default:
        s = loopIdentity(rows);
        break;
    }
    sink += s;
    return (System.nanoTime() - t) / (double) CALLS;
  }

  private static long loopDirect(Evolved rows) {
    long s = 0;
    for (int i = 0; i < CALLS; i++) {
      s += rows.readDirect();
    }
    return s;
  }

  private static long loopMoved(Evolved rows) {
    long s = 0;
    for (int i = 0; i < CALLS; i++) {
      s += rows.readMoved();
    }
    return s;
  }

  private static long loopWidened(Evolved rows) {
    long s = 0;
    for (int i = 0; i < CALLS; i++) {
      s += rows.readWidened();
    }
    return s;
  }

  private static long loopDirectWidened(Evolved rows) {
    long s = 0;
    for (int i = 0; i < CALLS; i++) {
      s += rows.readDirectWidened();
    }
    return s;
  }

  private static long loopIdentity(Evolved rows) {
    long s = 0;
    for (int i = 0; i < CALLS; i++) {
      s += rows.readIdentity();
    }
    return s;
  }
}
