package io.zerorow.type;

import io.zerorow.InvalidDataException;
import io.zerorow.SchemaMismatchException;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Floats;
import io.zerorow.internal.Platform;
import io.zerorow.internal.Utf8;
import io.zerorow.row.BinaryRow;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A variant value (SPEC §3.9): one semi-structured value in the Variant binary encoding of Apache
 * Parquet (a {@code metadata} dictionary of object keys and a {@code value}), read in place.
 *
 * <p>A {@code Variant} from {@link BinaryRow#getVariant} points into the row's memory, like a
 * nested view: {@link #type()}, {@link #get(String)}, {@link #get(int)}, the scalar getters, {@link
 * #toJson()} and {@link #toObject()} read the bytes where they are. Every offset they follow is
 * checked against the value and the metadata first (SPEC §6.2 B4), so damaged bytes give an {@link
 * InvalidDataException}, never a read outside them; {@link #validate()} checks every rule of SPEC
 * §3.9 at once. {@link #fromJson(String)} and {@link #of(Object)} build the canonical variant of a
 * JSON text or a Java value.
 *
 * <p>Equality is equality of the metadata and value bytes. Not thread-safe to share while the
 * memory it views is rewritten (an encoder's reused buffer): {@link #copy()} detaches it.
 */
public final class Variant {
  /** The types a variant value has: the primitive types of the encoding, object and array. */
  public enum Type {
    /** JSON null (the value byte {@code 0x00}): not a null variant. */
    NULL,
    /** true or false. */
    BOOLEAN,
    /** A signed 1-byte integer. */
    INT8,
    /** A signed 2-byte integer. */
    INT16,
    /** A signed 4-byte integer. */
    INT32,
    /** A signed 8-byte integer. */
    INT64,
    /** A 32-bit float. */
    FLOAT,
    /** A 64-bit float. */
    DOUBLE,
    /** A decimal of precision up to 9. */
    DECIMAL4,
    /** A decimal of precision up to 18. */
    DECIMAL8,
    /** A decimal of precision up to 38. */
    DECIMAL16,
    /** Days since 1970-01-01. */
    DATE,
    /** Microseconds since midnight, no zone. */
    TIME_NTZ,
    /** Microseconds since the epoch, an instant (UTC). */
    TIMESTAMP,
    /** Microseconds since the epoch, a wall-clock time. */
    TIMESTAMP_NTZ,
    /** Nanoseconds since the epoch, an instant (UTC). */
    TIMESTAMP_NANOS,
    /** Nanoseconds since the epoch, a wall-clock time. */
    TIMESTAMP_NTZ_NANOS,
    /** Bytes. */
    BINARY,
    /** UTF-8 text (a short string or a string). */
    STRING,
    /** 16 bytes, big-endian. */
    UUID,
    /** Keys (strings) to values, keys in increasing byte order. */
    OBJECT,
    /** Values. */
    ARRAY
  }

  /** The deepest nesting of objects and arrays inside one variant (SPEC §7). */
  public static final int MAX_DEPTH = 1000;

  // The primitive type ids of the encoding, in the order of Type's primitive constants.
  private static final Type[] PRIMITIVES = {
    Type.NULL, // 0 null
    Type.BOOLEAN, // 1 true
    Type.BOOLEAN, // 2 false
    Type.INT8, // 3
    Type.INT16, // 4
    Type.INT32, // 5
    Type.INT64, // 6
    Type.DOUBLE, // 7
    Type.DECIMAL4, // 8
    Type.DECIMAL8, // 9
    Type.DECIMAL16, // 10
    Type.DATE, // 11
    Type.TIMESTAMP, // 12
    Type.TIMESTAMP_NTZ, // 13
    Type.FLOAT, // 14
    Type.BINARY, // 15
    Type.STRING, // 16
    Type.TIME_NTZ, // 17
    Type.TIMESTAMP_NANOS, // 18
    Type.TIMESTAMP_NTZ_NANOS, // 19
    Type.UUID, // 20
  };

  static final int BASIC_PRIMITIVE = 0;
  static final int BASIC_SHORT_STRING = 1;
  static final int BASIC_OBJECT = 2;
  static final int BASIC_ARRAY = 3;

  private final Object metaBase;
  private final long metaAddress;
  private final int metaSize;
  private final Object base;
  private final long address;

  /** Bytes readable from {@link #address}: this value lies within them. */
  private final int limit;

  /** Keeps the memory alive (a direct buffer, a mapped file). */
  private final Object owner;

  /** Where the variant is, for messages: a field path of SPEC §4.3 ("" at the top). */
  private final String path;

  private Variant(
      Object metaBase,
      long metaAddress,
      int metaSize,
      Object base,
      long address,
      int limit,
      Object owner,
      String path) {
    this.metaBase = metaBase;
    this.metaAddress = metaAddress;
    this.metaSize = metaSize;
    this.base = base;
    this.address = address;
    this.limit = limit;
    this.owner = owner;
    this.path = path;
  }

  /**
   * The variant of these two byte strings (not copied: do not change them while the variant is
   * used). Rule 1 of SPEC §3.9 is checked here ({@code value} at least 1 byte, {@code metadata} at
   * least 3); {@link #validate()} checks the rest.
   */
  public Variant(byte[] metadata, byte[] value) {
    this(
        checkSize(metadata, 3, "metadata"),
        Platform.BYTE_ARRAY_OFFSET,
        metadata.length,
        checkSize(value, 1, "value"),
        Platform.BYTE_ARRAY_OFFSET,
        value.length,
        null,
        "");
  }

  private static byte[] checkSize(byte[] b, int min, String what) {
    java.util.Objects.requireNonNull(b, what);
    if (b.length < min) {
      throw new InvalidDataException(
          "",
          "expected a variant " + what + " of at least " + min + " bytes but found " + b.length);
    }
    return b;
  }

  /**
   * The variant in a body of {@code size} bytes at {@code (base, address)} laid out as SPEC §3.9
   * ({@code [u32 V][value][metadata]}), after the checks of rule 1 (SPEC §6.2 B4): how the row
   * views and the validator read a variant in place. {@code owner} keeps the memory alive; {@code
   * path} names the value in errors (SPEC §4.3).
   */
  public static Variant inBody(Object base, long address, int size, Object owner, String path) {
    if (size < 4) {
      throw new InvalidDataException(
          path, "expected a variant body of at least 4 bytes but found " + size);
    }
    long v = Platform.getInt(base, address) & 0xffffffffL;
    if (v < 1 || 4 + v > size || size - 4 - v < 3) {
      throw new InvalidDataException(
          path,
          "expected a variant value size V with 1 <= V and 4+V+3 <= "
              + size
              + " (the body size) but found V = "
              + v);
    }
    int vs = (int) v;
    return new Variant(base, address + 4 + vs, size - 4 - vs, base, address + 4, vs, owner, path);
  }

  // ---- raw reads, each checked against the value or the metadata ----

  private InvalidDataException invalid(String detail) {
    return new InvalidDataException(path, "variant: " + detail);
  }

  /** {@code n} bytes from {@code at} must lie inside this value's bytes. */
  private void need(long at, long n) {
    if (at < 0 || n < 0 || at + n > limit) {
      throw invalid(
          "expected offset+size <= " + limit + " but found " + (at + n) + " (offset " + at + ")");
    }
  }

  private int u8(long at) {
    need(at, 1);
    return Platform.getByte(base, address + at) & 0xff;
  }

  /** An unsigned little-endian integer of {@code n} (1 to 4) bytes of the value. */
  private long uint(long at, int n) {
    need(at, n);
    long v = 0;
    for (int i = n - 1; i >= 0; i--) {
      v = (v << 8) | (Platform.getByte(base, address + at + i) & 0xff);
    }
    return v;
  }

  private long int64(long at) {
    need(at, 8);
    return Platform.getLong(base, address + at);
  }

  private int meta8(long at) {
    if (at < 0 || at >= metaSize) {
      throw invalid("metadata offset " + at + " past its " + metaSize + " bytes");
    }
    return Platform.getByte(metaBase, metaAddress + at) & 0xff;
  }

  private long metaUint(long at, int n) {
    if (at < 0 || at + n > metaSize) {
      throw invalid("expected a metadata offset+size <= " + metaSize + " but found " + (at + n));
    }
    long v = 0;
    for (int i = n - 1; i >= 0; i--) {
      v = (v << 8) | (Platform.getByte(metaBase, metaAddress + at + i) & 0xff);
    }
    return v;
  }

  // ---- the metadata dictionary ----

  private int metaOffsetSize() {
    return ((meta8(0) >>> 6) & 3) + 1;
  }

  /** The number of keys in the dictionary. */
  private long dictionarySize() {
    int h = meta8(0);
    if ((h & 0x0f) != 1) {
      throw invalid("expected metadata version 1 but found " + (h & 0x0f));
    }
    return metaUint(1, metaOffsetSize());
  }

  /** Start and end (within the metadata) of key {@code id}, checked. */
  private long[] keyRange(long id) {
    long n = dictionarySize();
    if (id < 0 || id >= n) {
      throw invalid("expected a field id < " + n + " (the dictionary size) but found " + id);
    }
    int o = metaOffsetSize();
    long strings = 1 + (long) o * (n + 2);
    long start = metaUint(1 + (long) o * (id + 1), o);
    long end = metaUint(1 + (long) o * (id + 2), o);
    if (start > end || strings + end > metaSize) {
      throw invalid(
          "key "
              + id
              + " spans offsets "
              + start
              + " to "
              + end
              + " but the dictionary has "
              + (metaSize - strings)
              + " bytes");
    }
    return new long[] {metaAddress + strings + start, end - start};
  }

  private String key(long id) {
    long[] r = keyRange(id);
    return new String(Platform.toBytes(metaBase, r[0], (int) r[1]), StandardCharsets.UTF_8);
  }

  // ---- the value ----

  private int header() {
    return u8(0);
  }

  /** The type of this value. */
  public Type type() {
    int h = header();
    switch (h & 3) {
      case BASIC_PRIMITIVE:
        {
          int id = h >>> 2;
          if (id >= PRIMITIVES.length) {
            throw invalid("unknown primitive type id " + id);
          }
          return PRIMITIVES[id];
        }
      case BASIC_SHORT_STRING:
        return Type.STRING;
      case BASIC_OBJECT:
        return Type.OBJECT;
      default:
        return Type.ARRAY;
    }
  }

  /** True when the value is JSON null (a variant that is present, holding null). */
  public boolean isNull() {
    return header() == 0;
  }

  /** The layout of an object or array: element count and where its tables and data start. */
  private record Container(
      long n, int idSize, int offsetSize, long ids, long offsets, long data, long dataEnd) {}

  private Container container(boolean object) {
    int h = header();
    int basic = h & 3;
    if (basic != (object ? BASIC_OBJECT : BASIC_ARRAY)) {
      throw new SchemaMismatchException(
          path, "expected a variant " + (object ? "object" : "array") + " but found " + type());
    }
    int vh = h >>> 2;
    boolean large = ((vh >>> (object ? 4 : 2)) & 1) != 0;
    int idSize = object ? ((vh >>> 2) & 3) + 1 : 0;
    int offsetSize = (vh & 3) + 1;
    int countSize = large ? 4 : 1;
    long n = uint(1, countSize);
    long ids = 1 + countSize;
    long offsets = ids + n * idSize;
    long data = offsets + (n + 1) * offsetSize;
    need(0, data);
    long dataEnd = data + uint(offsets + n * offsetSize, offsetSize);
    need(0, dataEnd);
    return new Container(n, idSize, offsetSize, ids, offsets, data, dataEnd);
  }

  /** The element count of an object (its fields) or an array. */
  public int numElements() {
    Type t = type();
    if (t != Type.OBJECT && t != Type.ARRAY) {
      throw new SchemaMismatchException(path, "expected a variant object or array but found " + t);
    }
    return (int) container(t == Type.OBJECT).n;
  }

  /** Element {@code i} of a container, a variant over its bytes (checked inside the data). */
  private Variant child(Container c, long i) {
    long off = uint(c.offsets + i * c.offsetSize, c.offsetSize);
    long at = c.data + off;
    if (at >= c.dataEnd) {
      throw invalid(
          "element " + i + " starts at " + at + " but the container's data ends at " + c.dataEnd);
    }
    return new Variant(
        metaBase, metaAddress, metaSize, base, address + at, (int) (c.dataEnd - at), owner, path);
  }

  /** Element {@code index} of an array; an index outside {@code [0, n)} is an index error. */
  public Variant get(int index) {
    Container c = container(false);
    if (index < 0 || index >= c.n) {
      throw new IndexOutOfBoundsException(
          "index " + index + " of a variant array of " + c.n + " elements");
    }
    return child(c, index);
  }

  /** The value of {@code key} in an object, or null when the object has no such key. */
  public Variant get(String key) {
    Container c = container(true);
    byte[] want = key.getBytes(StandardCharsets.UTF_8);
    for (long i = 0; i < c.n; i++) {
      long[] r = keyRange(uint(c.ids + i * c.idSize, c.idSize));
      if (r[1] == want.length && equalsAt(r[0], want)) {
        return child(c, i);
      }
    }
    return null;
  }

  private boolean equalsAt(long metaAt, byte[] want) {
    for (int k = 0; k < want.length; k++) {
      if (Platform.getByte(metaBase, metaAt + k) != want[k]) {
        return false;
      }
    }
    return true;
  }

  /** The keys of an object, in stored order (increasing byte order in a valid variant). */
  public List<String> keys() {
    Container c = container(true);
    List<String> out = new ArrayList<>((int) Math.min(c.n, 1 << 16));
    for (long i = 0; i < c.n; i++) {
      out.add(key(uint(c.ids + i * c.idSize, c.idSize)));
    }
    return out;
  }

  /** The value at a path of keys ({@code String}) and array indexes ({@code Integer}), or null. */
  public Variant at(Object... steps) {
    Variant v = this;
    for (Object s : steps) {
      if (v == null) {
        return null;
      }
      if (s instanceof Integer) {
        int i = (Integer) s;
        v = i >= 0 && i < v.numElements() ? v.get(i) : null;
      } else {
        v = v.get((String) s);
      }
    }
    return v;
  }

  // ---- scalars ----

  private int primitive(String want) {
    int h = header();
    if ((h & 3) != BASIC_PRIMITIVE) {
      throw mismatch(want);
    }
    return h >>> 2;
  }

  private SchemaMismatchException mismatch(String want) {
    return new SchemaMismatchException(path, "expected a variant " + want + " but found " + type());
  }

  /** A boolean. */
  public boolean getBoolean() {
    int id = primitive("boolean");
    if (id != 1 && id != 2) {
      throw mismatch("boolean");
    }
    return id == 1;
  }

  /** An integer of any width (int8 to int64), as a long. */
  public long getLong() {
    return switch (primitive("integer")) {
      case 3 -> (byte) u8(1);
      case 4 -> (short) uint(1, 2);
      case 5 -> (int) uint(1, 4);
      case 6 -> int64(1);
      default -> throw mismatch("integer");
    };
  }

  /** A double (a float is widened). */
  public double getDouble() {
    return switch (primitive("double")) {
      case 7 -> Double.longBitsToDouble(int64(1));
      case 14 -> Float.intBitsToFloat((int) uint(1, 4));
      default -> throw mismatch("double");
    };
  }

  /** A float. */
  public float getFloat() {
    if (primitive("float") != 14) {
      throw mismatch("float");
    }
    return Float.intBitsToFloat((int) uint(1, 4));
  }

  /** A decimal of any width, at its scale. */
  public BigDecimal getDecimal() {
    int id = primitive("decimal");
    int width =
        switch (id) {
          case 8 -> 4;
          case 9 -> 8;
          case 10 -> 16;
          default -> throw mismatch("decimal");
        };
    int scale = u8(1);
    need(2, width);
    byte[] le = Platform.toBytes(base, address + 2, width);
    byte[] be = new byte[width];
    for (int i = 0; i < width; i++) {
      be[i] = le[width - 1 - i];
    }
    return new BigDecimal(new BigInteger(be), scale);
  }

  /** A string (short or long). */
  public String getString() {
    return new String(stringBytes(), StandardCharsets.UTF_8);
  }

  private byte[] stringBytes() {
    int h = header();
    if ((h & 3) == BASIC_SHORT_STRING) {
      int n = h >>> 2;
      need(1, n);
      return Platform.toBytes(base, address + 1, n);
    }
    if (primitive("string") != 16) {
      throw mismatch("string");
    }
    return lengthPrefixed();
  }

  private byte[] lengthPrefixed() {
    long n = uint(1, 4);
    need(5, n);
    return Platform.toBytes(base, address + 5, (int) n);
  }

  /** Bytes (a copy). */
  public byte[] getBinary() {
    if (primitive("binary") != 15) {
      throw mismatch("binary");
    }
    return lengthPrefixed();
  }

  /** A date. */
  public LocalDate getDate() {
    if (primitive("date") != 11) {
      throw mismatch("date");
    }
    return LocalDate.ofEpochDay((int) uint(1, 4));
  }

  /** A time of day (time_ntz, microseconds). */
  public LocalTime getTime() {
    if (primitive("time") != 17) {
      throw mismatch("time");
    }
    long us = int64(1);
    if (us < 0 || us >= 86_400_000_000L) {
      throw invalid("expected 0 <= time < 86400000000 but found " + us);
    }
    return LocalTime.ofNanoOfDay(us * 1000);
  }

  /** A timestamp with a zone (µs or ns) as an instant. */
  public Instant getTimestamp() {
    return switch (primitive("timestamp")) {
      case 12 -> Values.instantOfMicros(int64(1));
      case 18 -> instantOfNanos(int64(1));
      default -> throw mismatch("timestamp");
    };
  }

  /** A timestamp without zone (µs or ns) as a wall-clock time. */
  public LocalDateTime getLocalDateTime() {
    return switch (primitive("timestamp_ntz")) {
      case 13 -> Values.localDateTimeOfMicros(int64(1));
      case 19 -> LocalDateTime.ofInstant(instantOfNanos(int64(1)), ZoneOffset.UTC);
      default -> throw mismatch("timestamp_ntz");
    };
  }

  private static Instant instantOfNanos(long ns) {
    return Instant.ofEpochSecond(
        Math.floorDiv(ns, 1_000_000_000L), Math.floorMod(ns, 1_000_000_000L));
  }

  /** A UUID. */
  public UUID getUuid() {
    if (primitive("uuid") != 20) {
      throw mismatch("uuid");
    }
    need(1, 16);
    long hi = Long.reverseBytes(Platform.getLong(base, address + 1));
    long lo = Long.reverseBytes(Platform.getLong(base, address + 9));
    return new UUID(hi, lo);
  }

  // ---- sizes and bytes ----

  /** The number of bytes this value takes (checked within its bytes). */
  int valueSize() {
    int h = header();
    return switch (h & 3) {
      case BASIC_SHORT_STRING -> {
        need(0, 1 + (h >>> 2));
        yield 1 + (h >>> 2);
      }
      case BASIC_OBJECT -> (int) container(true).dataEnd;
      case BASIC_ARRAY -> (int) container(false).dataEnd;
      default -> {
        int id = h >>> 2;
        long n =
            switch (id) {
              case 0, 1, 2 -> 1;
              case 3 -> 2;
              case 4 -> 3;
              case 5, 11, 14 -> 5;
              case 6, 7, 12, 13, 17, 18, 19 -> 9;
              case 8 -> 6;
              case 9 -> 10;
              case 10 -> 18;
              case 15, 16 -> 5 + uint(1, 4);
              case 20 -> 17;
              default -> throw invalid("unknown primitive type id " + id);
            };
        need(0, n);
        yield (int) n;
      }
    };
  }

  /** A copy of the metadata bytes. */
  public byte[] metadata() {
    return Platform.toBytes(metaBase, metaAddress, metaSize);
  }

  /** A copy of the value bytes (this value's own, for a value inside another). */
  public byte[] value() {
    return Platform.toBytes(base, address, valueSize());
  }

  /** This variant with its own copies of the metadata and value bytes. */
  public Variant copy() {
    return new Variant(metadata(), value());
  }

  /** The body of SPEC §3.9 ({@code [u32 V][value][metadata]}), without padding. */
  public byte[] body() {
    byte[] v = value();
    byte[] m = metadata();
    byte[] out = new byte[4 + v.length + m.length];
    out[0] = (byte) v.length;
    out[1] = (byte) (v.length >>> 8);
    out[2] = (byte) (v.length >>> 16);
    out[3] = (byte) (v.length >>> 24);
    System.arraycopy(v, 0, out, 4, v.length);
    System.arraycopy(m, 0, out, 4 + v.length, m.length);
    return out;
  }

  // ---- validation (SPEC §3.9 rules 2 and 3) ----

  /**
   * Checks every rule of SPEC §3.9 (rules 2 and 3: the metadata dictionary, every type id, size and
   * offset, UTF-8, decimals, object keys unique and in order, nesting at most {@link #MAX_DEPTH}).
   *
   * @throws InvalidDataException at the first violation
   */
  public void validate() {
    long n = checkMetadata();
    checkValue(n, 0, new java.util.HashMap<>());
  }

  /** Rule 2; returns the dictionary size. */
  private long checkMetadata() {
    int h = meta8(0);
    if ((h & 0x0f) != 1) {
      throw invalid("expected metadata version 1 but found " + (h & 0x0f));
    }
    if ((h & 0x20) != 0) {
      throw invalid("expected the unused metadata header bit 5 to be 0");
    }
    boolean sorted = (h & 0x10) != 0;
    int o = metaOffsetSize();
    long n = metaUint(1, o);
    long strings = 1 + (long) o * (n + 2);
    if (strings > metaSize) {
      throw invalid(
          "a dictionary of "
              + n
              + " keys needs "
              + strings
              + " bytes of offsets but the metadata has "
              + metaSize);
    }
    long prev = 0;
    byte[] prevKey = null;
    for (long i = 0; i <= n; i++) {
      long off = metaUint(1 + o * (i + 1), o);
      if (i == 0 && off != 0) {
        throw invalid("expected the first dictionary offset to be 0 but found " + off);
      }
      if (off < prev || strings + off > metaSize) {
        throw invalid(
            "expected dictionary offset "
                + i
                + " between "
                + prev
                + " and "
                + (metaSize - strings)
                + " but found "
                + off);
      }
      if (i > 0) {
        byte[] k = Platform.toBytes(metaBase, metaAddress + strings + prev, (int) (off - prev));
        checkUtf8(k, "dictionary key " + (i - 1));
        if (sorted && prevKey != null && Arrays.compareUnsigned(prevKey, k) >= 0) {
          throw invalid(
              "sorted_strings is set but key " + (i - 1) + " does not follow key " + (i - 2));
        }
        prevKey = k;
      }
      prev = off;
    }
    return n;
  }

  private void checkUtf8(byte[] b, String what) {
    if (!Utf8.isValid(b)) {
      throw invalid(what + " is not valid UTF-8");
    }
  }

  /**
   * Rule 3 for the value at {@code depth} nested containers; returns its height (the containers
   * nested in it, itself included). Elements may share bytes (SPEC §3.9), so each value is checked
   * once: {@code checked} maps a value's address to its height, which keeps the walk linear in the
   * size; the walk stops at {@link #MAX_DEPTH}, which bounds its stack.
   */
  private int checkValue(long dictionary, int depth, Map<Long, Integer> checked) {
    Integer known = checked.get(address);
    if (known != null) {
      if (depth + known > MAX_DEPTH) {
        throw tooDeep();
      }
      return known;
    }
    int h = header();
    int height =
        switch (h & 3) {
          case BASIC_PRIMITIVE -> {
            checkPrimitive(h >>> 2);
            yield 0;
          }
          case BASIC_SHORT_STRING -> {
            checkUtf8(stringBytes(), "a short string");
            yield 0;
          }
          default -> {
            boolean object = (h & 3) == BASIC_OBJECT;
            if (depth >= MAX_DEPTH) {
              throw tooDeep();
            }
            Container c = container(object);
            byte[] prevKey = null;
            int deepest = 0;
            for (long i = 0; i < c.n; i++) {
              if (object) {
                long id = uint(c.ids + i * c.idSize, c.idSize);
                if (id >= dictionary) {
                  throw invalid(
                      "expected a field id < "
                          + dictionary
                          + " (the dictionary size) but found "
                          + id);
                }
                long[] r = keyRange(id);
                byte[] k = Platform.toBytes(metaBase, r[0], (int) r[1]);
                if (prevKey != null && Arrays.compareUnsigned(prevKey, k) >= 0) {
                  throw invalid(
                      "expected object keys unique and in increasing byte order but \""
                          + new String(k, StandardCharsets.UTF_8)
                          + "\" follows \""
                          + new String(prevKey, StandardCharsets.UTF_8)
                          + "\"");
                }
                prevKey = k;
              }
              Variant e = child(c, i);
              e.valueSize(); // the element lies within the data the last offset ends
              deepest = Math.max(deepest, e.checkValue(dictionary, depth + 1, checked));
            }
            yield 1 + deepest;
          }
        };
    checked.put(address, height);
    return height;
  }

  private InvalidDataException tooDeep() {
    return invalid("expected at most " + MAX_DEPTH + " nested objects and arrays but found more");
  }

  /** The rules of one primitive value (its size, UTF-8, decimal, time range). */
  private void checkPrimitive(int id) {
    valueSize(); // a known type id, and its bytes within the value
    switch (id) {
      case 8, 9, 10 -> {
        int scale = u8(1);
        if (scale > 38) {
          throw invalid("expected a decimal scale <= 38 but found " + scale);
        }
        int p = id == 8 ? 9 : id == 9 ? 18 : 38;
        BigInteger u = getDecimal().unscaledValue();
        if (!Values.fitsPrecision(u, p)) {
          throw invalid("expected |unscaled| < 10^" + p + " but found " + u);
        }
      }
      case 16 -> checkUtf8(lengthPrefixed(), "a string");
      case 17 -> timeText(int64(1)); // checks 0 <= time_ntz < 86400000000
      default -> {}
    }
  }

  // ---- JSON text and Java values ----

  /**
   * The value as JSON text (SPEC §3.9): keys in stored order, no whitespace, strings escaped as
   * SPEC §4.1, decimals with their scale, floats as their shortest text ({@code "NaN"} and the
   * infinities as strings), dates, times and timestamps as ISO text, binary as base64, a UUID in
   * lowercase.
   */
  public String toJson() {
    StringBuilder b = new StringBuilder();
    appendJson(b, 0, new long[] {limit});
    return b.toString();
  }

  private void appendJson(StringBuilder b, int depth, long[] budget) {
    if (--budget[0] < 0) {
      throw invalid(
          "its values would be more than its bytes: elements share bytes, nested again and"
              + " again (the values are read out at most one per byte)");
    }
    Type t = type();
    // a switch expression without default: a new variant type must be handled here
    Void done =
        switch (t) {
          case OBJECT -> {
            depthCheck(depth);
            Container c = container(true);
            b.append('{');
            for (long i = 0; i < c.n; i++) {
              if (i > 0) {
                b.append(',');
              }
              appendJsonString(b, key(uint(c.ids + i * c.idSize, c.idSize)));
              b.append(':');
              child(c, i).appendJson(b, depth + 1, budget);
            }
            b.append('}');
            yield null;
          }
          case ARRAY -> {
            depthCheck(depth);
            Container c = container(false);
            b.append('[');
            for (long i = 0; i < c.n; i++) {
              if (i > 0) {
                b.append(',');
              }
              child(c, i).appendJson(b, depth + 1, budget);
            }
            b.append(']');
            yield null;
          }
          case NULL -> {
            b.append("null");
            yield null;
          }
          case BOOLEAN -> {
            b.append(getBoolean());
            yield null;
          }
          case INT8, INT16, INT32, INT64 -> {
            b.append(getLong());
            yield null;
          }
          case FLOAT -> {
            appendFloat(b, getFloat(), true);
            yield null;
          }
          case DOUBLE -> {
            appendFloat(b, getDouble(), false);
            yield null;
          }
          case DECIMAL4, DECIMAL8, DECIMAL16 -> {
            b.append(getDecimal().toPlainString());
            yield null;
          }
          case STRING -> {
            appendJsonString(b, getString());
            yield null;
          }
          case DATE -> {
            b.append('"').append(getDate()).append('"');
            yield null;
          }
          case TIME_NTZ -> {
            b.append('"').append(timeText(int64(1))).append('"');
            yield null;
          }
          case TIMESTAMP, TIMESTAMP_NTZ, TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS -> {
            b.append('"').append(timestampText(t, int64(1))).append('"');
            yield null;
          }
          case BINARY -> {
            b.append('"').append(Base64.getEncoder().encodeToString(getBinary())).append('"');
            yield null;
          }
          case UUID -> {
            b.append('"').append(getUuid()).append('"');
            yield null;
          }
        };
  }

  private void depthCheck(int depth) {
    if (depth >= MAX_DEPTH) {
      throw tooDeep();
    }
  }

  private static void appendFloat(StringBuilder b, double v, boolean f32) {
    if (Double.isNaN(v)) {
      b.append("\"NaN\"");
    } else if (Double.isInfinite(v)) {
      b.append(v > 0 ? "\"Infinity\"" : "\"-Infinity\"");
    } else {
      b.append(f32 ? Floats.shortest((float) v) : Floats.shortest(v));
    }
  }

  /** Appends a JSON string escaped as SPEC §4.1 does. */
  static void appendJsonString(StringBuilder b, String s) {
    SchemaJson.appendString(b, s);
  }

  private String timeText(long us) {
    if (us < 0 || us >= 86_400_000_000L) {
      throw invalid("expected 0 <= time < 86400000000 but found " + us);
    }
    long s = us / 1_000_000;
    return String.format("%02d:%02d:%02d.%06d", s / 3600, (s / 60) % 60, s % 60, us % 1_000_000);
  }

  private static String timestampText(Type t, long v) {
    boolean nanos = t == Type.TIMESTAMP_NANOS || t == Type.TIMESTAMP_NTZ_NANOS;
    long unit = nanos ? 1_000_000_000L : 1_000_000L;
    LocalDateTime d = LocalDateTime.ofEpochSecond(Math.floorDiv(v, unit), 0, ZoneOffset.UTC);
    long frac = Math.floorMod(v, unit);
    String text =
        d.toLocalDate()
            + "T"
            + String.format(
                nanos ? "%02d:%02d:%02d.%09d" : "%02d:%02d:%02d.%06d",
                d.getHour(),
                d.getMinute(),
                d.getSecond(),
                frac);
    return t == Type.TIMESTAMP || t == Type.TIMESTAMP_NANOS ? text + "Z" : text;
  }

  /**
   * The value as Java objects (SPEC §3.9): {@code LinkedHashMap<String, Object>}, {@code
   * List<Object>}, {@code String}, {@code Long} (every integer width), {@code Double} / {@code
   * Float}, {@code BigDecimal}, {@code Boolean}, {@code null}, {@code LocalDate}, {@code
   * LocalTime}, {@code Instant} (zoned) / {@code LocalDateTime} (naive), {@code byte[]}, {@code
   * UUID}.
   */
  public Object toObject() {
    return toObject(0, new long[] {limit});
  }

  private Object toObject(int depth, long[] budget) {
    if (--budget[0] < 0) {
      throw invalid(
          "its values would be more than its bytes: elements share bytes, nested again and"
              + " again (the values are read out at most one per byte)");
    }
    Type t = type();
    return switch (t) {
      case OBJECT -> {
        depthCheck(depth);
        Container c = container(true);
        Map<String, Object> m = new LinkedHashMap<>();
        for (long i = 0; i < c.n; i++) {
          m.put(key(uint(c.ids + i * c.idSize, c.idSize)), child(c, i).toObject(depth + 1, budget));
        }
        yield m;
      }
      case ARRAY -> {
        depthCheck(depth);
        Container c = container(false);
        List<Object> l = new ArrayList<>();
        for (long i = 0; i < c.n; i++) {
          l.add(child(c, i).toObject(depth + 1, budget));
        }
        yield l;
      }
      case NULL -> null;
      case BOOLEAN -> getBoolean();
      case INT8, INT16, INT32, INT64 -> getLong();
      case FLOAT -> getFloat();
      case DOUBLE -> getDouble();
      case DECIMAL4, DECIMAL8, DECIMAL16 -> getDecimal();
      case STRING -> getString();
      case DATE -> getDate();
      case TIME_NTZ -> getTime();
      case TIMESTAMP, TIMESTAMP_NANOS -> getTimestamp();
      case TIMESTAMP_NTZ, TIMESTAMP_NTZ_NANOS -> getLocalDateTime();
      case BINARY -> getBinary();
      case UUID -> getUuid();
    };
  }

  /**
   * The canonical variant of a JSON text (SPEC §3.9, as Spark's {@code parse_json}): integers take
   * the smallest integer type (else decimal16 up to 38 digits, else double), numbers with a
   * fraction the smallest decimal that holds them (else double), numbers with an exponent double.
   *
   * @throws InvalidDataException for malformed JSON, a duplicate key in one object or more than
   *     {@link #MAX_DEPTH} nested objects and arrays
   */
  public static Variant fromJson(String json) {
    return VariantBuilder.build(VariantBuilder.parseJson(json));
  }

  /**
   * The canonical variant of a Java value (SPEC §3.9): {@code Map} with string keys, {@code List},
   * arrays, {@code String}, integers ({@code Byte} … {@code Long}, {@code BigInteger}), {@code
   * Double}, {@code Float}, {@code BigDecimal}, {@code Boolean}, {@code null}, {@code LocalDate},
   * {@code LocalTime}, {@code Instant}, {@code LocalDateTime}, {@code byte[]}, {@code UUID}, or a
   * {@code Variant}.
   *
   * @throws SchemaMismatchException for a value of another class
   */
  public static Variant of(Object value) {
    return VariantBuilder.build(value);
  }

  /** Equal when the metadata and value bytes are equal. */
  @Override
  public boolean equals(Object o) {
    return o instanceof Variant
        && Arrays.equals(((Variant) o).metadata(), metadata())
        && Arrays.equals(((Variant) o).value(), value());
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(metadata()) + Arrays.hashCode(value());
  }

  /** The JSON text ({@link #toJson()}), or a description of the damage. */
  @Override
  public String toString() {
    try {
      return toJson();
    } catch (ZerorowException e) {
      return "<" + e.getMessage() + ">";
    }
  }
}
