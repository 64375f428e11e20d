package io.zerorow.row;

import io.zerorow.InvalidDataException;
import io.zerorow.type.Interval;
import io.zerorow.type.Values;
import io.zerorow.type.Variant;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Typed access by ordinal, shared by every {@link Row} (fields) and {@link ArrayData} (elements):
 * the plain views {@link BinaryRow} and {@link BinaryArray}, and the views of a resolution, which
 * read with the reader's types (SPEC §13.4). Nested getters return the general contracts, which
 * {@link BinaryGetters} narrows to {@link BinaryRow}, {@link BinaryArray} and {@link BinaryMap}.
 * Code written against {@code Getters} reads plain and resolved views alike.
 *
 * <p>Primitive getters allocate nothing. Which getter fits which type:
 *
 * <ul>
 *   <li>{@code getBoolean} bool; {@code getByte} int8; {@code getShort} int16; {@code getInt}
 *       int32, date32 (days) and interval_ym (months); {@code getLong} int64, time, timestamp and
 *       duration (microseconds) and decimal with precision ≤ 18 (unscaled); {@code getFloat}
 *       float32; {@code getDouble} float64.
 *   <li>object getters: {@code getString}, {@code getBinary} (binary, and the bytes of a string,
 *       fixed_binary or uuid), {@code getDecimal}, {@code getDate}, {@code getTime}, {@code
 *       getTimestamp} (an {@code Instant}), {@code getLocalDateTime} (naive timestamps), {@code
 *       getDuration}, {@code getInterval}, {@code getUuid}, {@code getVariant} (read in place);
 *       nested views {@code getStruct}, {@code getArray}, {@code getMap} share the memory
 *       (zero-copy). A field of type null reads as null from every getter that reads its type.
 * </ul>
 *
 * A null value reads as 0/false from a primitive getter and null from an object getter.
 */
public interface Getters {
  /** True when the value at {@code ordinal} is null (or absent from the writer's row). */
  boolean isNullAt(int ordinal);

  /** The bool at {@code ordinal}. */
  boolean getBoolean(int ordinal);

  /** The int8 at {@code ordinal}. */
  byte getByte(int ordinal);

  /** The int16 at {@code ordinal} (widened from an int8 when the writer had one). */
  short getShort(int ordinal);

  /** The int32 or date32 (days since 1970-01-01) at {@code ordinal}, widened if need be. */
  int getInt(int ordinal);

  /**
   * The int64, time, timestamp, duration (microseconds) or small decimal (unscaled, at the reader's
   * scale) at {@code ordinal}, widened if need be.
   */
  long getLong(int ordinal);

  /** The float32 at {@code ordinal}, widened from an int8 or int16 if need be. */
  float getFloat(int ordinal);

  /** The float64 at {@code ordinal}, widened from an integer or a float32 if need be. */
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

  /** The string at {@code ordinal}, decoded from UTF-8; null when the value is null. */
  String getString(int ordinal);

  /** A copy of the binary (or string) bytes at {@code ordinal}; null when the value is null. */
  byte[] getBinary(int ordinal);

  /** The decimal at {@code ordinal} at the reader's scale; null when the value is null. */
  BigDecimal getDecimal(int ordinal);

  /** The UTF-8 bytes of a string (a copy). */
  byte[] getUtf8(int ordinal);

  /** The interval at {@code ordinal} (SPEC §3.7); null when the value is null. */
  Interval getInterval(int ordinal);

  /** The uuid at {@code ordinal} (SPEC §3.8); null when the value is null. */
  java.util.UUID getUuid(int ordinal);

  /**
   * The variant at {@code ordinal} (SPEC §3.9), read in place (a view of the row's bytes, like a
   * nested row); null when the value is null.
   */
  Variant getVariant(int ordinal);

  /** The nested struct, read through the reader's struct type; null when the value is null. */
  Row getStruct(int ordinal);

  /** The nested list, read through the reader's list type; null when the value is null. */
  ArrayData getArray(int ordinal);

  /** The nested map, read through the reader's map type; null when the value is null. */
  MapData getMap(int ordinal);

  /** The date32 at {@code ordinal} as a {@code LocalDate}; null when the value is null. */
  default LocalDate getDate(int ordinal) {
    return isNullAt(ordinal) ? null : LocalDate.ofEpochDay(getInt(ordinal));
  }

  /**
   * The time at {@code ordinal} (microseconds since midnight) as a {@code LocalTime}; null when the
   * value is null.
   */
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

  /**
   * The timestamp with a time zone at {@code ordinal} as an {@code Instant}; null when the value is
   * null.
   */
  default Instant getTimestamp(int ordinal) {
    return isNullAt(ordinal) ? null : Values.instantOfMicros(getLong(ordinal));
  }

  /**
   * The timestamp without a time zone at {@code ordinal} as a {@code LocalDateTime}; null when the
   * value is null.
   */
  default LocalDateTime getLocalDateTime(int ordinal) {
    return isNullAt(ordinal) ? null : Values.localDateTimeOfMicros(getLong(ordinal));
  }

  /** The duration at {@code ordinal} as a {@code Duration}; null when the value is null. */
  default Duration getDuration(int ordinal) {
    return isNullAt(ordinal) ? null : Values.durationOfMicros(getLong(ordinal));
  }

  /** The value as a Java object chosen by the reader's type (boxed primitives, views, ...). */
  Object get(int ordinal);
}
