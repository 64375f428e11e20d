package io.zerorow.internal;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import sun.misc.Unsafe;

/**
 * Raw little-endian memory access over {@code (Object base, long address)} pairs: for a {@code
 * byte[]} the base is the array and the address is {@link #BYTE_ARRAY_OFFSET} plus the index; for
 * off-heap memory the base is null and the address is absolute. This is the memory abstraction of
 * every zerorow view (the same one Spark's {@code Platform} and Fory use).
 *
 * <p><b>Internal and unchecked.</b> Nothing here checks bounds or addresses: a wrong one crashes
 * the JVM. The callers ({@code BinaryRow}, {@code BinaryArray}, the writers) check, see {@link
 * Checks}. The class is public only so that zerorow's own modules ({@code java-row/arrow}) can
 * share it; it is not part of zerorow's API and may change without notice.
 */
public final class Platform {
  public static final Unsafe UNSAFE;
  public static final long BYTE_ARRAY_OFFSET;
  private static final long BUFFER_ADDRESS_OFFSET;

  /** Offsets of String's {@code value}/{@code coder} fields (compact strings), or -1. */
  private static final long STRING_VALUE_OFFSET;

  private static final long STRING_CODER_OFFSET;

  /** The spec is little-endian; on a big-endian CPU every multi-byte access is swapped. */
  private static final boolean BIG_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN;

  static {
    try {
      Field f = Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      UNSAFE = (Unsafe) f.get(null);
      BYTE_ARRAY_OFFSET = UNSAFE.arrayBaseOffset(byte[].class);
      BUFFER_ADDRESS_OFFSET = UNSAFE.objectFieldOffset(Buffer.class.getDeclaredField("address"));
      long value = -1;
      long coder = -1;
      try {
        Field v = String.class.getDeclaredField("value");
        Field c = String.class.getDeclaredField("coder");
        if (v.getType() == byte[].class && c.getType() == byte.class) {
          value = UNSAFE.objectFieldOffset(v);
          coder = UNSAFE.objectFieldOffset(c);
        }
      } catch (NoSuchFieldException | RuntimeException e) {
        // not a compact-strings JDK: strings go through String.getBytes
      }
      STRING_VALUE_OFFSET = value;
      STRING_CODER_OFFSET = coder;
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private Platform() {}

  /** The native address of a direct buffer's first byte (not its position). */
  public static long directAddress(ByteBuffer buffer) {
    return UNSAFE.getLong(buffer, BUFFER_ADDRESS_OFFSET);
  }

  public static byte getByte(Object base, long address) {
    return UNSAFE.getByte(base, address);
  }

  public static short getShort(Object base, long address) {
    short v = UNSAFE.getShort(base, address);
    return BIG_ENDIAN ? Short.reverseBytes(v) : v;
  }

  public static int getInt(Object base, long address) {
    int v = UNSAFE.getInt(base, address);
    return BIG_ENDIAN ? Integer.reverseBytes(v) : v;
  }

  public static long getLong(Object base, long address) {
    long v = UNSAFE.getLong(base, address);
    return BIG_ENDIAN ? Long.reverseBytes(v) : v;
  }

  public static float getFloat(Object base, long address) {
    return Float.intBitsToFloat(getInt(base, address));
  }

  public static double getDouble(Object base, long address) {
    return Double.longBitsToDouble(getLong(base, address));
  }

  public static void putByte(Object base, long address, byte v) {
    UNSAFE.putByte(base, address, v);
  }

  public static void putShort(Object base, long address, short v) {
    UNSAFE.putShort(base, address, BIG_ENDIAN ? Short.reverseBytes(v) : v);
  }

  public static void putInt(Object base, long address, int v) {
    UNSAFE.putInt(base, address, BIG_ENDIAN ? Integer.reverseBytes(v) : v);
  }

  public static void putLong(Object base, long address, long v) {
    UNSAFE.putLong(base, address, BIG_ENDIAN ? Long.reverseBytes(v) : v);
  }

  public static void copy(Object src, long srcAddress, Object dst, long dstAddress, long n) {
    UNSAFE.copyMemory(src, srcAddress, dst, dstAddress, n);
  }

  public static void zero(Object base, long address, long n) {
    UNSAFE.setMemory(base, address, n, (byte) 0);
  }

  /**
   * The bytes of {@code s} when they are its UTF-8 encoding (a Latin-1 string of ASCII characters,
   * read in place without copying), else null. Callers must not modify them.
   */
  public static byte[] asciiBytes(String s) {
    if (STRING_VALUE_OFFSET < 0 || UNSAFE.getByte(s, STRING_CODER_OFFSET) != 0) {
      return null;
    }
    byte[] v = (byte[]) UNSAFE.getObject(s, STRING_VALUE_OFFSET);
    int n = v.length;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      if ((UNSAFE.getLong(v, BYTE_ARRAY_OFFSET + i) & 0x8080808080808080L) != 0) {
        return null;
      }
    }
    for (; i < n; i++) {
      if (v[i] < 0) {
        return null;
      }
    }
    return v;
  }

  /** Copies {@code n} bytes starting at {@code (base, address)} into a new array. */
  public static byte[] toBytes(Object base, long address, int n) {
    if (base instanceof byte[]) { // an intrinsic that skips zeroing the new array
      int from = (int) (address - BYTE_ARRAY_OFFSET);
      return java.util.Arrays.copyOfRange((byte[]) base, from, from + n);
    }
    byte[] out = new byte[n];
    UNSAFE.copyMemory(base, address, out, BYTE_ARRAY_OFFSET, n);
    return out;
  }
}
