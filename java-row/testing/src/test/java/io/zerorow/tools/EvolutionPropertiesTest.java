package io.zerorow.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.zerorow.SchemaMismatchException;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolution;
import io.zerorow.row.Row;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Random (writer, reader) pairs (SPEC §13): a random schema and row (the generators of {@link
 * RandomRowsTest}), then a reader derived from it by random allowed changes — fields dropped,
 * added, reordered, renamed with an alias, widened, made nullable — with the reader's values
 * projected by hand beside it. The resolved view must read exactly those values, and its
 * reader-layout copy must be the bytes a writer of the reader schema writes for them. A random
 * refused change is refused at its schema path.
 */
class EvolutionPropertiesTest {
  /** A derived reader type and a function from writer values to reader values. */
  private interface Change {
    DataType reader();

    Object apply(Object writerValue);
  }

  private record Derived(DataType reader, java.util.function.UnaryOperator<Object> f)
      implements Change {
    @Override
    public Object apply(Object v) {
      return v == null ? null : f.apply(v);
    }
  }

  private static int names;

  /** An allowed change of {@code w} (often none). */
  static Change allowed(Random r, DataType w) {
    switch (w.id()) {
      case STRUCT:
        return struct(r, (Schema) w);
      case LIST:
        {
          DataTypes.ListType l = (DataTypes.ListType) w;
          Change e = allowed(r, l.element());
          boolean nullable = l.elementNullable() || r.nextInt(4) == 0;
          return new Derived(
              DataTypes.list(e.reader(), nullable),
              v -> {
                List<Object> out = new ArrayList<>();
                for (Object x : (List<?>) v) {
                  out.add(e.apply(x));
                }
                return out;
              });
        }
      case MAP:
        {
          DataTypes.MapType m = (DataTypes.MapType) w;
          Change k = widen(r, m.key());
          Change val = allowed(r, m.value());
          boolean nullable = m.valueNullable() || r.nextInt(4) == 0;
          return new Derived(
              DataTypes.map(k.reader(), val.reader(), nullable),
              v -> {
                List<Object> out = new ArrayList<>();
                for (Object pair : (List<?>) v) {
                  List<?> p = (List<?>) pair;
                  out.add(List.of(k.apply(p.get(0)), nullOr(val.apply(p.get(1)))));
                }
                return out;
              });
        }
      default:
        return widen(r, w);
    }
  }

  /** List.of refuses nulls: a JSON null stays a Java null inside a mutable list. */
  private static Object nullOr(Object v) {
    return v == null ? JSON_NULL : v;
  }

  private static final Object JSON_NULL = new Object();

  /** Fields dropped, added, shuffled, renamed (with the old name as an alias), changed. */
  static Change struct(Random r, Schema w) {
    List<Field> fields = new ArrayList<>();
    List<String> from = new ArrayList<>();
    List<Change> changes = new ArrayList<>();
    for (Field f : w.fields()) {
      if (r.nextInt(6) == 0) {
        continue; // dropped: the reader skips it
      }
      Change c = allowed(r, f.type());
      boolean nullable = f.nullable() || r.nextInt(5) == 0;
      String name = f.name();
      List<String> aliases = List.of();
      if (r.nextInt(5) == 0) {
        name = "renamed" + (names++);
        aliases = r.nextBoolean() ? List.of(f.name()) : List.of("never" + (names++), f.name());
      }
      fields.add(new Field(name, c.reader(), nullable, aliases));
      from.add(f.name());
      changes.add(c);
    }
    int added = r.nextInt(3);
    for (int i = 0; i < added; i++) {
      // an alias the writer does not have changes nothing: the field still reads as null
      String[] aliases = r.nextBoolean() ? new String[] {"gone" + (names++)} : new String[0];
      fields.add(Field.of("added" + (names++), RandomRowsTest.type(r, 3), true, aliases));
      from.add(null);
      changes.add(null);
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      order.add(i);
    }
    Collections.shuffle(order, r);
    List<Field> shuffled = new ArrayList<>();
    for (int i : order) {
      shuffled.add(fields.get(i));
    }
    Schema reader = DataTypes.struct(shuffled);
    return new Derived(
        reader,
        v -> {
          Map<?, ?> in = (Map<?, ?>) v;
          Map<String, Object> out = new LinkedHashMap<>();
          for (int i : order) {
            String src = from.get(i);
            out.put(fields.get(i).name(), src == null ? null : changes.get(i).apply(in.get(src)));
          }
          return out;
        });
  }

