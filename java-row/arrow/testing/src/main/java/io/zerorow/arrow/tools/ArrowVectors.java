package io.zerorow.arrow.tools;

import io.zerorow.arrow.ArrowUtils;
import io.zerorow.arrow.ArrowWriter;
import io.zerorow.arrow.RowFileWriter;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;

/**
 * The Java producer of {@code format-spec/harness/arrow_equality.py}: for every golden case in
 * {@code VECTORS} it converts {@code row.bin} to Arrow and writes {@code OUT/<case>.arrow} (an
 * Arrow IPC file of one record batch, SPEC §12) and {@code OUT/<case>.rows.arrow} (a row file, SPEC
 * §5). Prints {@code OK <case>} or {@code ERROR <case>: <why>} per case.
 *
 * <pre>java -cp ... io.zerorow.arrow.tools.ArrowVectors VECTORS OUT</pre>
 */
public final class ArrowVectors {
  private ArrowVectors() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: ArrowVectors VECTORS_DIR OUT_DIR");
      System.exit(2);
    }
    Path vectors = Paths.get(args[0]);
    Path out = Files.createDirectories(Paths.get(args[1]));
    List<Path> cases;
    try (Stream<Path> s = Files.list(vectors)) {
      cases = s.filter(d -> Files.isRegularFile(d.resolve("row.bin"))).sorted().toList();
    }
    int errors = 0;
    try (BufferAllocator allocator = new RootAllocator()) {
      for (Path dir : cases) {
        String name = dir.getFileName().toString();
        try {
          convert(dir, out, name, allocator);
          System.out.println("OK " + name);
        } catch (RuntimeException | IOException e) {
          System.out.println("ERROR " + name + ": " + e);
          errors++;
        }
      }
    }
    System.exit(errors == 0 ? 0 : 1);
  }

  private static void convert(Path dir, Path out, String name, BufferAllocator allocator)
      throws IOException {
    Schema schema =
        Schema.fromJson(Files.readString(dir.resolve("schema.json"), StandardCharsets.UTF_8));
    BinaryRow row = BinaryRow.wrap(schema, Files.readAllBytes(dir.resolve("row.bin")));
    // The row file first: it holds the row bytes, so a row whose Arrow form a library cannot
    // hold (SPEC §12.1, e.g. an interval past int64 ns) still gets its row-file checks.
    try (RowFileWriter rw =
        RowFileWriter.file(
            out.resolve(name + ".rows.arrow"),
            schema,
            allocator,
            RowFileWriter.DEFAULT_BATCH_ROWS,
            RowFileWriter.DEFAULT_BATCH_BYTES)) {
      rw.write(row);
      rw.write(row);
    }
    try (ArrowWriter w = ArrowUtils.createArrowWriter(schema, allocator)) {
      w.write(row);
      try (VectorSchemaRoot root = w.finish();
          FileChannel ch =
              FileChannel.open(
                  out.resolve(name + ".arrow"),
                  StandardOpenOption.CREATE,
                  StandardOpenOption.WRITE,
                  StandardOpenOption.TRUNCATE_EXISTING);
          ArrowFileWriter fw = new ArrowFileWriter(root, null, ch)) {
        fw.start();
        fw.writeBatch();
        fw.end();
      }
    }
  }
}
