package io.zerorow.bench;

import org.apache.spark.sql.catalyst.expressions.UnsafeRow;

/** Bytes per row of each shape in each library. */
public final class Sizes {
  private Sizes() {}

  static <T> String row(String shape, Class<T> cls, T value) {
    Libs<T> l = new Libs<>(cls);
    int z = l.zerorow.toRow(value).getSizeInBytes();
    int f = l.fory.toRow(value).getSizeInBytes();
    int s = ((UnsafeRow) l.spark(value)).getSizeInBytes();
    return String.format("| %s | %d | %d | %d |%n", shape, z, f, s);
  }

  public static String table() {
    return "| shape | zerorow bytes/row | Fory bytes/row | Spark bytes/row |\n|---|---:|---:|---:|\n"
        + row("Foo", Models.Foo.class, Models.foo(10))
        + row("Flat", Models.Flat.class, Models.flat())
        + row("Wide", Models.Wide.class, Models.wide());
  }

  public static void main(String[] args) {
    System.out.print(table());
  }
}
