package io.zerorow.encoder;

import io.zerorow.internal.Platform;
import io.zerorow.row.BinaryArray;
import io.zerorow.row.BinaryGetters;
import io.zerorow.row.BinaryMap;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Interval;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import io.zerorow.type.Variant;
import io.zerorow.writer.ArrayWriter;
import io.zerorow.writer.BinaryWriter;
import io.zerorow.writer.RowWriter;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * The interpreted (reflection/MethodHandle) path: a tree of codecs mirroring a {@link TypeBinding}
 * tree, giving the same bytes as the generated code. Each node owns the writers/views of its place
 * in the tree, so a codec tree is used by one thread. Internal.
 */
public abstract class Codec {
  final TypeBinding b;

  /** A struct, list or map value: its writes may overflow inside, and name it on the way out. */
  private final boolean nested;

  Codec(TypeBinding b) {
    this.b = b;
    TypeId t = b.type.id();
    this.nested = t == TypeId.STRUCT || t == TypeId.LIST || t == TypeId.MAP;
  }

  /** Writes a non-null value at ordinal {@code i} of {@code w}. */
  abstract void writeValue(BinaryWriter w, int i, Object v);

  /** Reads the non-null value at ordinal {@code i} of {@code g}. */
  abstract Object readValue(BinaryGetters g, int i);

  /** Writes a value that may be null (or an empty Optional). */
  final void write(BinaryWriter w, int i, Object v) {
    if (v == null) {
      if (!b.nullable) {
        throw Conv.nullValue(b.path);
      }
      w.setNullAt(i);
    } else if (nested) {
      try {
        writeValue(w, i, v);
      } catch (io.zerorow.internal.RowSizeOverflow e) {
        throw e.within(w.pathOf(i)); // the error names the field, level by level
      }
    } else {
      writeValue(w, i, v);
    }
  }

  final Object read(BinaryGetters g, int i) {
    if (g.isNullAt(i)) {
      if (io.zerorow.internal.Checks.BOUNDS_CHECKS && !b.nullable && b.kind != Kind.OPTIONAL) {
        throw Conv.nullBit(b.path);
      }
      return nullValue();
    }
    return readValue(g, i);
  }

  Object nullValue() {
    return null;
  }

  /** Builds the codec tree for a binding (lazy collections where {@link Collections2#lazy}). */
  public static Codec of(TypeBinding b) {
    return of(b, true);
  }

  /**
   * Builds the codec tree for a binding; with {@code lazy} false every collection in it decodes
   * eagerly (the codecs that decode a lazy collection at its first use).
   */
  static Codec of(TypeBinding b, boolean lazy) {
    return switch (b.kind) {
      case BOOL,
              FLOAT32,
              FLOAT64,
              STRING,
              ENUM,
              BINARY,
              LOCAL_DATE,
              LOCAL_TIME,
              INSTANT,
              LOCAL_DATE_TIME,
              DURATION,
              BIG_DECIMAL,
              UUID,
              INTERVAL,
              VARIANT,
              VOID ->
          new Leaf(b);
      case INT8, INT16, INT32, INT64 -> new Integral(b);
      case OPTIONAL -> new Opt(b, lazy);
      case COLLECTION, ARRAY -> new ListCodec(b, lazy);
      case MAP -> new MapCodec(b, lazy);
      case BEAN -> new BeanCodec(b, null, lazy);
    };
  }

  /** Primitive and value types other than integers. */
  static final class Leaf extends Codec {
    Leaf(TypeBinding b) {
      super(b);
    }

