package io.zerorow.arrow;

import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Run in a child JVM by {@link RowFileSafetyTest}: rows taken from a {@link RowFileReader} (file
 * and stream mode) are read after the reader is closed or unreachable and a GC ran. Before rows
 * kept their memory alive, this died with SIGSEGV. Exits 0 when every row reads back its value.
 */
public final class RowFileKeepAlive {
  static final Schema SCHEMA =
      Schema.of(Field.of("id", DataTypes.INT64, false), Field.of("s", DataTypes.STRING, true));

  public static void main(String[] args) throws Exception {
    Path file = Files.createTempFile("zerorow-keepalive", ".zrow");
    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    try (RowFileWriter f =
            RowFileWriter.file(file, SCHEMA, ArrowUtils.rootAllocator(), 100, 1 << 20);
        RowFileWriter s = RowFileWriter.stream(stream, SCHEMA)) {
      RowWriter w = new RowWriter(SCHEMA);
      for (int i = 0; i < 300; i++) {
        w.reset();
        w.writeLong(0, i);
        w.writeString(1, "row " + i);
        f.write(w.getRow());
        s.write(w.getRow());
      }
    }
    List<BinaryRow> kept = new ArrayList<>();
    RowFileReader r = RowFileReader.open(file);
    for (int b = 0; b < r.batchCount(); b++) {
      kept.add(r.batch(b).row(b, new BinaryRow(SCHEMA)));
    }
    r = null; // unreachable, never closed
    RowFileReader closed = RowFileReader.open(file);
    kept.add(closed.batch(2).row(7, new BinaryRow(SCHEMA)));
    closed.close();
    try (RowFileReader sr =
        RowFileReader.openStream(new ByteArrayInputStream(stream.toByteArray()), SCHEMA)) {
      Iterator<BinaryRow> it = sr.iterator();
      kept.add(it.next().copy()); // a copy, and the view itself below
      BinaryRow view = it.next();
      kept.add(view);
    }
    Files.delete(file);
    for (int i = 0; i < 5; i++) {
      System.gc();
      byte[][] churn = new byte[1000][];
      for (int k = 0; k < churn.length; k++) {
        churn[k] = new byte[4096];
      }
      Thread.sleep(20);
    }
    long[] expect = {0, 101, 202, 207, 0, 1};
    for (int i = 0; i < expect.length; i++) {
      BinaryRow row = kept.get(i);
      if (row.getLong(0) != expect[i] || !row.getString(1).equals("row " + expect[i])) {
        System.out.println("FAILED row " + i + ": " + row);
        System.exit(1);
      }
    }
    System.out.println("rows outlived their readers");
  }
}
