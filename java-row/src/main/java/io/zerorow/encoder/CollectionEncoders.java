package io.zerorow.encoder;

import io.zerorow.ArrayEncoder;
import io.zerorow.ArrayWriter;
import io.zerorow.BinaryArray;
import io.zerorow.BinaryMap;
import io.zerorow.BinaryRow;
import io.zerorow.DataTypes;
import io.zerorow.Field;
import io.zerorow.MapEncoder;
import io.zerorow.Projection;
import io.zerorow.Schema;
import io.zerorow.SchemaMismatchException;
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
    private final Codec element;
    private final ArrayWriter writer;

    ListEncoder(TypeBinding e) {
      this.type = DataTypes.list(e.type, e.nullable);
      this.element = Codec.of(e);
      this.writer = new ArrayWriter(type);
    }

    @Override
    public DataTypes.ListType type() {
      return type;
    }

    @Override
    public BinaryArray toArray(List<E> values) {
      write(values);
      return writer.getArray();
    }

    private void write(List<E> values) {
      int n = values.size();
      writer.reset(n);
      Iterator<E> it = values.iterator();
      for (int k = 0; k < n; k++) {
        element.write(writer, k, it.next());
      }
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<E> fromArray(BinaryArray array) {
      if (!array.type().equals(type)) {
        throw new SchemaMismatchException(
            "", "expected an array of " + type + " but found " + array.type());
      }
      int n = array.numElements();
      List<E> out = new ArrayList<>(n);
      for (int k = 0; k < n; k++) {
        out.add((E) element.read(array, k));
      }
      return out;
    }

    @Override
    public byte[] encode(List<E> values) {
      write(values);
      return writer.toByteArray();
    }

    @Override
    public List<E> decode(byte[] bytes) {
      return fromArray(BinaryArray.wrap(type, bytes));
    }
  }

  static final class MapEnc<K, V> implements MapEncoder<K, V> {
    private final DataTypes.MapType type;
    private final Codec key;
    private final Codec value;
    private final ArrayWriter keys;
    private final ArrayWriter values;

    MapEnc(TypeBinding k, TypeBinding v) {
      this.type = DataTypes.map(k.type, v.type, v.nullable);
      this.key = Codec.of(k);
      this.value = Codec.of(v);
      this.keys = new ArrayWriter(type.keyArrayType());
      this.values = new ArrayWriter(type.valueArrayType(), keys);
    }

    @Override
    public DataTypes.MapType type() {
      return type;
    }

    @Override
    public byte[] encode(Map<K, V> m) {
      int n = m.size();
      keys.buffer().clear(); // a top-level map starts at offset 0: [u64 K][keys][values]
      int c = keys.beginMap();
      keys.initialize(n);
      int k = 0;
      for (K x : m.keySet()) {
        key.write(keys, k++, x);
      }
      keys.endMapKeys(c);
      values.initialize(n);
      k = 0;
      for (V x : m.values()) {
        value.write(values, k++, x);
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
      int n = m.numElements();
      Map<K, V> out = new LinkedHashMap<>();
      for (int k = 0; k < n; k++) {
        out.put((K) key.read(m.keyArray(), k), (V) value.read(m.valueArray(), k));
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
    Codec.BeanCodec codec = new Codec.BeanCodec(b, ordinals, true);
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
        return cls.cast(codec.readFields(row));
      }
    };
  }
}
