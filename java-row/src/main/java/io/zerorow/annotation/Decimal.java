package io.zerorow.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Precision and scale of a {@code BigDecimal} field (default decimal(38,18)). Put it on the field,
 * the getter or the record component.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.RECORD_COMPONENT})
public @interface Decimal {
  /** The precision, 1 to 38. */
  int precision();

  /** The scale, 0 to the precision. */
  int scale();
}
