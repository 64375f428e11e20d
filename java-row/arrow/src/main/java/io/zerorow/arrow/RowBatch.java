package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Platform;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import java.util.zip.CRC32C;

/**
 * The rows of one record batch of a row file (SPEC §5), read in place: a {@link BinaryRow} from
 * {@link #row} points straight at the batch's Arrow data buffer (a memory-mapped file region or an
 * Arrow buffer); no row byte is copied. Offsets come from an untrusted file, so each access checks
 * {@code 0 <= start <= end <= data length} before pointing a view at it, and the view then checks
 * the row itself (SPEC §6.2). A row keeps the memory it views reachable, so it stays readable after
 * its reader is closed or dropped.
 */
public final class RowBatch {
  private final Schema schema;

  /** Where the batch comes from, for error messages: "row file <path>" or "row stream". */
  private final String source;

  /** Offsets and data at {@code (base, address)} (see {@link Platform}). */
  private final Object offsetsBase;

  private final long offsets;
  private final boolean largeOffsets;
  private final Object dataBase;
  private final long data;
  private final long dataLength;

  /**
   * Where the data buffer starts in the file or stream (SPEC §5.3: errors give a row's byte
   * offset), or -1 when the rows were decompressed (SPEC §5.2) and have no offset in the file.
   */
  private final long dataOffset;

  private final int size;
  private final int index;

  /** The number in the file of this batch's first row (SPEC §5). */
  private final long firstRow;

  /** The {@code crc32c} column's values at {@code (crcBase, crcs)}, when {@code checked}. */
  private final Object crcBase;

  private final long crcs;
  private final boolean checked;
  private final boolean hasChecksums;
  private final CRC32C crc = new CRC32C();

  /** A view of the mapped region {@code owner}, at {@code directAddress}, for the checksums. */
  private java.nio.ByteBuffer direct;

  private long directAddress;
  private final BinaryRow view;

  /**
   * Keeps the memory the addresses point into reachable (a mapped buffer); every row view taken
   * from this batch holds it too, so a row never outlives its memory.
   */
  private final Object owner;

  private final io.zerorow.row.ValidationLevel level;

  RowBatch(
      Schema schema,
      String source,
      int index,
      long firstRow,
      int size,
      Object offsetsBase,
      long offsets,
      boolean largeOffsets,
      Object dataBase,
      long data,
      long dataLength,
      long dataOffset,
      Object crcBase,
      long crcs,
      boolean hasChecksums,
      Object owner,
      io.zerorow.row.ValidationLevel level) {
    this.level = level;
    this.schema = schema;
    this.source = source;
    this.index = index;
    this.firstRow = firstRow;
    this.size = size;
    this.crcBase = crcBase;
    this.crcs = crcs;
    // SPEC §5.1: verified at bounds and full, skipped at none
    this.hasChecksums = hasChecksums;
    this.checked = hasChecksums && level != io.zerorow.row.ValidationLevel.NONE;
    this.offsetsBase = offsetsBase;
    this.offsets = offsets;
    this.largeOffsets = largeOffsets;
    this.dataBase = dataBase;
    this.data = data;
    this.dataLength = dataLength;
    this.dataOffset = dataOffset;
    this.owner = owner;
    this.view = new BinaryRow(schema);
  }

  /** Position of this batch in its file (0-based). */
  public int index() {
    return index;
  }

  /** Number of rows. */
  public int size() {
    return size;
  }

  /** The schema of the rows in this batch. */
  public Schema schema() {
    return schema;
  }

  /** Row {@code i} as a reused view (the same object every call). */
  public BinaryRow row(int i) {
    return row(i, view);
  }

