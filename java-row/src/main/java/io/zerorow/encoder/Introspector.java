package io.zerorow.encoder;

import io.zerorow.UnsupportedException;
import io.zerorow.ZerorowException;
import io.zerorow.annotation.Aliases;
import io.zerorow.annotation.As;
import io.zerorow.annotation.Decimal;
import io.zerorow.annotation.Default;
import io.zerorow.annotation.ElementNullable;
import io.zerorow.annotation.Name;
import io.zerorow.annotation.NotNull;
import io.zerorow.annotation.Nullable;
import io.zerorow.annotation.ValueNullable;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.FieldOrder;
import io.zerorow.type.Interval;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import io.zerorow.type.Variant;
import java.lang.annotation.Annotation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Schema inference for Java classes (beans and records): maps every property to a {@link
 * TypeBinding}. The rules are documented on {@code io.zerorow.encoder.TypeInference}. Internal.
 */
public final class Introspector {
  /** Default type of an unannotated {@code BigDecimal}. */
  public static final DataType DEFAULT_DECIMAL = DataTypes.decimal(38, 18);

  /** Bean nesting limit: SPEC §7's depth of 64 levels (structs alone cannot go deeper). */
  private static final int MAX_BEAN_DEPTH = 64;

  /** Bindings per (class, field order, strict). */
  private static final Map<List<Object>, TypeBinding> CACHE = new ConcurrentHashMap<>();

  /** The bean types being inferred, outermost last (a class, or a parameterization of one). */
  private final Deque<Type> stack = new ArrayDeque<>();

  private final FieldOrder order;
  private final boolean strict;

  private Introspector(FieldOrder order, boolean strict) {
    this.order = order;
    this.strict = strict;
  }

  /** The binding of a bean or record class in declaration order (cached). */
  public static TypeBinding bean(Class<?> cls) {
    return bean(cls, FieldOrder.DECLARATION, false);
  }

  /**
   * The binding of a bean or record class with its fields in {@code order}; {@code strict} time
   * values refuse sub-microsecond digits (cached).
   */
  public static TypeBinding bean(Class<?> cls, FieldOrder order, boolean strict) {
    List<Object> key = List.of(cls, order, strict);
    TypeBinding b = CACHE.get(key);
    if (b == null) {
      b = new Introspector(order, strict).beanBinding(cls, "", false);
      TypeBinding old = CACHE.putIfAbsent(key, b);
      b = old != null ? old : b;
    }
    return b;
  }

  /** The binding of any supported Java type (e.g. {@code List<Foo>}) at the top level. */
  public static TypeBinding of(Type type) {
    return new Introspector(FieldOrder.DECLARATION, false).binding(type, null, "", true);
  }

  /** Sorts properties by Java field name when the order is {@link FieldOrder#NAME}. */
  private List<Property> ordered(List<Property> props) {
    if (order == FieldOrder.NAME) {
      props.sort(java.util.Comparator.comparing(p -> p.javaName));
    }
    return props;
  }

  private static UnsupportedException unsupported(String path, String what) {
    return new UnsupportedException(path, what);
  }

