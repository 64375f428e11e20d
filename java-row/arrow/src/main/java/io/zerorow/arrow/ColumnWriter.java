package io.zerorow.arrow;

import io.zerorow.DataType;
import io.zerorow.DataTypes;
import io.zerorow.InvalidDataException;
import io.zerorow.Schema;
import io.zerorow.internal.Platform;
import java.util.List;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Converts one column of values, located by a {@link Slots}, into an Arrow vector, column by
 * column: fixed-width values are copied from their slots straight into the vector's data buffer and
 * validity bitmap; strings and binaries are sized first, then copied in one pass; a list, map or
 * struct sets its own offsets/validity and hands the {@code Slots} of all its children to the child
 * column. Every reference is bounds-checked against its enclosing region before it is followed
 * (SPEC §6.2 B2–B3).
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

  /**
   * Writes the validity bitmap of field {@code ordinal} of {@code rows} (no null rows) at {@code
   * address} straight from the rows' null bitmaps, 64 values per word.
   */
  static void fieldValidity(Object base, Slots rows, int ordinal, long address) {
    long word = (ordinal >> 6) << 3;
    int bit = ordinal & 63;
    long[] region = rows.region;
    int n = rows.n;
    int i = 0;
    for (; i + 64 <= n; i += 64) {
      long bits = 0;
      for (int k = 0; k < 64; k++) {
        bits |= ((~Platform.getLong(base, region[i + k] + word) >>> bit) & 1L) << k;
      }
      Platform.putLong(null, address + (i >> 3), bits);
    }
    if (i < n) {
      long bits = 0;
      for (int k = 0; i + k < n; k++) {
        bits |= ((~Platform.getLong(base, region[i + k] + word) >>> bit) & 1L) << k;
      }
      for (int b = 0; i + 8 * b < n; b++) {
        Platform.putByte(null, address + (i >> 3) + b, (byte) (bits >>> (8 * b)));
      }
    }
  }

  static ColumnWriter create(DataType type, String path) {
    switch (type.id()) {
      case BOOL:
        return new BoolWriter(path);
      case INT8:
        return new FixedWriter(path, 1);
      case INT16:
        return new FixedWriter(path, 2);
      case INT32:
      case FLOAT32:
      case DATE32:
        return new FixedWriter(path, 4);
      case INT64:
      case FLOAT64:
      case TIME:
      case TIMESTAMP:
      case DURATION:
        return new FixedWriter(path, 8);
      case DECIMAL:
        return new DecimalWriter(path, (DataTypes.DecimalType) type);
      case STRING:
      case BINARY:
        return new VarWriter(path);
      case LIST:
        return new ListColumnWriter(path, (DataTypes.ListType) type);
      case MAP:
        return new MapColumnWriter(path, (DataTypes.MapType) type);
      default:
        return new StructColumnWriter(path, (Schema) type);
    }
  }

  /** Writes the validity bitmap of {@code s} at {@code address}: bit set = valid. */
  static void writeValidity(Slots s, long address) {
    int n = s.n;
    boolean[] nul = s.nul;
    int i = 0;
    for (; i + 64 <= n; i += 64) {
      long bits = 0;
      for (int k = 0; k < 64; k++) {
        bits |= (nul[i + k] ? 0L : 1L) << k;
      }
      Platform.putLong(null, address + (i >> 3), bits);
    }
    for (; i < n; i += 8) {
      int b = 0;
      for (int k = 0; k < 8 && i + k < n; k++) {
        b |= (nul[i + k] ? 0 : 1) << k;
      }
      Platform.putByte(null, address + (i >> 3), (byte) b);
    }
  }

  /**
   * Copies {@code n} bytes from {@code (base, src)} to the off-heap {@code dst}: short values
   * (strings, small arrays) word by word, which beats a {@code copyMemory} call per value. Reads
   * exactly {@code [src, src + n)}.
   */
  static void copyBytes(Object base, long src, long dst, long length) {
    if (length > 64) {
      Platform.copy(base, src, null, dst, length);
      return;
    }
    int n = (int) length;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      Platform.UNSAFE.putLong(dst + i, Platform.UNSAFE.getLong(base, src + i));
    }
    if (i + 4 <= n) {
      Platform.UNSAFE.putInt(dst + i, Platform.UNSAFE.getInt(base, src + i));
      i += 4;
    }
    if (i + 2 <= n) {
      Platform.UNSAFE.putShort(dst + i, Platform.UNSAFE.getShort(base, src + i));
      i += 2;
    }
    if (i < n) {
      Platform.UNSAFE.putByte(dst + i, Platform.UNSAFE.getByte(base, src + i));
    }
  }

  /**
   * Copies {@code n} bytes as {@code ceil(n / 8)} whole words: the caller has checked that the
   * source is readable up to the next multiple of 8 (inside its row or array) and that the
   * destination has room for it (the extra bytes are overwritten by the next value or lie past the
   * vector's length).
   */
  static void copyWords(Object base, long src, long dst, long n) {
    for (long k = 0; k < n; k += 8) {
      Platform.UNSAFE.putLong(dst + k, Platform.UNSAFE.getLong(base, src + k));
    }
  }

  /** Writes the last {@code n & 63} validity bits of {@code n} values, byte by byte. */
  static void validityTail(long validity, int n, long bits) {
    int tail = n & 63;
    if (tail != 0) {
      long at = validity + ((n >> 6) << 3);
      for (int b = 0; b * 8 < tail; b++) {
        Platform.putByte(null, at + b, (byte) (bits >>> (8 * b)));
      }
    }
  }

  /** Appends validity bits (1 = valid) to a bitmap at an address, a word at a time. */
  static final class BitAppender {
    private final long address;
    private long word;
    private int pos;

    BitAppender(long address) {
      this.address = address;
    }

    /** Appends the {@code count} inverted null bits of a zerorow bitmap at {@code bitmap}. */
    void appendInverted(Object base, long bitmap, int count) {
      for (int j = 0; j < count; j += 64) {
        long valid = ~Platform.getLong(base, bitmap + (j >> 3));
        int take = Math.min(64, count - j);
        if (take < 64) {
          valid &= (1L << take) - 1;
        }
        append(valid, take);
      }
    }

    void append(long bits, int count) {
      int used = pos & 63;
      word |= bits << used;
      if (used + count >= 64) {
        Platform.putLong(null, address + ((pos >>> 6) << 3), word);
        word = used == 0 ? 0 : bits >>> (64 - used);
      }
      pos += count;
    }

    /** Writes the last partial word, byte by byte (the bitmap may end mid-word). */
    void finish() {
      int used = pos & 63;
      long at = address + ((pos >>> 6) << 3);
      for (int b = 0; b * 8 < used; b++) {
        Platform.putByte(null, at + b, (byte) (word >>> (8 * b)));
      }
    }
  }

  /** Fixed-width values of 1, 2, 4 or 8 bytes: the low bytes of the slot, as is (SPEC §3). */
  static final class FixedWriter extends ColumnWriter {
    private final int width;

    FixedWriter(String path, int width) {
      super(path);
      this.width = width;
    }

    @Override
    void write(Object base, Slots s, FieldVector fv) {
      BaseFixedWidthVector v = (BaseFixedWidthVector) fv;
      int n = s.n;
      allocateFixed(v, n);
      long data = v.getDataBufferAddress();
      long[] slot = s.slot;
      boolean[] nul = s.nul;
      // Null slots and elements are zero in a row, but a child of a null struct has no slot.
      switch (width) {
        case 1:
          for (int i = 0; i < n; i++) {
            Platform.putByte(null, data + i, nul[i] ? 0 : Platform.UNSAFE.getByte(base, slot[i]));
          }
          break;
        case 2:
          for (int i = 0; i < n; i++) {
            Platform.UNSAFE.putShort(
                data + 2L * i, nul[i] ? 0 : Platform.UNSAFE.getShort(base, slot[i]));
          }
          break;
        case 4:
          for (int i = 0; i < n; i++) {
            Platform.UNSAFE.putInt(
                data + 4L * i, nul[i] ? 0 : Platform.UNSAFE.getInt(base, slot[i]));
          }
          break;
        default:
          for (int i = 0; i < n; i++) {
            Platform.UNSAFE.putLong(
                data + 8L * i, nul[i] ? 0L : Platform.UNSAFE.getLong(base, slot[i]));
          }
          break;
      }
      writeValidity(s, v.getValidityBufferAddress());
      v.setValueCount(n);
    }

    @Override
    void writeField(
        Object base, Slots rows, int ordinal, int bitmapBytes, Slots child, FieldVector fv) {
      if (rowsMayBeNull(rows)) {
        // rows of a null parent struct have no slots to read
        super.writeField(base, rows, ordinal, bitmapBytes, child, fv);
        return;
      }
      BaseFixedWidthVector v = (BaseFixedWidthVector) fv;
      int n = rows.n;
      allocateFixed(v, n);
      long data = v.getDataBufferAddress();
      long[] region = rows.region;
      long off = bitmapBytes + 8L * ordinal;
      // a null slot of a row is all zero (SPEC §2.1): copy it as is, no branch
      if (width == 8 || width == 4) {
        copyWithValidity(base, region, off, ordinal, n, data, v.getValidityBufferAddress());
        v.setValueCount(n);
        return;
      }
      switch (width) {
        case 1:
          for (int i = 0; i < n; i++) {
            Platform.UNSAFE.putByte(data + i, Platform.UNSAFE.getByte(base, region[i] + off));
          }
          break;
        default:
          for (int i = 0; i < n; i++) {
            Platform.UNSAFE.putShort(
                data + 2L * i, Platform.UNSAFE.getShort(base, region[i] + off));
          }
          break;
      }
      fieldValidity(base, rows, ordinal, v.getValidityBufferAddress());
      v.setValueCount(n);
    }

    /**
     * One pass over the rows for a 4- or 8-byte column: each row's slot into the data buffer and
     * its null bit (inverted) into the validity bitmap, 64 rows per validity word.
     */
    private void copyWithValidity(
        Object base, long[] region, long off, int ordinal, int n, long data, long validity) {
      long word = (ordinal >> 6) << 3;
      int bit = ordinal & 63;
      boolean eight = width == 8;
      long bits = 0;
      int i = 0;
      for (; i < n; i++) {
        long r = region[i];
        if (eight) {
          Platform.UNSAFE.putLong(data + 8L * i, Platform.UNSAFE.getLong(base, r + off));
        } else {
          Platform.UNSAFE.putInt(data + 4L * i, Platform.UNSAFE.getInt(base, r + off));
        }
        bits |= ((~Platform.getLong(base, r + word) >>> bit) & 1L) << (i & 63);
        if ((i & 63) == 63) {
          Platform.putLong(null, validity + (i >> 6 << 3), bits);
          bits = 0;
        }
      }
      int tail = n & 63;
      if (tail != 0) {
        long at = validity + ((n >> 6) << 3);
        for (int b = 0; b * 8 < tail; b++) {
          Platform.putByte(null, at + b, (byte) (bits >>> (8 * b)));
        }
      }
    }
  }

  /** True when some of {@code rows} are null (children of a null struct). */
  static boolean rowsMayBeNull(Slots rows) {
    if (rows.allValid) {
      return false;
    }
    for (int i = 0; i < rows.n; i++) {
      if (rows.nul[i]) {
        return true;
      }
    }
    return false;
  }

  /** bool: one byte per slot, one bit per Arrow value. */
  static final class BoolWriter extends ColumnWriter {
    BoolWriter(String path) {
      super(path);
    }

    @Override
    void write(Object base, Slots s, FieldVector fv) {
      BitVector v = (BitVector) fv;
      int n = s.n;
      allocateFixed(v, n);
      long data = v.getDataBufferAddress();
      int b = 0;
      for (int i = 0; i < n; i++) {
        if (!s.nul[i] && Platform.getByte(base, s.slot[i]) != 0) {
          b |= 1 << (i & 7);
        }
        if ((i & 7) == 7) {
          Platform.putByte(null, data + (i >> 3), (byte) b);
          b = 0;
        }
      }
      if ((n & 7) != 0) {
        Platform.putByte(null, data + (n >> 3), (byte) b);
      }
      writeValidity(s, v.getValidityBufferAddress());
      v.setValueCount(n);
    }

    @Override
    void writeField(
        Object base, Slots rows, int ordinal, int bitmapBytes, Slots child, FieldVector fv) {
      if (rowsMayBeNull(rows)) {
        super.writeField(base, rows, ordinal, bitmapBytes, child, fv);
        return;
      }
      BitVector v = (BitVector) fv;
      int n = rows.n;
      allocateFixed(v, n);
      long data = v.getDataBufferAddress();
      long off = bitmapBytes + 8L * ordinal;
      long[] region = rows.region;
      int i = 0;
      for (; i + 8 <= n; i += 8) {
        int b = 0;
        for (int k = 0; k < 8; k++) {
          b |= (Platform.UNSAFE.getByte(base, region[i + k] + off) != 0 ? 1 : 0) << k; // null: 0
        }
        Platform.putByte(null, data + (i >> 3), (byte) b);
      }
      if (i < n) {
        int b = 0;
        for (int k = 0; i + k < n; k++) {
          b |= (Platform.UNSAFE.getByte(base, region[i + k] + off) != 0 ? 1 : 0) << k;
        }
        Platform.putByte(null, data + (i >> 3), (byte) b);
      }
      fieldValidity(base, rows, ordinal, v.getValidityBufferAddress());
      v.setValueCount(n);
    }
  }

  /**
   * decimal(p, s) to decimal128: the unscaled value as a 16-byte little-endian two's complement. p
   * ≤ 18 reads the int64 slot; p > 18 reads the minimal big-endian body.
   */
  static final class DecimalWriter extends ColumnWriter {
    private final boolean inline;

    DecimalWriter(String path, DataTypes.DecimalType type) {
      super(path);
      this.inline = type.precision() <= DataTypes.DecimalType.MAX_LONG_PRECISION;
    }

    @Override
    void write(Object base, Slots s, FieldVector fv) {
      BaseFixedWidthVector v = (BaseFixedWidthVector) fv;
      int n = s.n;
      allocateFixed(v, n);
      long data = v.getDataBufferAddress();
      for (int i = 0; i < n; i++) {
        long lo = 0;
        long hi = 0;
        if (!s.nul[i]) {
          if (inline) {
            lo = Platform.getLong(base, s.slot[i]);
            hi = lo >> 63;
          } else {
            long ref = s.ref(base, i, path);
            int len = (int) ref;
            if (len < 1 || len > 16) {
              throw new InvalidDataException(
                  path, "expected a decimal body of 1 to 16 bytes but " + "found " + len);
            }
            long at = s.body(i, ref);
            // big-endian, sign-extended from the first byte
            hi = Platform.getByte(base, at) < 0 ? -1L : 0L;
            lo = hi;
            for (int k = 0; k < len; k++) {
              hi = (hi << 8) | (lo >>> 56);
              lo = (lo << 8) | (Platform.getByte(base, at + k) & 0xffL);
            }
          }
        }
        Platform.putLong(null, data + 16L * i, lo);
        Platform.putLong(null, data + 16L * i + 8, hi);
      }
      writeValidity(s, v.getValidityBufferAddress());
      v.setValueCount(n);
    }
  }

  /** string and binary: sizes first, then one copy per value into the data buffer. */
  static final class VarWriter extends ColumnWriter {
    /** Flag in {@link #sizes}: the body can be copied in whole words. */
    private static final int WORDS = 1 << 31;

    /** Per row of the batch: the body's address and its size (-1 = null, | WORDS). */
    private long[] src = new long[16];

    private int[] sizes = new int[16];

    VarWriter(String path) {
      super(path);
    }

    /**
     * Top-level rows (none null), straight from the rows: one pass reads each row's null bit and
     * reference, checks it against the row (B2) and sums the sizes; the vector is then allocated
     * once at its exact size and a second pass copies the bodies, offsets and validity without any
     * further check.
     */
    @Override
    void writeField(
        Object base, Slots rows, int ordinal, int bitmapBytes, Slots child, FieldVector fv) {
      if (rowsMayBeNull(rows)) {
        super.writeField(base, rows, ordinal, bitmapBytes, child, fv);
        return;
      }
      BaseVariableWidthVector v = (BaseVariableWidthVector) fv;
      int n = rows.n;
      if (src.length < n) {
        src = new long[Math.max(n, 2 * src.length)];
        sizes = new int[src.length];
      }
      long[] src = this.src;
      int[] sizes = this.sizes;
      long[] region = rows.region;
      long[] end = rows.end;
      long off = bitmapBytes + 8L * ordinal;
      long word = (ordinal >> 6) << 3;
      int bit = ordinal & 63;
      long total = 0;
      for (int i = 0; i < n; i++) {
        long r = region[i];
        if (((Platform.UNSAFE.getLong(base, r + word) >>> bit) & 1L) != 0) {
          sizes[i] = -1;
          continue;
        }
        long ref = Platform.UNSAFE.getLong(base, r + off);
        long o = ref >>> 32;
        long sz = ref & 0xffffffffL;
        long rowSize = end[i] - r;
        if (o + sz > rowSize) {
          throw Slots.refError(path, rowSize, o, sz);
        }
        src[i] = r + o;
        // bit 31: the body's padding to a multiple of 8 is inside the row too (the usual
        // case), so it can be copied in whole words
        sizes[i] = (int) sz | (o + ((sz + 7) & ~7L) <= rowSize && sz <= 64 ? WORDS : 0);
        total += sz;
      }
      checkBudget("string/binary bytes", total);
      if (total > Integer.MAX_VALUE) {
        throw new InvalidDataException(
            path,
            "expected at most 2^31-1 bytes of "
                + "string/binary data in one batch but found "
                + total
                + "; write smaller batches");
      }
      // 8 bytes of room past the end for whole-word copies
      if (!reusable(v, n) || v.getDataBuffer().capacity() < total + 8) {
        v.allocateNew(total + 8, n);
        allocated(v);
      }
      long offsets = v.getOffsetBufferAddress();
      long data = v.getDataBufferAddress();
      long validity = v.getValidityBufferAddress();
      int pos = 0;
      long bits = 0;
      Platform.UNSAFE.putInt(offsets, 0);
      for (int i = 0; i < n; i++) {
        int sz = sizes[i];
        if (sz != -1) {
          if ((sz & WORDS) != 0) {
            sz &= ~WORDS;
            copyWords(base, src[i], data + pos, sz);
          } else {
            copyBytes(base, src[i], data + pos, sz);
          }
          pos += sz;
          bits |= 1L << (i & 63);
        }
        Platform.UNSAFE.putInt(offsets + 4L * (i + 1), pos);
        if ((i & 63) == 63) {
          Platform.UNSAFE.putLong(validity + ((i >> 6) << 3), bits);
          bits = 0;
        }
      }
      validityTail(validity, n, bits);
      v.setLastSet(n - 1);
      v.setValueCount(n);
    }

    @Override
    void write(Object base, Slots s, FieldVector fv) {
      BaseVariableWidthVector v = (BaseVariableWidthVector) fv;
      int n = s.n;
      long total = 0;
      for (int i = 0; i < n; i++) {
        if (!s.nul[i]) {
          total += (int) s.ref(base, i, path);
        }
      }
      checkBudget("string/binary bytes", total);
      if (total > Integer.MAX_VALUE) {
        throw new InvalidDataException(
            path,
            "expected at most 2^31-1 bytes of "
                + "string/binary data in one batch but found "
                + total
                + "; write smaller batches");
      }
      if (!reusable(v, n) || v.getDataBuffer().capacity() < total) {
        v.allocateNew(Math.max(total, 1), n);
        allocated(v);
      }
      long offsets = v.getOffsetBufferAddress();
      long data = v.getDataBufferAddress();
      int pos = 0;
      Platform.putInt(null, offsets, 0);
      for (int i = 0; i < n; i++) {
        if (!s.nul[i]) {
          long ref = Platform.getLong(base, s.slot[i]);
          int sz = (int) ref;
          copyBytes(base, s.body(i, ref), data + pos, sz);
          pos += sz;
        }
        Platform.putInt(null, offsets + 4L * (i + 1), pos);
      }
      writeValidity(s, v.getValidityBufferAddress());
      v.setLastSet(n - 1);
      v.setValueCount(n);
    }
  }

  /**
   * Points {@code out[from..]} at the elements of the array that {@code ref} in value {@code i} of
   * {@code s} refers to, after checking its header (SPEC §6.2 B3); returns the element count.
   */
  static int arrayElements(
      Object base, Slots s, int i, long ref, int width, Slots out, int from, String path) {
    long start = s.body(i, ref);
    int size = (int) ref;
    long count = size >= 8 ? Platform.getLong(base, start) : -1;
    long bitmap = ((count + 63) >>> 6) << 3;
    if (count < 0 || count >= (1L << 31) || 8 + bitmap + ((count * width + 7) & ~7L) > size) {
      throw new InvalidDataException(
          path,
          "expected an array with count < 2^31 whose fixed "
              + "region fits in its "
              + size
              + " bytes but found count "
              + (size >= 8 ? Long.toUnsignedString(count) : "(missing)"));
    }
    int n = (int) count;
    long elems = start + 8 + bitmap;
    long end = start + size;
    for (int j = 0; j < n; j++) {
      int k = from + j;
      out.slot[k] = elems + (long) j * width;
      out.region[k] = start;
      out.end[k] = end;
      out.nul[k] = ((Platform.getLong(base, start + 8 + ((j >> 6) << 3)) >>> (j & 63)) & 1) != 0;
    }
    return n;
  }

  /** Grows {@code out} to hold {@code need} values, keeping the first {@code keep}. */
  static void grow(Slots out, int keep, int need) {
    if (need > out.slot.length) {
      Slots t = new Slots();
      t.reset(Math.max(need, out.slot.length * 2));
      System.arraycopy(out.slot, 0, t.slot, 0, keep);
      System.arraycopy(out.region, 0, t.region, 0, keep);
      System.arraycopy(out.end, 0, t.end, 0, keep);
      System.arraycopy(out.nul, 0, t.nul, 0, keep);
      out.slot = t.slot;
      out.region = t.region;
      out.end = t.end;
      out.nul = t.nul;
    }
  }

  /**
   * Writes field {@code k} of the rows in {@code rows} (region/end/nul of each row) into {@code
   * vectors.get(k)}: the shared column loop of top-level batches and nested structs.
   */
  static void writeFields(
      Object base,
      Slots rows,
      Schema schema,
      ColumnWriter[] fields,
      Slots child,
      List<FieldVector> vectors) {
    int bitmap = schema.bitmapBytes();
    boolean tiled = fields.length > 1 && !rowsMayBeNull(rows);
    if (tiled) {
      writeWordColumns(base, rows, bitmap, fields, vectors);
    }
    for (int k = 0; k < fields.length; k++) {
      if (!(tiled && isWordColumn(fields[k]))) {
        fields[k].writeField(base, rows, k, bitmap, child, vectors.get(k));
      }
    }
  }

  /** A 4- or 8-byte fixed-width column, which {@link #writeWordColumns} writes. */
  static boolean isWordColumn(ColumnWriter w) {
    return w instanceof FixedWriter && ((FixedWriter) w).width >= 4;
  }

  /** Rows per tile: a tile of rows stays in the L1 cache while all its columns are read. */
  static final int TILE = 64;

  /**
   * All 4- and 8-byte columns of {@code rows} (no null rows), a tile of {@link #TILE} rows at a
   * time: each column copies the tile's slots and writes one validity word from the rows' null
   * bits, so each row is read from memory once for all these columns instead of once per column. A
   * null slot is all zero in a row (SPEC §2.1), copied as is.
   */
  static void writeWordColumns(
      Object base, Slots rows, int bitmapBytes, ColumnWriter[] fields, List<FieldVector> vectors) {
    int c = 0;
    for (ColumnWriter f : fields) {
      if (isWordColumn(f)) {
        c++;
      }
    }
    if (c == 0) {
      return;
    }
    int n = rows.n;
    int[] ordinal = new int[c];
    long[] data = new long[c];
    long[] validity = new long[c];
    boolean[] eight = new boolean[c];
    c = 0;
    for (int k = 0; k < fields.length; k++) {
      if (isWordColumn(fields[k])) {
        BaseFixedWidthVector v = (BaseFixedWidthVector) vectors.get(k);
        fields[k].allocateFixed(v, n);
        ordinal[c] = k;
        data[c] = v.getDataBufferAddress();
        validity[c] = v.getValidityBufferAddress();
        eight[c] = ((FixedWriter) fields[k]).width == 8;
        c++;
      }
    }
    long[] region = rows.region;
    for (int t = 0; t < n; t += TILE) {
      int m = Math.min(TILE, n - t);
      for (int j = 0; j < c; j++) {
        int ord = ordinal[j];
        long off = bitmapBytes + 8L * ord;
        long word = (ord >> 6) << 3;
        int bit = ord & 63;
        long bits = 0;
        if (eight[j]) {
          long at = data[j] + 8L * t;
          for (int k = 0; k < m; k++) {
            long r = region[t + k];
            Platform.UNSAFE.putLong(at + 8L * k, Platform.UNSAFE.getLong(base, r + off));
            bits |= ((~Platform.UNSAFE.getLong(base, r + word) >>> bit) & 1L) << k;
          }
        } else {
          long at = data[j] + 4L * t;
          for (int k = 0; k < m; k++) {
            long r = region[t + k];
            Platform.UNSAFE.putInt(at + 4L * k, Platform.UNSAFE.getInt(base, r + off));
            bits |= ((~Platform.UNSAFE.getLong(base, r + word) >>> bit) & 1L) << k;
          }
        }
        if (m == TILE) {
          Platform.UNSAFE.putLong(validity[j] + (t >> 3), bits);
        } else {
          validityTail(validity[j], n, bits);
        }
      }
    }
    for (int j = 0; j < c; j++) {
      ((BaseFixedWidthVector) vectors.get(ordinal[j])).setValueCount(n);
    }
  }
}
