package io.zerorow.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Nullability of the values of a map (default true for object values). Put it on the field, the
 * getter or the record component.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.RECORD_COMPONENT})
public @interface ValueNullable {
  /** Whether the values may be null. */
  boolean value();
}
