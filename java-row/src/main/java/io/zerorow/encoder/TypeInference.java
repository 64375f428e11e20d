package io.zerorow.encoder;

import io.zerorow.UnsupportedException;
import io.zerorow.type.FieldOrder;
import io.zerorow.type.Interval;
import io.zerorow.type.Schema;
import io.zerorow.type.Variant;

/**
 * Infers a {@link Schema} from a Java class (SPEC §4).
 *
 * <p>Classes: beans (a no-argument constructor; properties are the non-static, non-transient
 * fields, including inherited ones first, read and written through public {@code getX}/{@code
 * isX}/{@code setX} when present, else the field itself) and records (components, canonical
 * constructor). Field order is declaration order, or sorted by name with {@link FieldOrder#NAME}
 * (Apache Fory's order). A {@code final} field without a setter is computed by the class and not
 * part of the schema, like a {@code transient} field.
 *
 * <p>Types: {@code boolean} bool, {@code byte} int8, {@code short} int16, {@code int} int32, {@code
 * long} int64, {@code float} float32, {@code double} float64 (primitives non-nullable, boxes
 * nullable); {@code String} and enums (by name) string; {@code byte[]} binary; {@code LocalDate}
 * date32; {@code LocalTime} time; {@code Instant} timestamp with tz {@code "UTC"}; {@code
 * LocalDateTime} naive timestamp; {@code Duration} duration; {@code BigDecimal} decimal(38,18)
 * unless annotated {@code @Decimal(precision, scale)}; {@code List}/{@code Set}/{@code
 * Collection}/arrays list (elements nullable unless primitive); {@code Map} map (values nullable);
 * {@code Optional<T>} a nullable T; {@code java.util.UUID} uuid; {@link Interval} interval; {@link
 * Variant} variant; {@code Void} null (always nullable); other classes nested structs. Every
 * object-typed field is nullable unless {@code @NotNull}. Annotations in {@code
 * io.zerorow.annotation}: {@code @Name}, {@code @Aliases}, {@code @Nullable}, {@code @NotNull},
 * {@code @As} (e.g. {@code "int16"}, {@code "duration"}, {@code "interval_ym"} on an {@code int},
 * {@code "{\"type\":\"fixed_binary\",\"size\":16}"} on a {@code byte[]}), {@code @Decimal},
 * {@code @ElementNullable}, {@code @ValueNullable}, {@code @Default} (the field's default, SPEC
 * §13.7, in the JSON form of {@code values.json}).
 *
 * <p>An unsupported type, a raw generic or a cyclic class is an {@link UnsupportedException} naming
 * the class and the field path.
 */
public final class TypeInference {
  private TypeInference() {}

  /** The schema of a bean or record class (see the class comment). */
  public static Schema inferSchema(Class<?> cls) {
    java.util.Objects.requireNonNull(cls, "inferSchema(cls): cls is null");
    return (Schema) Introspector.bean(cls).type;
  }

  /** The schema of a bean or record class with its fields in {@code order}. */
  public static Schema inferSchema(Class<?> cls, FieldOrder order) {
    java.util.Objects.requireNonNull(cls, "inferSchema(cls, order): cls is null");
    java.util.Objects.requireNonNull(order, "inferSchema(cls, order): order is null");
    return (Schema) Introspector.bean(cls, order, false).type;
  }
}