    @Override
    void writeValue(BinaryWriter w, int i, Object v) {
      Void done =
          switch (b.kind) {
            case BOOL -> {
              w.writeBoolean(i, (Boolean) v);
              yield null;
            }
            case FLOAT32 -> {
              w.writeFloat(i, (Float) v);
              yield null;
            }
            case FLOAT64 -> {
              w.writeDouble(i, (Double) v);
              yield null;
            }
            case STRING -> {
              w.writeString(i, (String) v);
              yield null;
            }
            case ENUM -> {
              w.writeString(i, ((Enum<?>) v).name());
              yield null;
            }
            case BINARY -> {
              w.writeBinary(i, (byte[]) v);
              yield null;
            }
            case LOCAL_DATE -> {
              w.writeInt(i, Conv.days((LocalDate) v, b.path));
              yield null;
            }
            case LOCAL_TIME -> {
              w.writeLong(i, Conv.micros((LocalTime) v, b.path, b.strict));
              yield null;
            }
            case INSTANT -> {
              w.writeLong(i, Conv.micros((Instant) v, b.path, b.strict));
              yield null;
            }
            case LOCAL_DATE_TIME -> {
              w.writeLong(i, Conv.micros((LocalDateTime) v, b.path, b.strict));
              yield null;
            }
            case DURATION -> {
              w.writeLong(i, Conv.micros((Duration) v, b.path, b.strict));
              yield null;
            }
            case BIG_DECIMAL -> {
              DataTypes.DecimalType d = (DataTypes.DecimalType) b.type;
              w.writeDecimal(i, (BigDecimal) v, d.precision(), d.scale());
              yield null;
            }
            case UUID -> {
              w.writeUuid(i, (java.util.UUID) v);
              yield null;
            }
            case INTERVAL -> {
              w.writeInterval(i, (Interval) v);
              yield null;
            }
            case VARIANT -> {
              w.writeVariant(i, (Variant) v);
              yield null;
            }
            case VOID -> throw Conv.voidValue(b.path, v);
            case INT8, INT16, INT32, INT64, OPTIONAL, COLLECTION, ARRAY, MAP, BEAN ->
                throw new IllegalStateException("not a leaf: " + b.kind);
          };
    }

    @Override
    Object readValue(BinaryGetters g, int i) {
      return switch (b.kind) {
        case BOOL -> g.getBoolean(i);
        case FLOAT32 -> g.getFloat(i);
        case FLOAT64 -> g.getDouble(i);
        case STRING -> g.getString(i);
        case ENUM -> Conv.enumValue(b.raw, g.getString(i), b.path);
        case BINARY -> g.getBinary(i);
        case LOCAL_DATE -> Conv.date(g.getInt(i));
        case LOCAL_TIME -> Conv.time(g.getLong(i));
        case INSTANT -> Conv.instant(g.getLong(i));
        case LOCAL_DATE_TIME -> Conv.localDateTime(g.getLong(i));
        case DURATION -> Conv.duration(g.getLong(i));
        case BIG_DECIMAL -> g.getDecimal(i);
        case UUID -> g.getUuid(i);
        case INTERVAL -> g.getInterval(i);
        case VARIANT -> Conv.variant(g.getVariant(i));
        case VOID -> null;
        case INT8, INT16, INT32, INT64, OPTIONAL, COLLECTION, ARRAY, MAP, BEAN ->
            throw new IllegalStateException("not a leaf: " + b.kind);
      };
    }

    @Override
    Object nullValue() {
      if (!b.primitive) {
        return null;
      }
      return b.kind == Kind.BOOL ? Boolean.FALSE : b.kind == Kind.FLOAT32 ? (Object) 0f : 0d;
    }
  }

  /** Java integers stored as any integral, date32, time, timestamp, duration or decimal(≤18). */
  static final class Integral extends Codec {
    private final TypeId storage;

    Integral(TypeBinding b) {
      super(b);
      this.storage = b.type.id();
    }

    @Override
    void writeValue(BinaryWriter w, int i, Object v) {
      long x = ((Number) v).longValue();
      Void done =
          switch (storage) {
            case INT8 -> {
              w.writeByte(i, Conv.int8(x, b.path));
              yield null;
            }
            case INT16 -> {
              w.writeShort(i, Conv.int16(x, b.path));
              yield null;
            }
            case INT32, DATE32, INTERVAL_YM -> {
              w.writeInt(i, Conv.int32(x, b.path));
              yield null;
            }
            case TIME -> {
              w.writeLong(i, Conv.time(x, b.path));
              yield null;
            }
            case DECIMAL -> {
              w.writeLong(
                  i, Conv.decimal18(x, ((DataTypes.DecimalType) b.type).precision(), b.path));
              yield null;
            }
            case INT64, TIMESTAMP, DURATION -> {
              w.writeLong(i, x);
              yield null;
            }
            case BOOL,
                    FLOAT32,
                    FLOAT64,
                    STRING,
                    BINARY,
                    LIST,
                    MAP,
                    STRUCT,
                    NULL,
                    INTERVAL,
                    FIXED_BINARY,
                    UUID,
                    VARIANT ->
                throw new IllegalStateException("not an integer storage: " + storage);
          };
    }

