package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.UnsupportedException;
import io.zerorow.internal.Platform;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One Arrow array as the import reads it (SPEC §12.2): its field (the message form: a dictionary
 * column's field has the values' type), its length and null count, its buffers as memory ranges
 * with their sizes, its children, and a dictionary column's values. It is built from Arrow Java
 * vectors ({@link #of(FieldVector, DictionaryProvider)}) or from an IPC record batch ({@link
 * ArrowIpcReader}), and {@link #check} checks every buffer size, offset, length and child size
 * against the buffers before any value is read (SPEC §12.2: an importer trusts nothing it did not
 * check).
 */
final class ArrowColumn {
  /** A memory range: {@code size} bytes at {@code (base, address)} (see {@code Platform}). */
  record Buf(Object base, long address, long size) {
    static final Buf EMPTY = new Buf(new byte[0], Platform.BYTE_ARRAY_OFFSET, 0);

    static Buf of(ArrowBuf b) {
      return b == null || b.capacity() == 0
          ? EMPTY
          : new Buf(null, b.memoryAddress(), b.capacity());
    }
  }

  final Field field;
  final int length;
  final long nullCount;

  /** The validity bitmap (possibly {@link Buf#EMPTY}: all valid). */
  final Buf validity;

  /** The other buffers in the layout's order (offsets, data, views, sizes, variadic data ...). */
  final Buf[] buffers;

  final ArrowColumn[] children;

  /** A dictionary column's values (then this column's data are the indices), else null. */
  final ArrowColumn dictionary;

  /** A dictionary column's index type, else null. */
  final ArrowType.Int indexType;

  ArrowColumn(
      Field field,
      int length,
      long nullCount,
      Buf validity,
      Buf[] buffers,
      ArrowColumn[] children,
      ArrowColumn dictionary,
      ArrowType.Int indexType) {
    this.field = field;
    this.length = length;
    this.nullCount = nullCount;
    this.validity = validity;
    this.buffers = buffers;
    this.children = children;
    this.dictionary = dictionary;
    this.indexType = indexType;
  }

  /**
   * The column of an Arrow Java vector; a dictionary-encoded vector's values come from {@code
   * dictionaries} (Arrow's IPC readers are such providers), which may be null when no column is
   * dictionary-encoded.
   */
  static ArrowColumn of(FieldVector v, DictionaryProvider dictionaries) {
    Field f = v.getField();
    if (f.getDictionary() != null) {
      long id = f.getDictionary().getId();
      Dictionary d = dictionaries == null ? null : dictionaries.lookup(id);
      if (d == null) {
        throw new UnsupportedException(
            f.getName(),
            "the column is dictionary-encoded (dictionary "
                + id
                + ") but no dictionary was given: read it with ArrowReader.of(root, provider),"
                + " the provider being the Arrow reader that loaded the batch");
      }
      FieldVector values = d.getVector();
      ArrowColumn dict = of(values, dictionaries);
      // the message form: the field has the values' type and children, and the encoding
      Field message =
          new Field(
              f.getName(),
              new org.apache.arrow.vector.types.pojo.FieldType(
                  f.isNullable(), values.getField().getType(), f.getDictionary(), f.getMetadata()),
              values.getField().getChildren());
      return new ArrowColumn(
          message,
          v.getValueCount(),
          v.getNullCount(),
          Buf.of(v.getValidityBuffer()),
          new Buf[] {Buf.of(v.getDataBuffer())},
          new ArrowColumn[0],
          dict,
          f.getDictionary().getIndexType());
    }
    FieldVector storage = v instanceof ExtensionTypeVector ? underlying(v) : v;
    List<ArrowBuf> bufs = storage.getFieldBuffers();
    List<Buf> rest = new ArrayList<>();
    Buf validity = Buf.EMPTY;
    ArrowType t = storage.getField().getType();
    boolean hasValidity = hasValidity(t);
    for (int i = 0; i < bufs.size(); i++) {
      if (i == 0 && hasValidity) {
        validity = Buf.of(bufs.get(0));
      } else {
        rest.add(Buf.of(bufs.get(i)));
      }
    }
    if (storage instanceof BaseVariableWidthViewVector) {
      // getFieldBuffers gives the validity and the views; the data buffers are apart
      rest.clear();
      rest.add(Buf.of(((BaseVariableWidthViewVector) storage).getDataBuffer()));
      for (ArrowBuf b : ((BaseVariableWidthViewVector) storage).getDataBuffers()) {
        rest.add(Buf.of(b));
      }
    }
    List<FieldVector> cs = storage.getChildrenFromFields();
    ArrowColumn[] children = new ArrowColumn[cs.size()];
    for (int i = 0; i < children.length; i++) {
      children[i] = of(cs.get(i), dictionaries);
    }
    return new ArrowColumn(
        f,
        v.getValueCount(),
        hasValidity ? v.getNullCount() : 0,
        validity,
        rest.toArray(new Buf[0]),
        children,
        null,
        null);
  }

  @SuppressWarnings("unchecked")
  private static FieldVector underlying(FieldVector v) {
    return ((ExtensionTypeVector<? extends FieldVector>) v).getUnderlyingVector();
  }

  /** Whether arrays of {@code t} start with a validity bitmap (Arrow's layouts). */
  static boolean hasValidity(ArrowType t) {
    return switch (t.getTypeID()) {
      case Null, Union, RunEndEncoded -> false;
      default -> true;
    };
  }

  /** The error of damaged buffers, at the column path (as cpp-row's import words it). */
  static InvalidDataException corrupt(String path, String what) {
    return new InvalidDataException(path, "Arrow array: " + what);
  }

  // ---- checks, run once before values are read ----

  /** Checks the length, null count and validity bitmap. */
  void checkCommon(String path) {
    if (length < 0) {
      throw corrupt(path, "negative length " + length);
    }
    if (nullCount < 0 && nullCount != -1 || nullCount > length) {
      throw corrupt(
          path,
          "expected a null count between 0 and the length " + length + " but found " + nullCount);
    }
    if (nullCount > 0 && validity.size() < (length + 7L) / 8) {
      throw corrupt(
          path,
          "expected a validity bitmap of at least "
              + (length + 7L) / 8
              + " bytes for "
              + length
              + " values but found "
              + validity.size());
    }
  }

  /** True when value {@code i} is null (its validity bit is clear). */
  boolean isNull(int i) {
    if (validity.size() < (length + 7L) / 8 || nullCount == 0) {
      return false;
    }
    return (Platform.getByte(validity.base(), validity.address() + (i >>> 3)) & (1 << (i & 7)))
        == 0;
  }

  /** Buffer {@code k} of the layout, which must hold at least {@code bytes} bytes. */
  Buf buffer(int k, long bytes, String path, String what) {
    if (k >= buffers.length) {
      if (bytes == 0) {
        return Buf.EMPTY;
      }
      throw corrupt(path, "the " + what + " buffer is missing");
    }
    Buf b = buffers[k];
    if (b.size() < bytes) {
      throw corrupt(
          path,
          "expected a "
              + what
              + " buffer of at least "
              + bytes
              + " bytes for "
              + length
              + " values but found "
              + b.size());
    }
    return b;
  }

  /**
   * Checks the offsets of values {@code [0, length]} in buffer {@code k} (4 or 8 bytes each): from
   * 0 up, never decreasing, the last at most {@code end} (the data's size or the child's length).
   */
  Buf checkOffsets(int k, int width, long end, String path, String what) {
    if (length == 0) {
      return k < buffers.length ? buffers[k] : Buf.EMPTY;
    }
    Buf o = buffer(k, (length + 1L) * width, path, "offsets");
    long prev = offset(o, width, 0);
    if (prev < 0) {
      throw corrupt(path, "offset " + prev + " is negative");
    }
    for (int i = 1; i <= length; i++) {
      long next = offset(o, width, i);
      if (next < prev) {
        throw corrupt(
            path,
            "expected offsets that never decrease but found "
                + prev
                + " then "
                + next
                + " (value "
                + (i - 1)
                + ")");
      }
      prev = next;
    }
    if (prev > end) {
      throw corrupt(path, "expected offsets <= " + what + " " + end + " but found " + prev);
    }
    return o;
  }

  static long offset(Buf o, int width, long i) {
    return width == 4
        ? Platform.getInt(o.base(), o.address() + 4 * i)
        : Platform.getLong(o.base(), o.address() + 8 * i);
  }

  /** Checks that child {@code c} has at least {@code need} values. */
  ArrowColumn child(int c, long need, String path) {
    if (c >= children.length) {
      throw corrupt(path, "child " + c + " is missing");
    }
    ArrowColumn ch = children[c];
    if (ch.length < need) {
      throw corrupt(path, "expected a child of length >= " + need + " but found " + ch.length);
    }
    return ch;
  }
}
