package io.zerorow.arrow.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.arrow.RowFileWriter;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The row-file tool of the cross-language matrix: its commands, output and error lines. */
class RowFileToolTest {
  @TempDir Path tmp;

  static final Schema SCHEMA =
      Schema.of(Field.of("id", DataTypes.INT64, false), Field.of("s", DataTypes.STRING, true));

  /** Exit code, stdout, stderr. */
  static String[] run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        RowFileTool.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new String[] {
      Integer.toString(code),
      out.toString(StandardCharsets.UTF_8),
      err.toString(StandardCharsets.UTF_8)
    };
  }

  @Test
  void copiesWithEveryOptionAndPrintsRowsAsHex() throws Exception {
    Path in = tmp.resolve("in.arrow");
    List<String> hex = new ArrayList<>();
    RowWriter w = new RowWriter(SCHEMA);
    try (RowFileWriter f =
        RowFileWriter.file(in, SCHEMA, RowFileWriter.Options.defaults().withBatch(4, 1 << 20))) {
      for (int i = 0; i < 10; i++) {
        w.reset();
        w.writeLong(0, i);
        w.writeString(1, "v" + i);
        BinaryRow row = w.getRow();
        hex.add(HexFormat.of().formatHex(row.toBytes()));
        f.write(row);
      }
    }
    String expected = String.join("\n", hex) + "\n";
    for (String c : new String[] {"none", "lz4", "zstd"}) {
      for (boolean checksum : new boolean[] {true, false}) {
        Path out = tmp.resolve(c + checksum + ".arrow");
        String[] r =
            checksum
                ? run("copy", in.toString(), out.toString(), "--compression", c)
                : run("copy", in.toString(), out.toString(), "--compression", c, "--no-checksum");
        assertEquals("0", r[0], r[2]);
        for (String level : new String[] {"none", "bounds", "full"}) {
          r = run("rows", out.toString(), "--level", level);
          assertEquals("0", r[0], r[2]);
          assertEquals(expected, r[1], c + " " + checksum + " " + level);
        }
      }
    }
    String[] bad = run("copy", in.toString(), tmp.resolve("x").toString(), "--compression", "gz");
    assertEquals("2", bad[0]);
    assertTrue(bad[2].startsWith("usage: compression \"gz\" is not supported"), bad[2]);

    byte[] bytes = Files.readAllBytes(in);
    Path cut = tmp.resolve("cut.arrow");
    Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length - 20));
    String[] refused = run("rows", cut.toString());
    assertEquals("2", refused[0]);
    assertTrue(
        refused[2].startsWith("truncated: row file " + cut + ": the file ends at byte "),
        refused[2]);
    String[] recovered = run("rows", cut.toString(), "--recover");
    assertEquals("0", recovered[0], recovered[2]);
    assertEquals(expected, recovered[1]);
    assertTrue(
        recovered[2].startsWith("recovered: batches=3 rows=10 cut_offset=")
            && recovered[2].contains(" lost_rows=0"),
        recovered[2]);
  }
}
