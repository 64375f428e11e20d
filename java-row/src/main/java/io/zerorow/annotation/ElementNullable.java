package io.zerorow.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Nullability of the elements of a list (default true for object elements, false for primitive
 * arrays). Put it on the field, the getter or the record component.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.RECORD_COMPONENT})
public @interface ElementNullable {
  /** Whether the elements may be null. */
  boolean value();
}
