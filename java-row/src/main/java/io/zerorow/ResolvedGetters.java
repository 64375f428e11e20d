package io.zerorow;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Typed access by ordinal with the reader's types (SPEC §13.4), shared by {@link ResolvedRow}
 * (fields) and {@link ResolvedArray} (elements). The getters are those of {@link DataGetters}, with
 * the same names and the same rules (which getter reads which type, a null reads as 0/false or
 * null); nested getters return resolved views. {@link DataGetters} extends this interface and
 * narrows the nested getters to {@link BinaryRow}, {@link BinaryArray} and {@link BinaryMap}, so
 * code written against {@code ResolvedGetters} reads plain and resolved views alike.
 */
public interface ResolvedGetters {
  /** Number of fields (row) or elements (array). */
  int numElements();

  boolean isNullAt(int ordinal);

  boolean getBoolean(int ordinal);

  byte getByte(int ordinal);

  short getShort(int ordinal);

  int getInt(int ordinal);

  long getLong(int ordinal);

  float getFloat(int ordinal);

  double getDouble(int ordinal);

  /** The bool at {@code ordinal} (alias of {@link #getBoolean}). */
  default boolean getBool(int ordinal) {
    return getBoolean(ordinal);
  }

  /** The int8 at {@code ordinal} (alias of {@link #getByte}). */
  default byte getInt8(int ordinal) {
    return getByte(ordinal);
  }

  /** The int16 at {@code ordinal} (alias of {@link #getShort}). */
  default short getInt16(int ordinal) {
    return getShort(ordinal);
  }

  /** The int32 or date32 at {@code ordinal} (alias of {@link #getInt}). */
  default int getInt32(int ordinal) {
    return getInt(ordinal);
  }

  /**
   * The int64, time, timestamp, duration or small decimal at {@code ordinal} (alias of {@link
   * #getLong}).
   */
  default long getInt64(int ordinal) {
    return getLong(ordinal);
  }

  /** The float32 at {@code ordinal} (alias of {@link #getFloat}). */
  default float getFloat32(int ordinal) {
    return getFloat(ordinal);
  }

  /** The float64 at {@code ordinal} (alias of {@link #getDouble}). */
  default double getFloat64(int ordinal) {
    return getDouble(ordinal);
  }

  String getString(int ordinal);

  byte[] getBinary(int ordinal);

  BigDecimal getDecimal(int ordinal);

  /** The UTF-8 bytes of a string (a copy). */
  byte[] getUtf8(int ordinal);

  /** The nested struct, read through the reader's struct type; null when the value is null. */
  ResolvedRow getStruct(int ordinal);

  /** The nested list, read through the reader's list type; null when the value is null. */
  ResolvedArray getArray(int ordinal);

  /** The nested map, read through the reader's map type; null when the value is null. */
  ResolvedMap getMap(int ordinal);

  default LocalDate getDate(int ordinal) {
    return isNullAt(ordinal) ? null : LocalDate.ofEpochDay(getInt(ordinal));
  }

  default LocalTime getTime(int ordinal) {
    if (isNullAt(ordinal)) {
      return null;
    }
    long us = getLong(ordinal);
    if (us < 0 || us >= 86_400_000_000L) {
      throw new InvalidDataException(
          "[" + ordinal + "]", "expected 0 <= time < 86400000000 but found " + us);
    }
    return LocalTime.ofNanoOfDay(us * 1000L);
  }

  default Instant getTimestamp(int ordinal) {
    return isNullAt(ordinal) ? null : Values.instantOfMicros(getLong(ordinal));
  }

  default LocalDateTime getLocalDateTime(int ordinal) {
    return isNullAt(ordinal) ? null : Values.localDateTimeOfMicros(getLong(ordinal));
  }

  default Duration getDuration(int ordinal) {
    return isNullAt(ordinal) ? null : Values.durationOfMicros(getLong(ordinal));
  }

  /** The value as a Java object chosen by the reader's type (boxed primitives, views, ...). */
  Object get(int ordinal);
}
