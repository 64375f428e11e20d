package io.zerorow.bench;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * zerorow vs Fory encode and decode per shape, alternating in one JVM: each round times a batch of
 * zerorow calls and then the same batch of Fory calls, so both see the same machine state, and the
 * ratio is taken per round. On the shared 2-core VM, separate JMH forks of the same benchmark
 * differ by up to 2.5x (JIT and host noise), which swamps a 1.3x target; the per-round ratio does
 * not share that noise. Prints the median and the quartiles of the per-round ratios (Fory time /
 * zerorow time: above 1 means zerorow is faster).
 */
public final class Interleaved {
  private static final int ROUNDS = 60;
  private static final int CALLS = 20_000;
  private static long sink;

  /** Where decoded objects go, so that the JIT cannot drop the decode. */
  private static Object last;

  private Interleaved() {}

  public static void main(String[] args) {
    System.out.println(
        "| shape | operation | zerorow ns/op (median) | Fory ns/op (median)"
            + " | Fory/zerorow per round: median | quartiles |");
    System.out.println("|---|---|---:|---:|---:|---|");
    shape("Flat", Models.Flat.class, Models::flat);
    shape("Foo", Models.Foo.class, () -> Models.foo(10));
    shape("Wide", Models.Wide.class, Models::wide);
    System.out.println("(checksum " + sink + ", " + (last != null) + ")");
  }

  private static <T> void shape(String name, Class<T> cls, Supplier<T> value) {
    T v = value.get();
    io.zerorow.RowEncoder<T> z = io.zerorow.Encoders.rowEncoder(cls);
    org.apache.fory.format.encoder.RowEncoder<T> f =
        org.apache.fory.format.encoder.Encoders.bean(cls);
    io.zerorow.BinaryRow zRow = z.toRow(v).copy();
    byte[] fb = f.toRow(v).toBytes();
    org.apache.fory.format.row.binary.BinaryRow fRow =
        new org.apache.fory.format.row.binary.BinaryRow(f.schema());
    fRow.pointTo(org.apache.fory.memory.MemoryBuffer.fromByteArray(fb), 0, fb.length);
    report(
        name,
        "encode",
        () -> sink += z.toRow(v).getSizeInBytes(),
        () -> sink += f.toRow(v).getSizeInBytes());
    report(name, "decode", () -> last = z.fromRow(zRow), () -> last = f.fromRow(fRow));
    if (cls == Models.Foo.class) { // decode, then read every value (lazy lists included)
      report(
          name,
          "decodeAll",
          () -> sink += FooBench.touch((Models.Foo) z.fromRow(zRow)),
          () -> sink += FooBench.touch((Models.Foo) f.fromRow(fRow)));
    }
  }

  private static void report(String shape, String op, Runnable zerorow, Runnable fory) {
    double[] zt = new double[ROUNDS];
    double[] ft = new double[ROUNDS];
    double[] ratio = new double[ROUNDS];
    for (int r = -20; r < ROUNDS; r++) { // 20 rounds of warm-up
      double a = time(zerorow);
      double b = time(fory);
      if (r >= 0) {
        zt[r] = a;
        ft[r] = b;
        ratio[r] = b / a;
      }
    }
    Arrays.sort(zt);
    Arrays.sort(ft);
    Arrays.sort(ratio);
    System.out.printf(
        "| %s | %s | %.0f | %.0f | %.2f× | %.2f–%.2f× |%n",
        shape,
        op,
        zt[ROUNDS / 2],
        ft[ROUNDS / 2],
        ratio[ROUNDS / 2],
        ratio[ROUNDS / 4],
        ratio[3 * ROUNDS / 4]);
  }

  private static double time(Runnable op) {
    long t = System.nanoTime();
    for (int i = 0; i < CALLS; i++) {
      op.run();
    }
    return (System.nanoTime() - t) / (double) CALLS;
  }
}
