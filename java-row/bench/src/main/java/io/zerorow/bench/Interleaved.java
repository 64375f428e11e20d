package io.zerorow.bench;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;

/**
 * zerorow vs Fory vs Spark per shape and operation, taking turns in one JVM: each round times a
 * batch of zerorow calls, then the same batch of Fory calls, then of Spark calls, so all three see
 * the same machine state, and the ratios are taken per round. On the shared 2-core VM, separate JMH
 * forks of the same benchmark differ by up to 2.5x (JIT and host noise), which swamps the ratios
 * this compares; the per-round ratio does not share that noise.
 *
 * <p>Each shape runs in its own child JVM, so that the call sites inside each library (encoder to
 * its generated code) see one shape, as in a JMH fork. Operations: {@code encode} (object → row in
 * the library's reused buffer), {@code decode} (row → object), {@code read} (one primitive field of
 * a row, over 16 rows in turn so that the JIT cannot hoist the read out of the loop) and, for Foo,
 * {@code decodeAll} (decode, then read every value). Prints one Markdown row per operation: median
 * ns/op of each library and the medians and quartiles of the per-round ratios (other / zerorow
 * time: above 1 means zerorow is faster).
 */
public final class Interleaved {
  // -Dbench.rounds / -Dbench.warmup (make bench-quick passes fewer; child JVMs inherit them)
  private static final int ROUNDS = Integer.getInteger("bench.rounds", 60);
  private static final int WARMUP_ROUNDS = Integer.getInteger("bench.warmup", 20);
  private static final int ROWS = 16;

  /** Where results go, so that the JIT cannot drop the work. */
  private static long sink;

  private static Object last;

  /** {@code calls} calls of one operation; the loop is inside, so the call in it is inlined. */
  private interface Batch {
    void run(int calls);
  }

  private Interleaved() {}

  /**
   * No argument: every shape, each in a child JVM, with zerorow's bounds checks on (the default)
   * and then off ({@code -Dzerorow.bounds.checks=false}, what the checks cost); else the one shape
   * named.
   */
  public static void main(String[] args) throws Exception {
    if (args.length == 1) {
      runShape(args[0]);
      return;
    }
    for (boolean checks : new boolean[] {true, false}) {
      System.out.println();
      System.out.println("zerorow bounds checks " + (checks ? "on (the default):" : "off:"));
      System.out.println();
      System.out.println(
          "| shape | operation | zerorow ns/op | Fory ns/op | Spark ns/op"
              + " | Fory/zerorow: median (quartiles) | Spark/zerorow: median (quartiles) |");
      System.out.println("|---|---|---:|---:|---:|---|---|");
      for (String shape : new String[] {"Flat", "Foo", "Wide"}) {
        child(shape, checks);
      }
    }
  }