  /** A widening of SPEC §13.3 (or none), with the value projected by hand. */
  static Change widen(Random r, DataType w) {
    List<Derived> options = new ArrayList<>();
    options.add(new Derived(w, v -> v));
    TypeId id = w.id();
    // an int8 widens to all that an int16 widens to, and an int16 to all that an int32 does
    if (id == TypeId.INT8) {
      options.add(new Derived(DataTypes.int16(), v -> v));
    }
    if (id == TypeId.INT8 || id == TypeId.INT16) {
      options.add(new Derived(DataTypes.int32(), v -> v));
      options.add(new Derived(DataTypes.float32(), v -> v));
    }
    if (id == TypeId.INT8 || id == TypeId.INT16 || id == TypeId.INT32) {
      options.add(new Derived(DataTypes.int64(), v -> ((BigDecimal) v).toPlainString()));
      options.add(new Derived(DataTypes.float64(), v -> v));
    }
    switch (id) {
      case FLOAT32:
        options.add(
            new Derived(
                DataTypes.float64(),
                v ->
                    v instanceof String
                        ? v
                        : new BigDecimal(Double.toString(Float.parseFloat(v.toString())))));
        break;
      case STRING:
        options.add(
            new Derived(
                DataTypes.binary(),
                v -> {
                  StringBuilder b = new StringBuilder();
                  for (byte x : ((String) v).getBytes(StandardCharsets.UTF_8)) {
                    b.append(String.format("%02x", x));
                  }
                  return b.toString();
                }));
        break;
      case TIMESTAMP:
        if (((DataTypes.TimestampType) w).tz() != null) {
          options.add(new Derived(DataTypes.timestamp("Australia/Sydney"), v -> v));
        }
        break;
      case DECIMAL:
        {
          DataTypes.DecimalType d = (DataTypes.DecimalType) w;
          int scale = d.scale() + r.nextInt(3);
          int precision = Math.min(38, d.precision() + (scale - d.scale()) + r.nextInt(3));
          if (precision - scale >= d.precision() - d.scale()) {
            options.add(
                new Derived(
                    DataTypes.decimal(precision, scale),
                    v ->
                        new BigDecimal((String) v)
                            .setScale(scale, RoundingMode.UNNECESSARY)
                            .toPlainString()));
          }
          break;
        }
      default:
        break;
    }
    return options.get(r.nextInt(options.size()));
  }

  @Property(tries = 400)
  void resolvedValuesEqualTheValuesProjectedByHand(@ForAll long seed) {
    Random r = new Random(seed);
    Schema writer = RandomRowsTest.schema(r, 0);
    Object values = RandomRowsTest.value(r, writer, false);
    byte[] bytes = JsonValues.write(writer, (Map<?, ?>) values);
    Change c = struct(r, writer);
    Schema reader = (Schema) c.reader();
    Map<?, ?> expected = (Map<?, ?>) unwrapNulls(c.apply(values));
    Row row = Resolution.resolve(writer, reader).view(BinaryRow.wrap(writer, bytes));
    assertNull(JsonValues.diff(reader, expected, JsonValues.read(row)), "seed " + seed);
    assertArrayEquals(JsonValues.write(reader, expected), row.copy().toBytes(), "seed " + seed);
    // through the JSON text of both schemas, as files and vectors carry them
    Resolution again =
        Resolution.resolve(Schema.fromJson(writer.toJson()), Schema.fromJson(reader.toJson()));
    assertArrayEquals(
        row.copy().toBytes(),
        again.view(BinaryRow.wrap(again.writer(), bytes)).copy().toBytes(),
        "seed " + seed);
  }

