package io.zerorow.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The field's default (SPEC §13.7): the value a reader reads when rows written before the field
 * existed lack it, so that a non-nullable field can be added. The value is in the JSON form of
 * {@code values.json} (SPEC §10): {@code @Default("0")} on an {@code int},
 * {@code @Default("\"EUR\"")} on a {@code String}, {@code @Default("\"7\"")} on a {@code long}
 * (int64s are strings there). It goes into the schema's canonical JSON but not into its
 * fingerprint. zerorow does not guess defaults from constructors or initialisers. Put it on the
 * field, the getter or the record component.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.RECORD_COMPONENT})
public @interface Default {
  /** The default, in the JSON form of {@code values.json} (e.g. {@code "0"}, {@code "\"EUR\""}). */
  String value();
}
