package io.zerorow.arrow;

import io.zerorow.ZerorowException;
import io.zerorow.tools.GoldenVectors;
import java.io.ByteArrayInputStream;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel;

/**
 * The fuzz target of zerorow's Arrow import (SPEC §12.2: an importer trusts nothing it did not
 * check), run in a child JVM by {@link ArrowImportFuzzTest} so that a crash shows as the child's
 * death: {@code ArrowImportFuzzMain <iterations> <seed>}. Each iteration takes a file of the Arrow
 * corpus (every type arrow-testing has: dictionaries, run-end, views, large offsets, unions,
 * big-endian, compressed) and either (a) flips bytes of the IPC file and reads it with {@link
 * ArrowIpcReader}, or (b) loads it into Arrow Java vectors, flips bytes of the vectors' buffers
 * (validity, offsets, data, views, run ends, dictionary indices) and reads them with {@link
 * ArrowReader}. Every row must come out or a {@link ZerorowException} be thrown; any other
 * exception fails the run (exit 1), a crash kills the JVM (exit by a signal). Prints "arrow import
 * fuzz passed" at the end.
 */
public final class ArrowImportFuzzMain {
  private ArrowImportFuzzMain() {}

  public static void main(String[] args) throws Exception {
    int iterations = Integer.parseInt(args[0]);
    long seed = Long.parseLong(args[1]);
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.walk(GoldenVectors.root().resolve("format-spec/corpus/arrow"))) {
      s.filter(p -> p.toString().endsWith(".arrow_file") || p.toString().endsWith(".stream"))
          .sorted()
          .forEach(files::add);
    }
    Random r = new Random(seed);
    int[] outcomes = new int[3]; // rows read, zerorow errors, Arrow Java could not load (b)
    for (int it = 0; it < iterations; it++) {
      Path f = files.get(r.nextInt(files.size()));
      byte[] bytes = Files.readAllBytes(f);
      long caseSeed = r.nextLong();
      try {
        if (r.nextBoolean() || !f.toString().endsWith(".arrow_file")) {
          outcomes[mutatedIpc(bytes, new Random(caseSeed))]++;
        } else {
          outcomes[mutatedVectors(bytes, new Random(caseSeed))]++;
        }
      } catch (RuntimeException | Error e) {
        System.out.println("FAILED on " + f + " case seed " + caseSeed + ": " + e);
        e.printStackTrace(System.out);
        System.exit(1);
      }
    }
    System.out.println(
        "rows read: " + outcomes[0] + ", refused: " + outcomes[1] + ", not loaded: " + outcomes[2]);
    System.out.println("arrow import fuzz passed");
  }

  /** Flips bytes of the IPC input and reads every row; 0 when read, 1 when refused. */
  static int mutatedIpc(byte[] bytes, Random r) throws Exception {
    byte[] m = bytes.clone();
    int flips = 1 + r.nextInt(8);
    for (int i = 0; i < flips; i++) {
      int at = r.nextInt(m.length);
      m[at] = r.nextInt(3) == 0 ? (byte) 0xff : (byte) r.nextInt();
    }
    try (ArrowIpcReader in =
        ArrowIpcReader.open(new ByteArrayInputStream(m), "fuzz", null, r.nextBoolean())) {
      in.schema();
      for (var row : in) {
        row.toString();
      }
      return 0;
    } catch (ZerorowException e) {
      return 1;
    }
  }

  /**
   * Loads the file into vectors, flips bytes of their buffers, and reads every row; 0 when read, 1
   * when refused, 2 when Arrow Java could not load the file (not zerorow's concern).
   */
  static int mutatedVectors(byte[] bytes, Random r) throws Exception {
    // One allocator per case, limited: Arrow Java sizes its buffers from the file's lengths (the
    // big-endian files' unswapped ones too) and, when such a load fails, leaks what it had
    // allocated; that leak is Arrow Java's, so it is forgiven then and only then. Any buffer left
    // after zerorow read the vectors fails the run.
    BufferAllocator allocator = new RootAllocator(LOAD_LIMIT);
    int result;
    try {
      result = mutatedVectors(bytes, r, allocator);
    } catch (RuntimeException | Error e) {
      try {
        allocator.close();
      } catch (IllegalStateException leak) {
        e.addSuppressed(leak);
      }
      throw e;
    }
    if (result == 2) {
      try {
        allocator.close();
      } catch (IllegalStateException arrowJavasLeak) {
        // see above
      }
    } else {
      allocator.close();
    }
    return result;
  }

  /** Bytes one case's Arrow Java vectors may take (the child JVM runs with -Xmx512m). */
  private static final long LOAD_LIMIT = 128L << 20;

  private static int mutatedVectors(byte[] bytes, Random r, BufferAllocator allocator)
      throws Exception {
    SeekableByteChannel ch = new ByteArrayReadableSeekableByteChannel(bytes);
    ArrowFileReader reader;
    VectorSchemaRoot root;
    List<ArrowBlock> blocks;
    try {
      reader = new ArrowFileReader(ch, allocator, CommonsCompressionFactory.INSTANCE);
      root = reader.getVectorSchemaRoot();
      blocks = reader.getRecordBlocks();
    } catch (RuntimeException | java.io.IOException | OutOfMemoryError e) {
      // Arrow Java sizes its buffers from the file's (damaged or unswapped big-endian) lengths
      return 2;
    }
    try (reader) {
      int result = 0;
      for (ArrowBlock b : blocks) {
        try {
          if (!reader.loadRecordBatch(b)) {
            break;
          }
        } catch (RuntimeException | java.io.IOException | OutOfMemoryError e) {
          return 2;
        }
        for (FieldVector v : root.getFieldVectors()) {
          mutate(v, r);
        }
        for (org.apache.arrow.vector.dictionary.Dictionary d :
            reader.getDictionaryVectors().values()) {
          mutate(d.getVector(), r);
        }
        try {
          ArrowReader ar = ArrowReader.of(root, reader);
          for (var row : ar) {
            row.toString();
          }
        } catch (ZerorowException e) {
          result = 1;
        }
      }
      return result;
    }
  }

  /** Flips a few bytes of the buffers of {@code v} and its children. */
  private static void mutate(FieldVector v, Random r) {
    for (ArrowBuf b : v.getFieldBuffers()) {
      long n = b.capacity();
      if (n > 0 && r.nextInt(3) == 0) {
        for (int i = 1 + r.nextInt(4); i > 0; i--) {
          b.setByte(r.nextInt((int) Math.min(n, Integer.MAX_VALUE)), r.nextInt());
        }
      }
    }
    for (FieldVector c : v.getChildrenFromFields()) {
      mutate(c, r);
    }
  }
}
