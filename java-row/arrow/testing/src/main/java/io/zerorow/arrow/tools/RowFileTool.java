package io.zerorow.arrow.tools;

import io.zerorow.ZerorowException;
import io.zerorow.arrow.RowBatch;
import io.zerorow.arrow.RowFileReader;
import io.zerorow.arrow.RowFileWriter;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Locale;

/**
 * Java's side of the cross-language row-file matrix (SPEC §5.1–§5.3): every writer × every reader ×
 * {none, lz4, zstd} × {checksum, none}.
 *
 * <pre>
 * RowFileTool copy IN OUT --compression none|lz4|zstd [--no-checksum]
 *     reads IN's rows (at bounds) and writes them to OUT with those options
 * RowFileTool rows IN [--recover] [--level none|bounds|full]
 *     prints one line per row: the lowercase hex of its bytes; with --recover a cut file's
 *     complete batches (SPEC §5.3), and the recovery's counts on stderr
 * </pre>
 *
 * On a zerorow error the exit code is 2 and stderr holds {@code <error_kind>: <message>}, the kind
 * as SPEC §6.1 names it; a usage error also exits 2, as {@code usage: …}. {@code RowFileTool
 * session} runs many commands in one JVM ({@link RowFileToolSession}).
 */
public final class RowFileTool {
  private RowFileTool() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 1 && args[0].equals("session")) {
      RowFileToolSession.serve(System.in, System.out); // many commands, one JVM
      return;
    }
    int code = run(args, System.out, System.err);
    System.out.flush();
    if (code != 0) {
      System.exit(code);
    }
  }

  /** Runs one command, printing to {@code out} and {@code err}; returns the exit code. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    try {
      if (args.length >= 1 && args[0].equals("copy")) {
        copy(args);
      } else if (args.length >= 1 && args[0].equals("rows")) {
        rows(args, out, err);
      } else {
        throw new Usage("expected the command copy or rows");
      }
      return 0;
    } catch (Usage e) {
      err.println(
          "usage: "
              + e.getMessage()
              + "\n  RowFileTool copy IN OUT --compression none|lz4|zstd"
              + " [--no-checksum]\n  RowFileTool rows IN [--recover] [--level none|bounds|full]");
      return 2;
    } catch (ZerorowException e) {
      err.println(
          e.kind().specName()
              + ": "
              + (e.path().isEmpty() ? "" : "at " + e.path() + ": ")
              + e.detail());
      return 2;
    } catch (IOException | RuntimeException e) {
      err.println("io: " + e);
      return 2;
    }
  }

  /** A command line that does not follow the usage. */
  private static final class Usage extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Usage(String message) {
      super(message);
    }
  }

  private static void copy(String[] args) throws IOException {
    if (args.length < 3) {
      throw new Usage("copy needs IN and OUT");
    }
    RowFileWriter.Options options = RowFileWriter.Options.defaults();
    boolean compression = false;
    for (int i = 3; i < args.length; i++) {
      if (args[i].equals("--no-checksum")) {
        options = options.withChecksum(false);
      } else if (args[i].equals("--compression") && i + 1 < args.length) {
        try {
          options = options.withCompression(RowFileWriter.Compression.parse(args[++i]));
        } catch (IllegalArgumentException e) {
          throw new Usage(e.getMessage());
        }
        compression = true;
      } else {
        throw new Usage("unexpected argument " + args[i]);
      }
    }
    if (!compression) {
      throw new Usage("copy needs --compression");
    }
    try (RowFileReader in = RowFileReader.open(Path.of(args[1]));
        RowFileWriter out = RowFileWriter.file(Path.of(args[2]), in.schema(), options)) {
      // batch for batch, as the other languages' tools copy, so the files compare alike
      for (Iterator<RowBatch> batches = in.batches(); batches.hasNext(); ) {
        RowBatch batch = batches.next();
        for (int i = 0; i < batch.size(); i++) {
          out.write(batch.row(i));
        }
        out.flush();
      }
    }
  }

  private static void rows(String[] args, PrintStream stdout, PrintStream err) throws IOException {
    if (args.length < 2) {
      throw new Usage("rows needs IN");
    }
    boolean recover = false;
    ValidationLevel level = ValidationLevel.BOUNDS;
    for (int i = 2; i < args.length; i++) {
      if (args[i].equals("--recover")) {
        recover = true;
      } else if (args[i].equals("--level") && i + 1 < args.length) {
        String l = args[++i];
        try {
          level = ValidationLevel.valueOf(l.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
          throw new Usage("--level " + l + ": expected none, bounds or full");
        }
      } else {
        throw new Usage("unexpected argument " + args[i]);
      }
    }
    Path in = Path.of(args[1]);
    BufferedWriter out =
        new BufferedWriter(new OutputStreamWriter(stdout, StandardCharsets.US_ASCII));
    HexFormat hex = HexFormat.of();
    try (RowFileReader r =
        recover
            ? RowFileReader.openRecovering(in, null, level)
            : RowFileReader.open(in, null, level)) {
      for (BinaryRow row : r) {
        out.write(hex.formatHex(row.toBytes()));
        out.write('\n');
      }
      out.flush();
      if (r.cut() != null) {
        err.println(
            "recovered: batches="
                + r.completeBatches()
                + " rows="
                + r.recoveredRows()
                + " cut_offset="
                + r.cutOffset()
                + " lost_rows="
                + (r.lostRows() < 0 ? "unknown" : Long.toString(r.lostRows())));
      }
    } finally {
      out.flush();
    }
  }
}