    @Override
    Object readValue(BinaryGetters g, int i) {
      long x =
          switch (storage) {
            case INT8 -> g.getByte(i);
            case INT16 -> g.getShort(i);
            case INT32, DATE32, INTERVAL_YM -> g.getInt(i);
            case INT64, TIME, TIMESTAMP, DURATION, DECIMAL -> g.getLong(i);
            case BOOL,
                    FLOAT32,
                    FLOAT64,
                    STRING,
                    BINARY,
                    LIST,
                    MAP,
                    STRUCT,
                    NULL,
                    INTERVAL,
                    FIXED_BINARY,
                    UUID,
                    VARIANT ->
                throw new IllegalStateException("not an integer storage: " + storage);
          };
      return switch (b.kind) {
        case INT8 -> Conv.int8(x, b.path);
        case INT16 -> Conv.int16(x, b.path);
        case INT32 -> Conv.int32(x, b.path);
        case INT64 -> x;
        case BOOL,
                FLOAT32,
                FLOAT64,
                STRING,
                ENUM,
                BINARY,
                LOCAL_DATE,
                LOCAL_TIME,
                INSTANT,
                LOCAL_DATE_TIME,
                DURATION,
                BIG_DECIMAL,
                COLLECTION,
                ARRAY,
                MAP,
                BEAN,
                OPTIONAL,
                UUID,
                INTERVAL,
                VARIANT,
                VOID ->
            throw new IllegalStateException("not an integer: " + b.kind);
      };
    }

    @Override
    Object nullValue() {
      if (!b.primitive) {
        return null;
      }
      return switch (b.kind) {
        case INT8 -> (byte) 0;
        case INT16 -> (short) 0;
        case INT32 -> 0;
        case INT64 -> 0L;
        case BOOL,
                FLOAT32,
                FLOAT64,
                STRING,
                ENUM,
                BINARY,
                LOCAL_DATE,
                LOCAL_TIME,
                INSTANT,
                LOCAL_DATE_TIME,
                DURATION,
                BIG_DECIMAL,
                COLLECTION,
                ARRAY,
                MAP,
                BEAN,
                OPTIONAL,
                UUID,
                INTERVAL,
                VARIANT,
                VOID ->
            throw new IllegalStateException("not an integer: " + b.kind);
      };
    }
  }

  static final class Opt extends Codec {
    private final Codec inner;

    Opt(TypeBinding b, boolean lazy) {
      super(b);
      inner = Codec.of(b.element, lazy);
    }

    @Override
    void writeValue(BinaryWriter w, int i, Object v) {
      Optional<?> o = (Optional<?>) v;
      if (o.isPresent()) {
        inner.writeValue(w, i, o.get());
      } else {
        w.setNullAt(i);
      }
    }

    @Override
    Object readValue(BinaryGetters g, int i) {
      return Optional.of(inner.readValue(g, i));
    }

    @Override
    Object nullValue() {
      return Optional.empty();
    }
  }

  static final class ListCodec extends Codec implements LazyDecoder {
    private final Codec element;
    private ArrayWriter writer;
    private final BinaryArray view;
    private final Class<?> factory;

    /** Eager codecs of this site, one per thread, that decode {@link LazyList}s; or null. */
    private final ThreadLocal<ListCodec> eager;

    ListCodec(TypeBinding b, boolean lazy) {
      super(b);
      element = Codec.of(b.element, lazy);
      view = new BinaryArray((DataTypes.ListType) b.type);
      factory = b.kind == Kind.ARRAY ? null : Collections2.collectionFactory(b.raw);
      eager =
          lazy && Collections2.lazy(b)
              ? ThreadLocal.withInitial(() -> new ListCodec(b, false))
              : null;
    }