  private static void child(String shape, boolean checks) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
    cmd.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
    cmd.add("-Dzerorow.bounds.checks=" + checks);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(Interleaved.class.getName());
    cmd.add(shape);
    Process p = new ProcessBuilder(cmd).inheritIO().start();
    if (p.waitFor() != 0) {
      throw new IllegalStateException(shape + ": child JVM exited " + p.exitValue());
    }
  }

  private static void runShape(String shape) {
    switch (shape) {
      case "Flat" -> shape("Flat", Models.Flat.class, Models::flat);
      case "Foo" -> shape("Foo", Models.Foo.class, () -> Models.foo(10));
      case "Wide" -> shape("Wide", Models.Wide.class, Models::wide);
      default -> throw new IllegalArgumentException("no shape " + shape);
    }
    if (sink == 42 && last == null) {
      System.out.println(); // never: keeps sink and last alive
    }
  }

  private static <T> void shape(String name, Class<T> cls, Supplier<T> value) {
    T v = value.get();
    Libs<T> libs = new Libs<>(cls);
    io.zerorow.encoder.RowEncoder<T> z = libs.zerorow;
    org.apache.fory.format.encoder.RowEncoder<T> f = libs.fory;
    io.zerorow.row.BinaryRow[] zRows = new io.zerorow.row.BinaryRow[ROWS];
    org.apache.fory.format.row.binary.BinaryRow[] fRows =
        new org.apache.fory.format.row.binary.BinaryRow[ROWS];
    UnsafeRow[] sRows = new UnsafeRow[ROWS];
    for (int i = 0; i < ROWS; i++) {
      zRows[i] = z.toRow(v).copy();
      byte[] fb = f.toRow(v).toBytes();
      fRows[i] = new org.apache.fory.format.row.binary.BinaryRow(f.schema());
      fRows[i].pointTo(org.apache.fory.memory.MemoryBuffer.fromByteArray(fb), 0, fb.length);
      sRows[i] = ((UnsafeRow) libs.spark(v)).copy();
    }
    io.zerorow.row.BinaryRow zRow = zRows[0];
    org.apache.fory.format.row.binary.BinaryRow fRow = fRows[0];
    UnsafeRow sRow = sRows[0];
    report(
        name,
        "encode",
        20_000,
        n -> {
          for (int i = 0; i < n; i++) {
            sink += z.toRow(v).getSizeInBytes();
          }
        },
        n -> {
          for (int i = 0; i < n; i++) {
            sink += f.toRow(v).getSizeInBytes();
          }
        },
        n -> {
          for (int i = 0; i < n; i++) {
            sink += libs.spark(v).numFields();
          }
        });
    report(
        name,
        "decode",
        20_000,
        n -> {
          for (int i = 0; i < n; i++) {
            last = z.fromRow(zRow);
          }
        },
        n -> {
          for (int i = 0; i < n; i++) {
            last = f.fromRow(fRow);
          }
        },
        n -> {
          for (int i = 0; i < n; i++) {
            last = libs.sparkDeser.apply(sRow);
          }
        });
    if (cls == Models.Foo.class) { // decode, then read every value (lazy lists included)
      report(
          name,
          "decodeAll",
          5_000,
          n -> {
            for (int i = 0; i < n; i++) {
              sink += FooBench.touch((Models.Foo) z.fromRow(zRow));
            }
          },
          n -> {
            for (int i = 0; i < n; i++) {
              sink += FooBench.touch((Models.Foo) f.fromRow(fRow));
            }
          },
          n -> {
            for (int i = 0; i < n; i++) {
              sink += FooBench.touch((Models.Foo) libs.sparkDeser.apply(sRow));
            }
          });
    }
    reportRead(name, cls == Models.Foo.class, zRows, fRows, sRows);
  }

  /** One primitive field (as in the JMH benchmarks: Foo's int32 f1, else the int64 at 1). */
  private static void reportRead(
      String shape,
      boolean int32,
      io.zerorow.row.BinaryRow[] z,
      org.apache.fory.format.row.binary.BinaryRow[] f,
      UnsafeRow[] s) {
    if (int32) {
      report(
          shape,
          "read",
          2_000_000,
          n -> {
            long acc = 0;
            for (int i = 0; i < n; i++) {
              acc += z[i & (ROWS - 1)].getInt(0);
            }
            sink += acc;
          },
          n -> {
            long acc = 0;
            for (int i = 0; i < n; i++) {
              acc += f[i & (ROWS - 1)].getInt32(0);
            }
            sink += acc;
          },
          n -> {
            long acc = 0;
            for (int i = 0; i < n; i++) {
              acc += s[i & (ROWS - 1)].getInt(0);
            }
            sink += acc;
          });
    } else {
      report(
          shape,
          "read",
          2_000_000,
          n -> {
            long acc = 0;
            for (int i = 0; i < n; i++) {
              acc += z[i & (ROWS - 1)].getLong(1);
            }
            sink += acc;
          },
          n -> {
            long acc = 0;
            for (int i = 0; i < n; i++) {
              acc += f[i & (ROWS - 1)].getInt64(1);
            }
            sink += acc;
          },
          n -> {
            long acc = 0;
            for (int i = 0; i < n; i++) {
              acc += s[i & (ROWS - 1)].getLong(1);
            }
            sink += acc;
          });
    }
  }

  private static void report(
      String shape, String op, int calls, Batch zerorow, Batch fory, Batch spark) {
    double[] zt = new double[ROUNDS];
    double[] ft = new double[ROUNDS];
    double[] st = new double[ROUNDS];
    double[] fRatio = new double[ROUNDS];
    double[] sRatio = new double[ROUNDS];
    for (int r = -WARMUP_ROUNDS; r < ROUNDS; r++) {
      double a = time(zerorow, calls);
      double b = time(fory, calls);
      double c = time(spark, calls);
      if (r >= 0) {
        zt[r] = a;
        ft[r] = b;
        st[r] = c;
        fRatio[r] = b / a;
        sRatio[r] = c / a;
      }
    }
    System.out.printf(
        "| %s | %s | %s | %s | %s | %s | %s |%n",
        shape,
        op,
        ns(median(zt)),
        ns(median(ft)),
        ns(median(st)),
        quartiles(fRatio),
        quartiles(sRatio));
    System.out.flush();
  }

  private static String ns(double v) {
    return v < 10 ? String.format("%.2f", v) : String.format("%.0f", v);
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static String quartiles(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return String.format(
        "%.2f× (%.2f–%.2f×)", s[s.length / 2], s[s.length / 4], s[3 * s.length / 4]);
  }

  private static double time(Batch op, int calls) {
    long t = System.nanoTime();
    op.run(calls);
    return (System.nanoTime() - t) / (double) calls;
  }
}
