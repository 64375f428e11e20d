package io.zerorow.arrow.bench;

import io.zerorow.arrow.RowFileReader;
import io.zerorow.arrow.RowFileWriter;
import io.zerorow.arrow.RowFileWriter.Compression;
import io.zerorow.arrow.RowFileWriter.Options;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * What the row checksum (SPEC §5.1) costs a Java reader: the same rows written as a row file with
 * the {@code crc32c} column and without it, uncompressed and ZSTD (SPEC §5.2), each read whole —
 * open, every batch, every row handed out and two of its fields read. Three ways side by side in
 * one run: the checksummed file at {@code BOUNDS} (every row's CRC-32C verified), the same file at
 * {@code NONE} (not verified), and the file without the column at {@code BOUNDS}. {@link #main}
 * prints each one's time and its ratio to the file without checksums, for the mean and for the
 * fastest iteration. Score: ms per file read.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 8, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {
      // Arrow's memory (the writer's vectors, ZSTD decompression) on Java 17
      "--add-opens=java.base/java.nio=ALL-UNNAMED"
    })
public class RowFileChecksumBench {
  /** Rows in the file (about 16 MB of rows, 4096 a batch: the writer's default). */
  @Param({"200000"})
  public int rows;

  @Param({"none", "zstd"})
  public String compression;

  /** A flat row of the shape of the flights (ids, times, a carrier, an origin, numbers). */
  static final Schema SCHEMA =
      Schema.of(
          Field.of("id", DataTypes.INT64, false),
          Field.of("day", DataTypes.INT32, true),
          Field.of("carrier", DataTypes.STRING, true),
          Field.of("origin", DataTypes.STRING, true),
          Field.of("dep_delay", DataTypes.FLOAT64, true),
          Field.of("arr_delay", DataTypes.FLOAT64, true),
          Field.of("distance", DataTypes.FLOAT64, true),
          Field.of("cancelled", DataTypes.BOOL, true),
          Field.of("tail", DataTypes.STRING, true));

  private static final String[] CARRIERS = {"AA", "DL", "UA", "WN", "B6", "AS", "NK", "F9"};
  private static final String[] ORIGINS = {"JFK", "LAX", "ORD", "ATL", "DFW", "SEA", "DEN"};

  private Path dir;
  private Path withCrc;
  private Path withoutCrc;

  @Setup
  public void setup() throws IOException {
    dir = Files.createTempDirectory("zerorow-crc-bench");
    Compression c = Compression.valueOf(compression.toUpperCase());
    withCrc = write(dir.resolve("crc.zrow"), Options.defaults().withCompression(c));
    withoutCrc =
        write(dir.resolve("plain.zrow"), Options.defaults().withCompression(c).withChecksum(false));
  }

  private Path write(Path file, Options options) throws IOException {
    RowWriter w = new RowWriter(SCHEMA);
    java.util.Random random = new java.util.Random(42);
    try (RowFileWriter f = RowFileWriter.file(file, SCHEMA, options)) {
      for (int i = 0; i < rows; i++) {
        w.reset();
        w.writeLong(0, 1_000_000L + i);
        w.writeInt(1, 19_000 + i / 5_000);
        w.writeString(2, CARRIERS[random.nextInt(CARRIERS.length)]);
        w.writeString(3, ORIGINS[random.nextInt(ORIGINS.length)]);
        w.writeDouble(4, random.nextInt(120) - 10);
        w.writeDouble(5, random.nextInt(130) - 20);
        w.writeDouble(6, 100 + random.nextInt(2_500));
        w.writeBoolean(7, random.nextInt(50) == 0);
        w.writeString(8, "N" + (100 + random.nextInt(900)) + CARRIERS[i % CARRIERS.length]);
        f.write(w.getRow());
      }
    }
    return file;
  }

  @TearDown
  public void tearDown() throws IOException {
    Files.deleteIfExists(withCrc);
    Files.deleteIfExists(withoutCrc);
    Files.deleteIfExists(dir);
  }

  private static double readAll(Path file, ValidationLevel level) throws IOException {
    double sum = 0;
    try (RowFileReader r = RowFileReader.open(file, SCHEMA, level)) {
      for (BinaryRow row : r) {
        sum += row.getLong(0) + row.getDouble(6);
      }
    }
    return sum;
  }

  /** The checksummed file at {@code BOUNDS}: every row's CRC-32C verified before it is read. */
  @Benchmark
  public double checksumVerified() throws IOException {
    return readAll(withCrc, ValidationLevel.BOUNDS);
  }

  /** The checksummed file at {@code NONE}: the column is there, not verified. */
  @Benchmark
  public double checksumLevelNone() throws IOException {
    return readAll(withCrc, ValidationLevel.NONE);
  }

  /** The file written without the {@code crc32c} column, at {@code BOUNDS}: the anchor. */
  @Benchmark
  public double noChecksumColumn() throws IOException {
    return readAll(withoutCrc, ValidationLevel.BOUNDS);
  }

  /**
   * Runs the three benchmarks for each compression (extra arguments go to JMH) and prints a
   * Markdown table: each way's time and its ratio to reading the file without checksums.
   */
  public static void main(String[] args) throws Exception {
    Collection<RunResult> results =
        new Runner(
                new OptionsBuilder()
                    .parent(new CommandLineOptions(args))
                    .include(RowFileChecksumBench.class.getName() + "\\.")
                    .build())
            .run();
    Map<String, Map<String, double[]>> byCompression = new TreeMap<>();
    int n = 0;
    for (RunResult r : results) {
      String name = r.getParams().getBenchmark();
      name = name.substring(name.lastIndexOf('.') + 1);
      n = Integer.parseInt(r.getParams().getParam("rows"));
      byCompression
          .computeIfAbsent(r.getParams().getParam("compression"), k -> new TreeMap<>())
          .put(
              name,
              new double[] {
                r.getPrimaryResult().getScore(), r.getPrimaryResult().getScoreError(), best(r)
              });
    }
    System.out.println();
    // the title scripts/bench_report.py gives the table (the nearest "#" line above it)
    System.out.println(
        "# Row files: what verifying the crc32c column costs a Java reader (SPEC §5.1)");
    System.out.println();
    // on a shared machine the fastest iteration is the least disturbed one: both ratios shown
    System.out.println(
        "| compression | read of "
            + n
            + " rows | ms per file | / no checksum column | best iteration (ms) | / no"
            + " checksum column (best) |");
    System.out.println("| --- | --- | ---: | ---: | ---: | ---: |");
    String[][] ways = {
      {"noChecksumColumn", "no crc32c column, bounds"},
      {"checksumLevelNone", "crc32c column, level none"},
      {"checksumVerified", "crc32c column, bounds (verified)"}
    };
    for (Map.Entry<String, Map<String, double[]>> e : byCompression.entrySet()) {
      double[] anchor = e.getValue().get("noChecksumColumn");
      for (String[] way : ways) {
        double[] s = e.getValue().get(way[0]);
        if (s == null) {
          continue; // narrowed away by a JMH argument
        }
        System.out.printf(
            "| %s | %s | %.2f ± %.2f | %s | %.2f | %s |%n",
            e.getKey(),
            way[1],
            s[0],
            s[1],
            anchor == null ? "" : String.format("%.2fx", s[0] / anchor[0]),
            s[2],
            anchor == null ? "" : String.format("%.2fx", s[2] / anchor[2]));
      }
    }
  }

  /** The fastest measured iteration of {@code r} (ms per file). */
  private static double best(RunResult r) {
    double best = Double.MAX_VALUE;
    for (org.openjdk.jmh.results.BenchmarkResult b : r.getBenchmarkResults()) {
      for (org.openjdk.jmh.results.IterationResult it : b.getIterationResults()) {
        best = Math.min(best, it.getPrimaryResult().getScore());
      }
    }
    return best;
  }
}
