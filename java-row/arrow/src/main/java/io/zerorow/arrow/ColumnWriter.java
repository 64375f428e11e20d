package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.internal.Platform;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Schema;
import java.util.List;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Converts one column of values, located by a {@link Slots}, into an Arrow vector, column by
 * column: fixed-width values are copied from their slots straight into the vector's data buffer and
 * validity bitmap ({@link FixedColumnWriter}, {@link BoolColumnWriter}, {@link
 * DecimalColumnWriter}); strings and binaries are sized first, then copied in one pass ({@link
 * VarWidthColumnWriter}); a list, map or struct sets its own offsets/validity and hands the {@code
 * Slots} of all its children to the child column ({@link ListColumnWriter}, {@link
 * MapColumnWriter}, {@link StructColumnWriter}). Every reference is bounds-checked against its
 * enclosing region before it is followed (SPEC §6.2 B2–B3). {@link FieldColumns} writes the fields
 * of a batch of rows.
 */
abstract class ColumnWriter {
  /** Field path for errors (SPEC §4.3). */
  final String path;

  /**
   * The bytes of the batch's rows: a column of valid rows holds at most that many elements, entries
   * or string bytes (SPEC §6.2: bodies do not overlap); more means shared bodies, whose conversion
   * could grow exponentially, so it is refused before anything is allocated.
   */
  long budget = Long.MAX_VALUE;

  ColumnWriter(String path) {
    this.path = path;
  }

  /** Sets the budget of this writer and of the writers of its children. */
  void budget(long bytes) {
    budget = bytes;
  }

  /** Throws when {@code count} values of the kind {@code what} exceed the budget. */
  final void checkBudget(String what, long count) {
    if (count > budget) {
      throw new InvalidDataException(
          path,
          "expected at most as many "
              + what
              + " as the rows"
              + " have bytes ("
              + budget
              + ") but found "
              + count
              + ": bodies are shared or overlap (SPEC §6.3 rule e)");
    }
  }

  /** The vector this writer filled last and its buffers' reference counts right after. */
  private final java.util.IdentityHashMap<FieldVector, int[]> owned =
      new java.util.IdentityHashMap<>();

  /**
   * True when {@code v}'s buffers can be overwritten in place: this writer allocated them, no
   * record batch holds them any more (reference counts back to what they were after allocation) and
   * they hold {@code values} values. Saves allocating and zeroing buffers per batch while keeping
   * every batch a caller still holds intact.
   */
  final boolean reusable(FieldVector v, int values) {
    int[] base = owned.get(v);
    if (base == null || v.getValueCapacity() < values) {
      return false;
    }
    List<org.apache.arrow.memory.ArrowBuf> bufs = v.getFieldBuffers();
    if (bufs.size() != base.length) {
      return false;
    }
    for (int i = 0; i < base.length; i++) {
      if (bufs.get(i).refCnt() != base[i]) {
        return false;
      }
    }
    return true;
  }

  /** Records {@code v}'s buffers after this writer allocated them (see {@link #reusable}). */
  final void allocated(FieldVector v) {
    List<org.apache.arrow.memory.ArrowBuf> bufs = v.getFieldBuffers();
    int[] base = new int[bufs.size()];
    for (int i = 0; i < base.length; i++) {
      base[i] = bufs.get(i).refCnt();
    }
    if (owned.size() > 4) {
      owned.clear(); // vectors of roots from finish() come and go; keep the map small
    }
    owned.put(v, base);
  }

  /** {@code allocateNew(n)} unless the buffers can be reused as they are. */
  final void allocateFixed(BaseFixedWidthVector v, int n) {
    if (!reusable(v, n)) {
      v.allocateNew(n);
      allocated(v);
    }
  }

  /** Writes the {@code s.n} values into {@code v} at indices {@code [0, s.n)}. */
  abstract void write(Object base, Slots s, FieldVector v);

  /**
   * Writes field {@code ordinal} of the rows in {@code rows}: by default through the {@code Slots}
   * of that field ({@code child}, refilled); fixed-width columns override it to read the slots
   * straight from the rows.
   */
  void writeField(
      Object base, Slots rows, int ordinal, int bitmapBytes, Slots child, FieldVector v) {
    int n = rows.n;
    long slotOffset = bitmapBytes + 8L * ordinal;
    long word = (ordinal >> 6) << 3;
    int bit = ordinal & 63;
    child.reset(n);
    long[] region = rows.region;
    long[] slot = child.slot;
    boolean[] nul = child.nul;
    for (int i = 0; i < n; i++) {
      long r = region[i];
      slot[i] = r + slotOffset;
      nul[i] = rows.nul[i] || ((Platform.getLong(base, r + word) >>> bit) & 1) != 0;
    }
    // a field's enclosing region is its row: share the rows' arrays instead of copying them
    long[] ownRegion = child.region;
    long[] ownEnd = child.end;
    child.region = rows.region;
    child.end = rows.end;
    try {
      write(base, child, v);
    } finally {
      child.region = ownRegion;
      child.end = ownEnd;
    }
  }

  /** The writer of a column of {@code type}; {@code path} names it in errors. */
  static ColumnWriter create(DataType type, String path) {
    return switch (type.id()) {
      case BOOL -> new BoolColumnWriter(path);
      case INT8 -> new FixedColumnWriter(path, 1);
      case INT16 -> new FixedColumnWriter(path, 2);
      case INT32, FLOAT32, DATE32, INTERVAL_YM -> new FixedColumnWriter(path, 4);
      case INT64, FLOAT64, TIME, TIMESTAMP, DURATION -> new FixedColumnWriter(path, 8);
      case DECIMAL -> new DecimalColumnWriter(path, (DataTypes.DecimalType) type);
      case STRING, BINARY -> new VarWidthColumnWriter(path);
      case FIXED_BINARY ->
          new BodyColumnWriter(
              path, BodyColumnWriter.Kind.FIXED, ((DataTypes.FixedBinaryType) type).size());
      case UUID -> new BodyColumnWriter(path, BodyColumnWriter.Kind.FIXED, 16);
      case INTERVAL -> new BodyColumnWriter(path, BodyColumnWriter.Kind.INTERVAL, 16);
      case VARIANT -> new BodyColumnWriter(path, BodyColumnWriter.Kind.VARIANT, -1);
      case NULL -> new NullColumnWriter(path);
      case LIST -> new ListColumnWriter(path, (DataTypes.ListType) type);
      case MAP -> new MapColumnWriter(path, (DataTypes.MapType) type);
      case STRUCT -> new StructColumnWriter(path, (Schema) type);
    };
  }
}
