package io.zerorow.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The zerorow type of a field whose Java type is ambiguous, as its JSON form (SPEC §4.1): e.g.
 * {@code @As("int16")} on an {@code int}, {@code @As("duration")} on a {@code long}, or
 * {@code @As("{\"type\":\"timestamp\",\"tz\":\"Europe/Paris\"}")} on an {@code Instant}. Integral
 * values are range-checked when written. Put it on the field, the getter or the record component.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.RECORD_COMPONENT})
public @interface As {
  /** The type, in the JSON form of SPEC §4.1 (e.g. {@code "int16"}). */
  String value();
}
