package io.zerorow.encoder;

import io.zerorow.type.Schema;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Constructor;
import java.util.List;

/** A bean or record class: its properties in declaration order and how to create it. Internal. */
public final class BeanInfo {
  public final Class<?> cls;
  public final boolean record;
  public final List<Property> properties;
  public final Schema schema;

  /** No-arg constructor (bean) or canonical constructor (record). */
  public final Constructor<?> constructor;

  /** The constructor as {@code (Object[])Object}. */
  final MethodHandle create;

  BeanInfo(
      Class<?> cls,
      boolean record,
      List<Property> properties,
      Schema schema,
      Constructor<?> constructor,
      MethodHandle create) {
    this.cls = cls;
    this.record = record;
    this.properties = properties;
    this.schema = schema;
    this.constructor = constructor;
    this.create = create;
  }

  /** Creates an instance: no arguments for a bean, the components in order for a record. */
  public Object create(Object[] args) {
    try {
      return (Object) create.invokeExact(args);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException("cannot create " + cls.getName(), t);
    }
  }
}
