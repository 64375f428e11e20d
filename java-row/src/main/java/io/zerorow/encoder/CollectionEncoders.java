package io.zerorow.encoder;

import io.zerorow.SchemaMismatchException;
import io.zerorow.row.BinaryArray;
import io.zerorow.row.BinaryMap;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.ArrayWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Top-level array and map encoders and projections (interpreted codecs). Internal. */
public final class CollectionEncoders {
  private CollectionEncoders() {}

  /** Element bindings of top-level collections are nullable unless primitive. */
  static TypeBinding element(Class<?> cls, String path) {
    TypeBinding b = Introspector.of(cls);
    return b;
  }

  public static <E> ArrayEncoder<E> array(Class<E> elementClass) {
    return new ListEncoder<>(element(elementClass, "[]"));
  }

  public static <K, V> MapEncoder<K, V> map(Class<K> keyClass, Class<V> valueClass) {
    return new MapEnc<>(
        element(keyClass, "{key}").withNullable(false), element(valueClass, "{value}"));
  }

  static final class ListEncoder<E> implements ArrayEncoder<E> {
    private final DataTypes.ListType type;

    /** Each thread's element codec and writer (codecs own views and writers: one per thread). */
    private final PerThread<State> states;

    private static final class State {
      final Codec element;
      final ArrayWriter writer;

      State(TypeBinding e, DataTypes.ListType type) {
        this.element = Codec.of(e);
        this.writer = new ArrayWriter(type);
      }
    }

    ListEncoder(TypeBinding e) {
      this.type = DataTypes.list(e.type, e.nullable);
      this.states = new PerThread<>(() -> new State(e, type));
    }

    @Override
    public DataTypes.ListType type() {
      return type;
    }

    @Override
    public BinaryArray toArray(List<E> values) {
      return write(values).getArray();
    }

    private ArrayWriter write(List<E> values) {
      State s = states.get();
      int n = values.size();
      s.writer.reset(n);
      Iterator<E> it = values.iterator();
      for (int k = 0; k < n; k++) {
        s.element.write(s.writer, k, it.next());
      }
      return s.writer;
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<E> fromArray(BinaryArray array) {
      if (!array.type().equals(type)) {
        throw new SchemaMismatchException(
            "", "expected an array of " + type + " but found " + array.type());
      }
      Codec element = states.get().element;
      int n = array.numElements();
      List<E> out = new ArrayList<>(n);
      for (int k = 0; k < n; k++) {
        out.add((E) element.read(array, k));
      }
      return out;
    }

    @Override
    public byte[] encode(List<E> values) {
      return write(values).toByteArray();
    }

    @Override
    public List<E> decode(byte[] bytes) {
      return fromArray(BinaryArray.wrap(type, bytes));
    }
  }

  static final class MapEnc<K, V> implements MapEncoder<K, V> {
    private final DataTypes.MapType type;

    /** Each thread's codecs and writers. */
    private final PerThread<State> states;

    private static final class State {
      final Codec key;
      final Codec value;
      final ArrayWriter keys;
      final ArrayWriter values;

      State(TypeBinding k, TypeBinding v, DataTypes.MapType type) {
        this.key = Codec.of(k);
        this.value = Codec.of(v);
        this.keys = new ArrayWriter(type.keyArrayType());
        this.values = new ArrayWriter(type.valueArrayType(), keys);
      }
    }

    MapEnc(TypeBinding k, TypeBinding v) {
      this.type = DataTypes.map(k.type, v.type, v.nullable);
      this.states = new PerThread<>(() -> new State(k, v, type));
    }

    @Override
    public DataTypes.MapType type() {
      return type;
    }

    @Override
    public byte[] encode(Map<K, V> m) {
      State s = states.get();
      ArrayWriter keys = s.keys;
      ArrayWriter values = s.values;
      int n = m.size();
      keys.buffer().clear(); // a top-level map starts at offset 0: [u64 K][keys][values]
      int c = keys.beginMap();
      keys.initialize(n);
      int k = 0;
      for (K x : m.keySet()) {
        s.key.write(keys, k++, x);
      }
      keys.endMapKeys(c);
      values.initialize(n);
      k = 0;
      for (V x : m.values()) {
        s.value.write(values, k++, x);
      }
      return java.util.Arrays.copyOf(keys.buffer().array(), keys.cursor());
    }

    @Override
    public Map<K, V> decode(byte[] bytes) {
      return fromMap(BinaryMap.wrap(type, bytes));
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map<K, V> fromMap(BinaryMap m) {
      State s = states.get();
      int n = m.numElements();
      Map<K, V> out = new LinkedHashMap<>();
      for (int k = 0; k < n; k++) {
        out.put((K) s.key.read(m.keyArray(), k), (V) s.value.read(m.valueArray(), k));
      }
      return out;
    }
  }

  public static <T> Projection<T> projection(Class<T> cls, Schema rowSchema) {
    TypeBinding b = Introspector.bean(cls);
    Schema mine = (Schema) b.type;
    int[] ordinals = new int[mine.numFields()];
    for (int k = 0; k < ordinals.length; k++) {
      Field f = mine.field(k);
      int o = rowSchema.indexOf(f.name());
      if (o < 0) {
        throw new SchemaMismatchException(
            f.name(),
            "the row has no field \"" + f.name() + "\" (needed by " + cls.getName() + ")");
      }
      Field rf = rowSchema.field(o);
      if (!rf.type().equals(f.type())) {
        throw new SchemaMismatchException(
            f.name(),
            "expected type "
                + f.type()
                + " (from "
                + cls.getName()
                + ") but the row has "
                + rf.type());
      }
      if (rf.nullable() && !f.nullable()) {
        throw new SchemaMismatchException(
            f.name(),
            "the row's field is nullable but " + cls.getName() + " declares it non-nullable");
      }
      ordinals[k] = o;
    }
    PerThread<Codec.BeanCodec> codecs =
        new PerThread<>(() -> new Codec.BeanCodec(b, ordinals, true));
    return new Projection<T>() {
      @Override
      public int[] ordinals() {
        return ordinals.clone();
      }

      @Override
      public T fromRow(BinaryRow row) {
        if (!row.schema().equals(rowSchema)) {
          throw new SchemaMismatchException(
              "",
              "expected schema "
                  + rowSchema.fingerprintHex()
                  + " but found "
                  + row.schema().fingerprintHex());
        }
        return cls.cast(codecs.get().readFields(row));
      }
    };
  }
}