    @Override
    public Object decodeLazy(int site, byte[] bytes) {
      ListCodec c = eager.get();
      Conv.Budget budget = Conv.Budget.enter(bytes.length);
      try {
        return c.readArray(c.view.pointTo(bytes, Platform.BYTE_ARRAY_OFFSET, bytes.length));
      } finally {
        budget.exit();
      }
    }

    @Override
    void writeValue(BinaryWriter w, int i, Object v) {
      if (writer == null) {
        writer = new ArrayWriter((DataTypes.ListType) b.type, w);
      }
      int c = w.cursor();
      if (b.kind == Kind.ARRAY) {
        int n = Array.getLength(v);
        writer.initialize(n);
        for (int k = 0; k < n; k++) {
          element.write(writer, k, Array.get(v, k));
        }
      } else {
        Collection<?> col = (Collection<?>) v;
        int n = col.size();
        writer.initialize(n);
        int k = 0;
        for (Iterator<?> it = col.iterator(); it.hasNext(); k++) {
          if (k == n) {
            throw Conv.sizeChanged(b.path, n, k + 1);
          }
          element.write(writer, k, it.next());
        }
        if (k != n) {
          throw Conv.sizeChanged(b.path, n, k);
        }
      }
      w.setOffsetAndSize(i, c);
    }

    @Override
    Object readValue(BinaryGetters g, int i) {
      BinaryArray a = g.getArray(i, view);
      return eager != null ? new LazyList<>(this, 0, b.path, a) : readArray(a);
    }

    private Object readArray(BinaryArray a) {
      int n = a.numElements();
      Conv.Budget.take(n, b.path);
      if (b.kind == Kind.ARRAY) {
        Object out = Array.newInstance(b.raw.getComponentType(), n);
        for (int k = 0; k < n; k++) {
          Array.set(out, k, element.read(a, k));
        }
        return out;
      }
      Collection<Object> out = newCollection(factory, n);
      for (int k = 0; k < n; k++) {
        out.add(element.read(a, k));
      }
      return out;
    }
  }

