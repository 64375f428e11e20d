package io.zerorow.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The names a property had before it was renamed (SPEC §13.2): the inferred field gets them as its
 * aliases, so a reader built from the class still finds the field in rows written under an old
 * name. Put it on the field, the getter or the record component, e.g. {@code @Aliases("client_id")
 * long customerId}. Aliases are not part of the fingerprint.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.RECORD_COMPONENT})
public @interface Aliases {
  /** The former names, the most likely first. */
  String[] value();
}
