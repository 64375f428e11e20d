package io.zerorow.bench;

import io.zerorow.row.BinaryArray;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.ArrayWriter;
import io.zerorow.writer.RowWriter;

/**
 * Cost of the per-access bounds checks (SPEC §6.2): run it with and without {@code
 * -Dzerorow.bounds.checks=false}. It reports the best of 60 rounds, which is robust on a busy
 * shared machine where JMH's averages are not.
 */
public final class BoundsCheckCost {
  private BoundsCheckCost() {}

  public static void main(String[] args) {
    Schema s =
        Schema.of(
            Field.of("xs", DataTypes.list(DataTypes.INT32, false), false),
            Field.of("s", DataTypes.STRING, false));
    RowWriter w = new RowWriter(s);
    w.reset();
    int c = w.cursor();
    ArrayWriter aw = new ArrayWriter((DataTypes.ListType) s.field(0).type(), w);
    int n = 1_000_000;
    aw.initialize(n);
    for (int i = 0; i < n; i++) {
      aw.writeInt(i, i);
    }
    w.setOffsetAndSize(0, c);
    w.writeString(1, "hello world");
    BinaryRow row = BinaryRow.wrap(s, w.toByteArray());
    long scan = Long.MAX_VALUE;
    long nested = Long.MAX_VALUE;
    long sum = 0;
    for (int r = 0; r < 60; r++) {
      long t = System.nanoTime();
      BinaryArray arr = row.getArray(0);
      for (int i = 0; i < n; i++) {
        sum += arr.getInt(i);
      }
      scan = Math.min(scan, System.nanoTime() - t);
      t = System.nanoTime();
      for (int i = 0; i < 1_000_000; i++) {
        sum += row.getArray(0).getInt(i & 1023) + row.getString(1).length();
      }
      nested = Math.min(nested, System.nanoTime() - t);
    }
    System.out.printf(
        "bounds checks %s: array scan %.2f ns/element; getArray+getInt+getString"
            + " %.1f ns/op (%d)%n",
        System.getProperty("zerorow.bounds.checks", "true"), scan / 1e6, nested / 1e6, sum);
  }
}
