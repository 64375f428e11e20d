package io.zerorow.writer;

/**
 * The writers' size limit (SPEC §2.1's 2^31-8 bytes) as zerorow's tests lower it, so that the
 * overflow errors can be checked without 2 GB rows: {@link WriteBuffer}'s limit is package-private,
 * this class sits in its package on the test class path.
 */
public final class WriteLimits {
  private WriteLimits() {}

  /** The limit every writer enforces now. */
  public static int limit() {
    return WriteBuffer.limit;
  }

  /** Sets the limit; restore it with the value {@link #limit()} gave. */
  public static void setLimit(int bytes) {
    WriteBuffer.limit = bytes;
  }

  /** Makes room for {@code n} more bytes in {@code buffer}: the check a writer makes. */
  public static void ensure(WriteBuffer buffer, long n) {
    buffer.ensure(n);
  }
}
