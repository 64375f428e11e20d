package io.zerorow.spark;

import io.zerorow.InvalidDataException;
import io.zerorow.ZerorowException;
import io.zerorow.internal.RowBounds;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.unsafe.Platform;

/**
 * The few places where a Spark {@code UnsafeRow} and a zerorow row differ (SPEC §9), fixed in place
 * on bytes that are already valid: a NaN is rewritten as the canonical NaN (SPEC §2.6: Spark keeps
 * the bits a computation produced), {@code time} is scaled between Spark 4's nanoseconds and
 * zerorow's microseconds, and the 16-byte reserve of a null {@code interval} in a row is zeroed
 * (SPEC §3.7: Spark leaves the bytes of an earlier row there). {@link #of} plans the walk once per
 * schema: only the fields that hold a float or time somewhere are visited, and a NaN-free float is
 * read and left alone. Field paths are built only for an error ({@link RowBounds#under}). Not
 * thread-safe (each task has its own).
 */
final class RowFixups {
  private static final int CANONICAL_NAN_32 = Float.floatToRawIntBits(Float.NaN);
  private static final long CANONICAL_NAN_64 = Double.doubleToRawLongBits(Double.NaN);

  /** Spark → zerorow (encode) or zerorow → Spark (decode). */
  private final boolean toZerorow;

  private final Node plan;
  private Object base;

  private RowFixups(Node plan, boolean toZerorow) {
    this.plan = plan;
    this.toZerorow = toZerorow;
  }

  /**
   * The fixups of rows of {@code schema}: Spark → zerorow ({@code toZerorow}: canonical NaNs, time
   * in microseconds, null intervals' reserves zeroed) or zerorow → Spark (time in nanoseconds; NaNs
   * are left as they are). Null when rows of this schema need none.
   */
  static RowFixups of(Schema schema, boolean toZerorow) {
    Node plan = node(schema, toZerorow);
    return plan == null ? null : new RowFixups(plan, toZerorow);
  }

  /** Fixes the row at {@code (base, address)} in place. */
  void apply(Object rowBase, long address) {
    this.base = rowBase;
    try {
      row(plan, address);
    } finally {
      this.base = null;
    }
  }

  /** What to visit in values of one type (null: nothing). */
  private static final class Node {
    final DataType type;
    final int[] fields; // struct: the ordinals to visit
    final String[] names;
    final Node[] children; // struct: per visited field; list: [element]; map: [keys, values]

    Node(DataType type, int[] fields, String[] names, Node[] children) {
      this.type = type;
      this.fields = fields;
      this.names = names;
      this.children = children;
    }
  }

  // every type: a type added to zerorow is a compile error here until it is planned
  private static Node node(DataType t, boolean toZerorow) {
    return switch (t.id()) {
      case FLOAT32, FLOAT64, INTERVAL -> toZerorow ? new Node(t, null, null, null) : null;
      case TIME -> new Node(t, null, null, null);
      case LIST -> {
        Node e = node(((DataTypes.ListType) t).element(), toZerorow);
        yield e == null ? null : new Node(t, null, null, new Node[] {e});
      }
      case MAP -> {
        DataTypes.MapType m = (DataTypes.MapType) t;
        Node k = node(m.keyArrayType(), toZerorow);
        Node v = node(m.valueArrayType(), toZerorow);
        yield k == null && v == null ? null : new Node(t, null, null, new Node[] {k, v});
      }
      case STRUCT -> struct((Schema) t, toZerorow);
      // Spark's bytes are zerorow's as they are (SPEC §9)
      case NULL,
              BOOL,
              INT8,
              INT16,
              INT32,
              INT64,
              STRING,
              BINARY,
              DATE32,
              TIMESTAMP,
              DURATION,
              DECIMAL,
              INTERVAL_YM,
              FIXED_BINARY,
              UUID,
              VARIANT ->
          null;
    };
  }