  private static String join(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  private TypeBinding beanBinding(Type type, String path, boolean nullable) {
    Class<?> cls = rawClass(type, path);
    if (stack.contains(type)) {
      throw unsupported(path, "cyclic type: " + type.getTypeName() + " contains itself");
    }
    if (stack.size() >= MAX_BEAN_DEPTH) {
      // a generic class that nests itself with new type arguments (Node<T> holding a
      // Node<List<T>>) never repeats a type: its schema would be infinitely deep
      throw unsupported(
          path,
          "nesting deeper than "
              + MAX_BEAN_DEPTH
              + " levels (SPEC §7) at "
              + type.getTypeName()
              + " (a generic class that contains itself with other type arguments?)");
    }
    if (cls.isInterface()
        || Modifier.isAbstract(cls.getModifiers())
        || cls.isPrimitive()
        || cls.isArray()
        || cls.getName().startsWith("java.")
        || cls.getName().startsWith("javax.")
        || cls.isAnonymousClass()
        || (cls.getEnclosingClass() != null
            && !Modifier.isStatic(cls.getModifiers())
            && !cls.isRecord())) {
      throw unsupported(
          path,
          "unsupported Java type " + cls.getName() + " (not a bean, record or known value type)");
    }
    stack.push(type);
    try {
      BeanInfo info = cls.isRecord() ? record(type, cls, path) : pojo(type, cls, path);
      return new TypeBinding(
          Kind.BEAN, cls, false, info.schema, nullable, null, null, null, info, path);
    } finally {
      stack.pop();
    }
  }

  private BeanInfo record(Type type, Class<?> cls, String path) {
    Map<java.lang.reflect.TypeVariable<?>, Type> env = Generics.bindings(type);
    try {
      MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(cls, MethodHandles.lookup());
      RecordComponent[] comps = cls.getRecordComponents();
      List<Property> props = new ArrayList<>();
      Class<?>[] types = new Class<?>[comps.length];
      for (int i = 0; i < comps.length; i++) {
        RecordComponent c = comps[i];
        types[i] = c.getType();
        java.lang.reflect.Field f = cls.getDeclaredField(c.getName());
        Method acc = c.getAccessor();
        AnnotatedElement[] where = {c, f, acc};
        String name = name(where, c.getName());
        TypeBinding b =
            property(Generics.resolve(c.getGenericType(), env), where, join(path, name));
        MethodHandle get =
            lookup.unreflect(acc).asType(MethodType.methodType(Object.class, Object.class));
        props.add(new Property(name, c.getName(), b, acc, null, f, get, null, i));
      }
      ordered(props);
      Constructor<?> ctor = cls.getDeclaredConstructor(types);
      MethodHandle create =
          lookup
              .unreflectConstructor(ctor)
              .asType(MethodType.methodType(Object.class, types).changeReturnType(Object.class))
              .asSpreader(Object[].class, types.length)
              .asType(MethodType.methodType(Object.class, Object[].class));
      return new BeanInfo(cls, true, props, schema(cls, props, path), ctor, create);
    } catch (ReflectiveOperationException e) {
      throw new UnsupportedException(path, "cannot access record " + cls.getName(), e);
    }
  }

  private BeanInfo pojo(Type type, Class<?> cls, String path) {
    Map<Class<?>, Map<java.lang.reflect.TypeVariable<?>, Type>> envs =
        Generics.hierarchy(type, cls);
    Constructor<?> ctor;
    try {
      ctor = cls.getDeclaredConstructor();
    } catch (NoSuchMethodException e) {
      throw unsupported(path, "class " + cls.getName() + " needs a no-argument constructor");
    }
    List<java.lang.reflect.Field> fields = new ArrayList<>();
    for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
      List<java.lang.reflect.Field> own = new ArrayList<>();
      for (java.lang.reflect.Field f : c.getDeclaredFields()) {
        int m = f.getModifiers();
        // a final field without a setter cannot be given a value on decode: it is computed
        // by the class (the twin of a Python dataclass field with init=False), so it is not
        // part of the schema, like a transient field
        if (!Modifier.isStatic(m)
            && !Modifier.isTransient(m)
            && !f.isSynthetic()
            && !(Modifier.isFinal(m) && accessor(cls, f, false) == null)) {
          own.add(f);
        }
      }
      fields.addAll(0, own);
    }
    try {
      MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(cls, MethodHandles.lookup());
      List<Property> props = new ArrayList<>();
      for (java.lang.reflect.Field f : fields) {
        Method getter = accessor(cls, f, true);
        Method setter = accessor(cls, f, false);
        AnnotatedElement[] where =
            getter == null ? new AnnotatedElement[] {f} : new AnnotatedElement[] {f, getter};
        String name = name(where, f.getName());
        Type ft = Generics.resolve(f.getGenericType(), envs.get(f.getDeclaringClass()));
        TypeBinding b = property(ft, where, join(path, name));
        MethodHandles.Lookup fl =
            MethodHandles.privateLookupIn(f.getDeclaringClass(), MethodHandles.lookup());
        f.setAccessible(true);
        MethodHandle get =
            (getter != null ? lookup.unreflect(getter) : fl.unreflectGetter(f))
                .asType(MethodType.methodType(Object.class, Object.class));
        MethodHandle set =
            (setter != null ? lookup.unreflect(setter) : fl.unreflectSetter(f))
                .asType(MethodType.methodType(void.class, Object.class, Object.class));
        props.add(new Property(name, f.getName(), b, getter, setter, f, get, set, -1));
      }
      ordered(props);
      ctor.setAccessible(true);
      MethodHandle create =
          MethodHandles.dropArguments(
              lookup.unreflectConstructor(ctor).asType(MethodType.methodType(Object.class)),
              0,
              Object[].class);
      return new BeanInfo(cls, false, props, schema(cls, props, path), ctor, create);
    } catch (ReflectiveOperationException | RuntimeException e) {
      if (e instanceof ZerorowException) {
        throw (ZerorowException) e;
      }
      throw new UnsupportedException(
          path, "cannot access class " + cls.getName() + ": " + e.getMessage(), e);
    }
  }