  /** Row {@code i} pointed at by {@code target} (no allocation). */
  public BinaryRow row(int i, BinaryRow target) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException("row " + i + " of a batch of " + size);
    }
    long start;
    long end;
    if (largeOffsets) {
      start = Platform.getLong(offsetsBase, offsets + 8L * i);
      end = Platform.getLong(offsetsBase, offsets + 8L * i + 8);
    } else {
      start = Platform.getInt(offsetsBase, offsets + 4L * i);
      end = Platform.getInt(offsetsBase, offsets + 4L * i + 4);
    }
    if (start < 0 || end < start || end > dataLength || end - start > Integer.MAX_VALUE) {
      throw new InvalidDataException(
          "",
          where(i, -1)
              + ": expected 0 <= start <= end <= "
              + dataLength
              + " but found start "
              + start
              + ", end "
              + end);
    }
    if (checked) {
      verify(i, start, (int) (end - start));
    }
    try {
      target.pointTo(dataBase, data + start, (int) (end - start), owner);
      if (level == io.zerorow.row.ValidationLevel.FULL) {
        io.zerorow.row.Validator.validate(target, level);
      }
    } catch (ZerorowException e) {
      // the row's own checks (W1-W2, and at FULL every rule) name the field, not the source
      throw ZerorowException.of(e.kind(), e.path(), where(i, start) + ": " + e.detail(), e);
    }
    return target;
  }

  /** Whether this batch's rows are checked against their {@code crc32c} (SPEC §5.1). */
  public boolean checksummed() {
    return checked;
  }

  /** The number in the file of this batch's first row (SPEC §5). */
  public long firstRow() {
    return firstRow;
  }

  /**
   * The row {@code i}'s checksum failure (SPEC §5.1), or null when its bytes give its {@code
   * crc32c} or the batch has no checksums; the row's offsets must be valid ({@link #row} checks
   * them first).
   */
  private InvalidDataException mismatch(int i, long start, int length) {
    long address = data + start;
    int stored = Platform.getInt(crcBase, crcs + 4L * i);
    crc.reset();
    if (dataBase instanceof byte[]) {
      crc.update((byte[]) dataBase, (int) (address - Platform.BYTE_ARRAY_OFFSET), length);
    } else if (dataBase == null && owner instanceof java.nio.ByteBuffer) {
      // a memory-mapped region: CRC32C reads the mapping itself (its intrinsic takes direct
      // buffers)
      if (direct == null) {
        direct = ((java.nio.ByteBuffer) owner).duplicate();
        directAddress = Platform.directAddress(direct);
      }
      int at = (int) (address - directAddress);
      direct.limit(direct.capacity()).position(at).limit(at + length);
      crc.update(direct);
    } else {
      byte[] copy = new byte[length];
      Platform.copy(dataBase, address, copy, Platform.BYTE_ARRAY_OFFSET, length);
      crc.update(copy, 0, length);
    }
    int actual = (int) crc.getValue();
    if (actual == stored) {
      return null;
    }
    return new InvalidDataException(
        "",
        String.format(
            "%s: crc32c is 0x%08x but the row's bytes give 0x%08x",
            where(i, start), stored, actual));
  }

  private void verify(int i, long start, int length) {
    InvalidDataException e = mismatch(i, start, length);
    if (e != null) {
      throw e;
    }
  }

  /**
   * Every row of this batch whose bytes do not give its {@code crc32c} (SPEC §5.1: {@code validate}
   * reports every damaged row), as the errors {@link #row} would throw; empty for a batch without
   * checksums. Rows whose offsets are out of range are reported as {@link #row} reports them.
   */
  public java.util.List<InvalidDataException> checksumErrors() {
    java.util.List<InvalidDataException> out = new java.util.ArrayList<>();
    if (!hasChecksums) {
      return out;
    }
    for (int i = 0; i < size; i++) {
      long start;
      long end;
      if (largeOffsets) {
        start = Platform.getLong(offsetsBase, offsets + 8L * i);
        end = Platform.getLong(offsetsBase, offsets + 8L * i + 8);
      } else {
        start = Platform.getInt(offsetsBase, offsets + 4L * i);
        end = Platform.getInt(offsetsBase, offsets + 4L * i + 4);
      }
      if (start < 0 || end < start || end > dataLength || end - start > Integer.MAX_VALUE) {
        try {
          row(i, new BinaryRow(schema));
        } catch (InvalidDataException e) {
          out.add(e);
        }
        continue;
      }
      InvalidDataException e = mismatch(i, start, (int) (end - start));
      if (e != null) {
        out.add(e);
      }
    }
    return out;
  }

  /**
   * Where row {@code i}'s errors happened (SPEC §5.3): the source, the row's number in the file,
   * its batch and, when known, its byte offset in the file ({@code start}: where the row starts in
   * the data buffer, -1 when its offsets are broken): {@code row file <path>: row 20015 (batch 2,
   * byte 1048600)}, the form of SPEC §5.1's example and of C++'s errors.
   */
  private String where(int i, long start) {
    String at = start >= 0 && dataOffset >= 0 ? ", byte " + (dataOffset + start) : "";
    return source + ": row " + (firstRow + i) + " (batch " + index + at + ")";
  }

  /**
   * The byte offset in the file (or stream) of row {@code i}'s bytes (SPEC §5.3), or -1 when the
   * batch was decompressed (SPEC §5.2) and its rows have no place in the file.
   */
  public long rowOffset(int i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException("row " + i + " of a batch of " + size);
    }
    if (dataOffset < 0) {
      return -1;
    }
    return dataOffset
        + (largeOffsets
            ? Platform.getLong(offsetsBase, offsets + 8L * i)
            : Platform.getInt(offsetsBase, offsets + 4L * i));
  }
}
