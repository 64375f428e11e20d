package io.zerorow.arrow.tools;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Many {@link RowFileTool} commands in one JVM, for the cross-language matrix, which runs about
 * fifty of them: one JVM start each cost more than the reads themselves.
 *
 * <p>Reads one command per line from {@code in}, its arguments separated by tabs, and answers each
 * on {@code out} with a header line {@code <exit code> <stdout bytes> <stderr bytes>} followed by
 * those bytes (UTF-8), exactly what the command would have printed as a process of its own. Ends at
 * the end of {@code in}.
 */
final class RowFileToolSession {
  private RowFileToolSession() {}

  static void serve(InputStream in, OutputStream out) throws IOException {
    BufferedReader commands = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    for (String line = commands.readLine(); line != null; line = commands.readLine()) {
      ByteArrayOutputStream stdout = new ByteArrayOutputStream();
      ByteArrayOutputStream stderr = new ByteArrayOutputStream();
      int code;
      try (PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
          PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8)) {
        code = RowFileTool.run(line.split("\t", -1), o, e);
      }
      byte[] header =
          (code + " " + stdout.size() + " " + stderr.size() + "\n")
              .getBytes(StandardCharsets.UTF_8);
      out.write(header);
      stdout.writeTo(out);
      stderr.writeTo(out);
      out.flush();
    }
  }
}
