package io.zerorow.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.row.BinaryRow;
import io.zerorow.tools.GoldenVectors;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Java and pyarrow read each other's Parquet files with the same values, for every golden vector
 * that Parquet can hold (not a struct with no fields; not max_depth_64, see ParquetRoundTripTest).
 * The Python half is src/test/python/parquet_interop.py, run with the repository's venv ({@code
 * .venv/bin/python}, pyarrow 21); a missing venv fails the test.
 */
class ParquetPyarrowInteropTest {
  @TempDir Path tmp;

  static Path python() {
    Path py = GoldenVectors.root().resolve(".venv/bin/python");
    assertTrue(Files.isExecutable(py), "the venv python is missing: run `make venv` (" + py + ")");
    return py;
  }

  /** Runs the script; returns its PASS/FAIL lines by case, failing on a crash. */
  static Map<String, String> runPython(String mode, Path dir, List<String> cases)
      throws IOException, InterruptedException {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                python().toString(),
                GoldenVectors.root()
                    .resolve("java-row/parquet/src/test/python/parquet_interop.py")
                    .toString(),
                mode,
                dir.toString()));
    cmd.addAll(cases);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int rc = p.waitFor();
    Map<String, String> lines = new HashMap<>();
    for (String line : out.split("\n")) {
      String[] parts = line.split(" ", 3);
      if (parts.length >= 3
          && (parts[0].equals("PASS") || parts[0].equals("FAIL") || parts[0].equals("SKIP"))) {
        lines.put(parts[2].split(":")[0], line);
      }
    }
    assertTrue(rc == 0 || rc == 1, "parquet_interop.py exited " + rc + ":\n" + out);
    return lines;
  }

  static List<GoldenVectors.Case> parquetCases() throws Exception {
    List<GoldenVectors.Case> out = new ArrayList<>();
    for (GoldenVectors.Case c : GoldenVectors.valid()) {
      if (!ParquetRoundTripTest.hasEmptyStruct(c.schema())
          && !ParquetRoundTripTest.hasInterval(c.schema())
          && c.schema().depth() <= ParquetRoundTripTest.MAX_TEST_DEPTH) {
        out.add(c);
      }
    }
    return out;
  }

  /** Whether {@code t} holds a variant (pyarrow 21 cannot write Parquet's VARIANT). */
  static boolean hasVariant(io.zerorow.type.DataType t) {
    if (t.id() == io.zerorow.type.TypeId.VARIANT) {
      return true;
    }
    if (t instanceof io.zerorow.type.Schema s) {
      return s.fields().stream().anyMatch(f -> hasVariant(f.type()));
    }
    if (t instanceof io.zerorow.type.DataTypes.ListType l) {
      return hasVariant(l.element());
    }
    if (t instanceof io.zerorow.type.DataTypes.MapType m) {
      return hasVariant(m.key()) || hasVariant(m.value());
    }
    return false;
  }

  @Test
  void pyarrowReadsJavaFiles() throws Exception {
    List<GoldenVectors.Case> cases = parquetCases();
    List<String> names = new ArrayList<>();
    for (GoldenVectors.Case c : cases) {
      try (ParquetRowWriter w =
          ParquetRowWriter.open(tmp.resolve(c.name() + ".java.parquet"), c.schema())) {
        for (int i = 0; i < 3; i++) {
          w.write(BinaryRow.wrap(c.schema(), c.row()));
        }
      }
      names.add(c.name());
    }
    Map<String, String> result = runPython("check", tmp, names);
    List<String> failures = new ArrayList<>();
    for (GoldenVectors.Case c : cases) {
      String n = c.name();
      String line = result.getOrDefault(n, "FAIL check " + n + ": not reported");
      if (!line.startsWith("PASS")) {
        failures.add(line);
      } else if (line.contains("refuses Parquet VARIANT") != hasVariant(c.schema())) {
        // pyarrow 21 cannot read Parquet's VARIANT: exactly the variant cases are refused (the
        // variant read from Parquet is checked by ParquetRoundTripTest and make test-corpus)
        failures.add(n + ": expected pyarrow to refuse exactly the variant cases: " + line);
      }
    }
    assertEquals(List.of(), failures);
  }

  @Test
  void javaReadsPyarrowFiles() throws Exception {
    List<GoldenVectors.Case> cases = parquetCases();
    List<String> names = cases.stream().map(GoldenVectors.Case::name).toList();
    Map<String, String> written = runPython("write", tmp, names);
    List<String> failures = new ArrayList<>();
    for (GoldenVectors.Case c : cases) {
      String line = written.getOrDefault(c.name(), "FAIL write " + c.name() + ": not reported");
      if (line.startsWith("SKIP") != hasVariant(c.schema())) {
        failures.add(c.name() + ": expected pyarrow to skip exactly the variant cases: " + line);
        continue;
      }
      if (line.startsWith("SKIP")) {
        continue; // the variant read from Parquet is in the corpus (make test-corpus)
      }
      if (!line.startsWith("PASS")) {
        failures.add(line);
        continue;
      }
      // pyarrow's file has no zerorow metadata: the case's schema is the projection
      try (ParquetRowReader r =
          ParquetRowReader.open(tmp.resolve(c.name() + ".py.parquet"), c.schema())) {
        int n = 0;
        for (BinaryRow row : r) {
          if (!java.util.Arrays.equals(c.row(), row.toBytes())) {
            failures.add(c.name() + ": row " + n + " differs from row.bin: " + row);
          }
          n++;
        }
        if (n != 3) {
          failures.add(c.name() + ": " + n + " rows");
        }
      } catch (RuntimeException | IOException e) {
        failures.add(c.name() + ": " + e);
      }
    }
    assertEquals(List.of(), failures);
  }

  @Test
  void pyarrowFileReadsWithDerivedSchema() throws Exception {
    GoldenVectors.Case c =
        parquetCases().stream()
            .filter(x -> x.name().equals("spec_example_row"))
            .findFirst()
            .orElseThrow();
    runPython("write", tmp, List.of(c.name()));
    try (ParquetRowReader r = ParquetRowReader.open(tmp.resolve(c.name() + ".py.parquet"))) {
      assertEquals(c.schema(), r.schema());
      assertArrayEquals(c.row(), r.read().toBytes());
    }
  }
}