  private static Node struct(Schema s, boolean toZerorow) {
    List<Integer> ordinals = new ArrayList<>();
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < s.numFields(); i++) {
      Node n = node(s.field(i).type(), toZerorow);
      if (n != null) {
        ordinals.add(i);
        nodes.add(n);
      }
    }
    if (nodes.isEmpty()) {
      return null;
    }
    int[] fields = ordinals.stream().mapToInt(Integer::intValue).toArray();
    String[] names = new String[fields.length];
    for (int k = 0; k < fields.length; k++) {
      names[k] = s.field(fields[k]).name();
    }
    return new Node(s, fields, names, nodes.toArray(new Node[0]));
  }

  private void row(Node n, long address) {
    int bitmap = ((Schema) n.type).bitmapBytes();
    int[] fields = n.fields;
    for (int k = 0; k < fields.length; k++) {
      int i = fields[k];
      long slot = address + bitmap + 8L * i;
      if ((Platform.getLong(base, address + ((i >> 6) << 3)) & (1L << (i & 63))) != 0) {
        if (n.children[k].type.id() == TypeId.INTERVAL) {
          zeroReserve(address, slot);
        }
        continue;
      }
      try {
        value(n.children[k], address, slot);
      } catch (ZerorowException e) {
        throw RowBounds.under(n.names[k], e);
      }
    }
  }

  /**
   * Zeroes the 16-byte reserve that the slot at {@code slot} of a null interval references (SPEC
   * §3.7: Spark's {@code UnsafeWriter.write(int, CalendarInterval)} keeps it for a null but does
   * not clear it). A slot without a reserve (0, as {@code setNullAt} leaves it) is left alone.
   */
  private void zeroReserve(long row, long slot) {
    long ref = Platform.getLong(base, slot);
    if ((ref & 0xffffffffL) == 16) {
      Platform.setMemory(base, row + (ref >>> 32), 16, (byte) 0);
    }
  }

  /** Fixes the value whose slot or element is at {@code at}, in a region at {@code region}. */
  private void value(Node n, long region, long at) {
    switch (n.type.id()) {
      case FLOAT32 -> {
        if (Float.isNaN(Platform.getFloat(base, at))) {
          Platform.putInt(base, at, CANONICAL_NAN_32);
        }
      }
      case FLOAT64 -> {
        if (Double.isNaN(Platform.getDouble(base, at))) {
          Platform.putLong(base, at, CANONICAL_NAN_64);
        }
      }
      case TIME -> Platform.putLong(base, at, scaleTime(Platform.getLong(base, at)));
      case STRUCT -> row(n, region + (Platform.getLong(base, at) >>> 32));
      case LIST ->
          array(
              n.children[0],
              (DataTypes.ListType) n.type,
              region + (Platform.getLong(base, at) >>> 32));
      case MAP -> {
        long map = region + (Platform.getLong(base, at) >>> 32);
        long keyBytes = Platform.getLong(base, map);
        DataTypes.MapType m = (DataTypes.MapType) n.type;
        side("{keys}", n.children[0], m.keyArrayType(), map + 8);
        side("{values}", n.children[1], m.valueArrayType(), map + 8 + keyBytes);
      }
      // a non-null interval's body is Spark's as it is; only a null one's reserve is fixed
      case INTERVAL -> {}
      case NULL,
              BOOL,
              INT8,
              INT16,
              INT32,
              INT64,
              STRING,
              BINARY,
              DATE32,
              TIMESTAMP,
              DURATION,
              DECIMAL,
              INTERVAL_YM,
              FIXED_BINARY,
              UUID,
              VARIANT ->
          throw new IllegalStateException(n.type + " is never planned"); // node() returns null
    }
  }

  private void side(String step, Node list, DataTypes.ListType t, long address) {
    if (list == null) {
      return;
    }
    try {
      array(list.children[0], t, address);
    } catch (ZerorowException e) {
      throw RowBounds.under(step, e);
    }
  }

  private void array(Node element, DataTypes.ListType t, long address) {
    int n = (int) Platform.getLong(base, address);
    long data = address + 8 + (((n + 63L) >>> 6) << 3);
    int width = t.element().elementWidth();
    for (int i = 0; i < n; i++) {
      if ((Platform.getLong(base, address + 8 + ((i >> 6) << 3)) & (1L << (i & 63))) == 0) {
        try {
          value(element, address, data + (long) width * i);
        } catch (ZerorowException e) {
          throw RowBounds.under("[" + i + "]", e);
        }
      }
    }
  }

  private long scaleTime(long v) {
    if (!toZerorow) {
      if (v < 0 || v >= 86_400_000_000L) {
        throw new InvalidDataException("", "expected 0 <= time < 86400000000 us but found " + v);
      }
      return v * 1000;
    }
    if (v % 1000 != 0) {
      throw new InvalidDataException(
          "",
          "expected a time with whole microseconds but found "
              + v
              + " ns (zerorow time counts microseconds, SPEC §3.3)");
    }
    return v / 1000;
  }
}