  /** The public getter ({@code getX}/{@code isX}) or setter ({@code setX}) of a field, or null. */
  private static Method accessor(Class<?> cls, java.lang.reflect.Field f, boolean getter) {
    String cap = Character.toUpperCase(f.getName().charAt(0)) + f.getName().substring(1);
    try {
      if (getter) {
        try {
          Method m = cls.getMethod("get" + cap);
          return m.getReturnType() == f.getType() ? m : null;
        } catch (NoSuchMethodException e) {
          Method m = cls.getMethod("is" + cap);
          return m.getReturnType() == f.getType() ? m : null;
        }
      }
      Method m = cls.getMethod("set" + cap, f.getType());
      return m;
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  private static Schema schema(Class<?> cls, List<Property> props, String path) {
    requireDistinctNames(props, path);
    List<Field> fields = new ArrayList<>();
    for (Property p : props) {
      Field f = new Field(p.name, p.binding.type, p.binding.nullable, aliases(p));
      Default d = find(where(p), Default.class);
      if (d != null) {
        try {
          f = f.withDefault(d.value());
        } catch (ZerorowException e) {
          throw ZerorowException.of(
              e.kind(),
              join(path, p.name),
              "@Default(\""
                  + d.value()
                  + "\") of "
                  + cls.getName()
                  + "."
                  + p.javaName
                  + " is not a value of "
                  + p.binding.type
                  + ": "
                  + e.detail());
        }
      }
      fields.add(f);
    }
    try {
      return DataTypes.struct(fields);
    } catch (ZerorowException e) {
      throw ZerorowException.of(e.kind(), join(path, e.path()), e.detail());
    }
  }

  /**
   * Two properties of one schema name: a subclass re-declaring a superclass field, or two
   * {@code @Name}s alike. Java allows the first (the subclass field hides the other); a row cannot
   * hold both, so it is refused naming both fields and the way out.
   */
  private static void requireDistinctNames(List<Property> props, String path) {
    Map<String, Property> seen = new java.util.HashMap<>();
    for (Property p : props) {
      Property q = seen.putIfAbsent(p.name, p);
      if (q == null) {
        continue;
      }
      Class<?> a = q.field.getDeclaringClass();
      Class<?> b = p.field.getDeclaringClass();
      String what =
          a == b
              ? "fields \""
                  + q.javaName
                  + "\" and \""
                  + p.javaName
                  + "\" of "
                  + a.getName()
                  + " both map to the field name \""
                  + p.name
                  + "\""
              : "field \""
                  + p.javaName
                  + "\" of "
                  + (b.isAssignableFrom(a) ? a : b).getName()
                  + " re-declares field \""
                  + q.javaName
                  + "\" of its superclass "
                  + (b.isAssignableFrom(a) ? b : a).getName()
                  + " (the field name \""
                  + p.name
                  + "\" twice)";
      throw unsupported(
          join(path, p.name),
          what + ": give one another name with @Name(\"...\"), or make one transient");
    }
  }

  /** The {@code @Aliases} of a property (on its field or getter; a record component's too). */
  private static List<String> aliases(Property p) {
    Aliases a = find(where(p), Aliases.class);
    return a == null ? List.of() : List.of(a.value());
  }

  /** Where a property's annotations are: its field and getter (a record component's reach both). */
  private static AnnotatedElement[] where(Property p) {
    return p.getter == null
        ? new AnnotatedElement[] {p.field}
        : new AnnotatedElement[] {p.field, p.getter};
  }

  private static <A extends Annotation> A find(AnnotatedElement[] where, Class<A> a) {
    for (AnnotatedElement e : where) {
      A x = e.getAnnotation(a);
      if (x != null) {
        return x;
      }
    }
    return null;
  }

  private static String name(AnnotatedElement[] where, String dflt) {
    Name n = find(where, Name.class);
    return n == null ? dflt : n.value();
  }

  /** A property: the Java type with its annotations. */
  private TypeBinding property(Type type, AnnotatedElement[] where, String path) {
    TypeBinding b = binding(type, where, path, true);
    if (find(where, NotNull.class) != null) {
      if (b.kind == Kind.OPTIONAL) {
        throw unsupported(path, "an Optional cannot be @NotNull");
      }
      b = b.withNullable(false);
    } else if (find(where, Nullable.class) != null) {
      if (b.primitive) {
        throw unsupported(path, "a primitive cannot be @Nullable; use its boxed type");
      }
      b = b.withNullable(true);
    }
    return b;
  }

  private TypeBinding binding(Type type, AnnotatedElement[] where, String path, boolean top) {
    if (type instanceof WildcardType) {
      type = ((WildcardType) type).getUpperBounds()[0];
    }
    Class<?> raw = rawClass(type, path);
    As as = top && where != null ? find(where, As.class) : null;
    Decimal dec = top && where != null ? find(where, Decimal.class) : null;
    DataType override = as == null ? null : parseAs(as.value(), path);
    if (raw.isPrimitive() || isBox(raw)) {
      return scalar(raw, override, path);
    }
    if (raw == String.class) {
      return leaf(Kind.STRING, raw, DataTypes.STRING, override, path);
    }
    if (raw.isEnum()) {
      return leaf(Kind.ENUM, raw, DataTypes.STRING, override, path);
    }
    if (raw == byte[].class) {
      if (override != null && override.id() == TypeId.FIXED_BINARY) {
        // @As("{\"type\":\"fixed_binary\",\"size\":16}"): the bytes must have that size
        return new TypeBinding(
            Kind.BINARY, raw, false, override, true, null, null, null, null, path, strict);
      }
      return leaf(Kind.BINARY, raw, DataTypes.BINARY, override, path);
    }
    if (raw == java.util.UUID.class) {
      return leaf(Kind.UUID, raw, DataTypes.UUID, override, path);
    }
    if (raw == Interval.class) {
      return leaf(Kind.INTERVAL, raw, DataTypes.INTERVAL, override, path);
    }
    if (raw == Variant.class) {
      return leaf(Kind.VARIANT, raw, DataTypes.VARIANT, override, path);
    }
    if (raw == Void.class) {
      // always null (SPEC §3.6, Appendix A): nullable whatever the annotations say
      return leaf(Kind.VOID, raw, DataTypes.NULL, override, path);
    }
    if (raw == LocalDate.class) {
      return leaf(Kind.LOCAL_DATE, raw, DataTypes.DATE32, override, path);
    }
    if (raw == LocalTime.class) {
      return leaf(Kind.LOCAL_TIME, raw, DataTypes.TIME, override, path);
    }
    if (raw == Duration.class) {
      return leaf(Kind.DURATION, raw, DataTypes.DURATION, override, path);
    }
    if (raw == LocalDateTime.class) {
      return leaf(Kind.LOCAL_DATE_TIME, raw, DataTypes.TIMESTAMP, override, path);
    }
    if (raw == Instant.class) {
      if (override != null
          && (override.id() != TypeId.TIMESTAMP
              || ((DataTypes.TimestampType) override).tz() == null)) {
        throw unsupported(path, "an Instant maps to a timestamp with a zone, not " + override);
      }
      return leaf(
          Kind.INSTANT, raw, override != null ? override : DataTypes.timestamp("UTC"), null, path);
    }
    if (raw == BigDecimal.class) {
      DataType t =
          dec != null
              ? DataTypes.decimal(dec.precision(), dec.scale())
              : override != null ? override : DEFAULT_DECIMAL;
      if (t.id() != TypeId.DECIMAL) {
        throw unsupported(path, "a BigDecimal maps to a decimal, not " + t);
      }
      return new TypeBinding(Kind.BIG_DECIMAL, raw, false, t, true, null, null, null, null, path);
    }
    if (raw == Optional.class) {
      TypeBinding inner = binding(typeArg(type, 0, path), where, path, top);
      if (inner.primitive || inner.kind == Kind.OPTIONAL) {
        throw unsupported(path, "unsupported Optional content at " + path);
      }
      return new TypeBinding(
          Kind.OPTIONAL, raw, false, inner.type, true, inner, null, null, null, path);
    }
    if (override != null) {
      throw unsupported(path, "@As does not apply to " + raw.getName());
    }
    if (raw.isArray() || Collection.class.isAssignableFrom(raw)) {
      return list(type, raw, where, path, top);
    }
    if (Map.class.isAssignableFrom(raw)) {
      TypeBinding k = binding(typeArg(type, 0, path), null, path + "{key}", false);
      TypeBinding v = binding(typeArg(type, 1, path), null, path + "{value}", false);
      ValueNullable vn = top && where != null ? find(where, ValueNullable.class) : null;
      boolean valueNullable = vn != null ? vn.value() : v.nullable;
      if (Collections2.mapFactory(raw) == null) {
        throw unsupported(path, "unsupported map class " + raw.getName());
      }
      return new TypeBinding(
          Kind.MAP,
          raw,
          false,
          DataTypes.map(k.type, v.type, valueNullable),
          true,
          null,
          k.withNullable(false),
          v.withNullable(valueNullable),
          null,
          path);
    }
    return beanBinding(type, path, true);
  }

  private TypeBinding list(
      Type type, Class<?> raw, AnnotatedElement[] where, String path, boolean top) {
    Type elemType;
    if (raw.isArray()) {
      elemType =
          type instanceof GenericArrayType
              ? ((GenericArrayType) type).getGenericComponentType()
              : raw.getComponentType();
    } else {
      if (Collections2.collectionFactory(raw) == null) {
        throw unsupported(path, "unsupported collection class " + raw.getName());
      }
      elemType = typeArg(type, 0, path);
    }
    TypeBinding e = binding(elemType, null, path + "[]", false);
    ElementNullable en = top && where != null ? find(where, ElementNullable.class) : null;
    boolean elementNullable = en != null ? en.value() : e.nullable;
    if (elementNullable && e.primitive) {
      throw unsupported(path, "elements of a primitive array cannot be nullable");
    }
    return new TypeBinding(
        raw.isArray() ? Kind.ARRAY : Kind.COLLECTION,
        raw,
        false,
        DataTypes.list(e.type, elementNullable),
        true,
        e.withNullable(elementNullable),
        null,
        null,
        null,
        path);
  }

  private static Class<?> rawClass(Type type, String path) {
    if (type instanceof Class) {
      return (Class<?>) type;
    }
    if (type instanceof ParameterizedType) {
      return (Class<?>) ((ParameterizedType) type).getRawType();
    }
    if (type instanceof GenericArrayType) {
      Class<?> c = rawClass(((GenericArrayType) type).getGenericComponentType(), path);
      return java.lang.reflect.Array.newInstance(c, 0).getClass();
    }
    if (type instanceof java.lang.reflect.TypeVariable) {
      java.lang.reflect.TypeVariable<?> v = (java.lang.reflect.TypeVariable<?>) type;
      throw unsupported(
          path,
          "unsupported Java type "
              + v.getName()
              + ": type variable "
              + Generics.describe(v)
              + " has no concrete type argument here (declare the property with one, e.g."
              + " Page<Address>, or encode a class that extends the generic class with one)");
    }
    throw unsupported(path, "unsupported Java type " + type.getTypeName());
  }

  private static Type typeArg(Type type, int i, String path) {
    if (!(type instanceof ParameterizedType)) {
      throw unsupported(path, "raw type " + type.getTypeName() + " needs type arguments");
    }
    Type t = ((ParameterizedType) type).getActualTypeArguments()[i];
    return t instanceof WildcardType ? ((WildcardType) t).getUpperBounds()[0] : t;
  }

  private static DataType parseAs(String json, String path) {
    try {
      return DataTypes.parse(json);
    } catch (ZerorowException e) {
      throw ZerorowException.of(e.kind(), path, "bad @As(\"" + json + "\"): " + e.detail());
    }
  }

  private static boolean isBox(Class<?> c) {
    return c == Boolean.class
        || c == Byte.class
        || c == Short.class
        || c == Integer.class
        || c == Long.class
        || c == Float.class
        || c == Double.class;
  }

  private static TypeBinding scalar(Class<?> raw, DataType override, String path) {
    Kind k;
    DataType dflt;
    if (raw == boolean.class || raw == Boolean.class) {
      k = Kind.BOOL;
      dflt = DataTypes.BOOL;
    } else if (raw == byte.class || raw == Byte.class) {
      k = Kind.INT8;
      dflt = DataTypes.INT8;
    } else if (raw == short.class || raw == Short.class) {
      k = Kind.INT16;
      dflt = DataTypes.INT16;
    } else if (raw == int.class || raw == Integer.class) {
      k = Kind.INT32;
      dflt = DataTypes.INT32;
    } else if (raw == long.class || raw == Long.class) {
      k = Kind.INT64;
      dflt = DataTypes.INT64;
    } else if (raw == float.class || raw == Float.class) {
      k = Kind.FLOAT32;
      dflt = DataTypes.FLOAT32;
    } else if (raw == double.class || raw == Double.class) {
      k = Kind.FLOAT64;
      dflt = DataTypes.FLOAT64;
    } else {
      throw unsupported(path, "unsupported Java type " + raw.getName());
    }
    DataType t = dflt;
    if (override != null) {
      boolean ok =
          override.equals(dflt)
              || (k.isIntegral() && isIntegralStorage(override.id()))
              || (k == Kind.INT32 && override.id() == TypeId.DATE32)
              || (k == Kind.INT32 && override.id() == TypeId.INTERVAL_YM)
              || (k == Kind.INT64
                  && (override.id() == TypeId.TIME
                      || override.id() == TypeId.TIMESTAMP
                      || override.id() == TypeId.DURATION
                      || (override.id() == TypeId.DECIMAL && !override.isVariableWidth())));
      if (!ok) {
        throw unsupported(
            path, "a Java " + raw.getSimpleName() + " cannot be stored as " + override);
      }
      t = override;
    }
    boolean prim = raw.isPrimitive();
    return new TypeBinding(k, raw, prim, t, !prim, null, null, null, null, path);
  }

  static boolean isIntegralStorage(TypeId id) {
    return id == TypeId.INT8 || id == TypeId.INT16 || id == TypeId.INT32 || id == TypeId.INT64;
  }

  private TypeBinding leaf(Kind k, Class<?> raw, DataType dflt, DataType override, String path) {
    if (override != null && !override.equals(dflt)) {
      throw unsupported(path, "a " + raw.getSimpleName() + " cannot be stored as " + override);
    }
    return new TypeBinding(k, raw, false, dflt, true, null, null, null, null, path, strict);
  }
}
