package io.zerorow.bench;

import io.zerorow.internal.Json;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a JMH JSON result into the Markdown table of {@code java-row/README.md}: per shape and
 * operation, ops/µs of zerorow, Fory and Spark, the ratios, and bytes allocated per op ({@code
 * gc.alloc.rate.norm}); then the bytes per row of each library. Usage: {@code Report <jmh.json>}.
 */
public final class Report {
  private Report() {}

  public static void main(String[] args) throws Exception {
    // shape -> op -> lib -> {score, alloc}
    Map<String, Map<String, Map<String, double[]>>> t = new LinkedHashMap<>();
    load(args[0], "", t);
    boolean off = args.length > 1;
    if (off) {
      load(args[1], "-off", t); // the zerorow benchmarks run with -Dzerorow.bounds.checks=false
    }
    StringBuilder b = new StringBuilder();
    b.append(
        "| shape | operation | zerorow ops/µs | Fory ops/µs | Spark ops/µs |"
            + " zerorow/Fory | zerorow/Spark | B/op zerorow · Fory · Spark |"
            + (off ? " zerorow, checks off ops/µs | checks cost |" : "")
            + "\n");
    b.append("|---|---|---:|---:|---:|---:|---:|---|" + (off ? "---:|---:|" : "") + "\n");
    for (Map.Entry<String, Map<String, Map<String, double[]>>> s : t.entrySet()) {
      for (Map.Entry<String, Map<String, double[]>> op : s.getValue().entrySet()) {
        double[] z = op.getValue().getOrDefault("zerorow", new double[] {Double.NaN, Double.NaN});
        double[] f = op.getValue().getOrDefault("fory", new double[] {Double.NaN, Double.NaN});
        double[] k = op.getValue().getOrDefault("spark", new double[] {Double.NaN, Double.NaN});
        b.append(
            String.format(
                "| %s | %s | %.3f | %.3f | %.3f | %.2f× | %.2f× | %.0f · %.0f · %.0f |%n",
                s.getKey(),
                op.getKey(),
                z[0],
                f[0],
                k[0],
                z[0] / f[0],
                z[0] / k[0],
                z[1],
                f[1],
                k[1]));
        if (off) {
          double[] o =
              op.getValue().getOrDefault("zerorow-off", new double[] {Double.NaN, Double.NaN});
          b.setLength(b.length() - System.lineSeparator().length());
          b.append(String.format(" %.3f | %+.0f%% |%n", o[0], 100 * (o[0] / z[0] - 1)));
        }
      }
    }
    b.append('\n').append(Sizes.table());
    System.out.print(b);
  }

  /**
   * Adds the results of one JMH JSON file to {@code t}, the library names with {@code suffix}; a
   * file with a suffix (the checks-off run) only adds to the rows the main run has.
   */
  private static void load(
      String path, String suffix, Map<String, Map<String, Map<String, double[]>>> t)
      throws Exception {
    List<?> results =
        (List<?>)
            Json.parse(new String(Files.readAllBytes(Paths.get(path)), StandardCharsets.UTF_8));
    for (Object o : results) {
      Map<?, ?> r = (Map<?, ?>) o;
      String name = (String) r.get("benchmark");
      String shape =
          name.substring(
                  name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1, name.lastIndexOf('.'))
              .replace("Bench", "");
      String method = name.substring(name.lastIndexOf('.') + 1);
      if (!method.matches(".*(Zerorow|Fory|Spark)")) {
        continue; // not a library comparison (ResolvedReadBench: see ResolvedReadCost)
      }
      String lib =
          method.endsWith("Zerorow") ? "zerorow" : method.endsWith("Fory") ? "fory" : "spark";
      String op =
          method.substring(
              0, method.length() - (lib.equals("zerorow") ? 7 : lib.equals("fory") ? 4 : 5));
      if (!suffix.isEmpty() && !(t.containsKey(shape) && t.get(shape).containsKey(op))) {
        continue; // a checks-off result for a benchmark the main run left out (quick mode)
      }
      double score = ((BigDecimal) ((Map<?, ?>) r.get("primaryMetric")).get("score")).doubleValue();
      double alloc = Double.NaN;
      Map<?, ?> sec = (Map<?, ?>) r.get("secondaryMetrics");
      if (sec != null) {
        for (Map.Entry<?, ?> e : sec.entrySet()) {
          if (String.valueOf(e.getKey()).endsWith("gc.alloc.rate.norm")) {
            alloc = ((BigDecimal) ((Map<?, ?>) e.getValue()).get("score")).doubleValue();
          }
        }
      }
      t.computeIfAbsent(shape, k -> new LinkedHashMap<>())
          .computeIfAbsent(op, k -> new LinkedHashMap<>())
          .put(lib + suffix, new double[] {score, alloc});
    }
  }
}
