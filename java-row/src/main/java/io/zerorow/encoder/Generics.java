package io.zerorow.encoder;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Type arguments of generic classes: {@code Page<Address>}'s {@code T} is {@code Address} in every
 * property of {@code Page} and of its superclasses ({@code class AddressPage extends
 * PageBean<Address>}), so schema inference sees the concrete types the user gave. Internal.
 */
final class Generics {
  private Generics() {}

  /**
   * The type variables of {@code raw} bound by {@code type} ({@code Page<Address>}: T = Address).
   */
  static Map<TypeVariable<?>, Type> bindings(Type type) {
    Map<TypeVariable<?>, Type> env = new HashMap<>();
    if (type instanceof ParameterizedType) {
      ParameterizedType p = (ParameterizedType) type;
      TypeVariable<?>[] vars = ((Class<?>) p.getRawType()).getTypeParameters();
      Type[] args = p.getActualTypeArguments();
      for (int i = 0; i < vars.length && i < args.length; i++) {
        env.put(vars[i], args[i]);
      }
    }
    return env;
  }

  /**
   * The bindings of each class from {@code cls} up to its topmost superclass, given {@code type} (a
   * {@code cls} or a parameterization of it): {@code AddressPage} gives {@code PageBean}'s T =
   * Address.
   */
  static Map<Class<?>, Map<TypeVariable<?>, Type>> hierarchy(Type type, Class<?> cls) {
    Map<Class<?>, Map<TypeVariable<?>, Type>> out = new HashMap<>();
    Map<TypeVariable<?>, Type> env = bindings(type);
    for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
      out.put(c, env);
      Type sup = c.getGenericSuperclass();
      env = sup == null ? Map.of() : bindings(resolve(sup, env));
    }
    return out;
  }

  /**
   * {@code t} with every type variable of {@code env} replaced by its binding, recursively; a
   * wildcard becomes its upper bound. Variables {@code env} does not bind are left in place (the
   * caller reports them).
   */
  static Type resolve(Type t, Map<TypeVariable<?>, Type> env) {
    if (t instanceof TypeVariable) {
      Type b = env.get(t);
      return b == null ? t : b;
    }
    if (t instanceof WildcardType) {
      return resolve(((WildcardType) t).getUpperBounds()[0], env);
    }
    if (t instanceof GenericArrayType) {
      Type c = resolve(((GenericArrayType) t).getGenericComponentType(), env);
      if (c instanceof Class) {
        return java.lang.reflect.Array.newInstance((Class<?>) c, 0).getClass();
      }
      return new Array(c);
    }
    if (t instanceof ParameterizedType) {
      ParameterizedType p = (ParameterizedType) t;
      Type[] args = p.getActualTypeArguments().clone();
      for (int i = 0; i < args.length; i++) {
        args[i] = resolve(args[i], env);
      }
      Type owner = p.getOwnerType() == null ? null : resolve(p.getOwnerType(), env);
      return new Parameterized((Class<?>) p.getRawType(), args, owner);
    }
    return t;
  }

  /** Where a type variable comes from, for error messages: "T of example.Page". */
  static String describe(TypeVariable<?> v) {
    Object d = v.getGenericDeclaration();
    String where = d instanceof Class ? ((Class<?>) d).getName() : String.valueOf(d);
    return v.getName() + " of " + where;
  }

  /** A parameterized type with its arguments resolved; equal by value (cycle detection). */
  private static final class Parameterized implements ParameterizedType {
    private final Class<?> raw;
    private final Type[] args;
    private final Type owner;

    Parameterized(Class<?> raw, Type[] args, Type owner) {
      this.raw = raw;
      this.args = args;
      this.owner = owner;
    }

    @Override
    public Type[] getActualTypeArguments() {
      return args.clone();
    }

    @Override
    public Type getRawType() {
      return raw;
    }

    @Override
    public Type getOwnerType() {
      return owner;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof ParameterizedType)) {
        return false;
      }
      ParameterizedType p = (ParameterizedType) o;
      return raw.equals(p.getRawType())
          && Objects.equals(owner, p.getOwnerType())
          && Arrays.equals(args, p.getActualTypeArguments());
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(args) ^ Objects.hashCode(owner) ^ raw.hashCode();
    }

    @Override
    public String toString() {
      StringBuilder b = new StringBuilder(raw.getName()).append('<');
      for (int i = 0; i < args.length; i++) {
        b.append(i == 0 ? "" : ", ").append(args[i].getTypeName());
      }
      return b.append('>').toString();
    }
  }

  /** A generic array type whose component is still generic ({@code List<Address>[]}). */
  private static final class Array implements GenericArrayType {
    private final Type component;

    Array(Type component) {
      this.component = component;
    }

    @Override
    public Type getGenericComponentType() {
      return component;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof GenericArrayType
          && component.equals(((GenericArrayType) o).getGenericComponentType());
    }

    @Override
    public int hashCode() {
      return component.hashCode();
    }

    @Override
    public String toString() {
      return component.getTypeName() + "[]";
    }
  }
}
