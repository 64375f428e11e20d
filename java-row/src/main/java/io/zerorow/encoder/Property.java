package io.zerorow.encoder;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * One property of a bean or record: its schema name and binding, and how to read and write it
 * (public getter/setter or field, else a MethodHandle). Internal.
 */
public final class Property {
  public final String name;
  public final String javaName;
  public final TypeBinding binding;
  public final Method getter;
  public final Method setter;
  public final Field field;

  /** {@code (Object)Object} */
  private final MethodHandle get;

  /** {@code (Object,Object)void}; null for records. */
  private final MethodHandle set;

  /** For a record: the index of this component in the canonical constructor; else -1. */
  public final int component;

  Property(
      String name,
      String javaName,
      TypeBinding binding,
      Method getter,
      Method setter,
      Field field,
      MethodHandle get,
      MethodHandle set,
      int component) {
    this.component = component;
    this.name = name;
    this.javaName = javaName;
    this.binding = binding;
    this.getter = getter;
    this.setter = setter;
    this.field = field;
    this.get = get;
    this.set = set;
  }

  public Object get(Object bean) {
    try {
      return (Object) get.invokeExact(bean);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException("cannot read " + javaName, t);
    }
  }

  public void set(Object bean, Object value) {
    try {
      set.invokeExact(bean, value);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException("cannot write " + javaName, t);
    }
  }
}
