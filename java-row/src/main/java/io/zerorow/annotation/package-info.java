/** Annotations that steer schema inference: names, aliases, nullability, widths, defaults. */
package io.zerorow.annotation;
