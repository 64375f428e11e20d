package io.zerorow.encoder;

import io.zerorow.type.FieldOrder;
import java.util.Objects;

/**
 * How {@link Encoders#rowEncoder(Class, EncoderOptions)} builds an encoder; immutable, each setter
 * returns a new instance:
 *
 * <pre>{@code
 * RowEncoder<Event> e = Encoders.rowEncoder(Event.class,
 *     EncoderOptions.defaults().strict(true).fieldOrder(FieldOrder.NAME));
 * }</pre>
 */
public final class EncoderOptions {
  private static final EncoderOptions DEFAULTS =
      new EncoderOptions(false, FieldOrder.DECLARATION, null);

  private final boolean strict;
  private final FieldOrder fieldOrder;
  private final Encoders.Mode mode;

  private EncoderOptions(boolean strict, FieldOrder fieldOrder, Encoders.Mode mode) {
    this.strict = strict;
    this.fieldOrder = fieldOrder;
    this.mode = mode;
  }

  /** Not strict, declaration order, {@link Encoders#defaultMode()}. */
  public static EncoderOptions defaults() {
    return DEFAULTS;
  }

  /**
   * With {@code strict} true, a time value finer than a microsecond ({@code Instant}, {@code
   * LocalDateTime}, {@code LocalTime}, {@code Duration} with nanoseconds) is refused as {@code
   * invalid_data} naming the path and the value; by default it is truncated toward negative
   * infinity to the microsecond (SPEC Appendix A), as Spark and Flink do.
   */
  public EncoderOptions strict(boolean strict) {
    return new EncoderOptions(strict, fieldOrder, mode);
  }

  /** The field order of the inferred schema (declaration order by default). */
  public EncoderOptions fieldOrder(FieldOrder order) {
    return new EncoderOptions(
        strict, Objects.requireNonNull(order, "fieldOrder(order): order is" + " null"), mode);
  }

  /** Generated code or interpreted codecs (default: {@link Encoders#defaultMode()}). */
  public EncoderOptions mode(Encoders.Mode mode) {
    return new EncoderOptions(
        strict, fieldOrder, Objects.requireNonNull(mode, "mode(mode): mode is null"));
  }

  /** Whether sub-microsecond time values are refused instead of truncated. */
  public boolean strict() {
    return strict;
  }

  /** The field order of the inferred schema. */
  public FieldOrder fieldOrder() {
    return fieldOrder;
  }

  /** The encoder mode. */
  public Encoders.Mode mode() {
    return mode != null ? mode : Encoders.defaultMode();
  }
}
