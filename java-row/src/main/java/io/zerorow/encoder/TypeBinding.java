package io.zerorow.encoder;

import io.zerorow.type.DataType;

/**
 * How one Java type maps to one zerorow type at one place in a class tree: the Java kind and class,
 * the zerorow type and nullability, and the bindings of elements, keys, values or bean properties.
 * Built by {@link Introspector}; shared by the generated and interpreted codecs. Internal.
 */
public final class TypeBinding {
  public final Kind kind;

  /** The Java class (for collections and maps: the declared container class). */
  public final Class<?> raw;

  /** True for a Java primitive ({@code int}, not {@code Integer}). */
  public final boolean primitive;

  public final DataType type;
  public final boolean nullable;

  /** Element of a collection/array, content of an Optional. */
  public final TypeBinding element;

  public final TypeBinding key;
  public final TypeBinding value;
  public final BeanInfo bean;

  /** Field path (SPEC §4.3) for error messages, with {@code []} for any list index. */
  public final String path;

  /** For time kinds: refuse sub-microsecond values instead of truncating them. */
  public final boolean strict;

  TypeBinding(
      Kind kind,
      Class<?> raw,
      boolean primitive,
      DataType type,
      boolean nullable,
      TypeBinding element,
      TypeBinding key,
      TypeBinding value,
      BeanInfo bean,
      String path) {
    this(kind, raw, primitive, type, nullable, element, key, value, bean, path, false);
  }

  TypeBinding(
      Kind kind,
      Class<?> raw,
      boolean primitive,
      DataType type,
      boolean nullable,
      TypeBinding element,
      TypeBinding key,
      TypeBinding value,
      BeanInfo bean,
      String path,
      boolean strict) {
    this.strict = strict;
    this.kind = kind;
    this.raw = raw;
    this.primitive = primitive;
    this.type = type;
    this.nullable = nullable;
    this.element = element;
    this.key = key;
    this.value = value;
    this.bean = bean;
    this.path = path;
  }

  TypeBinding withNullable(boolean n) {
    return new TypeBinding(kind, raw, primitive, type, n, element, key, value, bean, path, strict);
  }
}