  private static Object unwrapNulls(Object v) {
    if (v == JSON_NULL) {
      return null;
    }
    if (v instanceof List) {
      List<Object> out = new ArrayList<>();
      for (Object x : (List<?>) v) {
        out.add(unwrapNulls(x));
      }
      return out;
    }
    if (v instanceof Map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        out.put(e.getKey(), unwrapNulls(e.getValue()));
      }
      return out;
    }
    return v;
  }

  /** One refused change (SPEC §13.1, §13.3) somewhere in the schema, and its schema path. */
  private record Refusal(Schema reader, String path) {}

  @Property(tries = 300)
  void refusedChangesAreRefusedAtTheirPath(@ForAll long seed) {
    Random r = new Random(seed);
    Schema writer = RandomRowsTest.schema(r, 0);
    Refusal bad = refuseIn(r, writer, "");
    if (bad == null) {
      bad = new Refusal(addNotNull(writer), "required");
    }
    Schema reader = bad.reader();
    SchemaMismatchException e =
        assertThrows(
            SchemaMismatchException.class,
            () -> Resolution.resolve(writer, reader),
            "seed " + seed + ": " + reader);
    assertEquals(bad.path(), e.path(), "seed " + seed + ": " + e.getMessage());
  }

  private static Schema addNotNull(Schema s) {
    List<Field> fields = new ArrayList<>(s.fields());
    fields.add(Field.of("required", DataTypes.int32(), false));
    return DataTypes.struct(fields);
  }

  /** The struct with one refused change at a random field below it, or null if none fits. */
  static Refusal refuseIn(Random r, Schema w, String path) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < w.numFields(); i++) {
      order.add(i);
    }
    Collections.shuffle(order, r);
    for (int i : order) {
      Field f = w.field(i);
      String p = path.isEmpty() ? f.name() : path + "." + f.name();
      Refused changed = refuse(r, f, p);
      if (changed != null) {
        List<Field> fields = new ArrayList<>(w.fields());
        fields.set(i, changed.field());
        return new Refusal(DataTypes.struct(fields), changed.path());
      }
    }
    return null;
  }

  /** A field changed so that it cannot be read, and the schema path of the change. */
  private record Refused(Field field, String path) {}

  /** {@code f} changed so that it cannot be read, or null. */
  private static Refused refuse(Random r, Field f, String p) {
    // nullable → not null; a null-type field is nullable by definition (SPEC §3.6)
    if (f.nullable() && f.type().id() != TypeId.NULL && r.nextInt(4) == 0) {
      return new Refused(Field.of(f.name(), f.type(), false), p);
    }
    DataType t = f.type();
    if (t instanceof Schema) {
      Refusal inner = refuseIn(r, (Schema) t, p);
      return inner == null
          ? null
          : new Refused(Field.of(f.name(), inner.reader(), f.nullable()), inner.path());
    }
    if (t instanceof DataTypes.ListType) {
      DataTypes.ListType l = (DataTypes.ListType) t;
      if (l.element() instanceof Schema) {
        Refusal inner = refuseIn(r, (Schema) l.element(), p + "[]");
        return inner == null
            ? null
            : new Refused(
                Field.of(
                    f.name(), DataTypes.list(inner.reader(), l.elementNullable()), f.nullable()),
                inner.path());
      }
      DataType narrowed = narrowing(l.element());
      return narrowed == null
          ? null
          : new Refused(
              Field.of(f.name(), DataTypes.list(narrowed, l.elementNullable()), f.nullable()),
              p + "[]");
    }
    if (t instanceof DataTypes.MapType) {
      DataTypes.MapType m = (DataTypes.MapType) t;
      DataType narrowed = narrowing(m.key());
      return narrowed == null
          ? null
          : new Refused(
              Field.of(
                  f.name(), DataTypes.map(narrowed, m.value(), m.valueNullable()), f.nullable()),
              p + "{keys}");
    }
    DataType narrowed = narrowing(t);
    return narrowed == null ? null : new Refused(Field.of(f.name(), narrowed, f.nullable()), p);
  }

  /** A type that {@code t} cannot be read as (SPEC §13.3), or null. */
  private static DataType narrowing(DataType t) {
    switch (t.id()) {
      case INT16:
        return DataTypes.int8();
      case INT32:
        return DataTypes.float32();
      case INT64:
        return DataTypes.float64();
      case FLOAT64:
        return DataTypes.int64();
      case BINARY:
        return DataTypes.string();
      case DATE32:
        return DataTypes.timestamp();
      case TIME:
        return DataTypes.duration();
      case TIMESTAMP:
        return ((DataTypes.TimestampType) t).tz() == null
            ? DataTypes.timestamp("UTC")
            : DataTypes.timestamp();
      case DECIMAL:
        {
          DataTypes.DecimalType d = (DataTypes.DecimalType) t;
          return d.scale() > 0 ? DataTypes.decimal(d.precision(), d.scale() - 1) : null;
        }
      case STRING:
        return DataTypes.int32();
      default:
        return null;
    }
  }
}
