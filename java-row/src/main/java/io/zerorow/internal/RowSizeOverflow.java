package io.zerorow.internal;

import io.zerorow.InvalidDataException;

/**
 * The {@code invalid_data} error of a row that would grow past 2^31-8 bytes (SPEC §7). It is thrown
 * where the buffer runs out and named while it unwinds: the writer of the value that did not fit
 * adds that value's name, and each enclosing struct, list or map that an encoder writes adds its
 * own, so the message names the field ({@code items[3].payload}) rather than the row. Not API.
 */
public final class RowSizeOverflow extends InvalidDataException {
  private static final long serialVersionUID = 1L;

  /** The overflow at {@code path} ("" where the buffer ran out). */
  public RowSizeOverflow(String path, String detail) {
    super(path, detail);
  }

  /**
   * This error one level out: {@code component} (a field name, "[3]", "{key}"...) put before the
   * path found so far (SPEC §4.3 joins names with "." and indexes without).
   */
  public RowSizeOverflow within(String component) {
    String p = path();
    String joined =
        p.isEmpty()
            ? component
            : p.charAt(0) == '[' || p.charAt(0) == '{' ? component + p : component + "." + p;
    return new RowSizeOverflow(joined, detail());
  }
}
