package io.zerorow.arrow.tools;

import io.zerorow.ZerorowException;
import io.zerorow.arrow.ArrowIpcReader;
import io.zerorow.parquet.ParquetRowReader;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * The Java runner of the corpus protocol (SPEC §12.4, format-spec/README.md): {@code CorpusRunner
 * <corpus-dir> <out-dir>}. For each (file, column) of {@code <corpus-dir>/expected.tsv} it reads
 * that column alone through Java's public entry points — an Arrow IPC file or stream through {@link
 * ArrowIpcReader} (zerorow's Arrow import, SPEC §12.2), a Parquet file through {@link
 * ParquetRowReader} restricted to the column (SPEC §12.3) — and writes {@code <column>.json} (the
 * verdict, the error kind and message, the one-field schema, the row count) and, when accepted,
 * {@code <column>.rows} ({@code [u32 LE length][row bytes]} per row). Every failure is a verdict;
 * the runner exits 0 when it ran.
 */
public final class CorpusRunner {
  private CorpusRunner() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: CorpusRunner <corpus-dir> <out-dir>");
      System.exit(2);
    }
    Path corpus = Paths.get(args[0]);
    Path out = Paths.get(args[1]);
    int n = 0;
    for (String line : Files.readAllLines(corpus.resolve("expected.tsv"))) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] cols = line.split("\t");
      run(corpus, out, cols[0], cols[1]);
      n++;
    }
    System.out.println("CorpusRunner: " + n + " columns of " + corpus);
  }

  /** Reads one column and writes its report. */
  static void run(Path corpus, Path out, String file, String column) throws IOException {
    Path dir = out.resolve(file.replace("/", "__"));
    Files.createDirectories(dir);
    ByteArrayOutputStream rows = new ByteArrayOutputStream();
    String json;
    try {
      Read r = read(corpus.resolve(file), column, rows);
      json =
          "{\"verdict\":\"accepted\",\"kind\":null,\"message\":null,\"schema\":"
              + quote(r.schema.toJson())
              + ",\"rows\":"
              + r.count
              + "}";
      Files.write(dir.resolve(column + ".rows"), rows.toByteArray());
    } catch (ZerorowException e) {
      json = refused(e.kind().specName(), e.getMessage());
    } catch (Throwable t) {
      // not a zerorow error: reported as it is (the harness fails the column: no kind)
      json = refused(null, t.toString());
    }
    Files.writeString(dir.resolve(column + ".json"), json + "\n");
  }

  private static String refused(String kind, String message) {
    return "{\"verdict\":\"refused\",\"kind\":"
        + (kind == null ? "null" : quote(kind))
        + ",\"message\":"
        + quote(message == null ? "" : message)
        + ",\"schema\":null,\"rows\":null}";
  }

  private record Read(Schema schema, long count) {}

  private static Read read(Path path, String column, ByteArrayOutputStream out) throws IOException {
    if (path.getFileName().toString().endsWith(".parquet")) {
      try (ParquetRowReader r = ParquetRowReader.open(path, List.of(column))) {
        long n = 0;
        for (BinaryRow row : r) {
          append(out, row);
          n++;
        }
        return new Read(r.schema(), n);
      }
    }
    int hash = column.lastIndexOf('#');
    try (ArrowIpcReader r =
        hash > 0 && column.substring(hash + 1).chars().allMatch(Character::isDigit)
            ? ArrowIpcReader.open(
                path, new int[] {Integer.parseInt(column.substring(hash + 1))}, false)
            : ArrowIpcReader.open(path, List.of(column), false)) {
      Schema s = r.schema();
      long n = 0;
      for (BinaryRow row : r) {
        append(out, row);
        n++;
      }
      return new Read(s, n);
    }
  }

  private static void append(ByteArrayOutputStream out, BinaryRow row) {
    int n = row.getSizeInBytes();
    out.write(n);
    out.write(n >>> 8);
    out.write(n >>> 16);
    out.write(n >>> 24);
    out.writeBytes(row.toBytes());
  }

  /** A JSON string (SPEC §4.1's escaping). */
  static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }
}