  @SuppressWarnings("unchecked")
  static Collection<Object> newCollection(Class<?> cls, int n) {
    try {
      if (Collections2.sized(cls)) {
        return (Collection<Object>) cls.getConstructor(int.class).newInstance(n);
      }
      return (Collection<Object>) cls.getConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  @SuppressWarnings("unchecked")
  static Map<Object, Object> newMap(Class<?> cls, int n) {
    try {
      if (Collections2.sized(cls)) {
        return (Map<Object, Object>)
            cls.getConstructor(int.class)
                .newInstance((int) Math.min(Integer.MAX_VALUE, n * 4L / 3 + 1));
      }
      return (Map<Object, Object>) cls.getConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  static final class MapCodec extends Codec implements LazyDecoder {
    private final Codec key;
    private final Codec value;
    private ArrayWriter keys;
    private ArrayWriter values;
    private final Class<?> factory;

    /** Eager codecs of this site, one per thread, that decode {@link LazyMap}s; or null. */
    private final ThreadLocal<MapCodec> eager;

    MapCodec(TypeBinding b, boolean lazy) {
      super(b);
      key = Codec.of(b.key, lazy);
      value = Codec.of(b.value, lazy);
      factory = Collections2.mapFactory(b.raw);
      eager =
          lazy && Collections2.lazy(b)
              ? ThreadLocal.withInitial(() -> new MapCodec(b, false))
              : null;
    }

    @Override
    public Object decodeLazy(int site, byte[] bytes) {
      Conv.Budget budget = Conv.Budget.enter(bytes.length);
      try {
        return eager.get().readMap(BinaryMap.wrap((DataTypes.MapType) b.type, bytes));
      } finally {
        budget.exit();
      }
    }

    @Override
    void writeValue(BinaryWriter w, int i, Object v) {
      DataTypes.MapType t = (DataTypes.MapType) b.type;
      if (keys == null) {
        keys = new ArrayWriter(t.keyArrayType(), w);
        values = new ArrayWriter(t.valueArrayType(), w);
      }
      Map<?, ?> m = (Map<?, ?>) v;
      int n = m.size();
      int c = w.beginMap();
      keys.initialize(n);
      int k = 0;
      for (Object e : m.keySet()) {
        if (k == n) {
          throw Conv.sizeChanged(b.path, n, k + 1);
        }
        key.write(keys, k++, e);
      }
      if (k != n) {
        throw Conv.sizeChanged(b.path, n, k);
      }
      w.endMapKeys(c);
      values.initialize(n);
      k = 0;
      for (Object e : m.values()) {
        if (k == n) {
          throw Conv.sizeChanged(b.path, n, k + 1);
        }
        value.write(values, k++, e);
      }
      w.setOffsetAndSize(i, c);
    }

    @Override
    Object readValue(BinaryGetters g, int i) {
      BinaryMap m = g.getMap(i);
      return eager != null ? new LazyMap<>(this, 0, b.path, m) : readMap(m);
    }

    private Object readMap(BinaryMap m) {
      int n = m.numElements();
      Conv.Budget.take(2L * n, b.path);
      Map<Object, Object> out = newMap(factory, n);
      BinaryArray ks = m.keyArray();
      BinaryArray vs = m.valueArray();
      for (int k = 0; k < n; k++) {
        out.put(key.read(ks, k), value.read(vs, k));
      }
      return out;
    }
  }

  /** A bean or record: a nested row. */
  public static final class BeanCodec extends Codec implements StructCodec {
    private final BeanInfo info;
    private final Codec[] props;
    private final int[] ordinals;
    private RowWriter writer;
    private final BinaryRow view;

    public BeanCodec(TypeBinding b) {
      this(b, null, true);
    }

    /**
     * A codec reading property {@code k} from ordinal {@code ordinals[k]} (a projection), or from
     * ordinal {@code k} when {@code ordinals} is null; collections lazy if {@code lazy}.
     */
    public BeanCodec(TypeBinding b, int[] ordinals, boolean lazy) {
      super(b);
      this.info = b.bean;
      this.props = new Codec[info.properties.size()];
      for (int k = 0; k < props.length; k++) {
        props[k] = Codec.of(info.properties.get(k).binding, lazy);
      }
      this.ordinals = ordinals;
      this.view = new BinaryRow((Schema) b.type);
    }

    /** Writes the fields of {@code bean} into a row already started by {@code w}. */
    @Override
    public void writeFields(RowWriter w, Object bean) {
      for (int k = 0; k < props.length; k++) {
        props[k].write(w, k, info.properties.get(k).get(bean));
      }
    }

    /** Decodes a bean from the fields of a row. */
    @Override
    public Object readFields(BinaryRow r) {
      Conv.Budget budget = Conv.Budget.enter(Conv.budgetOf(r));
      try {
        Conv.Budget.take(props.length, b.path);
        return readStruct(r);
      } finally {
        budget.exit();
      }
    }

    private Object readStruct(BinaryRow r) {
      if (info.record) {
        Object[] args = new Object[props.length];
        for (int k = 0; k < props.length; k++) {
          args[info.properties.get(k).component] =
              props[k].read(r, ordinals == null ? k : ordinals[k]);
        }
        return info.create(args);
      }
      Object bean = info.create(new Object[0]);
      for (int k = 0; k < props.length; k++) {
        info.properties.get(k).set(bean, props[k].read(r, ordinals == null ? k : ordinals[k]));
      }
      return bean;
    }

    @Override
    void writeValue(BinaryWriter w, int i, Object v) {
      if (writer == null) {
        writer = new RowWriter((Schema) b.type, w);
      }
      int c = w.cursor();
      writer.start();
      writeFields(writer, v);
      w.setOffsetAndSize(i, c);
    }

    @Override
    Object readValue(BinaryGetters g, int i) {
      return readFields(g.getStruct(i, view));
    }
  }
}
