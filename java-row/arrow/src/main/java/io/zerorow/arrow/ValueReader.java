package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Mapping;
import io.zerorow.internal.Mapping.Imported;
import io.zerorow.internal.Mapping.Unit;
import io.zerorow.internal.Platform;
import io.zerorow.internal.Utf8;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Interval;
import io.zerorow.type.Schema;
import io.zerorow.type.Variant;
import io.zerorow.writer.ArrayWriter;
import io.zerorow.writer.BinaryWriter;
import io.zerorow.writer.RowWriter;
import io.zerorow.writer.WriteBuffer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Reads value {@code i} of one Arrow array ({@link ArrowColumn}) and writes it into a zerorow row
 * or array with the core writers, converting it as SPEC §12.2 says ({@link Mapping}). {@link #bind}
 * checks the array's buffers, offsets and child lengths first (SPEC §12.2: nothing is read that was
 * not checked), so the reads after it need no check; values that depend on the row (dictionary
 * indices, views, runs) are checked as they are read. Call {@link #bind} again for each batch.
 */
abstract class ValueReader {
  /** The row being read, for errors: its number in the whole file or stream. */
  static final class Row {
    long number;
  }

  final String path;
  final boolean nullable;
  final Row row;
  ArrowColumn col;

  ValueReader(String path, boolean nullable, Row row) {
    this.path = path;
    this.nullable = nullable;
    this.row = row;
  }

  /** Checks {@code c} against this reader's layout and keeps it. */
  void bind(ArrowColumn c) {
    c.checkCommon(path);
    this.col = c;
  }

  /** True when value {@code i} is null. */
  boolean isNull(int i) {
    return col.isNull(i);
  }

  /** Writes non-null value {@code i} as ordinal {@code ordinal} of {@code w}. */
  abstract void write(BinaryWriter w, int ordinal, int i);

  /** Writes value {@code i} or a null, checking nullability. */
  final void writeOrNull(BinaryWriter w, int ordinal, int i) {
    if (isNull(i)) {
      if (!nullable) {
        throw invalid("a null where the column is not nullable (Arrow index " + i + ")");
      }
      w.setNullAt(ordinal);
    } else {
      write(w, ordinal, i);
    }
  }

  final InvalidDataException invalid(String detail) {
    return Mapping.invalid(path, row.number, detail);
  }

  /** The data buffer (buffer 0 after the validity) of fixed-width values of {@code width}. */
  final long data(int width) {
    return col.buffer(0, (long) col.length * width, path, "data").address();
  }

  final Object dataBase() {
    return col.buffers.length == 0 ? null : col.buffers[0].base();
  }

  // ---- building the readers of an Arrow field (SPEC §12.2) ----

  /**
   * The reader of the Arrow field {@code f} (message form) whose mapping is {@code imp}; {@code
   * strict} refuses values finer than a microsecond (Appendix A rule 6).
   */
  static ValueReader create(
      Field f,
      Imported imp,
      boolean nullable,
      String path,
      WriteBuffer buffer,
      boolean strict,
      Row row) {
    if (f.getDictionary() != null) {
      Field values =
          new Field(
              f.getName(),
              new org.apache.arrow.vector.types.pojo.FieldType(
                  true, f.getType(), null, f.getMetadata()),
              f.getChildren());
      return new Dict(path, nullable, row, create(values, imp, true, path, buffer, strict, row));
    }
    ArrowType t = f.getType();
    if (t instanceof ArrowType.RunEndEncoded) {
      return new RunEnd(
          path,
          nullable,
          row,
          create(f.getChildren().get(1), imp, true, path, buffer, strict, row));
    }
    DataType type = imp.type();
    Mapping.Source s = imp.source();
    return switch (s.kind()) {
      case NULL -> new Null(path, row);
      case BOOL -> new Bool(path, nullable, row);
      case INT ->
          s.signed()
              ? new Fixed(path, nullable, row, s.bits() / 8)
              : new Unsigned(path, nullable, row, s.bits());
      case FLOAT -> new Floating(path, nullable, row, s.bits());
      case DECIMAL -> new Decimal(path, nullable, row, (DataTypes.DecimalType) type, s.bits());
      case STRING -> new Bytes(path, nullable, row, true);
      case BINARY -> new Bytes(path, nullable, row, false);
      case FIXED_BINARY, UUID ->
          new FixedBinary(path, nullable, row, s.kind() == Mapping.Kind.UUID ? 16 : s.size());
      case DATE_DAY, INTERVAL_MONTHS -> new Fixed(path, nullable, row, 4);
      case DATE_MILLI -> new Date64(path, nullable, row);
      case TIME, TIMESTAMP, DURATION ->
          new Temporal(path, nullable, row, s.kind(), s.unit(), timeWidth(t), strict);
      case INTERVAL_DAY_TIME, INTERVAL_MONTH_DAY_NANO ->
          new Intervals(
              path, nullable, row, s.kind() == Mapping.Kind.INTERVAL_MONTH_DAY_NANO, strict);
      case VARIANT -> new VariantReader(path, nullable, row, f);
      case LIST -> new List1(path, nullable, row, f, imp, buffer, strict);
      case MAP -> new Map1(path, nullable, row, f, imp, buffer, strict);
      case STRUCT -> new Struct(path, nullable, row, f, imp, buffer, strict);
      case INT96, INTERVAL_MILLIS, UNSUPPORTED -> throw Mapping.refused(path, s, "");
    };
  }

  private static int timeWidth(ArrowType t) {
    if (t instanceof ArrowType.Time) {
      return ((ArrowType.Time) t).getBitWidth() / 8;
    }
    return 8;
  }

  /** The readers of the fields of a struct-typed Arrow field (or of a batch's columns). */
  static ValueReader[] fieldReaders(
      List<Field> fields,
      List<Imported> imps,
      Schema schema,
      String path,
      WriteBuffer buffer,
      boolean strict,
      Row row) {
    ValueReader[] out = new ValueReader[fields.size()];
    for (int k = 0; k < out.length; k++) {
      io.zerorow.type.Field zf = schema.field(k);
      out[k] =
          create(
              fields.get(k),
              imps.get(k),
              zf.nullable(),
              path.isEmpty() ? zf.name() : path + "." + zf.name(),
              buffer,
              strict,
              row);
    }
    return out;
  }

  // ---- the readers ----

  /** The type null: every value is null. */
  static final class Null extends ValueReader {
    Null(String path, Row row) {
      super(path, true, row);
    }

    @Override
    void bind(ArrowColumn c) {
      if (c.length < 0) {
        throw ArrowColumn.corrupt(path, "negative length " + c.length);
      }
      this.col = c;
    }

    @Override
    boolean isNull(int i) {
      return true;
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      w.setNullAt(ordinal);
    }
  }

  /**
   * A dictionary-encoded column: each index replaced by its value (SPEC §12.2); a null index or a
   * null value is null. The index is checked against the dictionary's length when it is read.
   */
  static final class Dict extends ValueReader {
    private final ValueReader values;
    private long indices;
    private Object base;
    private int width;
    private boolean signed;

    Dict(String path, boolean nullable, Row row, ValueReader values) {
      super(path, nullable, row);
      this.values = values;
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      if (c.dictionary == null || c.indexType == null) {
        throw ArrowColumn.corrupt(path, "the dictionary of the column is missing");
      }
      width = c.indexType.getBitWidth() / 8;
      signed = c.indexType.getIsSigned();
      ArrowColumn.Buf b = c.buffer(0, (long) c.length * width, path, "index");
      indices = b.address();
      base = b.base();
      values.bind(c.dictionary);
    }

    private int index(int i) {
      long a = indices + (long) i * width;
      long x =
          switch (width) {
            case 1 -> signed ? Platform.getByte(base, a) : Platform.getByte(base, a) & 0xffL;
            case 2 -> signed ? Platform.getShort(base, a) : Platform.getShort(base, a) & 0xffffL;
            case 4 -> signed ? Platform.getInt(base, a) : Platform.getInt(base, a) & 0xffffffffL;
            default -> Platform.getLong(base, a);
          };
      if (x < 0 || x >= values.col.length) {
        throw ArrowColumn.corrupt(
            path,
            "row "
                + row.number
                + ": dictionary index "
                + (width == 8 && !signed ? Long.toUnsignedString(x) : Long.toString(x))
                + " is outside the dictionary of "
                + values.col.length
                + " values");
      }
      return (int) x;
    }

    @Override
    boolean isNull(int i) {
      return col.isNull(i) || values.isNull(index(i));
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      values.write(w, ordinal, index(i));
    }
  }

  /**
   * A run-end encoded column: value {@code i} is the value of the run that holds it (SPEC §12.2:
   * the runs expanded). The run ends are checked when bound: integers, no nulls, strictly
   * increasing from 1, the last at least the column's length.
   */
  static final class RunEnd extends ValueReader {
    private final ValueReader values;
    private long ends;
    private Object base;
    private int width;
    private int runs;

    /** The last run found, for rows read in order. */
    private int last;

    RunEnd(String path, boolean nullable, Row row, ValueReader values) {
      super(path, nullable, row);
      this.values = values;
    }

    @Override
    void bind(ArrowColumn c) {
      if (c.length < 0) {
        throw ArrowColumn.corrupt(path, "negative length " + c.length);
      }
      this.col = c;
      if (c.children.length != 2) {
        throw ArrowColumn.corrupt(
            path,
            "expected the run ends and the values as children but found " + c.children.length);
      }
      ArrowColumn e = c.children[0];
      e.checkCommon(path);
      ArrowType et = e.field.getType();
      if (!(et instanceof ArrowType.Int) || !((ArrowType.Int) et).getIsSigned()) {
        throw ArrowColumn.corrupt(
            path, "expected integer run ends but found " + ArrowTypes.name(et));
      }
      width = ((ArrowType.Int) et).getBitWidth() / 8;
      if (e.nullCount > 0) {
        throw ArrowColumn.corrupt(path, "the run ends hold " + e.nullCount + " nulls");
      }
      runs = e.length;
      ArrowColumn.Buf b = e.buffer(0, (long) runs * width, path, "run ends");
      ends = b.address();
      base = b.base();
      long prev = 0;
      for (int r = 0; r < runs; r++) {
        long end = end(r);
        if (end <= prev) {
          throw ArrowColumn.corrupt(
              path,
              "expected run ends that increase from 1 but found "
                  + end
                  + " after "
                  + prev
                  + " (run "
                  + r
                  + ")");
        }
        prev = end;
      }
      if (prev < c.length) {
        throw ArrowColumn.corrupt(
            path, "the runs end at " + prev + " but the column has " + c.length + " values");
      }
      values.bind(c.child(1, runs, path));
      last = 0;
    }

    private long end(int r) {
      long a = ends + (long) r * width;
      return switch (width) {
        case 2 -> Platform.getShort(base, a);
        case 4 -> Platform.getInt(base, a);
        default -> Platform.getLong(base, a);
      };
    }

    /** The run of value {@code i}: the first whose end is above {@code i}. */
    private int run(int i) {
      int r = last;
      if (r < runs && end(r) > i && (r == 0 || end(r - 1) <= i)) {
        return r;
      }
      if (r + 1 < runs && end(r) <= i && end(r + 1) > i) {
        return last = r + 1;
      }
      int lo = 0;
      int hi = runs - 1;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (end(mid) > i) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      return last = lo;
    }

    @Override
    boolean isNull(int i) {
      return values.isNull(run(i));
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      values.write(w, ordinal, run(i));
    }
  }

  /** Signed integers, date32, month_interval: the value as is from the data buffer. */
  static final class Fixed extends ValueReader {
    final int width;
    long data;
    Object base;

    Fixed(String path, boolean nullable, Row row, int width) {
      super(path, nullable, row);
      this.width = width;
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      data = data(width);
      base = dataBase();
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      switch (width) {
        case 1 -> w.writeByte(ordinal, Platform.getByte(base, data + i));
        case 2 -> w.writeShort(ordinal, Platform.getShort(base, data + 2L * i));
        case 4 -> w.writeInt(ordinal, Platform.getInt(base, data + 4L * i));
        default -> w.writeLong(ordinal, Platform.getLong(base, data + 8L * i));
      }
    }
  }

  /**
   * Unsigned integers, widened (SPEC §12.2): uint8/16/32 to int16/32/64, uint64 to decimal(20,0).
   */
  static final class Unsigned extends ValueReader {
    private final int bits;
    private long data;
    private Object base;

    Unsigned(String path, boolean nullable, Row row, int bits) {
      super(path, nullable, row);
      this.bits = bits;
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      data = data(bits / 8);
      base = dataBase();
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      switch (bits) {
        case 8 -> w.writeShort(ordinal, (short) (Platform.getByte(base, data + i) & 0xff));
        case 16 -> w.writeInt(ordinal, Platform.getShort(base, data + 2L * i) & 0xffff);
        case 32 -> w.writeLong(ordinal, Platform.getInt(base, data + 4L * i) & 0xffffffffL);
        default ->
            w.writeDecimal(
                ordinal,
                new BigDecimal(Long.toUnsignedString(Platform.getLong(base, data + 8L * i))),
                20,
                0);
      }
    }
  }

  /**
   * float16 (widened to float32), float32, float64: through the writer, which keeps NaN canonical.
   */
  static final class Floating extends ValueReader {
    private final int bits;
    private long data;
    private Object base;

    Floating(String path, boolean nullable, Row row, int bits) {
      super(path, nullable, row);
      this.bits = bits;
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      data = data(bits / 8);
      base = dataBase();
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      switch (bits) {
        case 16 ->
            w.writeFloat(ordinal, Mapping.halfToFloat(Platform.getShort(base, data + 2L * i)));
        case 32 -> w.writeFloat(ordinal, Platform.getFloat(base, data + 4L * i));
        default -> w.writeDouble(ordinal, Platform.getDouble(base, data + 8L * i));
      }
    }
  }

  static final class Bool extends ValueReader {
    private long data;
    private Object base;

    Bool(String path, boolean nullable, Row row) {
      super(path, nullable, row);
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      ArrowColumn.Buf b = c.buffer(0, (c.length + 7L) / 8, path, "data");
      data = b.address();
      base = b.base();
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      w.writeBoolean(ordinal, (Platform.getByte(base, data + (i >>> 3)) & (1 << (i & 7))) != 0);
    }
  }

  /** date64[ms] to date32: every value a whole number of days (checked). */
  static final class Date64 extends ValueReader {
    private long data;
    private Object base;

    Date64(String path, boolean nullable, Row row) {
      super(path, nullable, row);
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      data = data(8);
      base = dataBase();
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      w.writeInt(
          ordinal, Mapping.daysOfMillis(Platform.getLong(base, data + 8L * i), path, row.number));
    }
  }

  /**
   * Times, timestamps and durations of any unit to µs (SPEC §12.2): seconds and milliseconds
   * exactly (checked to fit int64), nanoseconds floored (rule 6, refused when strict); a time of
   * day checked to be below 24 h.
   */
  static final class Temporal extends ValueReader {
    private final Mapping.Kind kind;
    private final Unit unit;
    private final int width;
    private final boolean strict;
    private long data;
    private Object base;

    Temporal(
        String path,
        boolean nullable,
        Row row,
        Mapping.Kind kind,
        Unit unit,
        int width,
        boolean strict) {
      super(path, nullable, row);
      this.kind = kind;
      this.unit = unit;
      this.width = width;
      this.strict = strict;
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      data = data(width);
      base = dataBase();
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      long v =
          width == 4 ? Platform.getInt(base, data + 4L * i) : Platform.getLong(base, data + 8L * i);
      String what =
          kind == Mapping.Kind.TIME
              ? "time"
              : kind == Mapping.Kind.TIMESTAMP ? "timestamp" : "duration";
      long us = Mapping.micros(v, unit, strict, what, path, row.number);
      if (kind == Mapping.Kind.TIME) {
        us = Mapping.timeOfDay(us, path, row.number);
      }
      w.writeLong(ordinal, us);
    }
  }

  /** day_time (days, ms) and month_day_nano (months, days, ns) intervals to interval. */
  static final class Intervals extends ValueReader {
    private final boolean nanos;
    private final boolean strict;
    private long data;
    private Object base;

    Intervals(String path, boolean nullable, Row row, boolean nanos, boolean strict) {
      super(path, nullable, row);
      this.nanos = nanos;
      this.strict = strict;
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      data = data(nanos ? 16 : 8);
      base = dataBase();
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      Interval v;
      if (nanos) {
        long a = data + 16L * i;
        v =
            Mapping.monthDayNano(
                Platform.getInt(base, a),
                Platform.getInt(base, a + 4),
                Platform.getLong(base, a + 8),
                strict,
                path,
                row.number);
      } else {
        long a = data + 8L * i;
        v = Mapping.dayTime(Platform.getInt(base, a), Platform.getInt(base, a + 4));
      }
      w.writeInterval(ordinal, v);
    }
  }

  /** decimal32/64/128/256 to decimal(p, s): exact, each value checked against the precision. */
  static final class Decimal extends ValueReader {
    private final int precision;
    private final int scale;
    private final int width;
    private long data;
    private Object base;

    Decimal(String path, boolean nullable, Row row, DataTypes.DecimalType t, int bits) {
      super(path, nullable, row);
      this.precision = t.precision();
      this.scale = t.scale();
      this.width = bits / 8;
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      data = data(width);
      base = dataBase();
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      long a = data + (long) width * i;
      BigDecimal v;
      if (width <= 8) {
        long u = width == 4 ? Platform.getInt(base, a) : Platform.getLong(base, a);
        if (precision <= DataTypes.DecimalType.MAX_LONG_PRECISION
            && io.zerorow.type.Values.fitsPrecision(u, precision)) {
          w.writeLong(ordinal, u);
          return;
        }
        v = BigDecimal.valueOf(u, scale);
      } else {
        byte[] be = new byte[width];
        for (int k = 0; k < width; k++) {
          be[k] = Platform.getByte(base, a + width - 1 - k); // little-endian to big-endian
        }
        v = new BigDecimal(new BigInteger(be), scale);
      }
      try {
        w.writeDecimal(ordinal, v, precision, scale);
      } catch (ZerorowException e) {
        throw invalid(
            "decimal "
                + v.toPlainString()
                + " does not fit decimal("
                + precision
                + ", "
                + scale
                + ")");
      }
    }
  }

  /**
   * string and binary from their plain, large and view forms; a string's bytes are checked to be
   * UTF-8 (SPEC §3.2). Offsets are checked when bound, views when read.
   */
  static final class Bytes extends ValueReader {
    private final boolean utf8;
    private int kind; // 4 or 8: offset width; 0: views
    private ArrowColumn.Buf offsets;
    private ArrowColumn.Buf data;

    Bytes(String path, boolean nullable, Row row, boolean utf8) {
      super(path, nullable, row);
      this.utf8 = utf8;
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      ArrowType t = c.field.getType();
      if (t instanceof ArrowType.ExtensionType) {
        t = ((ArrowType.ExtensionType) t).storageType();
      }
      kind =
          switch (t.getTypeID()) {
            case Utf8View, BinaryView -> 0;
            case LargeUtf8, LargeBinary -> 8;
            default -> 4;
          };
      if (kind == 0) {
        data = c.buffer(0, 16L * c.length, path, "views");
        return;
      }
      long dataSize = c.buffers.length > 1 ? c.buffers[1].size() : 0;
      offsets = c.checkOffsets(0, kind, dataSize, path, "the data buffer's size");
      data = c.buffers.length > 1 ? c.buffers[1] : ArrowColumn.Buf.EMPTY;
    }

    // where the last value located lies: its memory and size
    private Object base;
    private long at;
    private long n;

    /** Finds value {@code i}'s bytes (offsets were checked when bound; a view is checked here). */
    private void locate(int i) {
      if (kind == 0) {
        long v = data.address() + 16L * i;
        n = Platform.getInt(data.base(), v);
        if (n < 0) {
          throw ArrowColumn.corrupt(path, "row " + row.number + ": negative view length " + n);
        }
        if (n <= 12) {
          base = data.base();
          at = v + 4;
          return;
        }
        int buf = Platform.getInt(data.base(), v + 8);
        long off = Platform.getInt(data.base(), v + 12);
        if (buf < 0 || buf + 1 >= col.buffers.length) {
          throw ArrowColumn.corrupt(
              path,
              "row "
                  + row.number
                  + ": view buffer index "
                  + buf
                  + " but the column has "
                  + (col.buffers.length - 1)
                  + " data buffers");
        }
        ArrowColumn.Buf b = col.buffers[buf + 1];
        if (off < 0 || off + n > b.size()) {
          throw ArrowColumn.corrupt(
              path,
              "row "
                  + row.number
                  + ": expected a view within its data buffer of "
                  + b.size()
                  + " bytes but found offset "
                  + off
                  + ", length "
                  + n);
        }
        base = b.base();
        at = b.address() + off;
        return;
      }
      long start = ArrowColumn.offset(offsets, kind, i);
      n = ArrowColumn.offset(offsets, kind, i + 1) - start;
      base = data.base();
      at = data.address() + start;
    }

    /** A copy of value {@code i}'s bytes. */
    byte[] bytes(int i) {
      locate(i);
      if (n > io.zerorow.writer.WriteBuffer.MAX_ROW_SIZE) {
        throw invalid("a value of " + n + " bytes is larger than a row can hold");
      }
      return Platform.toBytes(base, at, (int) n);
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      locate(i);
      if (n > io.zerorow.writer.WriteBuffer.MAX_ROW_SIZE) {
        throw invalid(
            "a value of " + n + " bytes is larger than a row can hold (2^31-8 bytes, SPEC §7)");
      }
      if (utf8) {
        long bad = Utf8.firstError(base, at, n);
        if (bad >= 0) {
          throw invalid("a string that is not valid UTF-8 (at byte " + bad + ")");
        }
      }
      // one copy, from the checked Arrow buffer into the row
      w.writeBinaryUnchecked(ordinal, base, at, (int) n);
    }
  }

  /** fixed_size_binary(n) and arrow.uuid: n bytes per value. */
  static final class FixedBinary extends ValueReader {
    private final int size;
    private long data;
    private Object base;

    FixedBinary(String path, boolean nullable, Row row, int size) {
      super(path, nullable, row);
      this.size = size;
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      data = data(size);
      base = dataBase();
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      w.writeBinaryUnchecked(ordinal, base, data + (long) size * i, size);
    }
  }

  /**
   * parquet.variant: a struct of {@code metadata} and {@code value} binaries, taken as is and
   * validated like any variant (SPEC §3.9).
   */
  static final class VariantReader extends ValueReader {
    private final Bytes metadata;
    private final Bytes value;
    private int metadataChild;
    private int valueChild;
    private final Field field;

    VariantReader(String path, boolean nullable, Row row, Field f) {
      super(path, nullable, row);
      this.field = f;
      this.metadata = new Bytes(path + ".metadata", true, row, false);
      this.value = new Bytes(path + ".value", true, row, false);
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      List<Field> cs = field.getChildren();
      for (int k = 0; k < cs.size(); k++) {
        if (cs.get(k).getName().equals("metadata")) {
          metadataChild = k;
        } else {
          valueChild = k;
        }
      }
      metadata.bind(c.child(metadataChild, c.length, path));
      value.bind(c.child(valueChild, c.length, path));
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      if (metadata.isNull(i) || value.isNull(i)) {
        throw invalid("a variant whose metadata or value is null");
      }
      byte[] m = metadata.bytes(i);
      byte[] v = value.bytes(i);
      Variant x;
      try {
        x = new Variant(m, v);
        x.validate();
      } catch (ZerorowException e) {
        throw invalid(e.detail());
      }
      w.writeVariant(ordinal, x);
    }
  }

  /**
   * list, large_list, list_view, large_list_view and fixed_size_list: an array of the child values
   * (SPEC §2.2); a view's elements once each, in the view's order.
   */
  static final class List1 extends ValueReader {
    private final ArrayWriter array;
    private final ValueReader element;
    private int kind; // 4 or 8: offsets; -4 or -8: views (offsets and sizes); 0: fixed size
    private int fixedSize;
    private ArrowColumn.Buf offsets;
    private ArrowColumn.Buf sizes;

    List1(
        String path,
        boolean nullable,
        Row row,
        Field f,
        Imported imp,
        WriteBuffer buffer,
        boolean strict) {
      super(path, nullable, row);
      DataTypes.ListType t = (DataTypes.ListType) imp.type();
      this.array = new ArrayWriter(t, buffer);
      this.element =
          create(
              f.getChildren().get(0),
              imp.children().get(0),
              t.elementNullable(),
              path + "[]",
              buffer,
              strict,
              row);
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      ArrowType t = c.field.getType();
      if (c.children.length != 1) {
        throw ArrowColumn.corrupt(path, "expected one child but found " + c.children.length);
      }
      long childLength = c.children[0].length;
      switch (t.getTypeID()) {
        case FixedSizeList -> {
          kind = 0;
          fixedSize = ((ArrowType.FixedSizeList) t).getListSize();
          c.child(0, (long) c.length * fixedSize, path);
        }
        case ListView, LargeListView -> {
          int w = t.getTypeID() == ArrowType.ArrowTypeID.ListView ? 4 : 8;
          kind = -w;
          offsets = c.buffer(0, (long) c.length * w, path, "offsets");
          sizes = c.buffer(1, (long) c.length * w, path, "sizes");
          for (int i = 0; i < c.length; i++) {
            if (c.isNull(i)) {
              continue;
            }
            long off = ArrowColumn.offset(offsets, w, i);
            long size = ArrowColumn.offset(sizes, w, i);
            if (off < 0 || size < 0 || off + size > childLength) {
              throw ArrowColumn.corrupt(
                  path,
                  "expected a list view within the child's "
                      + childLength
                      + " values but found offset "
                      + off
                      + ", size "
                      + size
                      + " (value "
                      + i
                      + ")");
            }
          }
        }
        default -> {
          kind = t.getTypeID() == ArrowType.ArrowTypeID.LargeList ? 8 : 4;
          offsets = c.checkOffsets(0, kind, childLength, path, "the child's length");
        }
      }
      element.bind(c.children[0]);
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      long start;
      long end;
      if (kind == 0) {
        start = (long) i * fixedSize;
        end = start + fixedSize;
      } else if (kind < 0) {
        start = ArrowColumn.offset(offsets, -kind, i);
        end = start + ArrowColumn.offset(sizes, -kind, i);
      } else {
        start = ArrowColumn.offset(offsets, kind, i);
        end = ArrowColumn.offset(offsets, kind, i + 1);
      }
      if (end - start > Integer.MAX_VALUE) {
        throw invalid("a list of " + (end - start) + " elements is longer than 2^31-1");
      }
      int c = w.cursor();
      array.initialize((int) (end - start));
      for (long j = start; j < end; j++) {
        element.writeOrNull(array, (int) (j - start), (int) j);
      }
      w.setOffsetAndSize(ordinal, c);
    }
  }

  /** map: the key array, then the value array (SPEC §2.3); a null key is refused. */
  static final class Map1 extends ValueReader {
    private final ArrayWriter keys;
    private final ArrayWriter values;
    private final ValueReader key;
    private final ValueReader value;
    private ArrowColumn.Buf offsets;

    Map1(
        String path,
        boolean nullable,
        Row row,
        Field f,
        Imported imp,
        WriteBuffer buffer,
        boolean strict) {
      super(path, nullable, row);
      DataTypes.MapType t = (DataTypes.MapType) imp.type();
      this.keys = new ArrayWriter(t.keyArrayType(), buffer);
      this.values = new ArrayWriter(t.valueArrayType(), buffer);
      Field entries = f.getChildren().get(0);
      this.key =
          create(
              entries.getChildren().get(0),
              imp.children().get(0),
              false,
              path + "{keys}",
              buffer,
              strict,
              row);
      this.value =
          create(
              entries.getChildren().get(1),
              imp.children().get(1),
              t.valueNullable(),
              path + "{values}",
              buffer,
              strict,
              row);
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      if (c.children.length != 1) {
        throw ArrowColumn.corrupt(
            path, "expected the entries as one child but found " + c.children.length);
      }
      ArrowColumn entries = c.children[0];
      offsets = c.checkOffsets(0, 4, entries.length, path, "the entries' length");
      long n = c.length == 0 ? 0 : ArrowColumn.offset(offsets, 4, c.length);
      key.bind(entries.child(0, n, path));
      value.bind(entries.child(1, n, path));
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      int start = (int) ArrowColumn.offset(offsets, 4, i);
      int end = (int) ArrowColumn.offset(offsets, 4, i + 1);
      int c = w.beginMap();
      keys.initialize(end - start);
      for (int j = start; j < end; j++) {
        key.writeOrNull(keys, j - start, j);
      }
      w.endMapKeys(c);
      values.initialize(end - start);
      for (int j = start; j < end; j++) {
        value.writeOrNull(values, j - start, j);
      }
      w.setOffsetAndSize(ordinal, c);
    }
  }

  /** struct: a nested row (SPEC §2.1). */
  static final class Struct extends ValueReader {
    private final RowWriter row2;
    private final ValueReader[] fields;

    Struct(
        String path,
        boolean nullable,
        Row row,
        Field f,
        Imported imp,
        WriteBuffer buffer,
        boolean strict) {
      super(path, nullable, row);
      Schema s = (Schema) imp.type();
      this.row2 = new RowWriter(s, buffer);
      this.fields = fieldReaders(f.getChildren(), imp.children(), s, path, buffer, strict, row);
    }

    @Override
    void bind(ArrowColumn c) {
      super.bind(c);
      bindFields(fields, c, path);
    }

    @Override
    void write(BinaryWriter w, int ordinal, int i) {
      int c = w.cursor();
      row2.start();
      for (int k = 0; k < fields.length; k++) {
        fields[k].writeOrNull(row2, k, i);
      }
      w.setOffsetAndSize(ordinal, c);
    }
  }

  /** Binds each field reader to the struct column's child of the same position. */
  static void bindFields(ValueReader[] fields, ArrowColumn c, String path) {
    if (c.children.length != fields.length) {
      throw ArrowColumn.corrupt(
          path, "expected " + fields.length + " children but found " + c.children.length);
    }
    for (int k = 0; k < fields.length; k++) {
      fields[k].bind(c.child(k, c.length, path));
    }
  }
}
