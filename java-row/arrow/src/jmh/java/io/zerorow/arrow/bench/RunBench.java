package io.zerorow.arrow.bench;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs the JMH benchmarks of one class (default {@link ArrowBench}) and prints a Markdown table
 * with the ratio of each zerorow benchmark to each anchor measured in the same run. Benchmark names
 * are {@code <op><Impl>} (e.g. {@code rowsToArrowZerorow}, {@code rowsToArrowFory}); extra
 * arguments are passed to JMH (e.g. {@code -wi 1 -i 2}).
 */
public final class RunBench {
  private RunBench() {}

  public static void main(String[] args) throws Exception {
    String include = System.getProperty("bench", ArrowBench.class.getSimpleName());
    ChainedOptionsBuilder b =
        new OptionsBuilder().parent(new CommandLineOptions(args)).include(include);
    Collection<RunResult> results = new Runner(b.build()).run();
    Map<String, Map<String, double[]>> byOp = new LinkedHashMap<>();
    for (RunResult r : results) {
      String name = r.getParams().getBenchmark();
      name = name.substring(name.lastIndexOf('.') + 1);
      int cut = firstUpperAfterOp(name);
      String op = name.substring(0, cut);
      String impl = name.substring(cut);
      double score = r.getPrimaryResult().getScore();
      double err = r.getPrimaryResult().getScoreError();
      double best = 0;
      for (org.openjdk.jmh.results.BenchmarkResult br : r.getBenchmarkResults()) {
        for (org.openjdk.jmh.results.IterationResult it : br.getIterationResults()) {
          best = Math.max(best, it.getPrimaryResult().getScore());
        }
      }
      byOp.computeIfAbsent(op, k -> new LinkedHashMap<>())
          .put(impl, new double[] {score, err, best});
    }
    String unit =
        results.isEmpty() ? "" : results.iterator().next().getPrimaryResult().getScoreUnit();
    System.out.println();
    // on a shared machine the best iteration is the least disturbed one: both ratios are shown
    System.out.println(
        "| operation | implementation | score ("
            + unit
            + ") | zerorow / this "
            + "| best iteration | zerorow / this (best) |");
    System.out.println("| --- | --- | ---: | ---: | ---: | ---: |");
    for (Map.Entry<String, Map<String, double[]>> e : byOp.entrySet()) {
      double[] z = e.getValue().get("Zerorow");
      for (Map.Entry<String, double[]> impl : e.getValue().entrySet()) {
        double[] s = impl.getValue();
        boolean self = z == null || impl.getKey().equals("Zerorow");
        String ratio = self ? "" : String.format("%.2fx", z[0] / s[0]);
        String bestRatio = self ? "" : String.format("%.2fx", z[2] / s[2]);
        System.out.printf(
            "| %s | %s | %.1f ± %.1f | %s | %.1f | %s |%n",
            e.getKey(), impl.getKey(), s[0], s[1], ratio, s[2], bestRatio);
      }
    }
  }

  /** Where the implementation name starts: the last run of a capital letter and lowercase. */
  static int firstUpperAfterOp(String name) {
    for (String impl : new String[] {"Zerorow", "Fory", "Spark", "Avro"}) {
      if (name.endsWith(impl)) {
        return name.length() - impl.length();
      }
    }
    return name.length();
  }
}
